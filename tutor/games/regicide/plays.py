"""The plays a Regicide hand could try, and why each is legal (the kinds of play and their attack value)."""

from __future__ import annotations

from engine import regicide as rg
from engine.core.message import Message, msg
from engine.regicide.cards import VALUE, cards_arg, rank
from engine.regicide.rules import is_companion_pair


def candidate_plays(state: rg.State) -> list[tuple[int, ...]]:
    """The plays a player might try from the current hand: each card, each pair, and same-rank groups."""
    from itertools import combinations

    hand = tuple(dict.fromkeys(state.hands[state.current]))
    out: list[tuple[int, ...]] = [(c,) for c in hand]
    out += [pair for pair in combinations(state.hands[state.current], 2)]
    ranks: dict[int, list[int]] = {}
    for c in state.hands[state.current]:
        ranks.setdefault(rank(c), []).append(c)
    for group in ranks.values():
        for n in (3, 4):
            out += list(combinations(group, n))
    return list(dict.fromkeys(tuple(sorted(p)) for p in out))


def _legal_play(kind: str, cards: tuple[int, ...]) -> Message:
    """Why a candidate play is legal: the kind of play it is, and its attack value."""
    shown, value = cards_arg(cards), sum(VALUE[c] for c in cards)
    if kind == "single":
        return msg("{cards}: legal, as one card (attack value {value}).", cards=shown, value=value)
    if kind == "companion":
        return msg("{cards}: legal, as an animal companion pair (attack value {value}).", cards=shown, value=value)
    if kind == "combo":
        return msg("{cards}: legal, as a combo (attack value {value}).", cards=shown, value=value)
    return msg("{cards}: legal, as the Jester, alone (attack value {value}).", cards=shown, value=value)


def _kind_of(cards: tuple[int, ...]) -> str:
    if len(cards) == 1:
        return "jester" if cards[0] == 0 else "single"
    return "companion" if is_companion_pair(cards) else "combo"
