"""Tic-tac-toe on the Play page (its play hook, :class:`tutor.games.play.PlayHook`): two seats, X and O, a button
per square (a marked one too: the engine refuses it and names its rule), random bots only (no scoring), and any
position as a scenario of this plugin's file model."""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.boards.markup import box
from tutor.boards.tree import Node, Role
from tests.fourth_game.tutor_tic_tac_toe.guide import GUIDE
from tutor.games.play import Button, Chooser, GuideHook, Group, Line, PlayHook, Scorer
from tutor.speaking import in_game

_, ngettext = in_game("tic_tac_toe")


def _mark(mark: str) -> str:
    return mark or _("empty")


def _scenario(line: Line) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    state = line[0][0]
    rows = ["".join(m or "." for m in state.marks[r:r + 3]) for r in (0, 3, 6)]
    return {"board": rows, "to_move": state.to_move}, [{"place": a.square} for _s, a in line], "TT"


class TicTacToePlay:
    """Tic-tac-toe's play hook."""

    def __init__(self) -> None:
        self.order = 2
        self.players = (2, 2)
        self.default_players = 2
        self.options: tuple[str, ...] = ()
        self.actions: Mapping[str, type] = {"Place": ttt.Place}
        self.score: Callable[[Any], Scorer] | None = None  # the bots play at random
        self.choose: Chooser | None = None
        self.scenario: Callable[[Line], tuple[dict[str, Any], list[dict[str, Any]], str]] | None = _scenario
        self.guide: GuideHook | None = GUIDE  # its guided first game (guide.py, tutorials/)

    def option_label(self, option: str) -> str:
        return option

    def deal(self, players: int, options: tuple[str, ...], rng: random.Random) -> Any:
        return ttt.GAME.initial_state(None, rng)

    def deciding(self, state: Any) -> int:
        return 0 if state.to_move == "X" else 1

    def seat_name(self, state: Any, seat: int) -> str | None:
        return "XO"[seat]

    def encode(self, name: str, value: Any) -> Any:
        return value

    def line_start(self, line: Line) -> int:
        return len(line) - 1

    def board(self, state: Any, shown: frozenset[int], labels: Sequence[str], deciding: int | None) -> Node:
        rows = [box(Role.GRID_ROW, [box(Role.GRID_CELL, state.marks[n - 1] or "·",
                                        name=_("Square {n}: {mark}").format(n=n, mark=_mark(state.marks[n - 1])))
                                    for n in range(r, r + 3)]) for r in (1, 4, 7)]
        return box(Role.BOARD, box(Role.PARAGRAPH, " · ".join(labels)), box(Role.GRID, rows, name=_("Board")),
                   kind="tic_tac_toe")

    def move_text(self, state: Any, action: Any) -> str:
        return _("marks square {n}").format(n=action.square)

    def prompt(self, state: Any) -> str:
        return _("Choose an empty square to mark.")

    def controls(self, state: Any, seat: int, selected: Sequence[int], legal: Sequence[Any] | None) -> list[Group]:
        return [Group("rt-play-squares", tuple(
            Button(f"play.square.{n}", _("Square {n}: {mark}").format(n=n, mark=_mark(m)), ttt.Place(n),
                   legal=legal is not None and ttt.Place(n) in legal)
            for n, m in enumerate(state.marks, start=1)))]

    def questions(self, action: Any) -> list[tuple[str, str, str]]:
        return []


PLAY: PlayHook = TicTacToePlay()  # mypy checks the class against the protocol
