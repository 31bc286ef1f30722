"""The Regicide board at a moment: the Castle and the current enemy, the table, the piles, the hands,
and the moves made so far this turn. Fields a question's answer would show are masked until the
learner has answered (``tutor.boards.BoardView.mask``).

Every word goes through the game's catalog (``_``, ``ngettext``: the strings of this file are extracted into
``locale/regicide.pot``); suits, ranks and the Jester are terms the language's terms file names."""

from __future__ import annotations

from typing import Callable

from engine import regicide as rg
from engine.core.errors import RulesError
from engine.core.effects import Key, legal, move
from engine.regicide.quantities import (
    CHOICE, DEFEATED, ENEMY_BLOCKED, ENEMY_CARD, ENEMY_DAMAGE, ENEMY_IMMUNE, ENEMY_SHIELD, MAX_HAND, NEED, RESULT,
    SOLO_JESTERS, TURN, hand_cards, hand_size, pile, yielded,
)
from engine.regicide.cards import (
    DIAMONDS, HEARTS, RANK_LETTERS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, card_symbol, card_value, is_royal,
    parse_card, rank, suit,
)
from engine.regicide.state import Phase
from tutor.games.regicide import View, Scenario, build_state, to_action
from tutor.games.regicide.position import seat_message, seat_phrase
from tutor.boards import BoardView
from tutor.boards.markup import esc, key_attr, keyed, shown
from tutor.boards.markup import label as lab
from tutor.speaking import in_game, term, tr

GAME = "regicide"
ENEMY = (ENEMY_CARD, DEFEATED)  # which enemy is in play: the Castle's order and how many are defeated
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
    return _("{rank} of {suit}").format(rank=term("rank", RANK_NAMES[rank(card)], GAME),
                                         suit=term("suit", SUIT_NAMES[suit(card)], GAME))


def _symbol(card: int) -> str:
    """'7♥', 'K♠', or the Jester's name."""
    return _jester() if card == 0 else card_symbol(card)


def _red(card: int) -> bool:
    return suit(card) in (DIAMONDS, HEARTS)


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
    letter, symbol = RANK_LETTERS[rank(card)], SUIT_SYMBOLS[suit(card)]
    if _red(card):
        cls.append("red")
    royal = is_royal(card)
    if royal:
        cls.append("royal")
    # TRANSLATORS: a royal card's label: its name ("King of Spades") and its value
    aria = (_("{card}, worth {value}").format(card=_card_name(card), value=card_value(card)) if royal
            else _card_name(card))
    pip = f"{letter}{symbol}" if royal else symbol
    corner = f'{esc(letter)}<br>{esc(symbol)}'
    return (f'<div class="{" ".join(cls)}" role="img" aria-label="{esc(aria)}">'
            f'<span class="rg-i">{corner}</span><span class="rg-p">{esc(pip)}</span>'
            f'<span class="rg-i b">{corner}</span></div>')


def _back(label: str, aria: str, size: str = "") -> str:
    return (f'<div class="rg-card back {size}" role="img" aria-label="{esc(aria)}">'
            f'<span class="rg-p">{esc(label)}</span></div>')


def _zone(label: str, body: str, tag: str = "", extra: str = "") -> str:
    tag_html = f' <span class="tag">{tag}</span>' if tag else ""
    return (f'<section class="rt-zone{extra}" aria-label="{esc(label)}"><div class="rt-zone-label">{lab(label)}'
            f'{tag_html}</div>{body}</section>')


def _pill(text: str, extra: str = "") -> str:
    return f'<span class="rg-pill{extra}">{esc(text)}</span>'


def _note(text: str, tag: str = "span") -> str:
    return f'<{tag} class="rg-note">{esc(text)}</{tag}>'


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Fields:
    """Board fields drawn from a position: each shows some quantities (keys) and is drawn from the state at the
    moment; a masked one reads "?", or "what it read before the plays → ?" when the question starts earlier."""

    def __init__(self, state: rg.State, mask: frozenset[Key], start: rg.State | None) -> None:
        self.state, self.mask, self.start = state, mask, start

    def __call__(self, keys: object, draw: Callable[[rg.State], str], *, text: Callable[[rg.State], str] | None = None,
                 placeholder: str = "?", tag: str = "span") -> str:
        """``draw(state)``: the field's HTML; ``text(state)``: how it reads as text (for "before → ?")."""
        before = None if self.start is None or text is None else text(self.start)
        return shown(keys, self.mask, draw(self.state), placeholder=placeholder, tag=tag, before=before)


def _immunity(state: rg.State) -> str:
    if state.immunity_cancelled:
        return _("Immunity cancelled")
    return _("Immune to {symbol} {suit}").format(symbol=SUIT_SYMBOLS[suit(state.enemy)],
                                                 suit=term("suit", SUIT_NAMES[suit(state.enemy)], GAME))


def _shield_text(state: rg.State) -> str:
    left = max(0, state.attack - state.shield)
    if state.shield:
        return _("Shield {shield} → attacks for {left}").format(shield=state.shield, left=left)
    return _("Shield {shield}").format(shield=0)


def _enemy_zone(state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> str:
    f = _Fields(state, mask, start)
    health = state.health
    pills = [f(ENEMY, lambda s: _pill(_("Attack {n}").format(n=s.attack)),
               text=lambda s: _("Attack {n}").format(n=s.attack)),
             f(ENEMY, lambda s: _pill(_("Health {n}").format(n=s.health)),
               text=lambda s: _("Health {n}").format(n=s.health))]
    shield = f((ENEMY_SHIELD, *ENEMY), lambda s: _pill(_shield_text(s)), text=_shield_text,
               placeholder=_("Shield {shield}").format(shield="?"))
    immune = f((ENEMY_IMMUNE, *ENEMY), lambda s: _pill(_immunity(s), " warn" if s.immunity_cancelled else ""),
               text=_immunity)
    pct = min(100, round(100 * state.damage / health)) // 5 * 5
    status = ""
    if state.phase == Phase.WON:
        status = _pill(_("Defeated: the players win"), " gone")
    elif state.phase == Phase.LOST:
        status = _pill(_("The players lose"), " warn")
    if status or RESULT in mask:
        status = shown(RESULT, mask, status, placeholder=_("result ?"))
    blocked = (shown(ENEMY_BLOCKED, mask, _note(_("Spades blocked by immunity so far: {n}").format(
        n=state.blocked_spades), "div"), tag="div") if state.blocked_spades else "")
    # TRANSLATORS: the damage dealt to the enemy so far, out of its health ("Damage 7 / 20"; "?" when hidden)
    damage_of = _("Damage {damage} / {health}")
    damage = f((ENEMY_DAMAGE, *ENEMY), lambda s: _pill(damage_of.format(damage=s.damage, health=s.health)),
               text=lambda s: damage_of.format(damage=s.damage, health=s.health),
               placeholder=damage_of.format(damage="?", health=health))
    bar_title = _("{damage}/{health} damage").format(damage=state.damage, health=health)
    bar = "" if any(k in mask for k in (ENEMY_DAMAGE, *ENEMY)) else keyed(
        (ENEMY_DAMAGE, *ENEMY), f'<div class="rg-bar" title="{esc(bar_title)}"><span class="w{pct}"></span></div>',
        "div")
    name = f(ENEMY, lambda s: esc(_cap(_card_name(s.enemy))), text=lambda s: _cap(_card_name(s.enemy)))
    stats = (f'<div class="rg-stats"><div class="rg-name">{name}</div>'
             f'<div class="rg-stat">{"".join(pills)}</div>'
             f'<div class="rg-stat">{damage}{status}</div>{bar}'
             f'<div class="rg-stat">{shield}{immune}</div>'
             f'{blocked}</div>')
    castle = _back(str(len(state.castle)), _("Castle: {n} enemies left below").format(n=len(state.castle)), "small")
    if any(k in mask for k in ENEMY) and start is not None:  # the enemy the question starts from, then a "?"
        enemy_card = (f'<div class="rt-masked-card" data-masked="{key_attr(ENEMY)}">'
                      f'{card_html(start.enemy, size="big")}<span>→ ?</span></div>')
    else:
        enemy_card = shown(ENEMY, mask, card_html(state.enemy, size="big"), placeholder="?", tag="div")
    in_castle = _("{n} left in the Castle")
    body = (f'<div class="rg-enemy">{enemy_card}{stats}'
            f'<div class="rg-pile">{shown((pile("castle"), DEFEATED), mask, castle, tag="div")}'
            f'{lab(_("Castle"))}</div></div>')
    tag = f((pile("castle"), DEFEATED), lambda s: esc(in_castle.format(n=len(s.castle))), text=lambda s: in_castle.format(n=len(s.castle)),
            placeholder=in_castle.format(n="?"))
    return _zone(_("Enemy"), body, tag, " enemy")


def _piles_zone(state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> str:
    f = _Fields(state, mask, start)

    def table_html(s: rg.State) -> str:
        return "".join(card_html(c, size="small") for c in s.table) or _note(_("No cards played against this enemy yet"))

    table = f((pile("table", "cards"), DEFEATED), table_html, text=lambda s: " ".join(_symbol(c) for c in s.table) or _("no cards"),
              placeholder=_("table ?"), tag="div")
    tavern = _back(str(len(state.tavern)), _("Tavern: {n} cards").format(n=len(state.tavern)), "small")
    top = state.discard[0] if state.discard else None
    empty = esc(_("empty discard pile"))
    discard = (card_html(top, size="small") if top is not None
               else f'<div class="rg-card small empty" role="img" aria-label="{empty}"></div>')
    # TRANSLATORS: a pile's label and its size ("Tavern 26"); {n} is the number of cards, or "?" when hidden
    tavern_n = lab(_("Tavern {n}")).format(n=f(pile("tavern"), lambda s: str(len(s.tavern)),
                                                  text=lambda s: str(len(s.tavern))))
    discard_n = lab(_("Discard {n}")).format(n=f(pile("discard"), lambda s: str(len(s.discard)),
                                                    text=lambda s: str(len(s.discard))))
    piles = (f'<div class="rg-pile">{shown(pile("tavern"), mask, tavern, tag="div")}{tavern_n}</div>'
             f'<div class="rg-pile">{shown((pile("discard", "cards"), pile("discard")), mask, discard, tag="div")}'
             f'{discard_n}</div>')
    if state.players == 1:
        jesters = _back(str(state.solo_jesters), _("solo Jesters left"), "small")
        jesters_n = lab(_("Solo Jesters {n}")).format(n=shown(SOLO_JESTERS, mask, str(state.solo_jesters)))
        piles += (f'<div class="rg-pile">{shown(SOLO_JESTERS, mask, jesters, tag="div")}'
                  f'{jesters_n}</div>')
    heading = lab(_("Table (played against this enemy)"), "div", "rg-note")
    body = (f'<div class="rt-row rg-table-row"><div class="rg-table">{heading}'
            f'<div class="rg-hand">{table}</div></div><div class="rg-piles">{piles}</div></div>')
    return _zone(_("Table and piles"), body)


def _hands_zone(scn: Scenario, state: rg.State, mask: frozenset[Key], start: rg.State | None = None) -> str:
    zones = []
    for seat, hand in enumerate(state.hands):  # engine index; _seat labels it from 1 ('Seat 1')
        n = seat + 1
        mine = seat == state.current
        open_ = mine or scn.setup.open_hands
        if open_:
            body = shown(hand_cards(n), mask, "".join(card_html(c) for c in hand) or _note(_("Empty hand")),
                         placeholder=_("hand ?"), tag="div")
        else:
            body = shown((hand_size(n), hand_cards(n)), mask,
                         _back(str(len(hand)), _("{n} cards, face down").format(n=len(hand))),
                         placeholder=_("hand ?"), tag="div")
        tags = []
        if mine and not rg.is_terminal(state) and not state.step:  # inside a turn no choice is open (State.step)
            doing = {Phase.PLAY: _("to play"), Phase.DISCARD: _("must discard"),
                     Phase.JESTER_CHOICE: _("names the next player")}.get(state.phase, "")
            tags.append(shown((TURN, CHOICE), mask, esc(doing)))
            if state.phase == Phase.DISCARD:
                # TRANSLATORS: the value a player must still discard ("at least 7"; "?" when hidden)
                at_least = _("at least {n}")
                tags.append(shown(NEED, mask, esc(at_least.format(n=state.need)), placeholder=at_least.format(n="?")))
        if state.yielded[seat] or yielded(n) in mask:
            tags.append(shown(yielded(n), mask, esc(_("yielded last turn"))))
        tag_html = "".join(f' <span class="tag">{t}</span>' for t in tags if t)
        size = shown(hand_size(n), mask, str(len(hand)),
                     before=None if start is None else str(len(start.hands[seat])))
        limit = shown(MAX_HAND, mask, str(state.max_hand))
        who = _seat(scn, seat)
        # TRANSLATORS: a hand's label: the seat, the cards in hand out of the hand limit ("Seat 1 · 5/7 cards")
        label = lab(_("{seat} · {size}/{limit} cards")).format(seat=esc(who), size=size, limit=limit)
        zones.append(f'<section class="rt-zone" aria-label="{esc(who)}"><div class="rt-zone-label">'
                     f'{label}{tag_html}</div><div class="rg-hand">{body}</div></section>')
    return f'<div class="rt-players">{"".join(zones)}</div>'


def _moves_zone(scn: Scenario, plays: tuple[object, ...], illegal: bool, mask: frozenset[Key]) -> str:
    """The moves made up to the moment, in order (the last one marked if it is illegal)."""
    if not plays:
        return ""
    items = []
    state = build_state(scn)
    for k, act in enumerate(plays):
        action = to_action(act)  # type: ignore[arg-type]
        who = f"<strong>{esc(_seat(scn, state.current))}</strong>"
        bad = ""
        if illegal and k == len(plays) - 1:  # the verdict on the play: what a legality question reads
            bad = " " + shown((legal(k + 1), legal()), mask, esc(_("illegal")), tag="span", placeholder="?")
            bad = bad.replace('class="rt-field"', 'class="rt-field tag"', 1).replace('class="rt-masked"',
                                                                                 'class="rt-masked tag"', 1)
        if isinstance(action, (rg.Play, rg.Discard)):
            # TRANSLATORS: a move on the board; the cards follow it, drawn
            verb = _("{player} plays") if isinstance(action, rg.Play) else _("{player} discards")
            cards = "".join(card_html(c, size="small", played=True) for c in action.cards)
            line = f'<span>{esc(verb).format(player=who)}{bad}</span><div class="rg-hand">{cards}</div>'
        elif isinstance(action, rg.Yield):
            line = "<span>" + esc(_("{player} yields")).format(player=who) + f"{bad}</span>"
        elif isinstance(action, rg.ChooseNext):
            line = "<span>" + esc(_("{player} names {seat} to go next")).format(
                player=who, seat=esc(tr(seat_phrase(scn, action.seat), GAME, capitalise=False))) + f"{bad}</span>"
        else:
            line = "<span>" + esc(_("{player} flips a set-aside Jester")).format(player=who) + f"{bad}</span>"
        items.append(keyed(move(k + 1), line, "li"))
        try:
            state = rg.apply(state, action)
        except RulesError:
            continue  # the refused move (the list marks it) leaves the position as it was
    return _zone(_("The moves"), f'<ol class="rg-moves">{"".join(items)}</ol>')


def render(scn: Scenario, view: BoardView) -> str:
    """The position at the view's moment, with the moves made up to then."""
    out: View | None = view.outcome
    state = out.state if out is not None else build_state(scn)
    start = view.start.state if view.start is not None else None
    body = (_moves_zone(scn, view.plays, view.illegal is not None, view.mask) + _enemy_zone(state, view.mask, start)
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
