"""Run a command, by default the whole test suite, while busy processes hold every core.

    .venv/bin/python -m tests.under_load                    # `python -m pytest`, cores held busy
    .venv/bin/python -m tests.under_load --busy 4 -- -x tests/e2e
    .venv/bin/python -m tests.under_load -- --version      # anything after -- goes to pytest

``make test-loaded`` runs it. Each busy process is a plain Python loop at normal priority (as a
neighbour's build or a ``stress --cpu`` would be), started before the command and ended after it;
the command's exit code is returned, and the load averages seen are printed at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Loaded:
    code: int  # the command's exit code
    loads: list[float]  # 1-minute load averages, every 10 s
    spins: list[int]  # millions of loops each busy process ran
    left_running: int  # busy processes still alive after the run (0)


def spin(stop: Any, spins: Any) -> None:
    """Burn one core until ``stop`` is set, counting millions of loops in ``spins``."""
    n = 0
    while True:
        n += 1
        if n == 1_000_000:
            n = 0
            spins.value += 1
            if stop.is_set():
                return


def run_loaded(command: list[str], busy: int) -> Loaded:
    """Run ``command`` while ``busy`` processes spin."""
    ctx = mp.get_context("fork")  # not spawn: a spawned child re-runs __main__, which an AppTest may have set
    stop = ctx.Event()
    spins = [ctx.Value("q", 0) for _ in range(busy)]
    spinners = [ctx.Process(target=spin, args=(stop, n), daemon=True) for n in spins]
    for p in spinners:
        p.start()
    loads: list[float] = []
    try:
        with subprocess.Popen(command, cwd=ROOT) as proc:
            while proc.poll() is None:
                loads.append(os.getloadavg()[0])
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
            code = proc.returncode
    finally:
        stop.set()
        for p in spinners:
            p.join(5)
            if p.is_alive():
                p.terminate()
                p.join(5)
    return Loaded(code, loads, [n.value for n in spins], sum(p.is_alive() for p in spinners))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    rest: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, rest = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--busy", type=int, default=os.cpu_count() or 2, help="spinning processes (default: one per core)")
    args = ap.parse_args(argv)
    command = [sys.executable, "-m", "pytest", *rest]
    t0 = time.perf_counter()
    print(f"under load: {args.busy} busy process(es) on {os.cpu_count()} cores; running {' '.join(command)}",
          flush=True)
    run = run_loaded(command, args.busy)
    code, loads = run.code, run.loads
    if loads:
        print(f"under load: exit {code} after {time.perf_counter() - t0:.0f} s; 1-minute load average "
              f"min {min(loads):.1f}, median {sorted(loads)[len(loads) // 2]:.1f}, max {max(loads):.1f}", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
