"""Tic-tac-toe's guided first games (its :class:`tutor.games.play.GuideHook`): a tutorial file in ``tutorials/`` here
gives its deal as ``board``, the rows the game starts from (``X``, ``O``, ``.``) and who moves; the learner plays X
(seat 0), the bot O. A move is asked for as the engine's (``{type: Place, square: 5}``), so nothing is looked up."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.games.play import GuideHook

FOLDER = Path(__file__).resolve().parent / "tutorials"


class Board(BaseModel):
    """The board a guided game starts from: three rows of ``X``, ``O`` and ``.``, and who moves first."""

    model_config = ConfigDict(extra="forbid")
    rows: list[Annotated[str, Field(pattern=r"^[XO.]{3}$")]] = Field(default=["...", "...", "..."], min_length=3,
                                                                     max_length=3)
    to_move: Literal["X", "O"] = "X"


class TicTacToeGuide:
    """Tic-tac-toe's guide hook."""

    def __init__(self) -> None:
        self.field = "board"
        self.model: type[Any] = Board
        self.folder = FOLDER

    def players(self, deal: Any) -> int:
        return 2

    def mine(self, deal: Any) -> tuple[int, ...]:
        return (0,)

    def options(self, deal: Any) -> tuple[str, ...]:
        return ()

    def deal(self, deal: Any) -> Any:
        marks = tuple("" if c == "." else c for row in deal.rows for c in row)
        if any(all(marks[n - 1] for n in line) and len({marks[n - 1] for n in line}) == 1 for line in ttt.LINES):
            raise ValueError("the board already has three in a row")
        return ttt.State(marks, deal.to_move)

    def resolve(self, state: Any, action: Any) -> Any:
        return action


GUIDE: GuideHook = TicTacToeGuide()  # mypy checks the class against the protocol
