"""What each Regicide ask reads: keys of ``engine/regicide/quantities.py`` at the question's moment."""

from __future__ import annotations

from typing import Any, cast

from engine.core.effects import Key
from engine.regicide import quantities as Q
from tutor.games.base import Solution
from tutor.games.regicide.models import Scenario
from tutor.games.regicide.position import View, parse_seat


def _out(sol: Solution) -> View:
    return cast(View, sol.outcome)


def _keys(*keys: Key) -> Any:
    return lambda scn, sol, of: keys


def _seats_read(*keys: Any) -> Any:
    """``reads`` of an ask about the seat ``of`` names (every seat when it names none): each key per seat (from 1)."""
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        seat = parse_seat(scn, of)
        seats = range(scn.setup.players) if seat is None else [seat]
        return tuple(k(s + 1) for s in seats for k in keys)
    return reads


def _current(*keys: Any) -> Any:
    """``reads`` of an ask about the seat ``of`` names, or else the current seat at the moment."""
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        seat = parse_seat(scn, of)
        return tuple(k((_out(sol).state.current if seat is None else seat) + 1) for k in keys)
    return reads


def _choice_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """The open choice, whose it is and the hand it is made from (what the legal plays depend on)."""
    return (Q.CHOICE, Q.TURN, *_current(Q.hand_cards)(scn, sol, of))


_NOTHING = _keys()  # a value printed on the cards or fixed by the set-up (see Ask.origin)
