"""Tic-tac-toe practice candidates: positions of seeded random games, asked about one legal move."""

from __future__ import annotations

import random
from typing import Any, Iterator

from engine.core.message import N_
from tests.fourth_game import engine_tic_tac_toe as ttt
from tutor.practice.core import Candidate

ASKS: dict[str, tuple[str, str]] = {
    "winner": (N_("Who has won after the move?"), "play"),
    "to_move": (N_("Whose move is it after the move?"), "play"),
}


def candidates(rng: random.Random, asks: list[str]) -> Iterator[Candidate]:
    for state in ttt.random_positions(rng):
        ask = rng.choice(asks)
        move = rng.choice(ttt.legal_actions(state))
        board = ["".join(m or "." for m in state.marks[r * 3:r * 3 + 3]) for r in range(3)]
        data: dict[str, Any] = {"setup": {"board": board, "to_move": state.to_move},
                                "actions": [{"place": move.square}],
                                "questions": [{"id": "q", "prompt": ASKS[ask][0], "ask": ask}]}
        yield Candidate("tic_tac_toe", data, (ask, state.marks, move.square))
