"""The Marvel Champions board at a moment of the attack: the enemy and its boost cards, then each player's zone.

Boost cards are face down until step 3 reveals them; badges (defender, target), the attacked-player
tag, hit points, status tokens and the ATK total show what is true at the moment, unless the
question masks them.

Every word goes through the game's catalog (``_``, ``ngettext``: this file's strings are extracted into
``locale/marvel_champions.pot``); card names stay as printed unless the terms file names them.
"""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.core.message import N_
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.defense import retaliate_value
from engine.marvel_champions.rules import retaliate_of_enemy
from engine.marvel_champions.steps import initiate
from tutor.games.marvel_champions import Scenario, View, build_state
from tutor.boards import BoardView
from engine.core.effects import Key
from engine.marvel_champions.quantities import IN_PLAY, attack, character, enemy, player
from tutor.boards.markup import box, is_masked, keyed, shown, zone
from tutor.boards.markup import card as card_node
from tutor.boards.markup import label as lab
from tutor.boards.tree import Bar, Box, Keyed, Mark, Part, Role
from tutor.speaking import in_game, term

GAME = "marvel_champions"
_, ngettext = in_game(GAME)

# TRANSLATORS: a card type, on the band at the top of a card
_BAND = {"hero": N_("Hero"), "alter_ego": N_("Alter-ego"), "ally": N_("Ally"), "villain": N_("Villain"),
         "minion": N_("Minion"), "treachery": N_("Treachery"), "attachment": N_("Attachment"), "event": N_("Event"),
         "upgrade": N_("Upgrade")}
STAR_NOTE = N_("★ on ATK counts as 0; boost icons (✦) on a boost card each add 1 ATK; "
               "a ★ boost card has a Boost ability")
# TRANSLATORS: a status token on a character
_STATUS = {"tough": N_("tough"), "stunned": N_("stunned"), "confused": N_("confused")}
# TRANSLATORS: a keyword token on a character or an attack
_KEYWORDS = {"steady": N_("steady"), "overkill": N_("overkill"), "piercing": N_("piercing"), "ranged": N_("ranged"),
             "guard": N_("guard"), "quickstrike": N_("quickstrike"), "villainous": N_("villainous"),
             "vulnerable": N_("vulnerable"), "indirect": N_("indirect damage")}


def _band(kind: str) -> str:
    return _(_BAND[kind]) if kind in _BAND else kind


def _card(name: str) -> str:
    """A card's name as the language's terms file names it (as printed, by default)."""
    return term("card", name, GAME)


def _attributes(*parts: str) -> str:
    """A card's label: its name, then what is true of it ("Spider-Man, Hero, exhausted"), a list, not a sentence."""
    return ", ".join(p for p in parts if p)


def card(name: str, kind: str, *, stats: list[Part] | None = None, exhausted: bool = False, target: bool = False,
         badge: Part = None, label: str = "", played: bool = False, hp: tuple[int, int] | None = None,
         icons: int | None = None, aria: str = "", tokens: Part = None, gone: bool = False,
         label_html: Part = None) -> Box:
    """One card in its slot (with its badges beside it); ``label`` is text, ``label_html`` a label already built
    (a keyed field)."""
    stat_html = [box(Role.STAT, s) for s in (stats or [])]
    hp_html = None
    if hp is not None:
        left, total = hp
        hp_html = Bar(left, total, _("{left}/{total} hit points").format(left=left, total=total))
    icon_html = box(Role.ICONS, "✦" * icons) if icons else None
    label_box = box(Role.CARD_LABEL, label or label_html) if label or label_html else None
    badge_html = box(Role.BADGES, badge) if badge else None
    desc = aria or _attributes(_card(name), _band(kind), _("exhausted") if exhausted else "")
    inner = card_node(GAME, desc, box(Role.BAND, _band(kind)), box(Role.CARD_NAME, _card(name)),
                      label_box, tokens, icon_html, hp_html, box(Role.CARD_STATS, stat_html),
                      card=name, kind=kind, exhausted=exhausted, target=target, played=played, gone=gone)
    return box(Role.SLOT, inner, badge_html, line=True)


def facedown(label: str, icons: int | None = None, name: str = "", star: bool = False) -> Box:
    """A boost card: face down (``label``: what its back says), or revealed (its name, its boost icons, whether it
    counts)."""
    body: list[Part]
    if icons is None:
        body = [box(Role.CARD_NAME, label)]
        aria = _("a facedown boost card")
    else:
        marks = f'{("✦" * icons) or "—"}{"★" if star else ""}'
        body = [box(Role.CARD_NAME, _card(name)), box(Role.ICONS, marks), box(Role.CARD_NAME, label)]
        if star:
            aria = ngettext("boost card {card}, {n} boost icon, with a Boost ability",
                            "boost card {card}, {n} boost icons, with a Boost ability", icons)
        else:
            aria = ngettext("boost card {card}, {n} boost icon", "boost card {card}, {n} boost icons", icons)
        aria = aria.format(card=_card(name), n=icons)
    return box(Role.SLOT, card_node(GAME, aria, body, card=name or None, kind="boost", face_up=icons is not None),
               line=True)


def _statuses(who: object) -> list[tuple[str, str]]:
    """(status, its token's text): ('stunned', 'stunned'), ('tough', 'tough ×2')."""
    out = []
    for name in ("tough", "stunned", "confused"):
        n = int(getattr(who, name, 0))
        if n:
            word = _(_STATUS[name])
            # TRANSLATORS: a status token held more than once ("tough ×2")
            out.append((name, _("{status} ×{n}").format(status=word, n=n) if n > 1 else word))
    return out


def _status_words(who: object) -> list[str]:
    return [text for _name, text in _statuses(who)]


def _keyword_words(who: mc.Character | mc.Enemy) -> list[str]:
    """The keywords a board shows: retaliate as its total (printed, gained this phase, from attachments) and the
    keywords that change an attack."""
    if isinstance(who, mc.Character):
        x, gained = retaliate_value(who), sum(1 for k in who.gained if k.startswith("retaliate "))
        # TRANSLATORS: the retaliate keyword and its value, and how much of it was gained this phase
        retaliate = _("retaliate {n} (+{gained} this phase)") if gained else _("retaliate {n}")
        shown = [retaliate.format(n=x, gained=gained)] if x else []
    else:
        x = retaliate_of_enemy(who)
        shown = [_("retaliate {n}").format(n=x)] if x else []
    shown += [_(_KEYWORDS[k]) for k in sorted(k for k in who.keywords if k in (
        "steady", "overkill", "piercing", "ranged", "guard", "quickstrike", "villainous", "vulnerable"))]
    return shown


def _tokens(key: str, who: mc.Character | mc.Enemy, mask: frozenset[Key], before: object = None) -> Box | None:
    out = _statuses(who)
    statuses = [_token(_MARKS[name], t) for name, t in out]
    words = _keyword_words(who)
    kws = [_token(Mark.KEYWORD, k) for k in words]
    was = None if before is None else (", ".join(_status_words(before)) or _("no status"))
    status_keys = tuple((key, q) for q in ("tough", "stunned", "confused"))
    body = (shown(status_keys, mask, statuses, placeholder=_("status ?"), before=was)
            if (out or is_masked(status_keys, mask)) else None)
    was_kw = None if not isinstance(before, (mc.Character, mc.Enemy)) else (", ".join(_keyword_words(before))
                                                                            or _("none"))
    kw_html = (shown((key, "keywords"), mask, kws, placeholder=_("retaliate ?"), before=was_kw)
               if (words or (key, "keywords") in mask) else None)
    return box(Role.TOKENS, body, kw_html) if body or kw_html else None


def _before(start: mc.AttackState | None, cid: str) -> mc.Character | None:
    if start is None:
        return None
    return next((x for x in (*start.characters, *start.left_play) if x.id == cid), None)


# TRANSLATORS: how the defender defends, on a token beside it
_KIND = {"basic": N_("basic defense"), "ally": N_("ally defense"), "label": N_("(defense) label")}


_MARKS = {"tough": Mark.TOUGH, "stunned": Mark.STUNNED, "confused": Mark.CONFUSED}


def _badge(text: str, mark: Mark | None = None) -> Box:
    return box(Role.BADGE, text, mark=mark)


def _token(mark: Mark, text: str) -> Box:
    return box(Role.TOKEN, text, title=text, mark=mark)


def _hp(left: object, total: int) -> str:
    # TRANSLATORS: hit points left out of the total ("HP 7/10"; "?" when hidden)
    return _("HP {left}/{total}").format(left=left, total=total)


def _happens(state: mc.AttackState, view: BoardView) -> bool:
    """Whether the board draws the attack's roles (attacked player, target): not for an attack that never happens
    (a stunned enemy's, a quickstrike on an alter-ego). At the start, before the attack initiates, the engine says
    whether it will, once the answer is known (before it, the roles as declared: their absence would give it away)."""
    if not state.is_enemy_attack or not state.happened:
        return False
    if view.point == "start" and view.revealed and not state.finished:
        return initiate(state)[0].happened
    return True


def _character(c: mc.Character, state: mc.AttackState, mask: frozenset[Key], gone: bool = False,
               start: mc.AttackState | None = None, happens: bool = True) -> Keyed:
    hp = _hp(c.hp_left, c.hp)
    was = _before(start, c.id)
    n = state.attack_no
    me = f"character:{c.id}"
    hp_keys = (character(c.id, "hp"), character(c.id, "damage"))
    stats: list[Part] = ([_("ATK {n}").format(n=c.atk)] + ([_("DEF {n}").format(n=c.defense)] if c.kind == "hero"
                                                          else [])
                         + [shown(hp_keys, mask, hp, placeholder=_hp("?", c.hp),
                                  before=_hp(was.hp_left, was.hp) if was else None)])
    badges: list[Part] = []
    if state.defender == c.id:
        badges.append(shown(attack(n, "defender"), mask, _badge(_("defender")), placeholder=""))
    if state.target == c.id and not gone and happens:
        badges.append(shown(attack(n, "target"), mask, _badge(_("target"), Mark.TARGET), placeholder=""))
    if gone:
        badges.append(shown(character(c.id, "in_play"), mask, _badge(_("defeated"), Mark.GONE), placeholder=""))
    exhausted = c.exhausted and character(c.id, "exhausted") not in mask
    hp_bar = None if is_masked(hp_keys, mask) else (c.hp_left, c.hp)
    tokens: list[Part] = [_tokens(me, c, mask, was)]
    if state.defender == c.id and state.defense_kind:
        tokens.append(shown((attack(n, "defender"), attack(n, "defense_kind")), mask,
                            _token(Mark.DEFENSE, _(_KIND[state.defense_kind])), placeholder=""))
    if c.exhausted or character(c.id, "exhausted") in mask:
        tokens.append(shown(character(c.id, "exhausted"), mask, _token(Mark.EXHAUSTED, _("exhausted")),
                            placeholder=_("exhausted?"),
                            before=None if was is None else (_("exhausted") if was.exhausted else _("ready"))))
    if state.assigned is not None:
        share = dict(state.assigned).get(c.id)
        if share:
            # TRANSLATORS: indirect damage assigned to a character ("assigned 2")
            tokens.append(shown(attack(n, "damage"), mask, _token(Mark.ASSIGNED, _("assigned {n}").format(n=share))))
    out = character(c.id, "in_play") in mask
    desc = _attributes(_card(c.name), _band(c.kind), _("exhausted") if exhausted else "",
                       _("defeated") if gone and not out else "")
    return keyed(character(c.id, "card"),
                 card(c.name, c.kind, stats=stats, exhausted=exhausted, badge=badges, hp=hp_bar, tokens=tokens,
                      aria=desc, gone=gone and not out), Role.PLACE)


def _enemy(e: mc.Enemy, state: mc.AttackState, mask: frozenset[Key], start: mc.AttackState | None) -> Keyed:
    key = f"enemy:{e.name}"
    damage = enemy(e.name, "damage")
    star = "★" if "atk_star" in e.keywords else ""
    stats: list[Part] = [_("ATK {n}").format(n=f"{e.atk}{star}")]
    was = next((x for x in start.enemies if x.name == e.name), None) if start is not None else None
    if e.hp:
        stats.append(shown(damage, mask, _hp(e.hp_left, e.hp), placeholder=_hp("?", e.hp),
                           before=_hp(was.hp_left, was.hp) if was is not None else None))
    badge: list[Part] = []
    if state.is_enemy_attack and state.attacker_name == e.name:
        status = (_("stunned") if state.replaced_by_stun else _("no attack") if state.skipped else _("attacks"))
        badge.append(shown(attack(state.attack_no, "happens"), mask, _badge(status), placeholder=""))
    if e.gone:
        badge.append(shown(enemy(e.name, "gone"), mask, _badge(_("gone"), Mark.GONE), placeholder=""))
    label = ""
    if e.kind == "minion" and e.engaged_with and state.has_player(e.engaged_with):
        label = _("engaged with {player}").format(player=state.player(e.engaged_with).name)
    hp = None if damage in mask or not e.hp else (e.hp_left, e.hp)
    attacking = state.attacker_name == e.name
    role = _ENEMY_ROLE.get((attacking, e.kind))
    what = _(role) if role else ("the attacking " if attacking else "a ") + e.kind
    out = enemy(e.name, "gone") in mask
    aria = _attributes(_card(e.name), what, _("gone") if e.gone and not out else "")
    engaged = shown(enemy(e.name, "engaged_with"), mask, label) if label else None
    return keyed(enemy(e.name, "card"),
                 card(e.name, e.kind, stats=stats, badge=badge, hp=hp, label_html=engaged, aria=aria,
                      tokens=_tokens(key, e, mask, was), gone=e.gone and not out), Role.PLACE)


def _revealed_minion(state: mc.AttackState) -> str | None:
    """The name of the minion being revealed, once it has entered play (else None)."""
    c = lookup(state.revealed or "") if state.is_reveal else None
    return c.name if c is not None and c.type == "minion" and state.has_enemy(c.name) else None


# TRANSLATORS: an enemy card's label, after its name ("Rhino, the attacking villain")
_ENEMY_ROLE = {(True, "villain"): N_("the attacking villain"), (True, "minion"): N_("the attacking minion"),
               (False, "villain"): N_("a villain"), (False, "minion"): N_("a minion")}


def render(scn: Scenario, view: BoardView) -> Box:
    """The position at the view's moment."""
    v: View | None = view.outcome
    state = v.state if v is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    mask = view.mask
    happens = _happens(state, view)
    enemy_cards: list[Part] = []
    order = sorted(state.enemies, key=lambda e: (e.name != state.attacker_name, e.kind != "villain"))
    n = state.attack_no
    entered = _revealed_minion(state)
    for e in order:
        if e.name == entered:  # a minion just revealed (MC.enc.minion_engages) is the card whose ability resolves
            enemy_cards.append(shown(("reveal", "card"), mask, _enemy(e, state, mask, start), role=Role.GROUP,
                                     placeholder=_("revealed card ?")))
            continue
        enemy_cards.append(_enemy(e, state, mask, start))
        was = next((x for x in start.enemies if x.name == e.name), None) if start is not None else None
        for name in (*e.attachments, *(a for a in (was.attachments if was else ()) if a not in e.attachments)):
            c = lookup(name)
            # an attachment discarded since the question's start (Charge, once the attack is over) stays in sight
            left = name not in e.attachments
            enemy_cards.append(shown(enemy(e.name, "attachments"), mask, card(
                name, "attachment", stats=[_("ATK +{n}").format(n=c.atk)] if c and c.atk else [], played=left,
                label=_("discarded") if left else _("on {card}").format(card=_card(e.name)),
                aria=_("{card}, discarded").format(card=_card(name)) if left else ""), role=Role.GROUP,
                placeholder=_("attachments ?")))
        if state.is_enemy_attack and e.name == state.attacker_name:
            enemy_cards += _boost_cards(state, mask)
    for name in scn.setup.in_play:
        c = lookup(name)
        enemy_cards.append(keyed(IN_PLAY, card(name, c.type if c else "treachery"), Role.PLACE))
    if state.is_reveal and entered is None:  # the encounter card whose When Revealed ability resolves
        c = lookup(state.revealed or "")
        who = state.player(state.revealed_by).name if state.has_player(state.revealed_by) else state.revealed_by
        # the card whose ability resolves is hidden where the question asks it (Under Fire's top card)
        enemy_cards.append(shown(("reveal", "card"), mask, card(
            state.revealed or "", c.type if c else "treachery",
            label=_("revealed by {player}").format(player=who)), role=Role.GROUP,
            placeholder=_("revealed card ?")))
    tags: list[Part] = []
    if state.attacks > 1:
        tags.append(keyed((("phase", "attack"), ("phase", "attacks_left")),
                          _("attack {n} of {total}").format(n=state.attack_no, total=state.attacks), Role.TAG))
    if state.amplify:
        tags.append(keyed(attack(n, "amplify"), _("amplify ×{n}").format(n=state.amplify), Role.TAG))
    # in the English order ("indirect damage" sorts as its words), each in the learner's language
    keys = sorted((k for k in state.attack_keywords if k in ("overkill", "piercing", "ranged", "indirect")),
                  key=lambda k: _KEYWORDS[k])
    words = [_(_KEYWORDS[k]) for k in keys]
    if words or attack(n, "keywords") in mask:
        tags.append(shown(attack(n, "keywords"), mask, [box(Role.TAG, w) for w in words],
                          placeholder=_("keywords ?")))
    atk_keys = (attack(n, "atk"), attack(n, "damage"))
    if state.atk_total is not None or (is_masked(atk_keys, mask) and state.is_enemy_attack):
        # TRANSLATORS: the attack's ATK and the damage it deals ("ATK 5 · 3 damage")
        total = (_("ATK {atk} · {damage} damage (indirect)") if "indirect" in state.attack_keywords
                 else _("ATK {atk} · {damage} damage"))
        tags.append(shown(atk_keys, mask, total.format(atk=state.atk_total, damage=state.damage),
                          placeholder=_("ATK {atk} · {damage} damage").format(atk="?", damage="?")))
    label = lab(_("In play") if state.is_enemy_attack or not state.enemies else _("Enemies"))
    zones: list[Part] = [zone(Role.CENTRE_ZONE, box(Role.HEADING, label, " ", tags),
                              box(Role.ROW, enemy_cards), name=_("In play"))]
    pz = []
    for p in state.players:
        chars = [c for c in state.characters if c.controller == p.id]
        chars.sort(key=lambda c: (not c.is_identity, c.name))
        cards_html: list[Part] = [_character(c, state, mask, start=start, happens=happens) for c in chars]
        if view.defeated_shown:
            cards_html += [_character(c, state, mask, gone=True, start=start) for c in state.left_play
                           if c.controller == p.id]
        for name in p.played:
            c = lookup(name)
            cards_html.append(keyed(player(p.id, "played"), card(
                name, "event", label=_("(defense)") if c and c.defense_label else "", played=True,
                aria=_("{card}, played by {player}").format(card=_card(name), player=p.name)), Role.PLACE))
        for name in p.upgrades:
            cards_html.append(keyed(player(p.id, "upgrades"), card(name, "upgrade", exhausted=name in p.exhausted),
                                    Role.PLACE))
        for name in p.discarded:
            cards_html.append(keyed(player(p.id, "discarded"), card(
                name, "upgrade", label=_("discarded"), played=True,
                aria=_("{card}, discarded").format(card=_card(name))), Role.PLACE))
        ptags: list[Part] = []
        if happens and state.target_player == p.id:
            ptags.append(shown((attack(n, "target_player"), attack(n, "attacked_player")), mask,
                               _tag(_("attacked player")), placeholder=""))
        if p.drawn or player(p.id, "drawn") in mask:
            # TRANSLATORS: cards a player drew this phase ("drew 1"; "?" when hidden)
            drew = _("drew {n}")
            ptags.append(shown(player(p.id, "drawn"), mask, _tag(drew.format(n=p.drawn)),
                               placeholder=drew.format(n="?")))
        hand: Part = None
        if p.hand or player(p.id, "hand") in mask:  # what the player holds: an input of what they may play
            held = ", ".join(_card(name) for name in p.hand)
            hand = box(Role.NOTE_LINE, lab(_("Hand:")), " ", shown(player(p.id, "hand"), mask, held))
        pz.append(zone(Role.ZONE, box(Role.HEADING, lab(p.name), ptags), box(Role.ROW, cards_html), hand,
                       name=p.name))
    zones.append(box(Role.PLAYERS, pz))
    stars = any("atk_star" in e.keywords for e in state.enemies) or any(b.star for b in state.boost)
    note = lab(_(STAR_NOTE), Role.FOOTNOTE) if stars else None
    return box(Role.BOARD, zones, note, kind=GAME)


def _tag(text: str) -> Box:
    return box(Role.TAG, text)


def _boost_cards(state: mc.AttackState, mask: frozenset[Key]) -> list[Part]:
    keys = (attack(state.attack_no, "boost_cards"), attack(state.attack_no, "boost_icons"))
    if is_masked(keys, mask):
        return [shown(keys, mask, None, placeholder=_("boost cards ?"), role=Role.GROUP)]
    out: list[Part] = []
    for b in state.boost:
        if b.face_up:
            # TRANSLATORS: under a revealed boost card: whether its icons count
            word = _("cancelled") if b.cancelled else _("boost")
            out.append(keyed(keys, facedown(word, max(0, b.icons - b.cancelled), b.name, b.star), Role.PLACE))
        else:
            # TRANSLATORS: the back of a facedown boost card, in capitals
            out.append(keyed(keys[0], facedown(_("BOOST")), Role.PLACE))
    return out


def slide_cards(names: list[str]) -> Box:
    """Player cards shown beside a rule slide (e.g. Preemptive Strike)."""
    out = []
    for name in names:
        c = lookup(name)
        kind = c.type if c else "event"
        out.append(card(name, kind, label=_("(defense)") if c and c.defense_label else ""))
    return box(Role.SLIDE_CARDS, out, kind=GAME)
