"""Fuzz the loader: 5,000 mutants of library files through `rules-tutor check` and the share link.

Prints how many were ok, how many gave positioned problems (path:line:col), how many failed (a traceback, an
unpositioned line, an error that says nothing), and the time per mutant (target: within 1 s each).
Then the semantic sweep (tests/tutor/semantic_mutants.py: every question's `of:` unknown, every Regicide position
with a card placed twice, a foreign card or the enemy in a hand, unknown players and cards in Dungeon Mayhem and
Marvel Champions): mutations tried, positioned problems at the edited field, crashes or misplaced problems, per kind.
`python bench/fuzz_loader.py [COUNT] [SEED]`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(count: int = 5000, seed: int = 1) -> int:
    from tests.tutor.mutants import mutants, run

    kinds: Counter[str] = Counter()
    cpu: list[tuple[float, str]] = []
    failures: list[str] = []
    start, start_cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory(prefix="rules-tutor-fuzz-") as tmp:
        for name, text in mutants(seed, count):
            outcome = run(name, text, Path(tmp))
            kinds[outcome.kind] += 1
            cpu.append((outcome.cpu, name))
            if outcome.kind == "failure":
                failures.append(f"  {outcome.name}: {outcome.detail}")
    wall, total_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    times = sorted(t for t, _ in cpu)
    worst_t, worst = max(cpu)
    print(f"{count} mutants (seed {seed}): {kinds['ok']} ok, {kinds['positioned']} positioned errors, "
          f"{kinds['failure']} tracebacks or unpositioned errors")
    print(f"time: {wall:.1f} s wall, {total_cpu:.1f} s CPU; per mutant CPU median {statistics.median(times) * 1000:.0f} ms, "
          f"p99 {times[int(len(times) * 0.99) - 1] * 1000:.0f} ms, max {worst_t * 1000:.0f} ms ({worst}); target <= 1000 ms")
    print("\n".join(failures[:20]))
    semantic_failures = semantic()
    return 1 if failures or semantic_failures or worst_t > 1.0 else 0


def semantic() -> int:
    """The semantic sweep over the whole library; prints its counts and returns how many failed."""
    from tests.tutor.semantic_mutants import run, semantic_mutants

    tried: Counter[str] = Counter()
    positioned: Counter[str] = Counter()
    failures: list[str] = []
    start_cpu = time.process_time()
    with tempfile.TemporaryDirectory(prefix="rules-tutor-sweep-") as tmp:
        for m in semantic_mutants():
            outcome = run(m, Path(tmp))
            tried[m.kind] += 1
            if outcome.kind == "positioned":
                positioned[m.kind] += 1
            else:
                failures.append(f"  {m.name}: {outcome.detail}")
    total = sum(tried.values())
    print(f"semantic sweep: {total} mutations tried, {sum(positioned.values())} positioned problems at the edited "
          f"field, {len(failures)} crashes or misplaced problems ({time.process_time() - start_cpu:.1f} s CPU)")
    print("  " + ", ".join(f"{k} {positioned[k]}/{n}" for k, n in sorted(tried.items())))
    print("\n".join(failures[:20]))
    return len(failures)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(main(*args))
