"""Uniformly random self-play, for speed figures and balance curiosity.

Runs on one mutable :class:`~state.Board` per game (the same rule code as
:func:`~engine.dungeon_mayhem.game.apply`, without freezing a State per action).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from multiprocessing import get_context
from typing import Any

from engine.dungeon_mayhem.cards import BASE_CHARACTERS
from engine.dungeon_mayhem.game import new_game
from engine.dungeon_mayhem.rules import legal_actions
from engine.dungeon_mayhem.settings import DEFAULT, Settings
from engine.dungeon_mayhem.state import Board
from engine.dungeon_mayhem.turns import step

MAX_DECISIONS = 5000
"""Safety stop for a game (never reached in practice); such a game counts as unfinished."""


def lineup(players: int, game_index: int) -> list[str]:
    """Characters for one game: the four base characters in rotating order, repeated for 5-6."""
    base = list(BASE_CHARACTERS)
    k = game_index % 4
    order = base[k:] + base[:k]
    return (order * 2)[:players]


def play_random_game(characters: list[str], rng: random.Random, settings: Settings = DEFAULT) -> tuple[int | None, int, bool]:
    """Play one uniformly random game; return (winner seat or None, turns, finished)."""
    b = Board(new_game(characters, rng, settings), rng)
    choice = rng.choice
    for _ in range(MAX_DECISIONS):
        if b.over:
            return b.winner, b.turn, True
        step(b, choice(legal_actions(b)), None)
    return None, b.turn, False


def _run(players: int, start: int, games: int, seed: int, settings: Settings) -> tuple[Counter[str], int, int, int]:
    wins: Counter[str] = Counter()
    draws = turns = unfinished = 0
    for g in range(start, start + games):
        rng = random.Random(seed * 1_000_003 + g)
        chars = lineup(players, g)
        w, t, finished = play_random_game(chars, rng, settings)
        turns += t
        if not finished:
            unfinished += 1
        elif w is None:
            draws += 1
        else:
            wins[chars[w]] += 1
    return wins, draws, turns, unfinished


def simulate(players: int, games: int, seed: int, processes: int = 1, settings: Settings = DEFAULT) -> dict[str, Any]:
    """Play ``games`` random games of ``players`` players (deterministic for a seed).

    Returns games, seconds, games_per_second, wins (share per character), draws
    (share), unfinished, mean_turns. ``processes > 1`` splits the games over worker
    processes (same results as one process).
    """
    t0 = time.perf_counter()
    if processes <= 1:
        parts = [_run(players, 0, games, seed, settings)]
    else:
        chunk = -(-games // processes)
        jobs = [(players, i, min(chunk, games - i), seed, settings) for i in range(0, games, chunk)]
        with get_context("fork").Pool(processes) as pool:
            parts = pool.starmap(_run, jobs)
    seconds = time.perf_counter() - t0
    wins: Counter[str] = Counter()
    draws = turns = unfinished = 0
    for w, d, t, u in parts:
        wins.update(w)
        draws += d
        turns += t
        unfinished += u
    return {
        "players": players,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else float("inf"),
        "wins": {c: round(wins[c] / games, 4) for c in sorted(wins)},
        "draws": round(draws / games, 4),
        "unfinished": unfinished,
        "mean_turns": round(turns / games, 2),
        "processes": processes,
    }
