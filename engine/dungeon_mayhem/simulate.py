"""Uniformly random self-play, for speed figures, balance curiosity and property tests.

Every game is dealt by :func:`~game.deal` and played by one of two paths that make the same
moves: the *reference* loop (``legal_actions`` and the validated ``step`` on a mutable
Board, :func:`fast.reference_step`) or the *fast* path (:func:`fast.play`, the default).
When the compiled build of the fast path is present and current (``make fast``; see
:mod:`compiled`), ``path="fast"`` uses it.

Game ``g`` of a run is seeded with ``seed * 1_000_003 + g``, so a game replays alone and
the results do not depend on the number of processes.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from multiprocessing import get_context
from typing import Any, Callable

from engine.dungeon_mayhem.cards import BASE_CHARACTERS, PLAYABLE
from engine.dungeon_mayhem.fast import play, reference_step
from engine.dungeon_mayhem.game import deal
from engine.dungeon_mayhem.settings import DEFAULT, Settings

MAX_DECISIONS = 5000
"""Safety stop for a reference game (never reached in practice); such a game counts as unfinished."""
PATHS = ("fast", "reference", "pure")
"""``fast``: the compiled fast path if built and current, else the pure-Python one; ``pure``: the
pure-Python fast path; ``reference``: legal_actions + step."""
DECKS = ("base", "all")


def lineup(players: int, game_index: int) -> list[str]:
    """Characters for one game: the four base characters in rotating order, repeated for 5-6."""
    base = list(BASE_CHARACTERS)
    k = game_index % 4
    order = base[k:] + base[:k]
    return (order * 2)[:players]


def mixed_lineup(players: int, rng: random.Random) -> list[str]:
    """A random table of any characters whose decks are fully modelled (a character may repeat)."""
    return [PLAYABLE[int(rng.random() * len(PLAYABLE))] for _ in range(players)]


def table(players: int, game_index: int, seed: int, decks: str) -> tuple[list[str], random.Random]:
    """The characters and the rng of game ``game_index`` of a run."""
    rng = random.Random(seed * 1_000_003 + game_index)
    chars = lineup(players, game_index) if decks == "base" else mixed_lineup(players, rng)
    return chars, rng


def play_random_game(characters: list[str], rng: random.Random, settings: Settings = DEFAULT,
                     path: str = "fast") -> tuple[int | None, int, bool]:
    """Play one uniformly random game; return (winner seat or None, turns, finished)."""
    if path == "reference":
        b = deal(characters, rng, settings)
        for _ in range(MAX_DECISIONS):
            if b.over:
                return b.winner, b.turn, True
            reference_step(b, rng)
        return None, b.turn, False
    runner = _compiled_runner() if path == "fast" else None
    if runner is not None:
        return runner(characters, rng, settings)
    b = deal(characters, rng, settings)
    play(b, rng)
    return b.winner, b.turn, True


Runner = Callable[[list[str], random.Random, Settings], tuple[int | None, int, bool]]


def _compiled_runner() -> Runner | None:
    from engine.dungeon_mayhem.compiled import runner

    found: Runner | None = runner()
    return found


def _run(players: int, start: int, games: int, seed: int, settings: Settings, decks: str,
         path: str) -> tuple[Counter[str], int, int, int]:
    wins: Counter[str] = Counter()
    draws = turns = unfinished = 0
    for g in range(start, start + games):
        chars, rng = table(players, g, seed, decks)
        w, t, finished = play_random_game(chars, rng, settings, path)
        turns += t
        if not finished:
            unfinished += 1
        elif w is None:
            draws += 1
        else:
            wins[chars[w]] += 1
    return wins, draws, turns, unfinished


def simulate(players: int, games: int, seed: int, processes: int = 1, settings: Settings = DEFAULT,
             decks: str = "base", path: str = "fast") -> dict[str, Any]:
    """Play ``games`` random games of ``players`` players (deterministic for a seed).

    ``decks``: ``base`` (the four base characters, rotating) or ``all`` (random tables of
    every modelled character). ``path``: see :data:`PATHS`. Returns games, seconds,
    games_per_second, wins (share per character), draws (share), unfinished, mean_turns,
    processes and the path used. ``processes > 1`` splits the games over worker processes
    (same results as one process).
    """
    if decks not in DECKS or path not in PATHS:
        raise ValueError(f"decks must be one of {DECKS} and path one of {PATHS}")
    used = path
    if path == "fast":
        used = "compiled" if _compiled_runner() is not None else "pure"
    t0 = time.perf_counter()
    if processes <= 1:
        parts = [_run(players, 0, games, seed, settings, decks, path)]
    else:
        chunk = -(-games // processes)
        jobs = [(players, i, min(chunk, games - i), seed, settings, decks, path) for i in range(0, games, chunk)]
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
        "decks": decks,
        "path": used,
    }
