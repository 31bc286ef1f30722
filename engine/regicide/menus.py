"""Enumeration: every legal play and every minimal discard of a hand, as index tuples.

``game.legal_actions`` lists these as actions, and the simulator's random step picks from
them; which plays and discards are *legal* is decided in ``rules.py`` (``can_play``,
``can_discard``). The menus are cached by a compact key, so the hot path pays for a dict lookup.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from engine.regicide.cards import ACE, VALUE, Card, rank

#: Play-shape class of each card int: 0 Jester, 1 Ace, 2-5 combo ranks, 6 anything else.
#: Legal play shapes depend only on these classes, so they make a compact cache key.
PLAY_CLASS: tuple[int, ...] = tuple(min(rank(c), 6) for c in range(56))


def play_menu(hand: Sequence[Card]) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every legal play in a sorted hand (see :func:`play_options`)."""
    return play_options(tuple([PLAY_CLASS[c] for c in hand]))


def discard_menu(hand: Sequence[Card], need: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every minimal sufficient discard from a sorted hand.

    Values are capped at ``need`` for the cache key: a card worth at least ``need``
    can only ever be a minimal discard on its own, whatever its exact value.
    """
    return discard_options(tuple([v if v < need else need for v in [VALUE[c] for c in hand]]), need)


_PLAY_CACHE: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_DISCARD_CACHE: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
_CACHE_LIMIT = 200_000


def play_options(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every legal play in a hand sorted by rank (ranks or play classes, ascending).

    Order: singles (one Jester only), companion pairs (an Ace+Ace pair once), combos.
    Cached by the rank tuple, so the hot path pays only for a dict lookup.
    """
    opts = _PLAY_CACHE.get(ranks)
    if opts is not None:
        return opts
    n = len(ranks)
    out: list[tuple[int, ...]] = []
    for i in range(n):  # REG.play.single (two Jesters give one action)
        if ranks[i] == 0 and i > 0 and ranks[i - 1] == 0:
            continue
        out.append((i,))
    for i in range(n):  # REG.play.companion
        if ranks[i] != ACE:
            continue
        for j in range(n):
            if j == i or ranks[j] == 0 or (ranks[j] == ACE and j < i):
                continue
            out.append((i, j) if i < j else (j, i))
    for r in range(2, 6):  # REG.play.combo
        idx = [i for i in range(n) if ranks[i] == r]
        for size in range(2, min(4, len(idx)) + 1):
            if r * size <= 10:
                out.extend(combinations(idx, size))
    opts = tuple(out)
    if len(_PLAY_CACHE) > _CACHE_LIMIT:
        _PLAY_CACHE.clear()
    _PLAY_CACHE[ranks] = opts
    return opts


def discard_options(values: tuple[int, ...], need: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every *minimal* sufficient discard from a hand (values ascending).

    A discard is minimal when it covers ``need`` but would not without its smallest
    card, so no card in it is wasted. Any sufficient discard is legal
    (REG.suffer.discard allows overpaying) and ``apply`` accepts it; this list is
    the small canonical menu offered by ``legal_actions``. Empty if the hand cannot pay.
    """
    key = (values, need)
    opts = _DISCARD_CACHE.get(key)
    if opts is not None:
        return opts
    n = len(values)
    out: list[tuple[int, ...]] = []
    if need <= 0:
        out.append(())
    else:
        # Pick the smallest member i, then a subset T of later cards with
        # need - v[i] <= sum(T) < need.
        def extend(start: int, chosen: list[int], total: int, low: int) -> None:
            if low <= total:
                out.append(tuple(chosen))
            for j in range(start, n):
                t = total + values[j]
                if t >= need:
                    continue
                chosen.append(j)
                extend(j + 1, chosen, t, low)
                chosen.pop()

        for i in range(n):
            v = values[i]
            if v == 0:
                continue
            low = need - v
            if low <= 0:
                out.append((i,))
                continue
            chosen = [i]
            for j in range(i + 1, n):
                t = values[j]
                if t >= need:
                    continue
                chosen.append(j)
                extend(j + 1, chosen, t, low)
                chosen.pop()
    opts = tuple(out)
    if len(_DISCARD_CACHE) > _CACHE_LIMIT:
        _DISCARD_CACHE.clear()
    _DISCARD_CACHE[key] = opts
    return opts
