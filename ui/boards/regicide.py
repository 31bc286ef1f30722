"""The Regicide board: the Castle and the current enemy, the table, the piles, then the hands.

Before the answer (``solution`` None) it shows the position before the plays and the
moves being made; after, the position the engine resolved.
"""

from __future__ import annotations

from engine import regicide as rg
from engine.regicide.cards import enemy_name, RANK_LETTERS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, card_value, parse_card
from engine.regicide.state import Phase
from tutor.games.base import Solution
from tutor.games.regicide import Outcome, Scenario, _seat_name, build_state, to_action
from ui.html import esc

_STYLE = """<style>
.rg-card{width:3.3rem;height:4.6rem;border-radius:7px;background:#fffdf8;color:#1d2433;border:1px solid #cfc6b4;
 box-shadow:0 2px 5px rgba(0,0,0,.35);position:relative;flex:none;font-family:Georgia,serif}
.rg-card.red{color:#c8102e}
.rg-card .rg-i{position:absolute;top:.18rem;left:.25rem;font-weight:800;font-size:.8rem;line-height:.95;text-align:center}
.rg-card .rg-i.b{top:auto;left:auto;bottom:.18rem;right:.25rem;transform:rotate(180deg)}
.rg-card .rg-p{position:absolute;inset:0;display:grid;place-items:center;font-size:1.55rem}
.rg-card.royal .rg-p{font-size:1.25rem;font-weight:800}
.rg-card.jester{background:linear-gradient(135deg,#fff7d6,#f3d77a);color:#6b2c91}
.rg-card.jester .rg-p{font-size:.5rem;font-weight:800;letter-spacing:0;font-family:system-ui,sans-serif}
.rg-card.small.jester .rg-p{font-size:.4rem}
.rg-card.big{width:4.8rem;height:6.7rem}.rg-card.big .rg-i{font-size:1.05rem}.rg-card.big .rg-p{font-size:2rem}
.rg-card.back{background:repeating-linear-gradient(45deg,#7a1f2e,#7a1f2e 5px,#922a3b 5px,#922a3b 10px);border-color:#5a1420;color:#fff}
.rg-card.back .rg-p{font-size:.85rem;font-weight:800;font-family:system-ui,sans-serif;text-shadow:0 1px 2px #000}
.rg-card.played{outline:3px dashed #d9a400;outline-offset:2px}
.rg-card.small{width:2.5rem;height:3.5rem}.rg-card.small .rg-i{font-size:.68rem}.rg-card.small .rg-p{font-size:1.1rem}
.rg-enemy{display:flex;gap:.7rem;align-items:flex-start;flex-wrap:wrap}
.rg-stats{display:flex;flex-direction:column;gap:.25rem;font-size:.85rem;min-width:9rem;flex:1}
.rg-stats .rg-name{font-weight:800;font-size:1rem}
.rg-stat{display:flex;gap:.4rem;flex-wrap:wrap;align-items:center}
.rg-pill{background:rgba(255,255,255,.16);border-radius:999px;padding:.05rem .5rem;font-weight:700;white-space:nowrap}
.rg-pill.warn{background:#d9a400;color:#1d2433}.rg-pill.gone{background:#1f7a44}
.rg-bar{height:.45rem;background:rgba(0,0,0,.3);border-radius:3px;overflow:hidden;max-width:14rem}
.rg-bar>span{display:block;height:100%;background:#c8102e}
.rg-piles{display:flex;gap:.9rem;flex-wrap:wrap;align-items:flex-end}
.rg-pile{display:flex;flex-direction:column;align-items:center;gap:.2rem;font-size:.72rem;opacity:.95}
.rg-moves{margin:0;padding:0;list-style:none;font-size:.85rem;display:flex;flex-wrap:wrap;gap:.4rem .9rem}
.rg-moves li{display:flex;flex-direction:column;gap:.15rem;background:rgba(0,0,0,.15);border-radius:8px;padding:.3rem .45rem}
.rg-hand{display:flex;flex-wrap:wrap;gap:.3rem;align-items:flex-end}
.rg-note{font-size:.75rem;opacity:.85}
@media (max-width:480px){.rg-card{width:2.9rem;height:4.1rem}.rg-card .rg-p{font-size:1.3rem}
 .rg-card.big{width:4.2rem;height:5.9rem}}
</style>"""


def _red(card: int) -> bool:
    return card != 0 and (card & 3) in (1, 2)


def card_html(card: int, *, size: str = "", played: bool = False) -> str:
    """One playing card (rank in the corners, suit symbol in the middle); the Jester as a jester card."""
    cls = ["rg-card"]
    if size:
        cls.append(size)
    if played:
        cls.append("played")
    if card == 0:
        cls.append("jester")
        return (f'<div class="{" ".join(cls)}" role="img" aria-label="Jester">'
                f'<span class="rg-i">★</span><span class="rg-p">JESTER</span><span class="rg-i b">★</span></div>')
    rank, suit = RANK_LETTERS[card >> 2], SUIT_SYMBOLS[card & 3]
    if _red(card):
        cls.append("red")
    royal = card >> 2 >= 11
    if royal:
        cls.append("royal")
    aria = f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}" + (f", worth {card_value(card)}" if royal else "")
    pip = f"{rank}{suit}" if royal else suit
    corner = f'{esc(rank)}<br>{esc(suit)}'
    return (f'<div class="{" ".join(cls)}" role="img" aria-label="{esc(aria)}">'
            f'<span class="rg-i">{corner}</span><span class="rg-p">{esc(pip)}</span>'
            f'<span class="rg-i b">{corner}</span></div>')


def _back(label: str, aria: str, size: str = "") -> str:
    return (f'<div class="rg-card back {size}" role="img" aria-label="{esc(aria)}">'
            f'<span class="rg-p">{esc(label)}</span></div>')


def _zone(label: str, body: str, tag: str = "", extra: str = "") -> str:
    tag_html = f' <span class="tag">{esc(tag)}</span>' if tag else ""
    return (f'<section class="rt-zone{extra}" aria-label="{esc(label)}"><div class="rt-zone-label">{esc(label)}'
            f'{tag_html}</div>{body}</section>')


def _enemy_zone(state: rg.State, defeated_now: bool) -> str:
    e = state.enemy
    attack, health = state.attack, state.health
    left = max(0, attack - state.shield)
    pills = [f'<span class="rg-pill">Attack {attack}</span>', f'<span class="rg-pill">Health {health}</span>']
    shield = (f'<span class="rg-pill">Shield {state.shield} → attacks for {left}</span>' if state.shield
              else '<span class="rg-pill">Shield 0</span>')
    immune = ('<span class="rg-pill warn">Immunity cancelled</span>' if state.immunity_cancelled
              else f'<span class="rg-pill">Immune to {esc(SUIT_SYMBOLS[e & 3])} {esc(SUIT_NAMES[e & 3])}</span>')
    pct = min(100, round(100 * state.damage / health))
    status = ""
    if state.phase == Phase.WON:
        status = '<span class="rg-pill gone">Defeated: the players win</span>'
    elif state.phase == Phase.LOST:
        status = '<span class="rg-pill warn">The players lose</span>'
    blocked = (f'<div class="rg-note">Spades blocked by immunity so far: {state.blocked_spades}</div>'
               if state.blocked_spades else "")
    stats = (f'<div class="rg-stats"><div class="rg-name">{esc(enemy_name(e).removeprefix("the ").title())}</div>'
             f'<div class="rg-stat">{"".join(pills)}</div>'
             f'<div class="rg-stat"><span class="rg-pill">Damage {state.damage} / {health}</span>{status}</div>'
             f'<div class="rg-bar" title="{state.damage}/{health} damage"><span style="width:{pct}%"></span></div>'
             f'<div class="rg-stat">{shield}{immune}</div>{blocked}</div>')
    castle = _back(str(len(state.castle)), f"Castle: {len(state.castle)} enemies left below", "small")
    body = (f'<div class="rg-enemy">{card_html(e, size="big")}{stats}'
            f'<div class="rg-pile">{castle}<span>Castle</span></div></div>')
    tag = f"{len(state.castle)} left in the Castle"
    return _zone("Enemy", body, tag, " enemy")


def _piles_zone(state: rg.State, table_played: list[int]) -> str:
    table = "".join(card_html(c, size="small") for c in state.table)
    table += "".join(card_html(c, size="small", played=True) for c in table_played)
    if not table:
        table = '<span class="rg-note">No cards played against this enemy yet</span>'
    tavern = _back(str(len(state.tavern)), f"Tavern: {len(state.tavern)} cards", "small")
    top = state.discard[0] if state.discard else None
    discard = (card_html(top, size="small") if top is not None
               else '<div class="rg-card small" style="opacity:.35" role="img" aria-label="empty discard pile"></div>')
    piles = (f'<div class="rg-pile">{tavern}<span>Tavern {len(state.tavern)}</span></div>'
             f'<div class="rg-pile">{discard}<span>Discard {len(state.discard)}</span></div>')
    if state.players == 1:
        piles += (f'<div class="rg-pile">{_back(str(state.solo_jesters), "solo Jesters left", "small")}'
                  f'<span>Solo Jesters {state.solo_jesters}</span></div>')
    body = (f'<div class="rt-row" style="align-items:flex-start;gap:1rem"><div style="flex:1;min-width:10rem">'
            f'<div class="rg-note" style="margin-bottom:.25rem">Table (played against this enemy)</div>'
            f'<div class="rg-hand">{table}</div></div><div class="rg-piles">{piles}</div></div>')
    return _zone("Table and piles", body)


def _hands_zone(scn: Scenario, state: rg.State, playing: dict[int, list[int]], resolved: bool) -> str:
    zones = []
    for seat, hand in enumerate(state.hands):  # engine index; _seat_name labels it from 1 ('Seat 1')
        mine = seat == state.current
        open_ = mine or scn.setup.open_hands
        marks = list(playing.get(seat, []))
        if open_:
            cards = []
            for c in hand:
                if c in marks:
                    marks.remove(c)
                    cards.append(card_html(c, played=True))
                else:
                    cards.append(card_html(c))
            body = "".join(cards) or '<span class="rg-note">Empty hand</span>'
        else:
            body = _back(str(len(hand)), f"{len(hand)} cards, face down")
        tags = []
        if mine and not rg.is_terminal(state):
            tags.append({Phase.PLAY: "to play", Phase.DISCARD: f"must discard {state.need}",
                         Phase.JESTER_CHOICE: "names the next player"}.get(state.phase, ""))
        if state.yielded[seat]:
            tags.append("yielded last turn")
        tag_html = "".join(f' <span class="tag">{esc(t)}</span>' for t in tags if t)
        label = f"{_seat_name(scn, seat)} · {len(hand)}/{state.max_hand} cards"
        zones.append(f'<section class="rt-zone" aria-label="{esc(_seat_name(scn, seat))}"><div class="rt-zone-label">'
                     f'{esc(label)}{tag_html}</div><div class="rg-hand">{body}</div></section>')
    return f'<div class="rt-players">{"".join(zones)}</div>'


def _moves_zone(scn: Scenario) -> str:
    if not scn.actions:
        return ""
    items = []
    state = build_state(scn)
    for act in scn.actions:
        action = to_action(act)
        who = _seat_name(scn, state.current)
        if isinstance(action, (rg.Play, rg.Discard)):
            verb = "plays" if isinstance(action, rg.Play) else "discards"
            cards = "".join(card_html(c, size="small", played=True) for c in action.cards)
            items.append(f'<li><span><strong>{esc(who)}</strong> {verb}</span><div class="rg-hand">{cards}</div></li>')
        elif isinstance(action, rg.Yield):
            items.append(f"<li><span><strong>{esc(who)}</strong> yields</span></li>")
        elif isinstance(action, rg.ChooseNext):
            items.append(f"<li><span><strong>{esc(who)}</strong> names {esc(_seat_name(scn, action.seat).lower())} to go next</span></li>")
        else:
            items.append(f"<li><span><strong>{esc(who)}</strong> flips a set-aside Jester</span></li>")
        try:
            state = rg.apply(state, action)
        except Exception:
            pass
    return _zone("This turn", f'<ol class="rg-moves">{"".join(items)}</ol>')


def render(scn: Scenario, solution: Solution | None = None) -> str:
    """The board before the plays (``solution`` None) or as the engine resolved it."""
    if solution is None:
        state = build_state(scn)
        playing: dict[int, list[int]] = {}
        # Mark the cards the current seat is about to play or discard (first move only: later moves happen later).
        if scn.actions:
            first = to_action(scn.actions[0])
            if isinstance(first, (rg.Play, rg.Discard)):
                playing[state.current] = list(first.cards)
        body = (_enemy_zone(state, False) + _piles_zone(state, []) + _hands_zone(scn, state, playing, False)
                + _moves_zone(scn))
    else:
        out: Outcome = solution.outcome
        state = out.state
        note = ""
        if solution.illegal is not None:
            note = _zone("Illegal", f'<div class="rg-note" style="font-size:.9rem">{esc(solution.illegal.reason)}</div>',
                         "the play is not allowed")
        body = note + _enemy_zone(state, True) + _piles_zone(state, []) + _hands_zone(scn, state, {}, True)
    return f'{_STYLE}<div class="rt-board">{body}</div>'


def slide_cards(names: list[str]) -> str:
    """Cards named on a rule slide (e.g. ['AS', '7D', 'JOKER'])."""
    cards = []
    for name in names:
        try:
            cards.append(card_html(parse_card(name)))
        except Exception:
            continue
    return f'{_STYLE}<div class="rg-hand" style="margin-top:.5rem">{"".join(cards)}</div>'
