"""The Dungeon Mayhem board: the cards being played, then every seat around the table.

Each seat shows its hit points, Defense cards with their remaining shields, the hand
(cards when the scenario lists them, else a count), deck and discard counts, and
whether the player is knocked out, a ghost, disguised, or taking their turn, at the
question's moment; fields its answer would show are masked until the learner answers.
"""

from __future__ import annotations

import re
from collections import Counter

from engine import dungeon_mayhem as dm
from engine.dungeon_mayhem.cards import (
    AGAIN, ATTACK, CARD_TYPES, DRAW, FORM, FULL_NAMES, HEAL, POWER, SHIFT, CardType, card_name, owner_of, type_of,
)
from engine.dungeon_mayhem.rules import deciding
from tutor.games.dungeon_mayhem import Outcome, Scenario, SetupError, run
from ui.boards import BoardView
from ui.html import esc, shown


def _colour(character: str) -> str:
    """The CSS class of a character's colour (``ui/theme.css``: ``.dmc-azzan`` …, one per character)."""
    return "dmc-" + re.sub(r"[^a-z0-9]+", "-", character.lower()).strip("-")


_TITLES = FULL_NAMES
_POWER_NAMES = {"fireball": "Fireball", "charm": "Charm", "vampiric_touch": "Vampiric Touch",
                "whirling_axes": "Whirling Axes", "battle_roar": "Battle Roar", "mighty_toss": "Mighty Toss",
                "divine_inspiration": "Divine Inspiration", "banishing_smite": "Banishing Smite",
                "clever_disguise": "Clever Disguise", "sneak_attack": "Sneak Attack!", "pick_pocket": "Pick Pocket",
                **{t.power: t.name for t in CARD_TYPES if t.power and t.copy_of < 0 and t.character not in
                   ("Azzan", "Sutha", "Lia", "Oriax")}}
_WORDS = {ATTACK: ("⚔", "attack"), HEAL: ("♥", "heal"), DRAW: ("🂠", "draw"), AGAIN: ("⚡", "play again"),
          FORM: ("◐", "form symbol (a heart in Bear Form, a sword in Wolf Form)")}



def _symbols(t: CardType, small: bool = False) -> str:
    """The card's symbols in printed order: shields as shield shapes, the rest as glyphs."""
    parts: list[str] = []
    for code, value in t.effects:
        if code == POWER:
            parts.append('<span class="m">★</span>')
        elif code == SHIFT:
            parts.append(f'<span class="sh">→{esc(str(value).capitalize())}</span>')
        else:
            glyph, _ = _WORDS[code]
            cls = {ATTACK: "a", HEAL: "h", DRAW: "d", AGAIN: "p", FORM: "f"}[code]
            parts.append(f'<span class="{cls}">{glyph * int(value)}</span>')
    return " ".join(parts)


def _describe(t: CardType) -> str:
    words = []
    if t.shields:
        words.append(f"{t.shields} shield{'s' if t.shields != 1 else ''}")
    for code, value in t.effects:
        if code == POWER:
            words.append(f"Mighty Power: {_POWER_NAMES.get(str(value), str(value))}")
        elif code == SHIFT:
            words.append(f"enter {str(value).capitalize()} Form")
        else:
            words.append(f"{value} {_WORDS[code][1]}")
    return ", ".join(words)


def _shields(total: int, damage: int) -> str:
    return "".join(f'<span class="dm-sh{" hit" if i >= total - damage else ""}"></span>' for i in range(total))


def card(t: CardType, *, damage: int = 0, badge: str = "", played: bool = False, gone: bool = False,
         band: str = "", aria: str = "") -> str:
    cls = ["rt-card", "dm-card"] + (["rt-played"] if played else []) + (["dm-gone"] if gone else [])
    colour = _colour(t.character)
    shield_html = f'<div class="dm-sym">{_shields(t.shields, damage)}</div>' if t.shields else ""
    sym = _symbols(t)
    sym_html = f'<div class="dm-sym">{sym}</div>' if sym else ""
    pname = _POWER_NAMES.get(t.power or "", "")
    power = f'<div class="dm-power">Mighty Power: {esc(pname)}</div>' if t.is_mighty and pname != t.name else ""
    if t.copy_of >= 0:  # a played Definitely Just a Mirror
        power = f'<div class="dm-power">Copy of {esc(CARD_TYPES[t.copy_of].name)}</div>'
    words = _describe(t) if t.copy_of < 0 else f"a copy of {CARD_TYPES[t.copy_of].name}: {_describe(t)}"
    left = t.shields - damage
    stats = f'<div class="stats"><span class="stat">{left}/{t.shields} left</span></div>' if t.shields else '<div class="stats"></div>'
    badge_html = f'<span class="rt-badge">{esc(badge)}</span>' if badge else ""
    desc = aria or f"{t.name}: {words}" + (f", {left} of {t.shields} unmarked" if t.shields else "")
    return (f'<div class="rt-slot"><div class="{" ".join(cls)} {colour}" role="img" aria-label="{esc(desc)}">'
            f'<div class="band">{esc(band or t.character)}</div><div class="name">{esc(t.name)}</div>'
            f'{shield_html}{sym_html}{power}{stats}{badge_html}</div></div>')


def _chip(cid: int) -> str:
    t = type_of(cid)
    shields = f'<span class="s">{_shields(t.shields, 0)}</span>' if t.shields else ""
    sym = f'<span class="s dm-sym">{_symbols(t)}</span>' if t.effects else ""
    return (f'<span class="dm-chip {_colour(t.character)}" title="{esc(_describe(t))}" '
            f'aria-label="{esc(t.name + ": " + _describe(t))}">{esc(t.name)}{shields}{sym}</span>')


def _seat_zone(o: Outcome, state: dm.State, seat: int, resolved: bool, mask: frozenset[str],
               start: dm.State | None = None) -> str:
    p = state.players[seat]
    was = start.players[seat] if start is not None else None
    before = o.before.players[seat]
    name = o.names[seat]
    ghosts = state.start_players >= 5 and state.settings.vengeful_ghosts
    tags = []
    if not state.over and state.active == seat:
        tags.append(shown("turn", mask, '<span class="dm-tag turn">ghost\'s turn</span>' if p.out
                          else '<span class="dm-tag turn">turn</span>', placeholder=""))
    if not state.over and state.pending is not None and seat != state.active and deciding(state) == seat:
        tags.append('<span class="dm-tag turn">choosing</span>')  # an asked player, Charm Ray, Burped-Up Bones
    if p.out or f"out:{name}" in mask:
        tags.append(shown(f"out:{name}", mask, '<span class="dm-tag ghost">☠ ghost</span>' if ghosts
                          else '<span class="dm-tag out">☠ knocked out</span>', placeholder=""))
    if p.disguised:
        tags.append('<span class="dm-tag disg">disguised</span>')
    if p.form:
        tags.append(f'<span class="dm-tag form">{esc(p.form.capitalize())} Form</span>')
    if p.next_trick and not p.out:
        tags.append('<span class="dm-tag effect">attacks hit every opponent</span>')
    if p.charm_ray and not p.out:
        tags.append('<span class="dm-tag effect">Charm Ray: picks attack targets</span>')
    if not state.over and state.active == seat and state.bonus:
        tags.append(f'<span class="dm-tag effect">attack cards +{state.bonus} this turn</span>')
    if not state.over and state.active == seat and state.pierce:
        tags.append('<span class="dm-tag effect">attacks ignore Defense this turn</span>')
    if state.over and state.winner == seat:
        tags.append(shown("winner", mask, '<span class="dm-tag win">winner</span>', placeholder=""))
    delta = ""
    if resolved and p.hp != before.hp:
        d = p.hp - before.hp
        delta = f' <span class="dm-delta">{"+" if d > 0 else "−"}{abs(d)}</span>'
    hp = shown(f"hp:{name}", mask, f'<span class="heart">♥</span> {p.hp}/10{delta}', placeholder="♥ ?/10",
               before=f"♥ {was.hp}/10" if was is not None else None)
    bar = "" if f"hp:{name}" in mask else (
        f'<div class="dm-bar" aria-hidden="true"><span class="w{p.hp * 10}"></span></div>')
    char_line = _TITLES.get(p.character, p.character)
    head = (f'<div class="dm-head"><span class="dm-who">{esc(name)}</span>'
            f'<span class="dm-hp">{hp}</span>{"".join(tags)}</div><div class="dm-char">{esc(char_line)}</div>{bar}')
    listed = o.listed[seat]
    def count(kind: str, zone: str) -> str:
        before = str(len(getattr(was, zone))) if was is not None else None
        return shown(f"{kind}:{name}", mask, str(len(getattr(p, zone))), before=before)

    counts = (f'<div class="dm-counts"><span>Hand {count("hand_size", "hand")}</span>'
              f'<span>Deck {count("deck", "deck")}</span><span>Discard {count("discard", "discard")}</span>'
              f'<span>Defense {count("defense", "defense")}</span></div>')
    # Defense cards in play; once plays are made, also the ones that left play since
    cards = []
    for cid, dmg in p.defense:
        owner = owner_of(cid)
        band = "Defense" if owner == seat else f"{o.names[owner]}'s"
        cards.append(card(type_of(cid), damage=dmg, band=band))
    if resolved:
        now = Counter(c for c, _ in p.defense)
        for cid, dmg in before.defense:
            if now[cid] > 0:
                now[cid] -= 1
                continue
            moved = any(cid in [c for c, _ in q.defense] for j, q in enumerate(state.players) if j != seat)
            cards.append(card(type_of(cid), damage=type_of(cid).shields if not moved else dmg, gone=True,
                              badge="taken" if moved else "destroyed", band="Defense",
                              aria=f"{card_name(cid)}, {'taken' if moved else 'destroyed'}"))
    defense_html = ""
    if cards or f"defense:{name}" in mask:
        inner = shown(f"defense:{name}", mask, f'<div class="rt-row">{"".join(cards)}</div>',
                      placeholder="Defense cards ?", tag="div")
        defense_html = f'<div class="dm-sub">Defense cards</div>{inner}'
    hand_html = ""
    if listed.get("hand") and (p.hand or f"hand:{name}" in mask):
        chips = shown(f"hand:{name}", mask, "".join(_chip(c) for c in p.hand), placeholder="hand ?")
        hand_html = f'<div class="dm-sub">Hand</div><div class="dm-hand">{chips}</div>'
    cls = ("rt-zone dm-seat dm-zone-out" if p.out else "rt-zone dm-seat") + f" seat-{seat}"
    aria = f"{name}, HP {'hidden' if f'hp:{name}' in mask else p.hp}"
    near = ""
    if len(state.players) >= 5:
        n = len(state.players)
        near = (f'<div class="dm-near">Sits between {esc(o.names[(seat - 1) % n])} (right) and '
                f'{esc(o.names[(seat + 1) % n])} (left)</div>')
    return (f'<section class="{cls}" aria-label="{esc(aria)}">{head}{near}{counts}{defense_html}{hand_html}'
            f'</section>')


def _plays(o: Outcome, plays: tuple[object, ...], illegal: bool) -> str:
    """The cards played up to the moment (as cards) and every choice made, in order."""
    cards: list[str] = []
    lines: list[str] = []
    for k, act in enumerate(plays):
        st = o.states[k] if k < len(o.states) else o.after
        actor = o.names[st.active]
        mark = " — illegal!" if illegal and k == len(plays) - 1 else ""
        verb, value, defense = act.verb, act.value, act.defense  # type: ignore[attr-defined]
        if verb == "play":
            try:
                t = dm.card_type(st.players[st.active].character, value)
            except ValueError:
                continue
            cards.append(card(t, played=True, band=f"{actor} plays", badge=str(len(cards) + 1)))
            lines.append(f"{actor} plays {t.name}{mark}")
            continue
        where = f"{value}'s {defense}" if defense else value
        kind = st.pending.kind if st.pending else ""
        if kind == "ghost":
            lines.append(f"The ghost of {actor} haunts {where}{mark}")
            continue
        text = {"target": ("overflow into " if kind == "soak" else "target: ") + where,
                "destroy": f"destroy {where}", "charm": f"take {where}", "choose": f"choose {value}",
                "recover": f"take back {value}", "option": value, "mirror": f"copy {where}"}[verb]
        decider = o.names[deciding(st)] if st.pending else actor  # an asked opponent, Charm Ray, Burped-Up Bones
        lines.append(f"{decider}: {text}{mark}")
    if not lines:
        return ""
    steps = "".join(f"<li>{esc(line)}</li>" for line in lines)
    row = f'<div class="rt-row">{"".join(cards)}</div>' if cards else ""
    return (f'<section class="rt-zone enemy" aria-label="Plays"><div class="rt-zone-label">Plays, in order</div>'
            f'{row}<ol class="dm-steps">{steps}</ol></section>')


def render(scn: Scenario, view: BoardView) -> str:
    """The table at the view's moment: the plays made so far, then every seat."""
    try:
        o: Outcome = view.outcome if view.outcome is not None else run(scn, [])[0]
    except SetupError as err:
        return f'<div class="rt-board dm"><p>{esc(err)}</p></div>'
    state = o.after
    resolved = bool(view.plays)
    zones = [_plays(o, view.plays, view.illegal is not None)]
    if state.over:
        result = "A draw: nobody is left standing" if state.winner is None else f"{o.names[state.winner]} wins"
        zones.append(shown("winner", view.mask, f'<div class="dm-result">{esc(result)}</div>', tag="div",
                           placeholder="The game is over?"))
    n = len(state.players)
    start = view.start.after if view.start is not None else None
    seats = "".join(_seat_zone(o, state, s, resolved, view.mask, start) for s in range(n))
    label = {"start": "Before the plays", "turn_end": "At the end of the turn", "next_turn": "The next turn has begun"
             }.get(view.point, "After the plays" if resolved else "Before the plays")
    if n >= 5:  # around a table: who sits next to whom (the Zone of Influence) can be seen
        seats += '<div class="dm-table-centre" aria-hidden="true">the table<br>↻ turns pass left</div>'
        zones.append(f'<div class="rt-zone-label">{esc(label)} · seated around the table, turns pass left</div>'
                     f'<div class="rt-players dm-ring dm-ring-{n}">{seats}</div>')
    else:
        zones.append(f'<div class="rt-zone-label">{esc(label)} · seats clockwise, turns pass left</div>'
                     f'<div class="rt-players">{seats}</div>')
    return f'<div class="rt-board dm">{"".join(zones)}</div>'


_SYMBOLS = {  # symbol: (glyph HTML, name, what it does)
    "attack": ('<span class="a">⚔</span>', "Attack", "each sword deals 1 damage to one opponent or one Defense card"),
    "shield": ('<span class="dm-sh big"></span>', "Defense", "the card stays in play; each shield absorbs 1 damage"),
    "heal": ('<span class="h">♥</span>', "Heal", "each heart heals 1, up to 10"),
    "draw": ('<span class="d">🂠</span>', "Draw", "each draw symbol draws 1 card"),
    "play_again": ('<span class="p">⚡</span>', "Play Again", "each lightning: play one more card this turn"),
    "mighty_power": ('<span class="m">★</span>', "Mighty Power", "do what the card says"),
}


def slide_symbols(names: list[str]) -> str:
    """The symbols a rule slide teaches, drawn as they appear on the cards, each with its name."""
    tiles = []
    for name in names:
        glyph, title, what = _SYMBOLS[name]
        tiles.append(f'<div class="dm-symbol" role="img" aria-label="{esc(title)}: {esc(what)}">'
                     f'<div class="dm-sym dm-symbol-glyph">{glyph}</div><div class="dm-symbol-name">{esc(title)}</div>'
                     f'</div>')
    return f'<div class="rt-board dm rt-slide-cards"><div class="rt-row dm-symbols">{"".join(tiles)}</div></div>'


def slide_cards(names: list[str]) -> str:
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
    return f'<div class="rt-board dm rt-slide-cards"><div class="rt-row">{"".join(out)}</div></div>'


__all__ = ["render", "slide_cards"]
