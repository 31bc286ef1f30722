"""The Regicide board at a moment: the Castle and the current enemy, the table, the piles, the hands,
and the moves made so far this turn. Fields a question's answer would show are masked until the
learner has answered (``ui.boards.BoardView.mask``).

Every word goes through the game's catalog (``_``, ``ngettext``: the strings of this file are extracted into
``locale/regicide.pot``); suits, ranks and the Jester are terms the language's terms file names."""

from __future__ import annotations

from engine import regicide as rg
from engine.regicide.cards import (
    RANK_LETTERS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, card_symbol, card_value, parse_card,
)
from engine.regicide.state import Phase
from tutor.games.regicide import Outcome, Scenario, build_state, to_action
from tutor.games.regicide.position import seat_message, seat_phrase
from ui.boards import BoardView
from ui.html import esc, shown
from ui.i18n import in_game, term, tr

GAME = "regicide"
_, ngettext = in_game(GAME)


def _seat(scn: Scenario, seat: int) -> str:
    """A seat as a label ('Seat 1', 'Seat 1 (Ana)'), in the learner's language."""
    return tr(seat_message(scn, seat), GAME)


def _jester() -> str:
    return term("rank", "Jester", GAME)


def _card_name(card: int) -> str:
    """'King of Spades', 'Jester' (a label, no article)."""
    if card == 0:
        return _jester()
    # TRANSLATORS: a card's name as a label ("King of Spades"); rank and suit are the terms of the language
    return _("{rank} of {suit}").format(rank=term("rank", RANK_NAMES[card >> 2], GAME),
                                         suit=term("suit", SUIT_NAMES[card & 3], GAME))


def _symbol(card: int) -> str:
    """'7♥', 'K♠', or the Jester's name."""
    return _jester() if card == 0 else card_symbol(card)


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
        name = _jester()
        return (f'<div class="{" ".join(cls)}" role="img" aria-label="{esc(name)}">'
                f'<span class="rg-i">★</span><span class="rg-p">{esc(name.upper())}</span>'
                '<span class="rg-i b">★</span></div>')
    rank, suit = RANK_LETTERS[card >> 2], SUIT_SYMBOLS[card & 3]
    if _red(card):
        cls.append("red")
    royal = card >> 2 >= 11
    if royal:
        cls.append("royal")
    # TRANSLATORS: a royal card's label: its name ("King of Spades") and its value
    aria = (_("{card}, worth {value}").format(card=_card_name(card), value=card_value(card)) if royal
            else _card_name(card))
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


def _pill(text: str, extra: str = "") -> str:
    return f'<span class="rg-pill{extra}">{esc(text)}</span>'


def _note(text: str, tag: str = "span") -> str:
    return f'<{tag} class="rg-note">{esc(text)}</{tag}>'


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _enemy_zone(state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    e = state.enemy
    attack, health = state.attack, state.health
    left = max(0, attack - state.shield)
    pills = [_pill(_("Attack {n}").format(n=attack)), _pill(_("Health {n}").format(n=health))]
    shield = (_pill(_("Shield {shield} → attacks for {left}").format(shield=state.shield, left=left)) if state.shield
              else _pill(_("Shield {shield}").format(shield=0)))
    immunity = _("Immune to {symbol} {suit}").format(symbol=SUIT_SYMBOLS[e & 3],
                                                     suit=term("suit", SUIT_NAMES[e & 3], GAME))
    immune = _pill(_("Immunity cancelled"), " warn") if state.immunity_cancelled else _pill(immunity)
    immune = shown("immunity", mask, immune, placeholder=_("immunity ?"))
    pct = min(100, round(100 * state.damage / health)) // 5 * 5
    status = ""
    if state.phase == Phase.WON:
        status = _pill(_("Defeated: the players win"), " gone")
    elif state.phase == Phase.LOST:
        status = _pill(_("The players lose"), " warn")
    if status or "result" in mask:
        status = shown("result", mask, status, placeholder=_("result ?"))
    blocked = (_note(_("Spades blocked by immunity so far: {n}").format(n=state.blocked_spades), "div")
               if state.blocked_spades else "")
    same = start is not None and start.enemy == e
    # TRANSLATORS: the damage dealt to the enemy so far, out of its health ("Damage 7 / 20"; "?" when hidden)
    damage_of = _("Damage {damage} / {health}")
    damage = shown("enemy:damage", mask, _pill(damage_of.format(damage=state.damage, health=health)),
                   placeholder=damage_of.format(damage="?", health=health),
                   before=damage_of.format(damage=start.damage, health=health) if same else None)
    bar_title = _("{damage}/{health} damage").format(damage=state.damage, health=health)
    bar = "" if "enemy:damage" in mask else (
        f'<div class="rg-bar" title="{esc(bar_title)}"><span class="w{pct}"></span></div>')
    name = _cap(_card_name(e))
    was = _cap(_card_name(start.enemy)) if start is not None else None
    shield_of = _("Shield {shield}")
    shield_html = shown("enemy:shield", mask, shield, placeholder=shield_of.format(shield="?"),
                        before=shield_of.format(shield=start.shield) if same else None)
    stats = (f'<div class="rg-stats"><div class="rg-name">{shown("enemy", mask, esc(name), before=was)}</div>'
             f'<div class="rg-stat">{"".join(pills)}</div>'
             f'<div class="rg-stat">{damage}{status}</div>{bar}'
             f'<div class="rg-stat">{shield_html}{immune}</div>'
             f'{blocked}</div>')
    castle = _back(str(len(state.castle)), _("Castle: {n} enemies left below").format(n=len(state.castle)), "small")
    if "enemy" in mask and start is not None:  # the enemy the question starts from, and a "?" for what follows
        enemy_card = f'<div class="rt-masked-card" data-masked="enemy">{card_html(start.enemy, size="big")}<span>→ ?</span></div>'
    else:
        enemy_card = shown("enemy", mask, card_html(e, size="big"), placeholder="?", tag="div")
    left = None if start is None else str(len(start.castle))
    castle_word = esc(_("Castle"))
    body = (f'<div class="rg-enemy">{enemy_card}{stats}'
            f'<div class="rg-pile">{shown("castle", mask, castle, tag="div", before=left)}'
            f'<span>{castle_word}</span></div></div>')
    in_castle = _("{n} left in the Castle")
    tag = shown("castle", mask, esc(in_castle.format(n=len(state.castle))), placeholder=in_castle.format(n="?"),
                before=None if left is None else in_castle.format(n=left))
    return _zone(_("Enemy"), body, tag, " enemy")


def _piles_zone(state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    table = "".join(card_html(c, size="small") for c in state.table)
    if not table:
        table = _note(_("No cards played against this enemy yet"))
    was = None if start is None else (" ".join(_symbol(c) for c in start.table) or _("no cards"))
    table = shown("table", mask, table, placeholder=_("table ?"), tag="div", before=was)
    tavern = _back(str(len(state.tavern)), _("Tavern: {n} cards").format(n=len(state.tavern)), "small")
    top = state.discard[0] if state.discard else None
    empty = esc(_("empty discard pile"))
    discard = (card_html(top, size="small") if top is not None
               else f'<div class="rg-card small empty" role="img" aria-label="{empty}"></div>')
    # TRANSLATORS: a pile's label and its size ("Tavern 26"); {n} is the number of cards, or "?" when hidden
    tavern_n = esc(_("Tavern {n}")).format(n=shown("pile:tavern", mask, str(len(state.tavern)),
                                                   before=_n(start, "tavern")))
    discard_n = esc(_("Discard {n}")).format(n=shown("pile:discard", mask, str(len(state.discard)),
                                                     before=_n(start, "discard")))
    piles = (f'<div class="rg-pile">{shown("pile:tavern", mask, tavern, tag="div")}<span>{tavern_n}</span></div>'
             f'<div class="rg-pile">{shown("pile:discard", mask, discard, tag="div")}<span>{discard_n}</span></div>')
    if state.players == 1:
        jesters = _back(str(state.solo_jesters), _("solo Jesters left"), "small")
        jesters_n = esc(_("Solo Jesters {n}")).format(n=shown("solo_jesters", mask, str(state.solo_jesters)))
        piles += (f'<div class="rg-pile">{shown("solo_jesters", mask, jesters, tag="div")}'
                  f'<span>{jesters_n}</span></div>')
    heading = _note(_("Table (played against this enemy)"), "div")
    body = (f'<div class="rt-row rg-table-row"><div class="rg-table">{heading}'
            f'<div class="rg-hand">{table}</div></div><div class="rg-piles">{piles}</div></div>')
    return _zone(_("Table and piles"), body)


def _n(start: rg.State | None, pile: str) -> str | None:
    return None if start is None else str(len(getattr(start, pile)))


def _hands_zone(scn: Scenario, state: rg.State, mask: frozenset[str], start: rg.State | None = None) -> str:
    zones = []
    for seat, hand in enumerate(state.hands):  # engine index; _seat labels it from 1 ('Seat 1')
        n = seat + 1
        mine = seat == state.current
        open_ = mine or scn.setup.open_hands
        if open_:
            body = "".join(card_html(c) for c in hand) or _note(_("Empty hand"))
        else:
            body = _back(str(len(hand)), _("{n} cards, face down").format(n=len(hand)))
        body = shown(f"hand:{n}", mask, body, placeholder=_("hand ?"), tag="div")
        tags = []
        if mine and not rg.is_terminal(state):
            doing = {Phase.PLAY: _("to play"), Phase.DISCARD: _("must discard"),
                     Phase.JESTER_CHOICE: _("names the next player")}.get(state.phase, "")
            tags.append(shown("turn", mask, esc(doing)))
            if state.phase == Phase.DISCARD:
                # TRANSLATORS: the value a player must still discard ("at least 7"; "?" when hidden)
                at_least = _("at least {n}")
                tags.append(shown("need", mask, esc(at_least.format(n=state.need)), placeholder=at_least.format(n="?")))
        if state.yielded[seat] or f"yielded:{n}" in mask:
            tags.append(shown(f"yielded:{n}", mask, esc(_("yielded last turn"))))
        tag_html = "".join(f' <span class="tag">{t}</span>' for t in tags if t)
        size = shown(f"hand_size:{n}", mask, str(len(hand)),
                     before=None if start is None else str(len(start.hands[seat])))
        limit = shown("max_hand", mask, str(state.max_hand))
        who = _seat(scn, seat)
        # TRANSLATORS: a hand's label: the seat, the cards in hand out of the hand limit ("Seat 1 · 5/7 cards")
        label = esc(_("{seat} · {size}/{limit} cards")).format(seat=esc(who), size=size, limit=limit)
        zones.append(f'<section class="rt-zone" aria-label="{esc(who)}"><div class="rt-zone-label">'
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
        who = f"<strong>{esc(_seat(scn, state.current))}</strong>"
        bad = ' <span class="tag">' + esc(_("illegal")) + "</span>" if illegal and k == len(plays) - 1 else ""
        if isinstance(action, (rg.Play, rg.Discard)):
            # TRANSLATORS: a move on the board; the cards follow it, drawn
            verb = _("{player} plays") if isinstance(action, rg.Play) else _("{player} discards")
            cards = "".join(card_html(c, size="small", played=True) for c in action.cards)
            items.append(f'<li><span>{esc(verb).format(player=who)}{bad}</span><div class="rg-hand">{cards}</div></li>')
        elif isinstance(action, rg.Yield):
            line = esc(_("{player} yields")).format(player=who)
            items.append(f"<li><span>{line}{bad}</span></li>")
        elif isinstance(action, rg.ChooseNext):
            line = esc(_("{player} names {seat} to go next")).format(
                player=who, seat=esc(tr(seat_phrase(scn, action.seat), GAME, capitalise=False)))
            items.append(f"<li><span>{line}{bad}</span></li>")
        else:
            line = esc(_("{player} flips a set-aside Jester")).format(player=who)
            items.append(f"<li><span>{line}{bad}</span></li>")
        try:
            state = rg.apply(state, action)
        except Exception:
            pass
    return _zone(_("The moves"), f'<ol class="rg-moves">{"".join(items)}</ol>')


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
