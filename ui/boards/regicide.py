"""The Regicide board at a moment: the Castle and the current enemy, the table, the piles, the hands,
and the moves made so far this turn. Fields a question's answer would show are masked until the
learner has answered (``ui.boards.BoardView.mask``)."""

from __future__ import annotations

from engine import regicide as rg
from engine.regicide.cards import card_symbol, enemy_name, RANK_LETTERS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, card_value, parse_card
from engine.regicide.state import Phase
from tutor.games.regicide import Outcome, Scenario, _seat_name, build_state, to_action
from ui.boards import BoardView
from ui.html import esc, shown




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
    tag_html = f' <span class="tag">{tag}</span>' if tag else ""
    return (f'<section class="rt-zone{extra}" aria-label="{esc(label)}"><div class="rt-zone-label">{esc(label)}'
            f'{tag_html}</div>{body}</section>')


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _enemy_zone(state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    e = state.enemy
    attack, health = state.attack, state.health
    left = max(0, attack - state.shield)
    pills = [f'<span class="rg-pill">Attack {attack}</span>', f'<span class="rg-pill">Health {health}</span>']
    shield = (f'<span class="rg-pill">Shield {state.shield} → attacks for {left}</span>' if state.shield
              else '<span class="rg-pill">Shield 0</span>')
    immune = ('<span class="rg-pill warn">Immunity cancelled</span>' if state.immunity_cancelled
              else f'<span class="rg-pill">Immune to {esc(SUIT_SYMBOLS[e & 3])} {esc(SUIT_NAMES[e & 3])}</span>')
    pct = min(100, round(100 * state.damage / health)) // 5 * 5
    status = ""
    if state.phase == Phase.WON:
        status = '<span class="rg-pill gone">Defeated: the players win</span>'
    elif state.phase == Phase.LOST:
        status = '<span class="rg-pill warn">The players lose</span>'
    if status or "result" in mask:
        status = shown("result", mask, status, placeholder="result ?")
    blocked = (f'<div class="rg-note">Spades blocked by immunity so far: {state.blocked_spades}</div>'
               if state.blocked_spades else "")
    same = start is not None and start.enemy == e
    damage = shown("enemy:damage", mask, f'<span class="rg-pill">Damage {state.damage} / {health}</span>',
                   placeholder=f"Damage ? / {health}", before=f"Damage {start.damage} / {health}" if same else None)
    bar = "" if "enemy:damage" in mask else (
        f'<div class="rg-bar" title="{state.damage}/{health} damage"><span class="w{pct}"></span></div>')
    name = _cap(enemy_name(e).removeprefix("the "))
    was = _cap(enemy_name(start.enemy).removeprefix("the ")) if start is not None else None
    stats = (f'<div class="rg-stats"><div class="rg-name">{shown("enemy", mask, esc(name), before=was)}</div>'
             f'<div class="rg-stat">{"".join(pills)}</div>'
             f'<div class="rg-stat">{damage}{status}</div>{bar}'
             f'<div class="rg-stat">{shown("enemy:shield", mask, shield, placeholder="Shield ?", before=f"Shield {start.shield}" if same else None)}{immune}</div>'
             f'{blocked}</div>')
    castle = _back(str(len(state.castle)), f"Castle: {len(state.castle)} enemies left below", "small")
    if "enemy" in mask and start is not None:  # the enemy the question starts from, and a "?" for what follows
        enemy_card = f'<div class="rt-masked-card" data-masked="enemy">{card_html(start.enemy, size="big")}<span>→ ?</span></div>'
    else:
        enemy_card = shown("enemy", mask, card_html(e, size="big"), placeholder="?", tag="div")
    left = None if start is None else str(len(start.castle))
    body = (f'<div class="rg-enemy">{enemy_card}{stats}'
            f'<div class="rg-pile">{shown("castle", mask, castle, tag="div", before=left)}<span>Castle</span></div></div>')
    tag = shown("castle", mask, f"{len(state.castle)} left in the Castle", placeholder="? left in the Castle",
                before=None if left is None else f"{left} left in the Castle")
    return _zone("Enemy", body, tag, " enemy")


def _piles_zone(state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    table = "".join(card_html(c, size="small") for c in state.table)
    if not table:
        table = '<span class="rg-note">No cards played against this enemy yet</span>'
    was = None if start is None else (" ".join(card_symbol(c) for c in start.table) or "no cards")
    table = shown("table", mask, table, placeholder="table ?", tag="div", before=was)
    tavern = _back(str(len(state.tavern)), f"Tavern: {len(state.tavern)} cards", "small")
    top = state.discard[0] if state.discard else None
    discard = (card_html(top, size="small") if top is not None
               else '<div class="rg-card small empty" role="img" aria-label="empty discard pile"></div>')
    piles = (f'<div class="rg-pile">{shown("pile:tavern", mask, tavern, tag="div")}'
             f'<span>Tavern {shown("pile:tavern", mask, str(len(state.tavern)), before=_n(start, "tavern"))}</span></div>'
             f'<div class="rg-pile">{shown("pile:discard", mask, discard, tag="div")}'
             f'<span>Discard {shown("pile:discard", mask, str(len(state.discard)), before=_n(start, "discard"))}</span></div>')
    if state.players == 1:
        jesters = _back(str(state.solo_jesters), "solo Jesters left", "small")
        piles += (f'<div class="rg-pile">{shown("solo_jesters", mask, jesters, tag="div")}'
                  f'<span>Solo Jesters {shown("solo_jesters", mask, str(state.solo_jesters))}</span></div>')
    body = (f'<div class="rt-row rg-table-row"><div class="rg-table">'
            f'<div class="rg-note">Table (played against this enemy)</div>'
            f'<div class="rg-hand">{table}</div></div><div class="rg-piles">{piles}</div></div>')
    return _zone("Table and piles", body)


def _n(start: rg.State | None, pile: str) -> str | None:
    return None if start is None else str(len(getattr(start, pile)))


def _hands_zone(scn: Scenario, state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    zones = []
    for seat, hand in enumerate(state.hands):  # engine index; _seat_name labels it from 1 ('Seat 1')
        n = seat + 1
        mine = seat == state.current
        open_ = mine or scn.setup.open_hands
        if open_:
            body = "".join(card_html(c) for c in hand) or '<span class="rg-note">Empty hand</span>'
        else:
            body = _back(str(len(hand)), f"{len(hand)} cards, face down")
        body = shown(f"hand:{n}", mask, body, placeholder="hand ?", tag="div")
        tags = []
        if mine and not rg.is_terminal(state):
            tags.append(shown("turn", mask, esc({Phase.PLAY: "to play", Phase.DISCARD: "must discard",
                                                 Phase.JESTER_CHOICE: "names the next player"}.get(state.phase, ""))))
            if state.phase == Phase.DISCARD:
                tags.append(shown("need", mask, esc(f"at least {state.need}"), placeholder="at least ?"))
        if state.yielded[seat] or f"yielded:{n}" in mask:
            tags.append(shown(f"yielded:{n}", mask, "yielded last turn"))
        tag_html = "".join(f' <span class="tag">{t}</span>' for t in tags if t)
        size = shown(f"hand_size:{n}", mask, str(len(hand)),
                     before=None if start is None else str(len(start.hands[seat])))
        limit = shown("max_hand", mask, str(state.max_hand))
        label = f"{esc(_seat_name(scn, seat))} · {size}/{limit} cards"
        zones.append(f'<section class="rt-zone" aria-label="{esc(_seat_name(scn, seat))}"><div class="rt-zone-label">'
                     f'{label}{tag_html}</div><div class="rg-hand">{body}</div></section>')
    return f'<div class="rt-players">{"".join(zones)}</div>'


def _moves_zone(scn: Scenario, plays: tuple[object, ...], illegal: bool) -> str:
    """The moves made up to the moment, in order (the last one marked if it is illegal)."""
    if not plays:
        return ""
    items = []
    state = build_state(scn)
    for k, act in enumerate(plays):
        action = to_action(act)  # type: ignore[arg-type]
        who = _seat_name(scn, state.current)
        bad = ' <span class="tag">illegal</span>' if illegal and k == len(plays) - 1 else ""
        if isinstance(action, (rg.Play, rg.Discard)):
            verb = "plays" if isinstance(action, rg.Play) else "discards"
            cards = "".join(card_html(c, size="small", played=True) for c in action.cards)
            items.append(f'<li><span><strong>{esc(who)}</strong> {verb}{bad}</span><div class="rg-hand">{cards}</div></li>')
        elif isinstance(action, rg.Yield):
            items.append(f"<li><span><strong>{esc(who)}</strong> yields{bad}</span></li>")
        elif isinstance(action, rg.ChooseNext):
            items.append(f"<li><span><strong>{esc(who)}</strong> names {esc(_seat_name(scn, action.seat).lower())} "
                         f"to go next{bad}</span></li>")
        else:
            items.append(f"<li><span><strong>{esc(who)}</strong> flips a set-aside Jester{bad}</span></li>")
        try:
            state = rg.apply(state, action)
        except Exception:
            pass
    return _zone("The moves", f'<ol class="rg-moves">{"".join(items)}</ol>')


def render(scn: Scenario, view: BoardView) -> str:
    """The position at the view's moment, with the moves made up to then."""
    out: Outcome | None = view.outcome
    state = out.state if out is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    body = (_moves_zone(scn, view.plays, view.illegal is not None) + _enemy_zone(state, view.mask, start)
            + _piles_zone(state, view.mask, start) + _hands_zone(scn, state, view.mask, start))
    return f'<div class="rt-board rg">{body}</div>'


def slide_cards(names: list[str]) -> str:
    """Cards named on a rule slide (e.g. ['AS', '7D', 'JOKER'])."""
    cards = []
    for name in names:
        try:
            cards.append(card_html(parse_card(name)))
        except Exception:
            continue
    return f'<div class="rg-hand rt-slide-cards">{"".join(cards)}</div>'
