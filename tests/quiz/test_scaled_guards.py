"""``make run-scaled`` (HAProxy in front of two app processes) against a hostile local client (issue 29):

- a websocket upgrade to ``/_stcore/stream`` with 20 KB of headers gets an HTTP error status within seconds and
  a closed connection, through HAProxy and straight at an app process alike;
- headers that never end are cut off by HAProxy (``timeout http-request``: 408), and by the app server alone
  (``make run``: :func:`ui.serve.install_header_timeout`);
- a local process that binds 127.0.0.2 (HAProxy's source address) and connects straight to an app process's
  port is counted as 127.0.0.2, whatever ``X-Forwarded-For`` it sends: only HAProxy's secret makes the header
  believed. The app processes run ``tests/quiz/whoami_app.py`` (serve.py's guards, plus a route that says what
  address the app believes).
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Iterator

import pytest

from tutor.asgi_guards import HEADER_TIMEOUT, PROXY_HEADER
from tutor.quiz.scaled import PROXY_SOURCE, Cluster

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    work = tmp_path_factory.mktemp("scaled-guards")
    c = Cluster(work, processes=2, script=ROOT / "tests" / "quiz" / "whoami_app.py", header_timeout=2,
                env={"RULES_TUTOR_DATA": str(work)})
    try:
        yield c.start()
    finally:
        c.stop()


def exchange(port: int, request: bytes, source: str | None = None, timeout: float = 10) -> tuple[bytes, bool, float]:
    """Send ``request`` (from ``source``) and read until the server closes or ``timeout``: (reply, closed, seconds)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                  source_address=(source, 0) if source else None) as s:
        t0 = time.monotonic()
        try:
            s.sendall(request)
        except (BrokenPipeError, ConnectionResetError):  # refused before it was all sent: the reply is there
            pass
        data, closed = b"", False
        try:
            while chunk := s.recv(65536):
                data += chunk
            closed = True
        except socket.timeout:
            pass
        except ConnectionResetError:
            closed = True
        return data, closed, time.monotonic() - t0


def upgrade(pad: int, end: bool = True) -> bytes:
    lines = "".join(f"X-Pad-{i}: {'a' * 90}\r\n" for i in range(pad // 100))
    return (f"GET /_stcore/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{lines}"
            + ("\r\n" if end else "")).encode()


def status(reply: bytes) -> int:
    assert reply.startswith(b"HTTP/1."), reply[:80]
    return int(reply.split(b" ", 2)[1])


def test_a_websocket_upgrade_with_20_kb_of_headers_is_refused_and_closed(cluster: Cluster) -> None:
    for port in (cluster.port, *cluster.backends):  # HAProxy, then each app process directly
        reply, closed, took = exchange(port, upgrade(20_000))
        assert status(reply) in (400, 431) and closed and took < 5, (port, reply[:80], closed, took)
    reply, closed, _ = exchange(cluster.backends[0], upgrade(20_000).replace(b"Upgrade: websocket\r\n", b""))
    assert status(reply) == 431 and closed  # a plain request too (one read: uvicorn's own limit never saw it)


def test_headers_that_never_end_are_cut_off_by_haproxy(cluster: Cluster) -> None:
    reply, closed, took = exchange(cluster.port, upgrade(5_000, end=False), timeout=cluster.header_timeout + 15)
    assert status(reply) == 408 and closed and took < cluster.header_timeout + 10


def whoami(port: int, source: str | None = None, **headers: str) -> str:
    extra = "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in headers.items())
    reply, _, _ = exchange(port, f"GET /_test/whoami HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n".encode(),
                           source=source)
    assert status(reply) == 200, reply[:200]
    return reply.split(b"\r\n\r\n", 1)[1].decode().strip()


def test_a_local_process_on_haproxys_address_cannot_choose_its_client_address(cluster: Cluster) -> None:
    forged = {"X_Forwarded_For": "9.9.9.9"}
    assert whoami(cluster.port, **forged) == "127.0.0.1"  # through HAProxy: the real address, no secret shown
    backend = cluster.backends[0]
    assert whoami(backend, PROXY_SOURCE, **forged) == PROXY_SOURCE  # the bypass: straight at the app process
    assert whoami(backend, PROXY_SOURCE, **forged, **{PROXY_HEADER.replace("-", "_"): "a-guess"}) == PROXY_SOURCE
    assert whoami(backend, **forged) == "127.0.0.1"
    # what makes the difference is the secret (held in HAProxy's config, readable by its owner only)
    assert whoami(backend, PROXY_SOURCE, **forged, **{PROXY_HEADER.replace("-", "_"): cluster.token}) == "9.9.9.9"
    assert oct((cluster.workdir / "haproxy.cfg").stat().st_mode & 0o777) == "0o600"


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """``make run``'s server: one ``python -m ui.serve`` (serve.py), no HAProxy; slow headers cut off after 2 s."""
    work = tmp_path_factory.mktemp("single-guards")
    c = Cluster(work, processes=1, env={"RULES_TUTOR_DATA": str(work), HEADER_TIMEOUT: "2"})
    try:
        yield c.start()
    finally:
        c.stop()


def test_the_app_server_alone_refuses_20_kb_of_headers_and_cuts_off_slow_ones(single: Cluster) -> None:
    reply, closed, took = exchange(single.port, upgrade(20_000))
    assert status(reply) == 431 and closed and took < 5
    big_lines = upgrade(0).replace(b"\r\n\r\n", b"".join(b"\r\nX-Big-%d: %s" % (i, b"a" * 6000) for i in range(3))
                                   + b"\r\n\r\n")  # few long lines: past the websockets library's own checks
    reply, closed, _ = exchange(single.port, big_lines)
    assert status(reply) == 431 and closed and reply.endswith(b"Request headers too large.\n")
    reply, closed, took = exchange(single.port, upgrade(5_000, end=False), timeout=15)
    assert status(reply) == 408 and closed and took < 10
    # a websocket that opened is not this limit's business: still open after the header timeout has passed
    with socket.create_connection(("127.0.0.1", single.port), timeout=3) as s:
        s.sendall(upgrade(1_000))
        assert s.recv(65536).startswith(b"HTTP/1.1 101")
        with pytest.raises(socket.timeout):
            s.recv(65536)
