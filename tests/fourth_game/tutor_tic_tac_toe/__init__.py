"""Tic-tac-toe's plugin: its file model, asks, captions, board and practice source, registered by the test suite
only (``RULES_TUTOR_GAMES=tic_tac_toe=tests.fourth_game.tutor_tic_tac_toe``).

A scenario gives the board as three rows (``X``, ``O``, ``.``) and who moves; its plays mark squares 1-9::

    setup: {board: ["X.O", ".X.", "..."], to_move: O}
    actions: [{place: 9}]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Sequence

from pydantic import Field

from engine.core.errors import IllegalPlay
from engine.core.message import Message, N_, msg
from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.games.base import Ask, Choice, GamePlugin, Solution, verdicts
from tutor.models import ScenarioBase, Strict
from tutor.moments import PLAY, START, Builder, Timeline

HERE = Path(__file__).resolve().parent


class Setup(Strict):
    board: list[Annotated[str, Field(pattern=r"^[XO.]{3}$")]] = Field(min_length=3, max_length=3)
    to_move: Literal["X", "O"] = "X"


class Play(Strict):
    place: int = Field(ge=1, le=9)


class Scenario(ScenarioBase):
    game: Literal["tic_tac_toe"]
    setup: Setup
    actions: list[Play] = Field(default_factory=list)


@dataclass(frozen=True)
class View:
    """The position at a moment (what the asks and the board read)."""

    state: ttt.State


def build_state(scn: Scenario) -> ttt.State:
    marks = tuple("" if c == "." else c for row in scn.setup.board for c in row)
    return ttt.State(marks, scn.setup.to_move)


def timeline(scn: Scenario, plays: Sequence[Play]) -> Timeline:
    """The plays resolved one by one: a frame before them and after each."""
    state = build_state(scn)
    b = Builder()
    b.frame(START, 0, View(state))
    for k, play in enumerate(plays, start=1):
        try:
            state, steps = ttt.apply(state, ttt.Place(play.place))
        except IllegalPlay as err:
            b.steps.append(ttt.TRACER.illegal(err, play=k))
            return b.build(len(plays), err, k - 1)
        b.steps.extend(steps)
        b.frame(PLAY, k, View(state))
    return b.build(len(plays))


def caption(scn: Scenario, plays: Sequence[Play]) -> Message:
    if not plays:
        return msg("The board before any move.")
    return msg("Squares marked in turn: {squares}.", squares=", ".join(str(p.place) for p in plays))


def _marks(scn: Any, of: str | None) -> list[Choice]:
    return [Choice("X", "X"), Choice("O", "O")]


ASKS = {
    "winner": Ask("winner", "choice", N_("Who has won?"),
                  answer=lambda scn, sol, of: sol.result.state.result or "none",
                  choices=lambda scn, of: [*_marks(scn, of), Choice("draw", N_("A draw")),
                                           Choice("none", N_("No one yet"))],
                  reads=lambda scn, sol, of: (ttt.RESULT,)),
    "to_move": Ask("to_move", "choice", N_("Whose move is it?"),
                   answer=lambda scn, sol, of: sol.result.state.to_move, choices=_marks,
                   reads=lambda scn, sol, of: (ttt.TO_MOVE,)),
    "is_legal": Ask("is_legal", "yes_no", N_("Is the move legal?"), answer=lambda scn, sol, of: sol.is_legal,
                    legal_only=False, reads=verdicts),
}

PLUGIN = GamePlugin(
    id="tic_tac_toe",
    name="Tic-tac-toe",
    scenario_model=Scenario,
    glossary=ttt.GLOSSARY,
    asks=ASKS,
    timeline=timeline,
    caption=caption,
    references=lambda scn: [],
    sources=ttt.SOURCES,
    board=f"{__name__}.board",
    quantities=ttt.__name__,
    practice=f"{__name__}.practice",
    misreadings=None,
    decisions=None,
    variations=None,
    lessons=HERE / "lessons",
    scenarios=HERE / "scenarios",
    catalogs=HERE / "locale",
    points=((START, N_("before the moves")), (PLAY, N_("after the move"))),
    setup_rule="TTT.setup.board",
    routine=frozenset({"TTT.turn.alternate"}),
    blurb=N_("Three in a row: the test suite's fourth game."),
    play=f"{__name__}.play:PLAY",
    form=f"{__name__}.form:FORM",
)
