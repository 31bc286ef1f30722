"""Print random-play speed and win shares for Dungeon Mayhem, 2-6 players.

Usage: .venv/bin/python bench/dungeon_mayhem_sim.py [games] [processes]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.dungeon_mayhem.simulate import simulate  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    processes = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for players in range(2, 7):
        r = simulate(players, games, seed=1, processes=processes)
        wins = ", ".join(f"{c} {share:.1%}" for c, share in r["wins"].items())
        print(f"{players} players: {r['games']} games in {r['seconds']:.2f} s = {r['games_per_second']:.0f} games/s "
              f"({r['processes']} process{'es' if r['processes'] > 1 else ''}); mean turns {r['mean_turns']}; "
              f"draws {r['draws']:.1%}; unfinished {r['unfinished']}; wins: {wins}")


if __name__ == "__main__":
    main()
