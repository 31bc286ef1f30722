"""Regicide's heuristic bot: a look-ahead over the rest of its own turn, scored by a value of the position.

For each legal move the bot plays the rest of its turn on a copy of the board (the engine's own turn code, no
log): the play, then the enemy's attack it must pay (each minimal discard the engine lists, and a solo Jester
flip), or the next player it names after a Jester; it keeps the best line and scores the position that line
reaches with :func:`value`. The rules of thumb that make up the value are listed, a sentence each, in
:mod:`tutor.play.bots`. It is the Regicide play hook's ``choose``.

The bot plays on what its seat may know: before looking ahead it shuffles the copy's Tavern with its seeded
``rng`` (an enemy that went on top after an exact kill stays there: everybody saw it), so a Diamonds draw it
imagines is a draw it could make, not the card it would really get; other players' hands count by their size and
the average unseen card, except when a Jester's player names the next player (the rules let players say then,
in general terms, who has a good play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.message import Message, msg, plural
from engine.regicide.cards import ACE, CLUBS, DIAMONDS, HEARTS, JOKER, SPADES, SUIT_BIT, VALUE, rank
from engine.regicide.menus import discard_menu, play_menu
from engine.regicide.resolve import (
    ATTACK,
    HEALTH,
    P_CHOICE,
    P_DISCARD,
    P_LOST,
    P_PLAY,
    P_WON,
    do_choose,
    do_discard,
    do_play,
    do_solo_jester,
    do_yield,
)
from engine.regicide.state import Board

WIN = 1e9
LOSE = -1e9
_C, _D, _H, _S = (1 << CLUBS), (1 << DIAMONDS), (1 << HEARTS), (1 << SPADES)


@dataclass(frozen=True)
class Weights:
    """The weights of :func:`value` (tuned on seeded games apart from the bench's and the tests' seeds)."""

    kill: float = 50.0
    """Each enemy defeated, on top of the health it took (rule 2)."""
    progress: float = 3.0
    """Each point of health taken from the enemies (rule 2)."""
    top_royal: float = 0.5
    """Each point of value of an enemy an exact kill put on top of the Tavern (rule 2)."""
    plan_ok: float = 30.0
    """A hand that can defeat the current enemy on its own (rule 3)."""
    plan_rest: float = 0.5
    """How much of the worth of the cards that hand keeps counts (rule 3)."""
    plan_short: float = 1.5
    """Each point of health the hand alone falls short of (rule 3)."""
    danger: float = 45.0
    """A hand that falls short with no solo Jester left to flip (rule 3)."""
    danger_with_jester: float = 0.0
    """How much of the danger counts while a solo Jester is left (rule 6)."""
    team_share: float = 0.2
    """With 2-4 players, how much of a hand's shortfall counts: the others fight the same enemy (rule 3)."""
    card: float = 3.0
    """Each card in a hand, on top of its value (rule 4)."""
    small_hand: float = 0.67
    """What each card counts for more per card the hand limit is below solo's 8 (rule 4)."""
    hand: float = 1.0
    """Each point of card value in a hand (rule 4)."""
    jester_card: float = 18.0
    """A Jester in hand (3-4 players, rule 4)."""
    diamond: float = 4.0
    """Each card a Diamond in hand could draw for the table (rule 5)."""
    tavern: float = 3.0
    """Each card left in the Tavern (rule 5)."""
    solo_jester: float = 110.0
    """A solo Jester not yet flipped (rule 6)."""


W = Weights()


# ---------------------------------------------------------------------------------------- boards


def _clone(b: Board) -> Board:
    c = Board.__new__(Board)
    c.players, c.settings, c.max_hand, c.enemy = b.players, b.settings, b.max_hand, b.enemy
    c.damage, c.shield, c.immune, c.blocked = b.damage, b.shield, b.immune, b.blocked
    c.table, c.castle, c.tavern, c.discard = b.table[:], b.castle[:], b.tavern[:], b.discard[:]
    c.hands = [h[:] for h in b.hands]
    c.current, c.phase, c.need, c.yielded = b.current, b.phase, b.need, b.yielded[:]
    c.solo, c.aside, c.defeated, c.end_rule, c.step = b.solo, b.aside, b.defeated, b.end_rule, 0
    return c


def _hidden_order(b: Board, rng: random.Random) -> None:
    """Shuffle the Tavern below the royals on its top (exact kills everybody saw): the bot cannot know its order."""
    top = 0
    while top < len(b.tavern) and rank(b.tavern[-1 - top]) > 10:
        top += 1
    rest = b.tavern[:len(b.tavern) - top]
    rng.shuffle(rest)
    b.tavern[:len(b.tavern) - top] = rest


def _code(action: Any) -> tuple[str, Any]:
    from engine import regicide as rg

    if isinstance(action, rg.Play):
        return "play", action.cards
    if isinstance(action, rg.Discard):
        return "discard", action.cards
    if isinstance(action, rg.ChooseNext):
        return "choose", action.seat
    if isinstance(action, rg.Yield):
        return "yield", None
    return "flip", None


def _do(b: Board, kind: str, payload: Any) -> Board:
    c = _clone(b)
    if kind == "play":
        do_play(c, payload, None, None)
    elif kind == "discard":
        do_discard(c, payload, None)
    elif kind == "choose":
        do_choose(c, payload, None)
    elif kind == "yield":
        do_yield(c, None)
    else:
        do_solo_jester(c, None)
    return c


# ---------------------------------------------------------------------------------- the value


def best_damage(hand: list[int], enemy: int, immune: bool) -> int:
    """The most damage one play from ``hand`` deals to ``enemy`` (Clubs doubling unless the enemy is immune)."""
    block = SUIT_BIT[enemy] if immune else 0
    best = 0
    for idx in play_menu(hand):
        x = bits = 0
        for i in idx:
            x += VALUE[hand[i]]
            bits |= SUIT_BIT[hand[i]]
        d = x + x if bits & _C & ~block else x
        if d > best:
            best = d
    return best


def _unseen_mean(b: Board, me: int) -> float:
    """The average value of a card this seat cannot see (the Tavern and the other hands)."""
    cards = list(b.tavern)
    for s, h in enumerate(b.hands):
        if s != me:
            cards.extend(h)
    return sum(VALUE[c] for c in cards) / len(cards) if cards else 0.0


def _card_weight(max_hand: int, w: Weights) -> float:
    """What a card counts for on top of its value: more where hands are smaller (rule 4)."""
    return w.card + w.small_hand * (8 - max_hand)


def _hand_worth(hand: list[int], w: Weights, b: Board | None = None) -> float:
    v = 0.0
    room = sum(b.max_hand - len(h) for h in b.hands) + 1 if b is not None else 0  # Diamonds draw for everyone
    card = _card_weight(b.max_hand, w) if b is not None else w.card
    for c in hand:
        v += card + w.hand * VALUE[c]
        if c == JOKER:
            v += w.jester_card
            continue
        if rank(c) == ACE:
            v += 2.0  # an Ace pairs with any card
        if b is not None and SUIT_BIT[c] == _D:
            v += w.diamond * min(VALUE[c], room, len(b.tavern))
    return v


def value(b: Board, me: int, w: Weights = W) -> float:
    """What the position is worth to the team, as seat ``me`` may know it (the rules of thumb, a term each)."""
    if b.phase == P_WON:
        return WIN
    if b.phase == P_LOST:
        return LOSE
    enemy = b.enemy
    health = HEALTH[enemy]
    taken = min(b.damage, health)
    left = health - taken
    done = sum(HEALTH[c] for c in _defeated_royals(b))
    v = w.kill * b.defeated + w.progress * (done + taken)
    mean = _unseen_mean(b, me)
    for s, h in enumerate(b.hands):
        v += _hand_worth(h, w, b) if s == me else len(h) * (_card_weight(b.max_hand, w) + w.hand * mean)
    v += w.tavern * len(b.tavern) + w.solo_jester * b.solo
    for c in reversed(b.tavern):  # enemies an exact kill put on top: everybody knows the next draws
        if rank(c) <= 10:
            break
        v += w.top_royal * VALUE[c]
    ok, rest, short = plan(b.hands[me], enemy, b.damage, b.shield, b.immune)
    if ok:
        return v + w.plan_ok + w.plan_rest * sum(w.card + w.hand * VALUE[c] for c in rest)
    share = 1.0 if b.players == 1 else w.team_share  # the others play against this enemy too
    return v - share * (w.plan_short * short + (w.danger if b.solo == 0 else w.danger * w.danger_with_jester))


def _defeated_royals(b: Board) -> tuple[int, ...]:
    """The enemies defeated so far, by rank order (Jacks first): their health counts as progress."""
    order = (44,) * 4 + (48,) * 4 + (52,) * 4  # a Jack's, a Queen's, a King's card int (suit does not matter)
    return order[:b.defeated]


# --------------------------------------------------------------------------------- the search


def _finish_turn(b: Board, me: int, flips: int, w: Weights) -> tuple[float, Board]:
    """The best value ``me`` reaches by its own choices left in this turn (a discard, a solo flip, the next seat)."""
    if b.phase >= P_WON or b.current != me:
        return value(b, me, w), b
    if b.phase == P_DISCARD:
        hand = b.hands[me]
        best: tuple[float, Board] | None = None
        for idx in discard_menu(hand, b.need):
            after = _do(b, "discard", tuple(hand[i] for i in idx))
            found = value(after, me, w), after
            if best is None or found[0] > best[0]:
                best = found
        if flips and b.solo and best is None:  # rule 6: a solo Jester at Step 4 only when nothing pays
            found = _finish_turn(_do(b, "flip", None), me, flips - 1, w)
            if best is None or found[0] > best[0]:
                best = found
        return best if best is not None else (LOSE, b)
    if b.phase == P_CHOICE:
        return max(((value(a, me, w), a) for a in (_do(b, "choose", s) for s in range(b.players))),
                   key=lambda t: t[0])
    return value(b, me, w), b


def strength(hand: tuple[int, ...] | list[int], b: Board) -> float:
    """How well a hand meets the current enemy: its best damage, then whether it pays the attack, then its size."""
    h = list(hand)
    attack = max(0, ATTACK[b.enemy] - b.shield)
    pays = sum(VALUE[c] for c in h) >= attack
    return best_damage(h, b.enemy, b.immune) + (20.0 if pays else 0.0) + len(h)


def score(b: Board, action: Any, w: Weights = W, flips: int = 1) -> tuple[float, Board]:
    """The value of ``action`` for the seat making it, after the rest of its turn, and the position reached."""
    me = b.current
    kind, payload = _code(action)
    if kind == "choose":  # rule 8: the seat whose hand meets the enemy best (the Jester's table talk)
        return strength(b.hands[payload], b), _do(b, kind, payload)
    after = _do(b, kind, payload)
    if kind == "flip" and b.phase == P_PLAY:  # a fresh hand, then the best play from it
        best = max((score(after, a, w, 0) for a in _plays(after)), key=lambda t: t[0], default=None)
        return best if best is not None else (value(after, me, w), after)
    return _finish_turn(after, me, 1 if kind != "flip" and flips else 0, w)


def _plays(b: Board) -> list[Any]:
    from engine import regicide as rg

    hand = b.hands[b.current]
    out: list[Any] = [rg.Play(tuple(hand[i] for i in idx)) for idx in play_menu(hand)]
    return out


# --------------------------------------------------------------------------------- the reason


def reason(before: Board, action: Any, after: Board) -> Message:
    """The one-line reason for a move (``after``: the position right after it): what it does that the rules of
    thumb care about, most important first."""
    kind, payload = _code(action)
    if after.phase == P_WON:
        return msg("this wins the game")
    attack = max(0, ATTACK[before.enemy] - before.shield)
    if kind == "choose":
        return msg("names seat {seat}, whose hand meets the attack of {attack} best (after a Jester players may "
                   "say who has a good play)", seat=payload + 1, attack=attack)
    if kind == "flip" and before.phase == P_DISCARD:
        return msg("flips a solo Jester: no discard pays the attack of {need}", need=before.need)
    if kind == "flip":
        return msg("flips a solo Jester: a fresh hand is worth more than this one and the Jester")
    if kind == "discard":
        return msg("pays the attack of {need} with {spent} of card value, keeping the cards worth most",
                   need=before.need, spent=sum(VALUE[c] for c in payload))
    if kind == "yield":
        if attack == 0:
            return msg("yields: the shield covers the whole attack, so no card is lost")
        return msg("yields: paying the attack of {attack} leaves the table better than any play", attack=attack)
    if after.defeated > before.defeated:
        if HEALTH[before.enemy] == before.damage + _dealt(before, payload):
            return msg("defeats the enemy with exact damage, so it goes on top of the Tavern")
        return msg("defeats the enemy")
    if payload == (JOKER,):
        return msg("cancels the enemy's immunity with the Jester")
    x = bits = 0
    for c in payload:
        x += VALUE[c]
        bits |= SUIT_BIT[c]
    bits &= ~(SUIT_BIT[before.enemy] if before.immune else 0)
    dealt = _dealt(before, payload)
    drawn = sum(len(h) for h in after.hands) - sum(len(h) for h in before.hands) + len(payload)
    if bits & _S:
        return msg("deals {damage} damage and cuts the enemy's attack to {attack} for the turns to come",
                   damage=dealt, attack=max(0, ATTACK[after.enemy] - after.shield))
    if bits & _D and drawn:
        return plural("deals {damage} damage and draws {count} card with Diamonds",
                      "deals {damage} damage and draws {count} cards with Diamonds", "count", damage=dealt, count=drawn)
    if bits & _H and before.discard:
        return plural("deals {damage} damage and heals {count} card from the discard pile back into the Tavern",
                      "deals {damage} damage and heals {count} cards from the discard pile back into the Tavern",
                      "count", damage=dealt, count=min(x, len(before.discard)))
    if bits & _C:
        return msg("deals {damage} damage, doubled by Clubs", damage=dealt)
    return msg("deals {damage} damage and leaves an attack of {need} that the hand can pay", damage=dealt,
               need=max(0, ATTACK[after.enemy] - after.shield))


def _dealt(b: Board, cards: tuple[int, ...]) -> int:
    x = bits = 0
    for c in cards:
        x += VALUE[c]
        bits |= SUIT_BIT[c]
    return x + x if bits & _C & ~(SUIT_BIT[b.enemy] if b.immune else 0) else x


# ----------------------------------------------------------------------------------- the bot


SAMPLES = 8
"""How many orders of the Tavern a move that draws from it (a Diamonds play, a solo Jester flip) is tried on."""


def _draws(b: Board, action: Any) -> bool:
    """Whether what ``action`` leads to depends on the Tavern's order (it draws this turn)."""
    kind, payload = _code(action)
    if kind == "flip":
        return True
    if kind != "play" or not b.tavern:
        return False
    bits = 0
    for c in payload:
        bits |= SUIT_BIT[c]
    return bool(bits & _D & ~(SUIT_BIT[b.enemy] if b.immune else 0))


def choose(state: Any, legal: list[Any], rng: random.Random, w: Weights = W) -> tuple[Any, Message]:
    """The best of the ``legal`` moves by the look-ahead (ties broken by the seeded draw), and its reason.

    A move that draws from the Tavern is scored on :data:`SAMPLES` shuffles of it, by the average."""
    b = Board.from_state(state)
    boards = []
    for _ in range(SAMPLES):
        c = _clone(b)
        _hidden_order(c, rng)
        boards.append(c)
    best: tuple[float, float, int] | None = None
    for k, action in enumerate(legal):
        if _draws(b, action):
            v = sum(score(c, action, w)[0] for c in boards) / SAMPLES
        else:
            v = score(boards[0], action, w)[0]
        cand = (v, rng.random(), k)
        if best is None or cand[:2] > best[:2]:
            best = cand
    assert best is not None
    action = legal[best[2]]
    return action, reason(b, action, _do(boards[0], *_code(action)))


__all__ = ["Weights", "W", "best_damage", "choose", "score", "strength", "value", "P_PLAY"]


# ------------------------------------------------------------------------------- the plan


def plan(hand: list[int], enemy: int, damage: int, shield: int, immune: bool,
         turns: int = 6) -> tuple[bool, list[int], int]:
    """Whether ``hand`` alone defeats ``enemy`` (rule 3): each turn the play that kills with the least value,
    else the one dealing the most damage and shield, then the attack paid the cheapest way. Returns whether it
    kills, the cards left, and the health left on failure."""
    hand = list(hand)
    block = SUIT_BIT[enemy] if immune else 0
    left = HEALTH[enemy] - damage
    base = ATTACK[enemy]
    for _ in range(turns):
        if not hand:
            return False, hand, left
        best_kill: tuple[float, tuple[int, ...]] | None = None
        best_hit: tuple[float, tuple[int, ...], int, int] | None = None
        for idx in play_menu(hand):
            x = bits = 0
            for i in idx:
                x += VALUE[hand[i]]
                bits |= SUIT_BIT[hand[i]]
            active = bits & ~block
            dmg = x + x if active & _C else x
            if dmg >= left:
                cost = x - (3 if dmg == left else 0)
                if best_kill is None or cost < best_kill[0]:
                    best_kill = (cost, idx)
            elif best_kill is None:
                gain = min(x, max(0, base - shield)) if active & _S else 0
                merit = dmg + 2 * gain - 0.5 * x
                if best_hit is None or merit > best_hit[0]:
                    best_hit = (merit, idx, dmg, gain)
        if best_kill is not None:
            kill = set(best_kill[1])
            return True, [c for i, c in enumerate(hand) if i not in kill], 0
        assert best_hit is not None
        played = set(best_hit[1])
        hand = [c for i, c in enumerate(hand) if i not in played]
        left -= best_hit[2]
        shield += best_hit[3]
        need = base - shield
        if need > 0:
            options = discard_menu(hand, need)
            if not options:
                return False, hand, left
            held = hand

            def price(idx: tuple[int, ...]) -> tuple[int, int]:
                return sum(VALUE[held[i]] for i in idx), -len(idx)

            chosen = min(options, key=price)
            pay = set(chosen)
            hand = [c for i, c in enumerate(hand) if i not in pay]
    return False, hand, left
