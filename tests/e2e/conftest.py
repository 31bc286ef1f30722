"""Browser tests: a real Streamlit server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "test-results" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A `streamlit run serve.py` process (app.py with its error page and /health) on a free port with its own
    data folder."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, tree: Path = ROOT) -> None:
        self.data_dir = data_dir
        self.tree = tree  # the source tree it serves: this checkout, or another (a bench's baseline)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        """`streamlit run serve.py` after the app's warm-up (ui/serve.py), as `make run` starts it."""
        return [sys.executable, "-m", "ui.serve", "--server.address", "127.0.0.1",
                "--server.port", str(self.port), "--server.headless", "true", "--server.fileWatcherType", "none"]

    def start(self) -> "Server":
        env = {**os.environ, "RULES_TUTOR_DATA": str(self.data_dir), **self.extra_env,
               **({"PYTHONPATH": str(self.tree)} if self.tree != ROOT else {})}
        env.pop("RULES_TUTOR_DB", None) if "RULES_TUTOR_DB" not in self.extra_env else None
        self.log = open(self.data_dir / f"server-{self.port}.log", "ab")
        self.proc = subprocess.Popen(self.command(), cwd=self.tree, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        # Healthy means warm: ui.serve loads and solves the library before the port opens. No fixed budget
        # to speak of: a busy machine may take a minute; a server that died is reported at once.
        deadline = time.time() + 300
        while time.time() < deadline and self.proc.poll() is None:
            try:
                with urllib.request.urlopen(self.url + "/_stcore/health", timeout=5) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"streamlit did not start (exit code {self.proc.poll()}); see {self.log.name}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("data")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make test`, which installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    context.close()


def shot(page: object, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
