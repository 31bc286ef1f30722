"""The Dungeon Mayhem board: the cards being played, then every seat around the table.

Each seat shows its hit points, Defense cards with their remaining shields, the hand
(cards when the scenario lists them, else a count), deck and discard counts, and
whether the player is knocked out, a ghost, disguised, or taking their turn, at the
question's moment; fields its answer would show are masked until the learner answers.

Every word goes through the game's catalog (``_``, ``ngettext``: this file's strings are extracted into
``locale/dungeon_mayhem.pot``); card and character names stay as printed unless the terms file names them.
"""

from __future__ import annotations

from collections import Counter

from engine import dungeon_mayhem as dm
from engine.core.message import N_
from engine.dungeon_mayhem.cards import (
    AGAIN, ATTACK, CARD_TYPES, DRAW, FORM, FULL_NAMES, HEAL, POWER, SHIFT, CardType, card_name, owner_of, type_of,
)
from engine.dungeon_mayhem.rules import deciding
from tutor.games.dungeon_mayhem import View, Scenario, SetupError, run
from tutor.boards import BoardView
from engine.core.effects import Key, legal, move
from engine.dungeon_mayhem.quantities import (
    BONUS, CHOICE_BY, OVER, PIERCE, TURN, WINNER, defense, hand_cards, hand_size, hp, pile, status,
)
from tutor.boards.markup import box, card as card_node, is_masked, keyed, label_with, shown, zone
from tutor.boards.markup import label as lab
from tutor.boards.tree import Bar, Box, Break, Field, Keyed, Label, Mark, Part, Role, Was, key_list, nodes
from tutor.speaking import in_game, term

GAME = "dungeon_mayhem"
_, ngettext = in_game(GAME)


def _card(name: str) -> str:
    """A card's name as the language's terms file names it (as printed, by default)."""
    return term("card", name, GAME)


def _who(character: str) -> str:
    """A character's name (as printed, unless the terms file names it)."""
    return term("character", character, GAME)


_TITLES = FULL_NAMES
_POWER_NAMES = {"fireball": "Fireball", "charm": "Charm", "vampiric_touch": "Vampiric Touch",
                "whirling_axes": "Whirling Axes", "battle_roar": "Battle Roar", "mighty_toss": "Mighty Toss",
                "divine_inspiration": "Divine Inspiration", "banishing_smite": "Banishing Smite",
                "clever_disguise": "Clever Disguise", "sneak_attack": "Sneak Attack!", "pick_pocket": "Pick Pocket",
                **{t.power: t.name for t in CARD_TYPES if t.power and t.copy_of < 0 and t.character not in
                   ("Azzan", "Sutha", "Lia", "Oriax")}}
# TRANSLATORS: a count of one symbol on a card, in a card's description ("2 attack, 1 play again")
_WORDS = {ATTACK: ("⚔", N_("{n} attack")), HEAL: ("♥", N_("{n} heal")), DRAW: ("🂠", N_("{n} draw")),
          AGAIN: ("⚡", N_("{n} play again")),
          FORM: ("◐", N_("{n} form symbol (a heart in Bear Form, a sword in Wolf Form)"))}
_FORMS = {"wolf": (N_("Wolf"), N_("Wolf Form")), "bear": (N_("Bear"), N_("Bear Form"))}  # (on a card, a tag)


def _form(form: str, whole: bool = True) -> str:
    """Jaheira's form: 'Wolf Form' (a tag) or 'Wolf' (a card's symbol)."""
    names = _FORMS.get(form.lower())
    if names is None:
        return f"{form.capitalize()} Form" if whole else form.capitalize()
    return _(names[1] if whole else names[0])



_MARKS = {ATTACK: Mark.ATTACK, HEAL: Mark.HEAL, DRAW: Mark.DRAW, AGAIN: Mark.PLAY_AGAIN, FORM: Mark.FORM}


def _symbols(t: CardType) -> list[Part]:
    """The card's symbols in printed order (each a glyph repeated as many times as it is printed)."""
    parts: list[Part] = []
    for code, value in t.effects:
        if parts:
            parts.append(" ")
        if code == POWER:
            parts.append(box(Role.SYMBOL, "★", mark=Mark.POWER))
        elif code == SHIFT:
            parts.append(box(Role.SYMBOL, "→" + _form(str(value), whole=False), mark=Mark.SHIFT))
        else:
            glyph, _ = _WORDS[code]
            parts.append(box(Role.SYMBOL, glyph * int(value), mark=_MARKS[code]))
    return parts


def _power(power: str) -> str:
    """'Mighty Power: Fireball'."""
    return _("Mighty Power: {power}").format(power=_card(_POWER_NAMES.get(power, power)))


def _describe(t: CardType) -> str:
    """What the card does, item by item: '2 shields, 1 heal'."""
    words = []
    if t.shields:
        words.append(ngettext("{n} shield", "{n} shields", t.shields).format(n=t.shields))
    for code, value in t.effects:
        if code == POWER:
            words.append(_power(str(value)))
        elif code == SHIFT:
            words.append(_("enter {form}").format(form=_form(str(value))))
        else:
            words.append(_(_WORDS[code][1]).format(n=value))
    return ", ".join(words)  # a list of a card's symbols, not a sentence


def _shields(total: int, damage: int) -> list[Part]:
    return [box(Role.SHIELD, mark=Mark.HIT if i >= total - damage else None) for i in range(total)]


def card(t: CardType, *, damage: int = 0, badge: str = "", played: bool = False, gone: bool = False,
         band: str = "", aria: str = "") -> Box:
    shield_html = box(Role.SHIELDS, _shields(t.shields, damage)) if t.shields else None
    sym = _symbols(t)
    sym_html = box(Role.SYMBOLS, sym) if sym else None
    pname = _POWER_NAMES.get(t.power or "", "")
    power = box(Role.POWER, _power(t.power or "")) if t.is_mighty and pname != t.name else None
    if t.copy_of >= 0:  # a played Definitely Just a Mirror
        copy = _("Copy of {card}").format(card=_card(CARD_TYPES[t.copy_of].name))
        power = box(Role.POWER, copy)
    words = (_describe(t) if t.copy_of < 0 else
             _("a copy of {card}: {effects}").format(card=_card(CARD_TYPES[t.copy_of].name), effects=_describe(t)))
    left = t.shields - damage
    # TRANSLATORS: a Defense card's shields not yet marked, out of its shields ("2/3 left")
    stat = _("{left}/{total} left").format(left=left, total=t.shields)
    stats = box(Role.CARD_STATS, box(Role.STAT, stat) if t.shields else None)
    badge_html = box(Role.BADGE, badge) if badge else None
    if t.shields:
        # TRANSLATORS: a Defense card's label: its name, what it does, and how many shields are not yet marked
        described = _("{card}: {effects}, {left} of {total} unmarked").format(card=_card(t.name), effects=words,
                                                                              left=left, total=t.shields)
    else:
        described = _("{card}: {effects}").format(card=_card(t.name), effects=words)
    desc = aria or described
    return box(Role.SLOT, card_node(
        GAME, desc, box(Role.BAND, band or _who(t.character)), box(Role.CARD_NAME, _card(t.name)), shield_html,
        sym_html, power, stats, badge_html, card=t.id, kind=t.character, played=played, gone=gone), line=True)


def _chip(cid: int) -> Box:
    t = type_of(cid)
    shields = box(Role.SHIELDS, _shields(t.shields, 0)) if t.shields else None
    sym = box(Role.SYMBOLS, _symbols(t)) if t.effects else None
    label = _("{card}: {effects}").format(card=_card(t.name), effects=_describe(t))
    return box(Role.CHIP, _card(t.name), shields, sym, title=_describe(t), name=label, line=True, kind=t.character)


def _tag(mark: Mark, text: str) -> Box:
    """A tag beside a seat's name (a field around it says which quantities it shows)."""
    return box(Role.TAG, text, mark=mark)


def _sub(text: str) -> Label:
    return lab(text, Role.SUBHEADING)


def _seat_zone(o: View, state: dm.State, seat: int, resolved: bool, mask: frozenset[Key],
               start: dm.State | None = None) -> Box:
    n = seat + 1  # the keys number seats from 1
    p = state.players[seat]
    was = start.players[seat] if start is not None else None
    before = o.before.players[seat]
    name = o.names[seat]
    ghosts = state.start_players >= 5 and state.settings.vengeful_ghosts
    tags: list[Part] = []
    if not state.over and state.active == seat:
        tags.append(shown((TURN, status(n, "out")), mask, _tag(Mark.TURN, _("ghost's turn") if p.out else _("turn")),
                          placeholder=""))
    if not state.over and state.pending is not None and seat != state.active and deciding(state) == seat:
        # an asked player, Charm Ray, Burped-Up Bones
        tags.append(shown(CHOICE_BY, mask, _tag(Mark.TURN, _("choosing")), placeholder=""))
    out_keys = (status(n, "out"), hp(n))  # knocked out: hit points at 0
    if p.out or is_masked(out_keys, mask):
        tags.append(shown(out_keys, mask, _tag(Mark.GHOST, _("☠ ghost")) if ghosts
                          else _tag(Mark.OUT, _("☠ knocked out")), placeholder=""))
    if p.disguised:
        tags.append(shown(status(n, "disguised"), mask, _tag(Mark.DISGUISED, _("disguised")), placeholder=""))
    if p.form:
        tags.append(shown(status(n, "form"), mask, _tag(Mark.FORM, _form(p.form)), placeholder=""))
    if p.next_trick and not p.out:
        tags.append(shown(status(n, "next_trick"), mask, _tag(Mark.EFFECT, _("attacks hit every opponent")),
                          placeholder=""))
    if p.charm_ray and not p.out:
        tags.append(shown(status(n, "charm_ray"), mask, _tag(Mark.EFFECT, _("Charm Ray: picks attack targets")),
                          placeholder=""))
    if not state.over and state.active == seat and state.bonus:
        tags.append(shown(BONUS, mask, _tag(Mark.EFFECT, _("attack cards +{n} this turn").format(n=state.bonus))))
    if not state.over and state.active == seat and state.pierce:
        tags.append(shown(PIERCE, mask, _tag(Mark.EFFECT, _("attacks ignore Defense this turn")), placeholder=""))
    if state.over and state.winner == seat:
        tags.append(shown((WINNER, OVER), mask, _tag(Mark.WINNER, _("winner")), placeholder=""))
    delta: Part = None
    if resolved and p.hp != before.hp:
        d = p.hp - before.hp
        delta = [" ", box(Role.DELTA, f'{"+" if d > 0 else "−"}{abs(d)}')]
    hp_html = shown(out_keys, mask, [box(Role.HP_ICON, "♥"), f" {p.hp}/10", delta], placeholder="♥ ?/10",
                    before=f"♥ {was.hp}/10" if was is not None else None)
    bar = None if is_masked(out_keys, mask) else keyed(out_keys, Bar(p.hp, 10), Role.BAR, decorative=True)
    char_line = _who(_TITLES.get(p.character, p.character))
    head: list[Part] = [box(Role.SEAT_HEAD, lab(name, Role.SEAT_NAME), box(Role.HP, hp_html), tags),
                        lab(char_line, Role.CHARACTER), bar]
    listed = o.listed[seat]

    def count(key: Key, zone: str) -> Field:
        before = str(len(getattr(was, zone))) if was is not None else None
        return shown(key, mask, str(len(getattr(p, zone))), before=before)

    # TRANSLATORS: a pile's label and its size ("Hand 4"); {n} is the number of cards, or "?" when hidden
    hand_n = label_with(_("Hand {n}"), n=count(hand_size(n), "hand"))
    deck_n = label_with(_("Deck {n}"), n=count(pile(n, "deck"), "deck"))
    discard_n = label_with(_("Discard {n}"), n=count(pile(n, "discard"), "discard"))
    defense_n = label_with(_("Defense {n}"), n=count(defense(n), "defense"))
    counts = box(Role.COUNTS, hand_n, deck_n, discard_n, defense_n)
    # Defense cards in play; once plays are made, also the ones that left play since
    cards = []
    for cid, dmg in p.defense:
        owner = owner_of(cid)
        band = _("Defense") if owner == seat else _("{player}'s").format(player=o.names[owner])
        cards.append(card(type_of(cid), damage=dmg, band=band))
    if resolved:
        now = Counter(c for c, _ in p.defense)
        for cid, dmg in before.defense:
            if now[cid] > 0:
                now[cid] -= 1
                continue
            moved = any(cid in [c for c, _ in q.defense] for j, q in enumerate(state.players) if j != seat)
            gone = (_("{card}, taken") if moved else _("{card}, destroyed")).format(card=_card(card_name(cid)))
            cards.append(card(type_of(cid), damage=type_of(cid).shields if not moved else dmg, gone=True,
                              badge=_("taken") if moved else _("destroyed"), band=_("Defense"), aria=gone))
    defense_html: Part = None
    if cards or defense(n) in mask:
        inner: Part = shown(defense(n), mask, box(Role.ROW, cards), placeholder=_("Defense cards ?"),
                            role=Role.GROUP)
        if defense(n) in mask and was is not None and was.defense:  # the cards the question starts from, then "?"
            drawn = [card(type_of(cid), damage=dmg) for cid, dmg in was.defense]
            inner = Was(key_list(defense(n)), (box(Role.ROW, drawn),))
        defense_html = [_sub(_("Defense cards")), inner]
    hand_html: Part = None
    if listed.get("hand") and (p.hand or hand_cards(n) in mask):
        chips = shown(hand_cards(n), mask, [_chip(c) for c in p.hand], placeholder=_("hand ?"))
        hand_html = [_sub(_("Hand")), box(Role.HAND, chips)]
    # TRANSLATORS: a seat's label: the player and their hit points ("hidden" until the learner answers)
    aria = _("{player}, HP {hp}").format(player=name, hp=_("hidden") if is_masked(out_keys, mask) else p.hp)
    near: Part = None
    if len(state.players) >= 5:
        around = len(state.players)
        between = _("Sits between {right} (right) and {left} (left)").format(right=o.names[(seat - 1) % around],
                                                                            left=o.names[(seat + 1) % around])
        near = lab(between, Role.NEIGHBOURS)
    return zone(Role.SEAT, head, near, counts, defense_html, hand_html, name=aria, seat=seat, out=p.out)


def _plays(o: View, plays: tuple[object, ...], illegal: bool, mask: frozenset[Key] = frozenset()) -> Box | None:
    """The cards played up to the moment (as cards) and every choice made, in order: each keyed by its play
    (``play:N``), the verdict on an illegal one by the play's ``legal`` key."""
    cards: list[Part] = []
    lines: list[Part] = []

    def _marked(line: str, bad: bool) -> Keyed:
        """A play or choice, marked when it is the illegal one (the mark masked where the question reads it)."""
        if not bad:
            return keyed(move(k + 1), line, Role.MOVE)
        # TRANSLATORS: a play or a choice on the board that breaks a rule
        marked = _("{play} — illegal!").format(play=line)
        verdict = shown((legal(k + 1), legal()), mask, marked, placeholder=f"{line} ?")
        return keyed(move(k + 1), verdict, Role.MOVE)

    for k, act in enumerate(plays):
        st = o.states[k] if k < len(o.states) else o.after
        actor = o.names[st.active]
        bad = illegal and k == len(plays) - 1
        verb, value, defense = act.verb, act.value, act.defense  # type: ignore[attr-defined]
        if verb == "play":
            try:
                t = dm.card_type(st.players[st.active].character, value)
            except ValueError:
                continue
            cards.append(keyed(move(k + 1), card(t, played=True, band=_("{player} plays").format(player=actor),
                                                 badge=str(len(cards) + 1))))
            lines.append(_marked(_("{player} plays {card}").format(player=actor, card=_card(t.name)), bad))
            continue
        # TRANSLATORS: a player's Defense card ("Lia's Divine Shield")
        where = _("{player}'s {card}").format(player=value, card=_card(defense)) if defense else value
        kind = st.pending.kind if st.pending else ""
        if kind == "ghost":
            lines.append(_marked(_("The ghost of {player} haunts {target}").format(player=actor, target=where), bad))
            continue
        if verb == "target":
            text = (_("overflow into {target}") if kind == "soak" else _("target: {target}")).format(target=where)
        elif verb == "option":
            text = _(_OPTIONS[value]) if value in _OPTIONS else value
        else:
            text = _(_CHOICES[verb]).format(target=_card(value) if verb == "recover" else value if verb == "choose"
                                            else where)
        decider = o.names[deciding(st)] if st.pending else actor  # an asked opponent, Charm Ray, Burped-Up Bones
        # TRANSLATORS: a choice made on the board: who chose, and what ("Lia: destroy Azzan's Divine Shield")
        lines.append(_marked(_("{player}: {choice}").format(player=decider, choice=text), bad))
    if not lines:
        return None
    row = box(Role.ROW, cards) if cards else None
    return zone(Role.CENTRE_ZONE, lab(_("Plays, in order"), Role.HEADING), row, box(Role.MOVES, lines),
                name=_("Plays"))


_CHOICES = {"destroy": N_("destroy {target}"), "charm": N_("take {target}"), "choose": N_("choose {target}"),
            "recover": N_("take back {target}"), "mirror": N_("copy {target}")}
# TRANSLATORS: a named option a card offers (Praise Me, Owlbear Boogie, Primal Strike, Murders and Acquisitions)
_OPTIONS = {"praise": N_("praise"), "refuse": N_("refuse"), "dance": N_("dance"), "noise": N_("noise"),
            "pass": N_("pass"), "attack": N_("attack"), "heal": N_("heal"), "draw": N_("draw")}


def render(scn: Scenario, view: BoardView) -> Box:
    """The table at the view's moment: the plays made so far, then every seat."""
    try:
        o: View = view.outcome if view.outcome is not None else run(scn, [])[0]
    except SetupError as err:
        return box(Role.BOARD, box(Role.PARAGRAPH, str(err)), kind=GAME)
    state = o.after
    resolved = bool(view.plays)
    zones: list[Part] = [_plays(o, view.plays, view.illegal is not None, view.mask)]
    if state.over:
        result = (_("A draw: nobody is left standing") if state.winner is None
                  else _("{player} wins").format(player=o.names[state.winner]))
        zones.append(shown((OVER, WINNER), view.mask, box(Role.RESULT, result), role=Role.GROUP,
                           placeholder=_("The game is over?")))
    n = len(state.players)
    start = view.start.after if view.start is not None else None
    seats: list[Part] = [_seat_zone(o, state, s, resolved, view.mask, start) for s in range(n)]
    moment = {"start": _("Before the plays"), "turn_end": _("At the end of the turn"),
              "next_turn": _("The next turn has begun")
              }.get(view.point, _("After the plays") if resolved else _("Before the plays"))
    if n >= 5:  # around a table: who sits next to whom (the Zone of Influence) can be seen
        seats.append(Label(nodes(_("the table"), Break(), _("↻ turns pass left")), Role.TABLE_CENTRE,
                           decorative=True))
        # TRANSLATORS: the label above the seats: the moment shown ("Before the plays"), and how they sit
        label = _("{moment} · seated around the table, turns pass left").format(moment=moment)
        zones += [lab(label, Role.HEADING), box(Role.RING, seats)]
    else:
        label = _("{moment} · seats clockwise, turns pass left").format(moment=moment)
        zones += [lab(label, Role.HEADING), box(Role.PLAYERS, seats)]
    return box(Role.BOARD, zones, kind=GAME)


_SYMBOLS = {  # symbol: (glyph, which, name, what it does)
    "attack": ("⚔", Mark.ATTACK, N_("Attack"), N_("each sword deals 1 damage to one opponent or one Defense card")),
    "shield": ("", Mark.SHIELD, N_("Defense"), N_("the card stays in play; each shield absorbs 1 damage")),
    "heal": ("♥", Mark.HEAL, N_("Heal"), N_("each heart heals 1, up to 10")),
    "draw": ("🂠", Mark.DRAW, N_("Draw"), N_("each draw symbol draws 1 card")),
    "play_again": ("⚡", Mark.PLAY_AGAIN, N_("Play Again"), N_("each lightning: play one more card this turn")),
    "mighty_power": ("★", Mark.POWER, N_("Mighty Power"), N_("do what the card says")),
}


def slide_symbols(names: list[str]) -> Box:
    """The symbols a rule slide teaches, drawn as they appear on the cards, each with its name."""
    tiles = []
    for name in names:
        glyph, mark, title, what = _SYMBOLS[name]
        title, what = _(title), _(what)
        # TRANSLATORS: a symbol's label on a rule slide: its name and what it does
        label = _("{symbol}: {meaning}").format(symbol=title, meaning=what)
        tiles.append(card_node(GAME, label, box(Role.SYMBOL_GLYPH, box(Role.SYMBOL, glyph, mark=mark)),
                               box(Role.SYMBOL_NAME, title), role=Role.SYMBOL_TILE, card=name))
    return box(Role.SLIDE_CARDS, box(Role.SYMBOL_ROW, tiles), kind=GAME)


def slide_cards(names: list[str]) -> Box:
    """Cards named on a rule slide: 'Divine Shield' or 'Lia: Divine Shield'."""
    out = []
    for name in names:
        who, _, nm = name.partition(":")
        if who.strip() not in dm.CHARACTERS:  # no character given ("Shapeshift: Wolf Form" is a card name)
            who, nm = "", name
        chars = [who.strip()] if who else list(dm.CHARACTERS)
        for ch in chars:
            try:
                t = dm.card_type(ch, nm.strip())
            except ValueError:
                continue
            out.append(card(t))
            break
    return box(Role.SLIDE_CARDS, box(Role.ROW, out), kind=GAME)


__all__ = ["render", "slide_cards"]
