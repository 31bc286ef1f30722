"""First render after a (re)start, in Chromium, beside a bare Streamlit app started and timed the same way.

Each round starts a fresh server, waits until it answers /_stcore/health, then opens a new browser page
(the browser itself is started once, before) and times from navigation to:

- bare: a one-line Streamlit app (``st.title``) showing its title with the script idle (the floor);
- home, cold: the Lessons page of a just-started server, its title shown and the script idle;
- /ruling, cold: "Check a ruling" as the first page of a just-started server, its heading painted (the page's
  first run: the heading, the pickers and the ruling);
- /ruling, complete: the same page with its second run done too (the forms, the YAML editor, what-if, share);
- /ruling, warm: the same page in a new tab of a server that has served a page;
- and, for comparison, home and /ruling cold from a plain ``streamlit run app.py`` (no warm-up: the first
  request loads the library, as before ``ui.serve``).

Targets (issue 13): cold first page <= 1.5 s, /ruling paints in <= 1 s.

    .venv/bin/python bench/first_render.py [rounds]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM, Server  # noqa: E402
from tests.e2e.lesson_driver import IDLE, wait_first_render  # noqa: E402

HOME_TITLE = "Learn the rules, one ruling at a time"
RULING_TITLE = "Settle it with the rules engine"

# The page's own clock (ms from navigation) at the first animation frame whose DOM shows the text: closer to
# what a person sees than Playwright's polling, which waits for a busy main thread (e.g. a second run arriving).
FRAME_PROBE = """
window.__rtPainted = null;
const rtObserver = new MutationObserver(() => {
  if (window.__rtPainted !== null || !document.body.innerText.includes(%s)) return;
  window.__rtPainted = -1;
  rtObserver.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.__rtPainted = performance.now(); }, 0));
});
document.addEventListener("DOMContentLoaded", () =>
  rtObserver.observe(document.body, {childList: true, subtree: true, characterData: true}));
"""


class PlainServer(Server):
    """The app by plain `streamlit run app.py`: healthy before the library is loaded (no warm-up)."""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.address", "127.0.0.1",
                "--server.port", str(self.port), "--server.headless", "true", "--server.fileWatcherType", "none"]


class BareServer(Server):
    """`streamlit run` of a one-line app, started and awaited exactly as the app's test server."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.script = data_dir / "bare.py"
        self.script.write_text('import streamlit as st\n\nst.title("Bare Streamlit")\n', encoding="utf-8")

    def command(self) -> list[str]:
        return [sys.executable, "-m", "streamlit", "run", str(self.script), "--server.address", "127.0.0.1",
                "--server.port", str(self.port), "--server.headless", "true", "--server.fileWatcherType", "none"]


def timed(browser: Browser, url: str, text: str, idle: bool, complete: list[float] | None = None,
          frames: list[float] | None = None) -> float:
    """Seconds from navigation to ``text`` painted (and the script idle, if ``idle``); with ``complete``, also
    append the seconds until a page drawn in two runs has finished its second; with ``frames``, append the
    page's own time of the first frame that shows ``text`` (FRAME_PROBE)."""
    page = browser.new_page()
    try:
        page.add_init_script(FRAME_PROBE % json.dumps(text))
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.get_by_text(text, exact=True).first.wait_for(state="visible", timeout=120_000)
        painted = time.perf_counter() - t0
        if frames is not None:
            page.wait_for_function("window.__rtPainted > 0", timeout=120_000)
            frames.append(page.evaluate("window.__rtPainted") / 1000)
        if idle:
            page.wait_for_selector(IDLE, state="attached", timeout=120_000)
            painted = time.perf_counter() - t0
        if complete is not None:
            wait_first_render(page)  # both runs of a page drawn in two
            page.wait_for_selector("[data-testid='stTextArea']", state="attached", timeout=120_000)
            complete.append(time.perf_counter() - t0)
        return painted
    finally:
        page.close()


def main(rounds: int = 3) -> int:
    times: dict[str, list[float]] = {"bare": [], "home, cold": [], "/ruling, cold": [], "/ruling, complete": [],
                                     "/ruling, warm": [],
                                     "home, cold, no warm-up": [], "/ruling, cold, no warm-up": []}
    frames: dict[str, list[float]] = {name: [] for name in times}  # first frame showing the text (FRAME_PROBE)
    servers = {"bare": BareServer, "home, cold, no warm-up": PlainServer, "/ruling, cold, no warm-up": PlainServer}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            for r in range(rounds):
                for name in times:
                    if name in ("/ruling, warm", "/ruling, complete"):
                        continue
                    folder = Path(tmp) / f"{r}-{name.replace('/', '').replace(', ', '-')}"
                    folder.mkdir()
                    server = servers.get(name, Server)(folder).start()
                    try:
                        if name == "bare":
                            times[name].append(timed(browser, server.url, "Bare Streamlit", idle=True,
                                                     frames=frames[name]))
                        elif name.startswith("home"):
                            times[name].append(timed(browser, f"{server.url}/home", HOME_TITLE, idle=True,
                                                     frames=frames[name]))
                            if name == "home, cold":
                                times["/ruling, warm"].append(timed(browser, f"{server.url}/ruling", RULING_TITLE,
                                                                    idle=False, frames=frames["/ruling, warm"]))
                        else:
                            times[name].append(timed(browser, f"{server.url}/ruling", RULING_TITLE, idle=False,
                                                     complete=times["/ruling, complete"] if name == "/ruling, cold"
                                                     else None, frames=frames[name]))
                    finally:
                        server.stop()
        finally:
            browser.close()
    targets = {"home, cold": 1.5, "/ruling, cold": 1.0, "/ruling, warm": 1.0, "home, cold, no warm-up": 1.5,
               "/ruling, cold, no warm-up": 1.0}
    bare = statistics.median(times["bare"])
    missed = 0
    print(f"{rounds} rounds, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; medians from navigation "
          "(the first frame that shows the text, by the page's own clock, in brackets):")
    for name, xs in times.items():
        med = statistics.median(xs)
        note = ""
        if name in targets:
            ok = med <= targets[name]
            missed += not ok and "no warm-up" not in name
            note = f"  (target <= {targets[name]:.1f} s: {'ok' if ok else 'MISSED'}; bare Streamlit {med - bare:+.2f} s)"
        elif name != "bare":
            note = f"  (no target; bare Streamlit {med - bare:+.2f} s)"
        frame = f"[frame {statistics.median(frames[name]):.2f} s]" if frames[name] else " " * 16
        print(f"  {name:<26} {med:5.2f} s {frame}  (all: {', '.join(f'{x:.2f}' for x in xs)}){note}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
