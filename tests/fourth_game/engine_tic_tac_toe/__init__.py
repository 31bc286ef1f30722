"""Tic-tac-toe, the test suite's fourth game: a pure engine (frozen state, one function per rule, seeded play).

Squares are numbered 1-9, row by row. X moves first; a player marks an empty square; three in a row wins; a full
board with no line is a draw. Every step names its rule and records what it changed (``engine.core.effects``).

:data:`GAME` registers the game with the engine's registry (``engine.core.game.register``) when this package is
imported: the app imports it through the plugin's ``quantities`` (``tutor.games.engine_game``), so the Play page and
``rules-tutor simulate`` (``simulate.py`` here) drive it like the built-in games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Iterator

from engine.core.effects import Effect, Key, Snapshot, Vocabulary, diff
from engine.core.errors import GameOver, IllegalPlay, InvalidAction
from engine.core.game import GameEnd, register
from engine.core.glossary import Glossary, Rule
from engine.core.message import msg
from engine.core.sources import Source, Sources
from engine.core.trace import Step, Tracer

GLOSSARY = Glossary([
    Rule("TTT.turn.alternate", "Turns alternate", "X moves first, then the players take turns.", "TT 1"),
    Rule("TTT.place.empty", "Mark an empty square", "On your turn you mark one empty square.", "TT 1"),
    Rule("TTT.win.line", "Three in a row", "Three of your marks in a row, column or diagonal win at once.", "TT 2"),
    Rule("TTT.win.draw", "A full board is a draw", "A full board with no three in a row is a draw.", "TT 2"),
    Rule("TTT.setup.board", "The board", "The game starts from the board the scenario gives.", "TT 1"),
])
SOURCES = Sources("tic_tac_toe", (
    Source("TT", "Tic-tac-toe rules (the test suite's own summary)", kind="rules", prefixes=("TT",)),
), ())
TRACER = Tracer(GLOSSARY)
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))
RESULT: Key = ("game", "result")
TO_MOVE: Key = ("game", "to_move")


VOCABULARY = Vocabulary("tic_tac_toe", {("square:N", "mark"): "the mark on a square", ("game", "result"): "who won, "
                         "or a draw", ("game", "to_move"): "whose move it is"})


def square(n: int) -> Key:
    """The mark on square ``n`` (1-9): "X", "O" or ""."""
    return (f"square:{n}", "mark")


@dataclass(frozen=True, slots=True)
class State:
    marks: tuple[str, ...]  # nine squares, "" for empty
    to_move: str = "X"
    result: str = ""  # "", "X", "O" or "draw"


@dataclass(frozen=True, slots=True)
class Place:
    square: int


def snapshot(state: State) -> Snapshot:
    """Every quantity of a position, by key."""
    out: dict[Key, object] = {square(n): state.marks[n - 1] for n in range(1, 10)}
    out[RESULT] = state.result
    out[TO_MOVE] = state.to_move
    return out  # type: ignore[return-value]


def outcome(state: State) -> GameEnd | None:
    """How the game ended (three in a row, or a full board), or None while it goes on."""
    if not state.result:
        return None
    if state.result == "draw":
        return GameEnd("TTT.win.draw")
    return GameEnd("TTT.win.line", winner=0 if state.result == "X" else 1)


def can_place(state: State, action: Place) -> IllegalPlay | None:
    """The rule a play breaks, or None when it is allowed: once the game has ended, :class:`GameOver` names the
    rule that ended it (as every registered game does)."""
    end = outcome(state)
    if end is not None:
        return GameOver(end, action=action)
    if not 1 <= action.square <= 9 or state.marks[action.square - 1]:
        return IllegalPlay("TTT.place.empty", msg("square {n} is already marked", n=action.square))
    return None


def _step(rule: str, text: object, before: State, after: State) -> Step:
    step = TRACER.step(rule, text)  # type: ignore[arg-type]
    effects: tuple[Effect, ...] = diff(snapshot(before), snapshot(after))
    return replace(step, effects=effects)


def apply(state: State, action: Place) -> tuple[State, tuple[Step, ...]]:
    """The position after ``action`` and the steps that made it; raises :class:`IllegalPlay` naming the rule."""
    refused = can_place(state, action)
    if refused is not None:
        raise refused
    who = state.to_move
    marks = tuple(who if n == action.square else m for n, m in enumerate(state.marks, start=1))
    placed = replace(state, marks=marks)
    steps = [_step("TTT.place.empty", msg("{who} marks square {n}.", who=who, n=action.square), state, placed)]
    now = placed
    if any(all(marks[n - 1] == who for n in line) for line in LINES):
        now = replace(placed, result=who)
        steps.append(_step("TTT.win.line", msg("Three {who} in a row: {who} wins.", who=who), placed, now))
    elif all(marks):
        now = replace(placed, result="draw")
        steps.append(_step("TTT.win.draw", msg("The board is full with no line: a draw."), placed, now))
    else:
        now = replace(placed, to_move="O" if who == "X" else "X")
        steps.append(_step("TTT.turn.alternate", msg("{next} is to move.", next=now.to_move), placed, now))
    return now, tuple(steps)


def legal_actions(state: State) -> list[Place]:
    return [] if state.result else [Place(n) for n in range(1, 10) if not state.marks[n - 1]]


def random_positions(rng: random.Random) -> Iterator[State]:
    """Positions of seeded random games, each before a move (the practice source)."""
    while True:
        state = State(("",) * 9)
        for _ in range(rng.randrange(0, 8)):
            moves = legal_actions(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))[0]
        if not state.result:
            yield state


class TicTacToeGame:
    """The engine API every game implements (:class:`engine.core.game.Game`): X is seat 1, O seat 2."""

    name = "tic_tac_toe"
    glossary = GLOSSARY
    sources = SOURCES
    settings = None

    def initial_state(self, setup: object, rng: random.Random) -> State:
        """An empty board (nothing is shuffled)."""
        return State(("",) * 9)

    def legal_actions(self, state: State) -> list[Place]:
        return legal_actions(state)

    def apply_explained(self, state: State, action: Place,
                        rng: random.Random | None = None) -> tuple[State, tuple[Step, ...]]:
        if not isinstance(action, Place) or not isinstance(action.square, int):
            raise InvalidAction(f"{action!r} is not a move of tic-tac-toe")
        return apply(state, action)

    def is_legal(self, state: State, action: Place) -> bool:
        return isinstance(action, Place) and can_place(state, action) is None

    def outcome(self, state: State) -> GameEnd | None:
        return outcome(state)

    def random_setup(self, rng: random.Random) -> None:
        return None


GAME = register(TicTacToeGame())
