"""Replay seeded random games through the pure-Python fast path and the reference loop and compare them.

Usage: .venv/bin/python bench/dungeon_mayhem_fast_check.py [games=10000]
Games alternate 2-6 players and base/mixed tables; each is compared turn by turn (the state at the
first card choice of every turn) and at the end. Prints the number of games that differ (0 expected).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.dungeon_mayhem.fast import play, play_reference  # noqa: E402
from engine.dungeon_mayhem.game import deal  # noqa: E402
from engine.dungeon_mayhem.settings import DEFAULT  # noqa: E402
from engine.dungeon_mayhem.simulate import table  # noqa: E402


def replay(player: Callable[..., None], chars: list[str], rng: random.Random) -> list:
    """The state at the first card choice of each turn, and at the end."""
    b = deal(chars, rng, DEFAULT)
    turns: list = []
    player(b, rng, turns)
    return turns + [b.freeze()]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    t0 = time.perf_counter()
    bad = 0
    for g in range(games):
        players, decks = 2 + g % 5, ("base", "all")[(g // 5) % 2]
        a = replay(play_reference, *table(players, g, 77, decks))
        b = replay(play, *table(players, g, 77, decks))
        if a != b:
            bad += 1
            print(f"game {g} ({players} players, {decks}) differs")
    print(f"{games} games compared turn by turn in {time.perf_counter() - t0:.1f} s: {bad} differ")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
