"""Work budgets (issue 29), before and after, measured in the same run:

- **an expensive share link** (a valid 3.7 KB link holding 320 questions): the server's CPU seconds to open it
  in Chromium, on a server of this tree and on one of the revision before the budgets (``git archive BASE``);
- **six of them at once**: another user's page open in Chromium (the Lessons page, to its first render) alone
  and while six new expensive links open (six clients speaking the browser's protocol), on both servers;
- **a teacher drawing 20 generated items**: the draw as it was (the generator run while the teacher waits,
  the same code) beside a draw from the pool (``tutor.practice.pool``), after the pool has been filled in the
  background (its filling time is printed too).

    .venv/bin/python bench/budgets.py [--base REV] [--skip-browser] [--skip-draw]
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, Server  # noqa: E402
from tests.e2e.test_budget_browser import cpu_seconds, link, settled, six_at_once, timed_open  # noqa: E402

BASE = "9897789"  # the revision before the work budgets
GAMES_RULES = (("regicide", None, None), ("regicide", "REG.suffer.discard", "medium"),
               ("regicide", "REG.play.royal_value", "hard"))


def baseline_tree(rev: str, into: Path) -> Path:
    tree = into / "base"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    for built in ROOT.glob("engine/regicide/*.so"):  # the compiled kernel, as this tree has it
        (tree / built.relative_to(ROOT)).write_bytes(built.read_bytes())
    return tree


def browser_figures(name: str, srv: Server, browser: object, rounds: int) -> None:
    assert srv.proc is not None
    ctx = browser.new_context()  # type: ignore[attr-defined]
    page = ctx.new_page()
    from tests.e2e.lesson_driver import open_page

    open_page(page, f"{srv.url}/ruling")
    before = cpu_seconds(srv.proc.pid)
    start = time.perf_counter()
    page.goto(link(srv.url, 5000), timeout=600_000)
    settled(page)
    print(f"{name}: one expensive link: server CPU {cpu_seconds(srv.proc.pid) - before:.2f} s, "
          f"{time.perf_counter() - start:.1f} s to settle", flush=True)
    ctx.close()
    home = f"{srv.url}/home"
    timed_open(browser, home)
    alone = [timed_open(browser, home) for _ in range(3)]  # median of 3
    loaded, cpu = [], []
    for r in range(rounds):
        before = cpu_seconds(srv.proc.pid)
        took, _ = six_at_once(browser, srv.url, range(6000 + 10 * r, 6000 + 10 * r + 6),
                              lambda: timed_open(browser, home))
        cpu.append(cpu_seconds(srv.proc.pid) - before)
        loaded.append(took)
    print(f"{name}: another user's page open alone {statistics.median(alone):.2f} s, with six expensive links "
          f"{statistics.median(loaded):.2f} s (median of {rounds}; max {max(loaded):.2f} s); server CPU per six links "
          f"{statistics.median(cpu):.1f} s ({statistics.median(cpu) / 6:.2f} s a link)", flush=True)


def old_draw(game: str, rule: str | None, difficulty: str | None, n: int, seed: int) -> list[object]:
    """The draw before the pool (tutor/practice/quizzes.py at BASE, without its cache): generated while the
    teacher waits."""
    from tutor.practice.generate import generate
    from tutor.practice.quizzes import BANDS

    lo, hi = BANDS.get(difficulty or "", (0, 10_000))
    seen: set[str] = set()
    out: list[object] = []
    for batch in range(6):
        if len(out) >= n:
            break
        for it in generate(game, count=max(4, 2 * n), seed=seed * 1000 + batch, rule=rule, seen=seen, wrong=False):
            if lo <= it.rating < hi and len(out) < n:
                bare = copy.copy(it)
                bare.data = {**it.data, "questions": [{k: v for k, v in it.data["questions"][0].items()
                                                       if k != "expect"}]}
                out.append((it.id, bare.yaml()))
    return out


def draw_figures() -> None:
    from tutor.practice import pool
    from tutor.practice.quizzes import draw_generated, drawing

    for game, rule, level in GAMES_RULES:
        label = f"{game}, {rule or 'any rule'}, {level or 'any difficulty'}"
        c0, t0 = time.process_time(), time.perf_counter()
        before = old_draw(game, rule, level, 20, 1)
        old_cpu, old_wall = time.process_time() - c0, time.perf_counter() - t0
        t0 = time.perf_counter()
        draw_generated(game, rule, level, 20, seed=99)  # fill the pool (in the background on a server)
        fill = time.perf_counter() - t0
        t0 = time.perf_counter()
        drawn, _ = drawing(game, rule, level, 20, seed=2, wait=1.5)
        took = time.perf_counter() - t0
        print(f"draw 20 ({label}): before {old_wall:.2f} s ({old_cpu:.2f} CPU-s, {len(before)} items); "
              f"from the pool {took:.3f} s ({len(drawn)} items; the pool of {pool.size(game, rule)} took "
              f"{fill:.1f} s to fill in the background)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default=BASE)
    ap.add_argument("--skip-browser", action="store_true")
    ap.add_argument("--skip-draw", action="store_true")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    if not args.skip_draw:
        draw_figures()
    if args.skip_browser:
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        # the baseline gets one round of six links (about 140 CPU-s), this tree three
        for name, make, rounds in (("before", lambda d: Server(d, tree=baseline_tree(args.base, Path(tmp))), 1),
                                   ("after", lambda d: Server(d), 3)):
            data = Path(tempfile.mkdtemp(dir=tmp))
            srv = make(data).start()
            try:
                browser_figures(name, srv, browser, rounds)
            finally:
                srv.stop()
        browser.close()


if __name__ == "__main__":
    main()
