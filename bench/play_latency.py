"""Click -> board update on the Play page, in Chromium, beside a bare Streamlit rerun measured the same way (issue 24).

Three measures, each in one run on this machine:

- bare: a two-line Streamlit app whose button counts its clicks: click -> the new count visible (the floor: one
  rerun of a script that does nothing);
- select: on a Regicide solo game, click a card of the hand -> the card shown as selected (one rerun of the page);
- move: the cards selected, click "Play the selected cards" (or "Discard …", "Yield") -> the move in the log (the
  engine resolves it; the page reruns and stores the game). The moves are the heuristic bot's choice for the
  learner's seat, read from the stored game, so each timed move is a legal one.

Each click is timed from the click to the element visible; the page is left idle between clicks (Streamlit's
running indicator gone), so one measure is one rerun. Prints the median and 95th percentile of each, and the Play
page's beside the bare rerun's.

    .venv/bin/python bench/play_latency.py [--clicks 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from bench.first_render import BareServer  # noqa: E402
from tests.e2e.conftest import CHROMIUM, Server  # noqa: E402
from tests.e2e.lesson_driver import open_page, wait_idle  # noqa: E402

BARE = ('import streamlit as st\n\nst.session_state.setdefault("n", 0)\n'
        'if st.button("Count"):\n    st.session_state.n += 1\nst.write(f"clicks: {st.session_state.n}")\n')


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def _bare(page: Page, url: str, clicks: int) -> list[float]:
    open_page(page, url)
    out = []
    for n in range(1, clicks + 1):
        wait_idle(page)
        t0 = time.perf_counter()
        page.get_by_role("button", name="Count").click()
        page.get_by_text(f"clicks: {n}", exact=True).wait_for(state="visible", timeout=120_000)
        out.append(time.perf_counter() - t0)
    return out


def _next_move(db: str) -> object | None:
    """The learner's next move, chosen as the heuristic bot would from the stored game (None: the game is over),
    so that every timed move is a legal one."""
    import random
    import sqlite3

    from tutor.play import store
    from tutor.play.bots import HeuristicBot

    con = sqlite3.connect(db)
    try:
        learner = con.execute("select learner_id from play_game order by updated_at desc").fetchone()[0]
    finally:
        con.close()
    found = store.current(learner, f"sqlite:///{db}")
    played = found[1] if found else None
    if played is None or played.outcome is not None:
        return None
    return HeuristicBot("regicide").choose(played.state, random.Random(len(played.entries)))[0]


def _play(page: Page, url: str, db: str, clicks: int) -> tuple[list[float], list[float]]:
    from engine import regicide as rg
    from tutor.games.regicide.play import cards_text

    selects: list[float] = []
    moves: list[float] = []
    game = 0
    while len(moves) < clicks:
        open_page(page, f"{url}/play?u=bench-play-{game}&game=regicide&players=1&seed={game}")
        page.get_by_role("button", name="Start the game").click()
        wait_idle(page)
        expect(page.get_by_test_id("rt-play-turn")).to_be_visible(timeout=120_000)
        while len(moves) < clicks:
            wait_idle(page)
            action = _next_move(db)
            if action is None:
                break
            made = page.locator("[data-move]").count()
            if isinstance(action, rg.Yield):
                verb = page.get_by_role("button", name="Yield", exact=True)
            elif isinstance(action, (rg.Play, rg.Discard)):
                for card in getattr(action, "cards", ()):
                    name = cards_text([card])
                    t0 = time.perf_counter()
                    page.get_by_role("button", name=name, exact=True).first.click()
                    page.get_by_role("button", name=f"{name}, selected", exact=True).first.wait_for(
                        state="visible", timeout=120_000)
                    selects.append(time.perf_counter() - t0)
                    wait_idle(page)
                verb = page.get_by_role("button", name="Play the selected cards" if isinstance(action, rg.Play)
                                        else "Discard the selected cards")
            else:  # a solo Jester flip
                verb = page.get_by_role("button", name="Flip a set-aside Jester", exact=False)
            t0 = time.perf_counter()
            verb.click()
            page.locator(f'[data-move="{made + 1}"]').first.wait_for(state="visible", timeout=120_000)
            moves.append(time.perf_counter() - t0)
        game += 1
    return selects, moves


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare_dir, app_dir = Path(tmp, "bare"), Path(tmp, "app")
        bare_dir.mkdir()
        app_dir.mkdir()
        bare = BareServer(bare_dir)
        bare.script.write_text(BARE, encoding="utf-8")
        app = Server(app_dir)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            bare.start()
            app.start()
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(120_000)
            floor = _bare(page, bare.url, args.clicks)
            selects, moves = _play(page, app.url, str(app_dir / "rules_tutor.sqlite"), args.clicks)
        finally:
            browser.close()
            bare.stop()
            app.stop()
    base = statistics.median(floor)
    print(f"Click -> update in Chromium, {args.clicks} clicks each, same run (seconds: median / p95)")
    print(f"  bare Streamlit rerun (a counter button) {base:6.3f} / {p95(floor):6.3f}")
    for name, xs in (("select a card (Play page)", selects), ("make a move, shown in the log", moves)):
        med = statistics.median(xs)
        print(f"  {name:<38}{med:6.3f} / {p95(xs):6.3f}   ({med / base:4.1f}x the bare rerun, n={len(xs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
