"""Print random-play throughput of the Regicide engine for 1-4 players, one process, compiled and pure Python.

Usage: .venv/bin/python bench/regicide_sim.py [games] [seed]
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.regicide.simulate import simulate  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"{'players':>7} {'engine':>8} {'games':>7} {'seconds':>8} {'games/s':>9} {'wins':>5} {'mean defeated':>14} "
          f"{'decisions/game':>15}")
    for players in (1, 2, 3, 4):
        for compiled in (True, False):  # the compiled kernel, then the Python reference on a tenth of the games
            r = simulate(players, games if compiled else games // 10, seed, processes=1, compiled=compiled)
            print(f"{players:>7} {r['engine']:>8} {r['games']:>7} {r['seconds']:>8.3f} {r['games_per_second']:>9.0f} "
                  f"{r['wins']:>5} {r['mean_enemies_defeated']:>14.3f} {r['decisions_per_game']:>15.2f}")


if __name__ == "__main__":
    main()
