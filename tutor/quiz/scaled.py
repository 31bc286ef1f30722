"""Several app processes behind a sticky load balancer, sharing one database: a class on a 2-core laptop.

One Streamlit process runs every student's rerun in one Python interpreter (one core). With N processes
behind HAProxy (Debian's ``haproxy`` package), each browser is pinned to one process by a cookie (a
Streamlit session lives in its process; a CSV download must come back to the process that made it), and
all processes share the database (the SQLite file in WAL mode, or PostgreSQL via ``RULES_TUTOR_DB``).

    make run-scaled                     # 2 processes on http://127.0.0.1:8501
    .venv/bin/python -m tutor.quiz.scaled --processes 3 --port 8600

Stop with Ctrl-C: every process it started is stopped.

Client addresses (for the rate limits): HAProxy connects to the app processes from its own address,
:data:`PROXY_SOURCE`, appends the client's address to ``X-Forwarded-For`` and sets ``X-Rules-Tutor-Proxy`` to a
secret made for this run (replacing any value a client sends). The app processes believe ``X-Forwarded-For``
only on a connection from :data:`PROXY_SOURCE` that carries the secret (:class:`tutor.asgi_guards.TrustedProxy`;
uvicorn's own ``FORWARDED_ALLOW_IPS`` trusts nobody). A client on this machine (127.0.0.1) is therefore a client like any
other, a header a client sends itself is never believed, and neither is a local process that binds 127.0.0.2
and connects straight to a backend's port: it lacks the secret (the config file is readable by its owner only).

Bounded requests: HAProxy answers a request whose headers do not fit its 16 KB buffer or exceed 101 header
lines with 400 and closes the connection, and one whose headers take more than 10 s to arrive with 408
(``timeout http-request``); the app processes answer headers over 16 KB with 431 (:mod:`tutor.asgi_guards`).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tutor.quiz import passcode
from tutor.quiz.address import TRUSTED_PROXIES
from tutor.asgi_guards import PROXY_HEADER, PROXY_SOURCE_ENV, PROXY_TOKEN

ROOT = Path(__file__).resolve().parents[2]
PROXY_SOURCE = "127.0.0.2"  # HAProxy's address towards the app processes (Linux: all of 127/8 is loopback)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def haproxy_config(port: int, backends: list[int], address: str = "127.0.0.1", token: str = "",
                   header_timeout: float = 10) -> str:
    """HAProxy's configuration; ``token``: the secret it sets on every request to the app processes."""
    servers = "\n".join(f"  server app{i} 127.0.0.1:{p} cookie app{i} check" for i, p in enumerate(backends))
    return f"""global
  maxconn 4096
  tune.bufsize 16384
  tune.http.maxhdr 101
defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout http-request {int(header_timeout * 1000)}ms
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h
frontend rules_tutor
  bind {address}:{port}
  default_backend streamlit
backend streamlit
  source {PROXY_SOURCE}
  balance roundrobin
  cookie RT_APP insert indirect nocache httponly
  http-request set-header {PROXY_HEADER} {token or secrets.token_urlsafe(32)}
  option httpchk GET /_stcore/health
{servers}
"""


def _wait(url: str, seconds: float = 90) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not come up")


class Cluster:
    """N warm ``streamlit run serve.py`` processes (``python -m ui.serve``; N=1: no balancer) and HAProxy in front.

    ``script``: serve that Streamlit script instead (plain ``streamlit run``), e.g. a bench's baseline."""

    def __init__(self, workdir: Path, processes: int = 2, port: int | None = None, address: str = "127.0.0.1",
                 env: dict[str, str] | None = None, script: Path | None = None, header_timeout: float = 10) -> None:
        self.workdir, self.n, self.address, self.script = Path(workdir), max(1, processes), address, script
        self.port = port or free_port()
        self.env = {**os.environ, **(env or {})}
        self.procs: list[subprocess.Popen[bytes]] = []
        self.backends: list[int] = []  # the app processes' ports (behind HAProxy)
        self.header_timeout = header_timeout  # HAProxy's `timeout http-request`, seconds
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_urlsafe(32)  # HAProxy's secret towards the app processes

    def _streamlit(self, port: int, address: str) -> subprocess.Popen[bytes]:
        log = open(self.workdir / f"app-{port}.log", "ab")
        # X-Forwarded-For from our HAProxy only (its address and its secret); alone: from nobody
        proxy = {PROXY_TOKEN: self.token, PROXY_SOURCE_ENV: PROXY_SOURCE} if self.n > 1 else {}
        serve = ["-m", "streamlit", "run", str(self.script)] if self.script else ["-m", "ui.serve"]
        env = {k: v for k, v in self.env.items() if k not in (PROXY_TOKEN, PROXY_SOURCE_ENV)}
        return subprocess.Popen(
            [sys.executable, *serve, "--server.address", address,
             "--server.port", str(port), "--server.headless", "true", "--server.fileWatcherType", "none"],
            cwd=ROOT, env={**env, TRUSTED_PROXIES: "", **proxy}, stdout=log, stderr=subprocess.STDOUT)

    def start(self) -> "Cluster":
        if self.n == 1:
            self.procs.append(self._streamlit(self.port, self.address))
            _wait(self.url)
            return self
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not Path(haproxy).exists():
            raise RuntimeError("haproxy is missing: `apt-get install haproxy` (make run-scaled does it)")
        backends = [free_port() for _ in range(self.n)]
        for p in backends:  # one after the other: the first applies the migrations, the others find them done
            self.procs.append(self._streamlit(p, "127.0.0.1"))
            _wait(f"http://127.0.0.1:{p}")
        self.backends = backends
        cfg = self.workdir / "haproxy.cfg"
        cfg.touch(mode=0o600)  # it holds the secret
        cfg.chmod(0o600)
        cfg.write_text(haproxy_config(self.port, backends, self.address, self.token, self.header_timeout),
                       encoding="utf-8")
        log = open(self.workdir / "haproxy.log", "ab")
        self.procs.append(subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=log, stderr=subprocess.STDOUT))
        _wait(self.url)
        return self

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        self.procs.clear()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--port", type=int, default=8501)
    ap.add_argument("--address", default="127.0.0.1", help="0.0.0.0 to let the class's devices in")
    args = ap.parse_args()
    refused = passcode.startup_refusal(ROOT)  # each process would stop with it: say it once, before any starts
    if refused:
        raise SystemExit(refused)
    with tempfile.TemporaryDirectory(prefix="rules-tutor-scaled-") as tmp:
        cluster = Cluster(Path(tmp), args.processes, args.port, args.address).start()
        print(f"Rules Tutor: {args.processes} app processes on http://{args.address}:{args.port} (Ctrl-C stops them)",
              flush=True)
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
        try:
            while all(p.poll() is None for p in cluster.procs):
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
