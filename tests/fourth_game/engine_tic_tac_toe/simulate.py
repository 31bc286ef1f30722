"""Seeded random self-play of tic-tac-toe (``rules-tutor simulate tic_tac_toe``): how often X, O or no one wins."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.fourth_game.engine_tic_tac_toe import GAME


def simulate(games: int, seed: int, players: int = 2) -> dict[str, Any]:
    """Play ``games`` games of uniformly random legal moves (the same seed, the same games)."""
    if players != 2:
        raise ValueError("tic-tac-toe is for 2 players")
    start = time.perf_counter()
    rng = random.Random(seed)
    results = {"X": 0, "O": 0, "draw": 0}
    moves = 0
    for _ in range(games):
        state = GAME.initial_state(None, rng)
        while GAME.outcome(state) is None:
            state = GAME.apply_explained(state, rng.choice(GAME.legal_actions(state)))[0]
            moves += 1
        results[state.result] += 1
    return {"players": 2, "games": games, "x_wins": results["X"], "o_wins": results["O"], "draws": results["draw"],
            "mean_moves": round(moves / games, 2) if games else 0, "seconds": round(time.perf_counter() - start, 4)}
