"""The bots, measured side by side in one run (issue 24): seeded games, win rates with 95% confidence intervals
(Wilson), enemies defeated in Regicide (a finer measure where few games are won), and the time per bot move.

- Regicide solo and 2-4 players: every seat played by the same level, random beside heuristic, the same seeds;
- Dungeon Mayhem, 4 players: one heuristic bot against three random ones (its seat and characters rotate),
  beside the 25% an equal seat wins; and 2 players, heuristic against random;
- the time per bot move (median and 95th percentile) of each level, the budget being a median of 50 ms.

    .venv/bin/python bench/bots.py [--games 200]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dungeon_mayhem.cards import BASE_CHARACTERS  # noqa: E402
from engine.dungeon_mayhem.rules import deciding  # noqa: E402
from tutor.play.bots import Bot, HeuristicBot, RandomBot  # noqa: E402
from tutor.play.live import Played, Setup, _apply, bot_rng, initial  # noqa: E402

TIMES: dict[tuple[str, str], list[float]] = {}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(setup: Setup, bots: dict[int, Bot]) -> Played:
    p = Played(setup, initial(setup))
    while p.outcome is None:
        seat = p.state.current if setup.game == "regicide" else deciding(p.state)
        b = bots[seat]
        t = time.perf_counter()
        action, reason = b.choose(p.state, bot_rng(setup.seed, len(p.entries) + 1))
        TIMES.setdefault((setup.game, b.level), []).append(time.perf_counter() - t)
        p = _apply(p, action, True, reason)
    return p


def rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:5.1f}% [{100 * lo:4.1f}-{100 * hi:4.1f}]"


def regicide(games: int) -> None:
    print(f"Regicide: every seat played by the same level, the same seeds 0-{games - 1} (n = {games} games per "
          "level; win rate [95% CI]; enemies defeated, mean)")
    for players in (1, 2, 3, 4):
        row = [f"  {players} player{'s' if players > 1 else ' '}"]
        wins: dict[str, int] = {}
        for level, cls in (("random", RandomBot), ("heuristic", HeuristicBot)):
            won = defeated = 0
            for s in range(games):
                p = play(Setup("regicide", players, seed=s), {i: cls("regicide") for i in range(players)})
                won += bool(p.outcome and p.outcome.won)
                defeated += p.state.defeated
            wins[level] = won
            row.append(f"{level:9} {rate(won, games)}  {defeated / games:5.2f} of 12")
        low, high = wilson(wins["heuristic"], games)[0], wilson(wins["random"], games)[1]
        verdict = "clearly more" if low > high else "NOT clearly more"
        row.append(f"{verdict} (heuristic's lower bound {100 * low:.1f}% vs random's upper {100 * high:.1f}%)")
        print("   ".join(row))


def dungeon_mayhem(games: int, players: int) -> None:
    wins = 0
    chars = list(BASE_CHARACTERS)
    for s in range(games):
        seat = s % players
        cast = tuple(chars[(s // players + i) % len(chars)] for i in range(players))
        setup = Setup("dungeon_mayhem", players, seed=10_000 + s, characters=cast)
        bots: dict[int, Any] = {i: RandomBot("dungeon_mayhem") for i in range(players)}
        bots[seat] = HeuristicBot("dungeon_mayhem")
        p = play(setup, bots)
        wins += p.state.winner == seat
    equal = 100 / players
    print(f"Dungeon Mayhem, {players} players: one heuristic bot against {players - 1} random: "
          f"{rate(wins, games)} (an equal seat: {equal:.0f}%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per line (default 200)")
    args = ap.parse_args()
    regicide(args.games)
    dungeon_mayhem(args.games, 4)
    dungeon_mayhem(args.games, 2)
    for (game, level), times in TIMES.items():
        ms = sorted(1000 * t for t in times)
        print(f"Time per bot move, {game:14} {level:9}: median {statistics.median(ms):6.2f} ms, "
              f"95th percentile {ms[int(0.95 * (len(ms) - 1))]:6.2f} ms over {len(ms)} moves (budget: median 50 ms)")


if __name__ == "__main__":
    main()
