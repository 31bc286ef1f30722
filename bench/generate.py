"""Practice item generation, per game: items kept per second, the share of candidates each check rejects,
and the share unique over 1,000 items, each beside baselines measured in the same run:

- ``simulate``: candidates per second from the game's source alone (seeded random games cut at a moment,
  or sampled attacks), nothing asked;
- ``ask``: candidates per second when each is also asked once by the engine (no checks);
- ``kept``: items per second through every check (the generator as `rules-tutor generate` runs it, with
  the wrong choices of the misreadings).

``python bench/generate.py [--items 1000] [--seed 1]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.games import GAMES  # noqa: E402 - after the path is set


def baseline(game: str, seconds: float, ask_too: bool) -> float:
    """Candidates per second from the source, optionally asked once each."""
    from tutor.practice.core import ask
    from tutor.practice.generate import _source

    asks, source = _source(game)
    n, t0 = 0, time.perf_counter()
    for cand in source(random.Random(f"bench:{game}"), list(asks)):
        if ask_too:
            try:
                ask(game, cand.data)
            except Exception:  # noqa: BLE001  (an unaskable candidate costs its time too)
                pass
        n += 1
        if time.perf_counter() - t0 > seconds:
            break
    return n / (time.perf_counter() - t0)


def main() -> None:
    from tutor.practice.core import CHECKS
    from tutor.practice.generate import Stats, generate
    from tutor.practice.misreadings import misreadings

    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game in GAMES:
        sim = baseline(game, 3.0, ask_too=False)
        asked = baseline(game, 3.0, ask_too=True)
        stats = Stats()
        items = generate(game, count=args.items, seed=args.seed, stats=stats)
        kept = len(items) / stats.seconds
        files = {json.dumps([i.data["setup"], i.data["actions"], i.data["questions"][0]["ask"],
                             i.data["questions"][0].get("of")], sort_keys=True) for i in items}
        rules = {i.rule for i in items}
        wrong = sum(1 for i in items if i.wrong)
        misread = {m.rule for m in misreadings(game)}
        of_misread = [i for i in items if misread & set(i.rules)]  # items of rules with a misreading
        print(f"{game}: {len(items)} items from {stats.candidates} candidates in {stats.seconds:.1f} s")
        print(f"  kept {kept:7.1f} items/s   | baselines: simulate {sim:7.1f} candidates/s, "
              f"ask {asked:7.1f} candidates/s")
        print("  rejected: " + ", ".join(f"{c} {100 * stats.share(c):.1f}%" for c in CHECKS)
              + f"  (kept {100 * len(items) / max(1, stats.candidates):.1f}%)")
        print(f"  unique: {100 * len(files) / max(1, len(items)):.1f}% of {len(items)} items "
              f"({100 * stats.share('duplicate'):.1f}% of candidates were near-duplicates); "
              f"{len(rules)} rules; {100 * wrong / max(1, len(items)):.1f}% with a misreading's wrong choice")
        print(f"  misreadings: {len(rules & misread)} of the {len(rules)} rules practised have one; "
              f"{100 * sum(1 for i in of_misread if i.wrong) / max(1, len(of_misread)):.1f}% of the "
              f"{len(of_misread)} items of rules with a misreading offer one")


if __name__ == "__main__":
    main()
