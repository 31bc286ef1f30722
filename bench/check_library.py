"""How long `rules-tutor check` takes over the whole library (target <= 1 s on 2 cores)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(repeats: int = 5) -> None:
    from tutor import library

    inproc = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        lib = library.load()
        library.check_expectations(lib)
        inproc.append(time.perf_counter() - t0)
    cli = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tutor.cli", "check"], cwd=ROOT, check=True, capture_output=True)
        cli.append(time.perf_counter() - t0)
    print(f"library: {lib.files} files, {len(lib.scenarios)} scenarios, {lib.question_count} questions, "
          f"{len(lib.lessons)} lessons")
    print(f"load+solve+expect in-process: median {statistics.median(inproc) * 1000:.0f} ms")
    print(f"`rules-tutor check` whole command (incl. Python start-up and imports): "
          f"median {statistics.median(cli) * 1000:.0f} ms (target <= 1000 ms)")


if __name__ == "__main__":
    main()
