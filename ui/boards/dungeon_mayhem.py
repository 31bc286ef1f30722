"""The Dungeon Mayhem board: the cards being played, then every seat around the table.

Each seat shows its hit points, Defense cards with their remaining shields, the hand
(cards when the scenario lists them, else a count), deck and discard counts, and
whether the player is knocked out, a ghost, disguised, or taking their turn. Before
the answer the board shows the position before the plays; after it, the resolved one.
"""

from __future__ import annotations

from collections import Counter

from engine import dungeon_mayhem as dm
from engine.dungeon_mayhem.rules import deciding
from engine.dungeon_mayhem.cards import (
    AGAIN, ATTACK, CARD_TYPES, DRAW, FORM, FULL_NAMES, HEAL, POWER, SHIFT, CardType, card_name, owner_of, type_of,
)
from tutor.games.base import Solution
from tutor.games.dungeon_mayhem import Outcome, Scenario, SetupError, build, run
from ui.html import esc

# One colour per character, for the card borders, bands and chips (distinct hues, all dark enough for white text).
_COLOURS = {"Azzan": "#b98900", "Sutha": "#b3261e", "Lia": "#2f6db5", "Oriax": "#5b2c83",
            "Minsc": "#827717", "Jaheira": "#2e7d32", "Blorp": "#00838f", "Delilah": "#c2185b",
            "Tentaculous": "#455a64", "Hoots": "#e65100", "Cinderpuff": "#1a237e", "Mimi": "#6d4c41"}
_TITLES = FULL_NAMES
_POWER_NAMES = {"fireball": "Fireball", "charm": "Charm", "vampiric_touch": "Vampiric Touch",
                "whirling_axes": "Whirling Axes", "battle_roar": "Battle Roar", "mighty_toss": "Mighty Toss",
                "divine_inspiration": "Divine Inspiration", "banishing_smite": "Banishing Smite",
                "clever_disguise": "Clever Disguise", "sneak_attack": "Sneak Attack!", "pick_pocket": "Pick Pocket",
                **{t.power: t.name for t in CARD_TYPES if t.power and t.copy_of < 0 and t.character not in
                   ("Azzan", "Sutha", "Lia", "Oriax")}}
_WORDS = {ATTACK: ("⚔", "attack"), HEAL: ("♥", "heal"), DRAW: ("🂠", "draw"), AGAIN: ("⚡", "play again"),
          FORM: ("◐", "form symbol (a heart in Bear Form, a sword in Wolf Form)")}

_STYLE = """<style>
.dm .dm-sym { font-size:.95rem; line-height:1.15; padding:.1rem .3rem; font-family:'DejaVu Sans',sans-serif; }
.dm .dm-sym .a { color:#8a1c14; } .dm .dm-sym .h { color:#c8102e; } .dm .dm-sym .d { color:#1f3b4d; }
.dm .dm-sym .p { color:#b07b00; } .dm .dm-sym .m { color:#6b2c91; font-weight:800; }
.dm .dm-power { font-size:.56rem; font-weight:700; color:#6b2c91; padding:0 .3rem; }
.dm .dm-sh { display:inline-block; width:.72rem; height:.82rem; margin-right:.08rem; background:#1f3b4d;
  clip-path:polygon(0 0,100% 0,100% 55%,50% 100%,0 55%); vertical-align:-.1rem; }
.dm .dm-sh.hit { background:#c9c3b6; }
.dm .rt-card.dm-card { --c:var(--dmc,#888); }
.dm .rt-card.dm-gone { opacity:.55; }
.dm .rt-card.dm-gone .name { text-decoration:line-through; }
.dm .dm-head { display:flex; flex-wrap:wrap; align-items:center; gap:.35rem .6rem; margin-bottom:.35rem; }
.dm .dm-who { font-weight:800; font-size:1rem; }
.dm .dm-char { font-size:.72rem; opacity:.8; }
.dm .dm-hp { font-weight:800; font-size:1rem; font-family:'DejaVu Sans',sans-serif; }
.dm .dm-hp .heart { color:#ff6b81; }
.dm .dm-delta { font-size:.75rem; font-weight:700; border-radius:999px; padding:0 .35rem; background:rgba(0,0,0,.25); }
.dm .dm-bar { height:.35rem; background:rgba(0,0,0,.3); border-radius:3px; overflow:hidden; margin:.1rem 0 .35rem; }
.dm .dm-bar > span { display:block; height:100%; background:#4cc38a; }
.dm .dm-counts { display:flex; flex-wrap:wrap; gap:.3rem; font-size:.74rem; margin:.25rem 0; }
.dm .dm-counts span { background:rgba(255,255,255,.12); border-radius:6px; padding:.05rem .4rem; }
.dm .dm-tag { border-radius:999px; padding:0 .45rem; font-size:.7rem; font-weight:800; text-transform:uppercase; letter-spacing:.04em; }
.dm .dm-tag.turn { background:var(--gold); color:#1d2433; }
.dm .dm-tag.out { background:#111; color:#fff; }
.dm .dm-tag.ghost { background:#d6d9e6; color:#3a3f55; }
.dm .dm-tag.disg { background:#6b2c91; color:#fff; }
.dm .dm-tag.win { background:#1f7a44; color:#fff; }
.dm .dm-tag.form { background:#2e7d32; color:#fff; }
.dm .dm-tag.effect { background:#fff3cd; color:#5c4400; }
.dm .dm-sym .f { color:#2e7d32; font-weight:800; } .dm .dm-sym .sh { font-size:.62rem; font-weight:800; color:#2e7d32; }
.dm .dm-zone-out { opacity:.72; background:repeating-linear-gradient(135deg,rgba(0,0,0,.12),rgba(0,0,0,.12) 8px,rgba(0,0,0,0) 8px,rgba(0,0,0,0) 16px); }
.dm .dm-sub { font-size:.66rem; letter-spacing:.1em; text-transform:uppercase; opacity:.75; margin:.3rem 0 .2rem; }
.dm .dm-hand { display:flex; flex-wrap:wrap; gap:.3rem; }
.dm .dm-chip { background:#fffdf8; color:#1d2433; border-left:4px solid var(--dmc,#888); border-radius:6px; padding:.08rem .4rem;
  font-size:.72rem; font-weight:700; font-family:'DejaVu Sans',sans-serif; }
.dm .dm-chip .s { font-weight:400; margin-left:.25rem; }
.dm .dm-steps { margin:.7rem 0 0 1.1rem; padding:0; font-size:.8rem; }
.dm .dm-steps li { margin:.1rem 0; }
.dm .dm-result { font-weight:800; background:var(--gold); color:#1d2433; border-radius:8px; padding:.2rem .6rem; align-self:flex-start; }
.dm .rt-players.dm-many { grid-template-columns:repeat(auto-fit, minmax(min(100%, 8.8rem), 1fr)); }
@media (max-width: 480px) { .dm .dm-sym { font-size:.8rem; } .dm .dm-hp { font-size:.9rem; } }
</style>"""


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
    colour = _COLOURS.get(t.character, "#888")
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
    return (f'<div class="rt-slot"><div class="{" ".join(cls)}" style="--dmc:{colour}" role="img" aria-label="{esc(desc)}">'
            f'<div class="band">{esc(band or t.character)}</div><div class="name">{esc(t.name)}</div>'
            f'{shield_html}{sym_html}{power}{stats}{badge_html}</div></div>')


def _chip(cid: int) -> str:
    t = type_of(cid)
    shields = f'<span class="s">{_shields(t.shields, 0)}</span>' if t.shields else ""
    sym = f'<span class="s dm-sym">{_symbols(t)}</span>' if t.effects else ""
    return (f'<span class="dm-chip" style="--dmc:{_COLOURS.get(t.character, "#888")}" title="{esc(_describe(t))}" '
            f'aria-label="{esc(t.name + ": " + _describe(t))}">{esc(t.name)}{shields}{sym}</span>')


def _seat_zone(o: Outcome, state: dm.State, seat: int, resolved: bool) -> str:
    p = state.players[seat]
    before = o.before.players[seat]
    name = o.names[seat]
    ghosts = state.start_players >= 5 and state.settings.vengeful_ghosts
    tags = []
    if not state.over and state.active == seat:
        tags.append('<span class="dm-tag turn">ghost\'s turn</span>' if p.out else '<span class="dm-tag turn">turn</span>')
    if not state.over and state.pending is not None and seat != state.active and deciding(state) == seat:
        tags.append('<span class="dm-tag turn">choosing</span>')  # an asked player, Charm Ray, Burped-Up Bones
    if p.out:
        tags.append('<span class="dm-tag ghost">☠ ghost</span>' if ghosts else '<span class="dm-tag out">☠ knocked out</span>')
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
        tags.append('<span class="dm-tag win">winner</span>')
    delta = ""
    if resolved and p.hp != before.hp:
        d = p.hp - before.hp
        delta = f' <span class="dm-delta">{"+" if d > 0 else "−"}{abs(d)}</span>'
    pct = round(100 * p.hp / 10)
    char_line = _TITLES.get(p.character, p.character)
    head = (f'<div class="dm-head"><span class="dm-who">{esc(name)}</span>'
            f'<span class="dm-hp" aria-label="HP {p.hp} of 10"><span class="heart">♥</span> {p.hp}/10</span>{delta}'
            f'{"".join(tags)}</div><div class="dm-char">{esc(char_line)}</div>'
            f'<div class="dm-bar" aria-hidden="true"><span style="width:{pct}%"></span></div>')
    listed = o.listed[seat]
    counts = (f'<div class="dm-counts"><span>Hand {len(p.hand)}</span><span>Deck {len(p.deck)}</span>'
              f'<span>Discard {len(p.discard)}</span><span>Defense {len(p.defense)}</span></div>')
    # Defense cards in play; after the answer, also the ones that left play
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
            cards.append(card(type_of(cid), damage=type_of(cid).shields if not moved else dmg, gone=True, badge="taken" if moved else "destroyed",
                              band="Defense", aria=f"{card_name(cid)}, {'taken' if moved else 'destroyed'}"))
    defense_html = (f'<div class="dm-sub">Defense cards</div><div class="rt-row">{"".join(cards)}</div>' if cards else "")
    hand_html = ""
    if listed.get("hand") and p.hand:
        hand_html = f'<div class="dm-sub">Hand</div><div class="dm-hand">{"".join(_chip(c) for c in p.hand)}</div>'
    cls = "rt-zone dm-zone-out" if p.out else "rt-zone"
    return f'<section class="{cls}" aria-label="{esc(name)}">{head}{counts}{defense_html}{hand_html}</section>'


def _plays(scn: Scenario, o: Outcome) -> str:
    """The cards being played (as cards) and every choice made, in order."""
    cards: list[str] = []
    lines: list[str] = []
    for k, act in enumerate(scn.actions):
        st = o.states[k] if k < len(o.states) else o.after
        actor = o.names[st.active]
        illegal = o.illegal_index == k
        mark = " — illegal!" if illegal else ""
        if act.verb == "play":
            try:
                t = dm.card_type(st.players[st.active].character, act.value)
            except ValueError:
                continue
            cards.append(card(t, played=True, band=f"{actor} plays", badge=str(len(cards) + 1)))
            lines.append(f"{actor} plays {t.name}{mark}")
            continue
        where = f"{act.value}'s {act.defense}" if act.defense else act.value
        kind = st.pending.kind if st.pending else ""
        if kind == "ghost":
            lines.append(f"The ghost of {actor} haunts {where}{mark}")
            continue
        text = {"target": ("overflow into " if kind == "soak" else "target: ") + where,
                "destroy": f"destroy {where}", "charm": f"take {where}", "choose": f"choose {act.value}",
                "recover": f"take back {act.value}", "option": act.value, "mirror": f"copy {where}"}[act.verb]
        decider = o.names[deciding(st)] if st.pending else actor  # an asked opponent, Charm Ray, Burped-Up Bones
        lines.append(f"{decider}: {text}{mark}")
    if not lines:
        return ""
    steps = "".join(f"<li>{esc(line)}</li>" for line in lines)
    row = f'<div class="rt-row">{"".join(cards)}</div>' if cards else ""
    return (f'<section class="rt-zone enemy" aria-label="Plays"><div class="rt-zone-label">Plays, in order</div>'
            f'{row}<ol class="dm-steps">{steps}</ol></section>')


def render(scn: Scenario, solution: Solution | None = None) -> str:
    """The board before the plays (``solution`` None) or as the engine resolved them."""
    try:
        o: Outcome = solution.outcome if solution is not None else run(scn)[0]
    except SetupError as err:
        return f'<div class="rt-board dm">{_STYLE}<p>{esc(err)}</p></div>'
    resolved = solution is not None
    state = o.after if resolved else o.before
    zones = [_STYLE, _plays(scn, o)]
    if resolved and state.over:
        result = "A draw: nobody is left standing" if state.winner is None else f"{o.names[state.winner]} wins"
        zones.append(f'<div class="dm-result">{esc(result)}</div>')
    n = len(state.players)
    seats = "".join(_seat_zone(o, state, s, resolved) for s in range(n))
    label = "After the plays" if resolved else "Before the plays"
    zones.append(f'<div class="rt-zone-label">{esc(label)} · seats clockwise, turns pass left</div>'
                 f'<div class="rt-players{" dm-many" if n >= 5 else ""}">{seats}</div>')
    return f'<div class="rt-board dm">{"".join(zones)}</div>'


def slide_cards(names: list[str]) -> str:
    """Cards named on a rule slide: 'Divine Shield' or 'Lia: Divine Shield'."""
    out = []
    for name in names:
        who, _, nm = name.partition(":")
        if who.strip() not in _COLOURS:  # no character given ("Shapeshift: Wolf Form" is a card name)
            who, nm = "", name
        chars = [who.strip()] if who else list(_COLOURS)
        for ch in chars:
            try:
                t = dm.card_type(ch, nm.strip())
            except ValueError:
                continue
            out.append(card(t))
            break
    return f'<div class="rt-board dm" style="margin-top:.5rem">{_STYLE}<div class="rt-row">{"".join(out)}</div></div>'


__all__ = ["render", "slide_cards", "build"]
