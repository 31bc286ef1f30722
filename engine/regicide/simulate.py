"""Uniformly random self-play for benchmarking and statistics.

Each game starts from :func:`engine.regicide.game.new_board` and applies
:func:`engine.regicide.resolve.random_step` until it ends: the same setup and turn
resolution as the reference API, without freezing states or building text. A test
checks that it agrees move for move with ``legal_actions``/``apply``.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time

from engine.regicide.game import new_board
from engine.regicide.resolve import P_WON, random_step
from engine.regicide.settings import DEFAULT, Settings


def play_random_games(players: int, games: int, seed: int,
                      settings: Settings = DEFAULT) -> tuple[int, int]:
    """Play ``games`` random games with one rng seeded by ``seed``; return (wins, enemies defeated)."""
    rng = random.Random(seed)
    wins = 0
    defeated = 0
    for _ in range(games):
        b = new_board(players, rng, settings)
        while b.phase < P_WON:
            random_step(b, rng)
        if b.phase == P_WON:
            wins += 1
        defeated += b.defeated
    return wins, defeated


def _worker(args: tuple[int, int, int, Settings]) -> tuple[int, int]:
    return play_random_games(*args)


def simulate(players: int, games: int, seed: int, processes: int = 2,
             settings: Settings = DEFAULT) -> dict[str, float | int]:
    """Play ``games`` uniformly random games on ``processes`` processes.

    Returns games, seconds (wall clock, including process start-up), games_per_second,
    wins and mean_enemies_defeated. Worker ``i`` uses the seed ``seed * 1000 + i``,
    so results depend only on (players, games, seed, processes).
    """
    start = time.perf_counter()
    processes = max(1, min(processes, games or 1))
    shares = [games // processes + (1 if i < games % processes else 0) for i in range(processes)]
    jobs = [(players, n, seed * 1000 + i, settings) for i, n in enumerate(shares)]
    if processes == 1:
        results = [_worker(jobs[0])]
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(processes) as pool:
            results = pool.map(_worker, jobs)
    seconds = time.perf_counter() - start
    wins = sum(r[0] for r in results)
    defeated = sum(r[1] for r in results)
    return {
        "players": players,
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else float("inf"),
        "wins": wins,
        "mean_enemies_defeated": round(defeated / games, 4) if games else 0.0,
    }
