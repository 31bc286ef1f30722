"""Dungeon Mayhem random self-play speed, 2-6 players: today's engine, the reference loop and the fast paths,
measured in the same run (machines differ 2-3x in speed, and ours is shared).

Usage: .venv/bin/python bench/dungeon_mayhem_sim.py [--games 2000] [--players 2,3,4,5,6] [--decks base|all]
                                                   [--baseline-rev cdec5bf] [--repeat 3]

* today: the engine at --baseline-rev (default cdec5bf, main before the fast path), exported with
  `git archive` into a temporary directory and played by its own simulator;
* reference: legal_actions + the validated step on a mutable board (fast.reference_step);
* pure: the pure-Python fast path (fast.play);
* compiled: the same fast path compiled with Cython (`make fast`), if built and current.
Each figure is games per second of process CPU time, the best of --repeat runs, beside its ratio to today's.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.dungeon_mayhem import compiled  # noqa: E402
from engine.dungeon_mayhem.settings import DEFAULT  # noqa: E402
from engine.dungeon_mayhem.simulate import play_random_game, table  # noqa: E402


def load_baseline(rev: str, into: Path) -> Callable[[list[str], random.Random], object] | None:
    """Today's simulator (``play_random_game``) from ``rev``, as the package ``engine_base``; None without git."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "engine"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=tar, check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        print(f"(no baseline: cannot export {rev}: {err})")
        return None
    (into / "engine").rename(into / "engine_base")
    for path in (into / "engine_base").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("from engine.", "from engine_base.").replace("import engine.", "import engine_base.")
                        .replace("from engine import", "from engine_base import"), encoding="utf-8")
    sys.path.insert(0, str(into))
    from engine_base.dungeon_mayhem.simulate import play_random_game as base_game  # type: ignore[import-not-found]
    return base_game  # type: ignore[no-any-return]


def rate(fn: Callable[[], None], games: int, repeat: int) -> float:
    best = 0.0
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = max(best, games / (time.process_time() - t))
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--decks", choices=["base", "all"], default="base")
    ap.add_argument("--baseline-rev", default="cdec5bf")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = load_baseline(args.baseline_rev, Path(tmp)) if args.decks == "base" else None
        paths = ["reference", "pure"] + (["compiled"] if compiled.is_current() else [])
        if "compiled" not in paths:
            print("(the compiled fast path is not built or is stale: run `make fast`)")
        print(f"{args.games} games per figure, {args.decks} decks, games/s of CPU time (best of {args.repeat}); "
              f"ratio to today's engine ({args.baseline_rev}) in brackets")
        for players in [int(p) for p in args.players.split(",")]:
            tables = [table(players, g, 1, args.decks)[0] for g in range(args.games)]
            seeds = [1 * 1_000_003 + g for g in range(args.games)]
            figures: dict[str, float] = {}
            if base is not None:
                figures["today"] = rate(lambda: [base(c, random.Random(s)) for c, s in zip(tables, seeds)],
                                        args.games, args.repeat)
            for path in paths:
                p = "fast" if path == "compiled" else path
                figures[path] = rate(lambda p=p: [play_random_game(c, random.Random(s), DEFAULT, p)
                                                  for c, s in zip(tables, seeds)], args.games, args.repeat)
            ref = figures.get("today")
            cells = [f"{name} {v:7.0f}" + (f" [{v / ref:4.2f}x]" if ref else "") for name, v in figures.items()]
            print(f"{players} players: " + "   ".join(cells))


if __name__ == "__main__":
    main()
