"""The action codes the simulator and :mod:`engine.regicide.game` drive a board with: dispatch one
(``apply_code``), list the legal ones in canonical order (``legal_codes``) and play a uniformly random one
(``random_step``, the simulator's inner loop). The turn itself is :mod:`engine.regicide.resolve`.
"""

from __future__ import annotations

import random

from engine.core.trace import Log
from engine.regicide.menus import discard_menu, play_menu
from engine.regicide.resolve import (
    CHOOSE,
    DISCARD,
    P_CHOICE,
    P_DISCARD,
    P_PLAY,
    PLAY,
    SOLO_JESTER,
    YIELD,
    do_choose,
    do_discard,
    do_play,
    do_solo_jester,
    do_yield,
    start_turn,
)
from engine.regicide.rules import can_use_solo_jester, can_yield
from engine.regicide.state import Board


def apply_code(b: Board, kind: int, payload: object, rng: random.Random | None, log: Log) -> None:
    """Dispatch an already-validated action code."""
    if kind == PLAY:
        do_play(b, payload, rng, log)  # type: ignore[arg-type]
    elif kind == DISCARD:
        do_discard(b, payload, log)  # type: ignore[arg-type]
    elif kind == YIELD:
        do_yield(b, log)
    elif kind == CHOOSE:
        do_choose(b, payload, log)  # type: ignore[arg-type]
    else:
        do_solo_jester(b, log)


# ----------------------------------------------------------------------- legal menu


def legal_codes(b: Board) -> list[tuple[int, object]]:
    """Every legal action code, in the canonical order used by ``legal_actions``.

    PLAY: plays (see ``play_options``), then yield, then the solo Jester.
    DISCARD: minimal discards (see ``discard_options``), then the solo Jester.
    JESTER_CHOICE: seats in order.
    """
    ph = b.phase
    seat = b.current
    hand = b.hands[seat]
    out: list[tuple[int, object]] = []
    if ph == P_PLAY:
        for idx in play_menu(hand):
            out.append((PLAY, tuple([hand[i] for i in idx])))
        if can_yield(b.yielded, seat, b.settings) is None:
            out.append((YIELD, None))
        if can_use_solo_jester(b.players, b.solo) is None:
            out.append((SOLO_JESTER, None))
    elif ph == P_DISCARD:
        for idx in discard_menu(hand, b.need):
            out.append((DISCARD, tuple([hand[i] for i in idx])))
        if can_use_solo_jester(b.players, b.solo) is None:
            out.append((SOLO_JESTER, None))
    elif ph == P_CHOICE:
        for s in range(b.players):
            if s != seat or b.settings.jester_may_choose_self:
                out.append((CHOOSE, s))
    return out


def pick(rng: random.Random, n: int) -> int:
    """The uniform index choice shared by the simulator and the agreement test."""
    return int(rng.random() * n)


def random_step(b: Board, rng: random.Random) -> None:
    """Apply one uniformly random legal action (same choice as ``legal_codes()[pick(...)]``)."""
    ph = b.phase
    seat = b.current
    hand = b.hands[seat]
    if ph == P_PLAY:
        opts = play_menu(hand)
        n = len(opts)
        y = can_yield(b.yielded, seat, b.settings) is None
        k = pick(rng, n + y + (b.solo > 0))
        if k < n:
            do_play(b, tuple([hand[i] for i in opts[k]]), rng, None)
        elif k == n and y:
            do_yield(b, None)
        else:
            do_solo_jester(b, None)
    elif ph == P_DISCARD:
        opts = discard_menu(hand, b.need)
        n = len(opts)
        k = pick(rng, n + (b.solo > 0))
        if k < n:
            do_discard(b, tuple([hand[i] for i in opts[k]]), None)
        else:
            do_solo_jester(b, None)
    else:
        if b.settings.jester_may_choose_self:
            start_turn(b, pick(rng, b.players), None)
        else:
            k = pick(rng, b.players - 1)
            start_turn(b, k + (k >= seat), None)
