"""How long the `rules-tutor` commands take, whole process, beside `python -c pass` timed in the same run.

Every command is a fresh process (Python start-up, imports, work, exit), timed from outside: wall clock,
and the CPU time the process used (user + system), which a busy neighbour changes much less. The runs
are interleaved (pass, solve, check FILE, check, pass, ...) so load slows every column alike, and each
figure is the median. Bytecode is cached, as after any first run of an installed project
(``PYTHONDONTWRITEBYTECODE`` is unset for the children and one warm-up round is not counted).

Targets (issue 13): `solve FILE` and `check FILE` <= 250 ms, the whole-library `check` <= 500 ms.

    .venv/bin/python bench/cli_start.py [rounds]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = "scenarios/marvel_champions/d1_lend_a_hand.yaml"
CLI = [sys.executable, "-m", "tutor.cli"]
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "python -c pass": ([sys.executable, "-c", "pass"], None),
    f"rules-tutor solve {FILE}": ([*CLI, "solve", FILE], 0.25),
    f"rules-tutor check {FILE}": ([*CLI, "check", FILE], 0.25),
    "rules-tutor check (whole library)": ([*CLI, "check"], 0.5),
}


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(rounds: int = 9) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for r in range(rounds + 1):
        for name, (cmd, _) in COMMANDS.items():
            t = timed(cmd, env)
            if r:  # round 0 writes the bytecode caches
                times[name].append(t)
    base = statistics.median(w for w, _ in times["python -c pass"])
    late = 0
    print(f"{rounds} rounds, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; medians, wall and CPU:")
    for name, (_, target) in COMMANDS.items():
        wall = statistics.median(w for w, _ in times[name])
        cpu = statistics.median(c for _, c in times[name])
        verdict = ""
        if target is not None:
            ok = wall <= target
            late += not ok
            verdict = f"  (target <= {target * 1000:.0f} ms: {'ok' if ok else 'MISSED'}; {wall / base:.0f}x python -c pass)"
        print(f"  {name:<66} {wall * 1000:5.0f} ms, CPU {cpu * 1000:4.0f} ms{verdict}")
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 9))
