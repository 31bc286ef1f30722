"""Fuzz the loader: 5,000 mutants of library files through `rules-tutor check` and the share link.

Prints how many were ok, how many gave positioned problems (path:line:col), how many failed (a traceback, an
unpositioned line, an error that says nothing), and the time per mutant (target: within 1 s each).
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
    return 1 if failures or worst_t > 1.0 else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(main(*args))
