"""Uniformly random self-play for benchmarking and statistics.

Each game starts from :func:`engine.regicide.game.new_board` and applies
:func:`engine.regicide.codes.random_step` until it ends: the same setup and turn
resolution as the reference API, without freezing states or building text. A test
checks that it agrees move for move with ``legal_actions``/``apply``.

That Python loop is the reference. ``engine/regicide/_kernel.c`` transcribes it (built by
``pip install -e .`` when a C compiler is present) and draws from the same ``random.Random``
state, so it plays the very same games, about twenty times faster;
``tests/engine/regicide/test_regicide_kernel.py`` holds the two to the same moves.
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import random
import time
from types import ModuleType

from engine.core.errors import InvalidAction
from engine.regicide.game import new_board
from engine.regicide.codes import random_step
from engine.regicide.resolve import P_WON
from engine.regicide.settings import DEFAULT, Settings

_kernel: ModuleType | None
try:
    _kernel = importlib.import_module("engine.regicide._kernel")
except ImportError:  # pragma: no cover - installed without a C compiler: the Python loop plays
    _kernel = None

#: Settings switches in the order of the kernel's flag bits (``S_*`` in _kernel.c).
KERNEL_FLAGS = ("yield_flags_cleared_by_any_play", "retro_shield_uses_play_total", "jester_may_choose_self",
                "solo_may_yield", "hearts_takes_all_when_short")


def has_kernel() -> bool:
    """Whether the compiled kernel was built."""
    return _kernel is not None


def kernel_flags(settings: Settings) -> int:
    return sum(1 << i for i, name in enumerate(KERNEL_FLAGS) if getattr(settings, name))


def play_random_games(players: int, games: int, seed: int, settings: Settings = DEFAULT,
                      compiled: bool | None = None) -> tuple[int, int, int]:
    """Play ``games`` random games with one rng seeded by ``seed``; return (wins, enemies defeated, decisions).

    ``compiled``: ``None`` uses the kernel when it was built, ``False`` the Python loop; both give the
    same numbers.

    Raises:
        InvalidAction: for a player count outside 1-4.
        RuntimeError: ``compiled=True`` but the kernel was not built.
    """
    rng = random.Random(seed)
    if compiled or (compiled is None and _kernel is not None):
        if _kernel is None:
            raise RuntimeError("the Regicide kernel was not built (no C compiler at install time?)")
        if players not in (1, 2, 3, 4):
            raise InvalidAction(f"Regicide is for 1-4 players, not {players!r}")
        wins, defeated, decisions, _, _ = _kernel.play(players, games, rng.getstate()[1], kernel_flags(settings),
                                                        False)
        return wins, defeated, decisions
    wins = 0
    defeated = 0
    decisions = 0
    for _ in range(games):
        b = new_board(players, rng, settings)
        while b.phase < P_WON:
            random_step(b, rng)
            decisions += 1
        if b.phase == P_WON:
            wins += 1
        defeated += b.defeated
    return wins, defeated, decisions


def _worker(args: tuple[int, int, int, Settings, bool | None]) -> tuple[int, int, int]:
    return play_random_games(*args)


def simulate(players: int, games: int, seed: int, processes: int = 1,
             settings: Settings = DEFAULT, compiled: bool | None = None) -> dict[str, float | int | str]:
    """Play ``games`` uniformly random games on ``processes`` processes (default one).

    Returns players, games, processes, engine ("compiled" or "python"), seconds (wall clock,
    including process start-up), games_per_second, wins, mean_enemies_defeated and
    decisions_per_game. Worker ``i`` uses the seed ``seed * 1000 + i``, so results depend only on
    (players, games, seed, processes), not on the engine.
    """
    start = time.perf_counter()
    processes = max(1, min(processes, games or 1))
    use_kernel = bool(compiled or (compiled is None and _kernel is not None))
    shares = [games // processes + (1 if i < games % processes else 0) for i in range(processes)]
    jobs = [(players, n, seed * 1000 + i, settings, use_kernel) for i, n in enumerate(shares)]
    if processes == 1:
        results = [_worker(jobs[0])]
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(processes) as pool:
            results = pool.map(_worker, jobs)
    seconds = time.perf_counter() - start
    wins, defeated, decisions = (sum(r[i] for r in results) for i in range(3))
    return {
        "players": players,
        "games": games,
        "processes": processes,
        "engine": "compiled" if use_kernel else "python",
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else float("inf"),
        "wins": wins,
        "mean_enemies_defeated": round(defeated / games, 4) if games else 0.0,
        "decisions_per_game": round(decisions / games, 3) if games else 0.0,
    }
