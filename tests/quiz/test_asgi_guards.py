"""The guards before the app (issue 29): oversized headers are answered 431 and the connection closed, for a plain
request and a websocket upgrade; X-Forwarded-For is believed only from our HAProxy's address *with* its secret,
and the secret never reaches the app."""

from __future__ import annotations

import asyncio
from typing import Any

from tutor.asgi_guards import MAX_HEADER_BYTES, PROXY_HEADER, HeaderLimit, TrustedProxy, header_bytes

TOKEN = "s3cret-token"
PROXY = "127.0.0.2"


class Inner:
    """The app behind a guard: records the scope it was called with."""

    def __init__(self) -> None:
        self.scopes: list[dict[str, Any]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scopes.append(scope)


def call(guard: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"} if scope["type"] == "websocket" else {"type": "http.request"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(guard(scope, receive, send))
    return sent


def scope(kind: str = "http", pad: int = 0, client: str = "127.0.0.1", **headers: str) -> dict[str, Any]:
    hs = [(k.replace("_", "-").lower().encode(), v.encode()) for k, v in headers.items()]
    hs += [(f"x-pad-{i}".encode(), b"a" * 90) for i in range(pad // 100)]
    return {"type": kind, "path": "/_stcore/stream", "raw_path": b"/_stcore/stream", "query_string": b"",
            "headers": [(b"host", b"x")] + hs, "client": (client, 5000),
            "extensions": {"websocket.http.response": {}} if kind == "websocket" else {}}


def test_headers_over_the_limit_are_answered_431_and_the_connection_closed() -> None:
    inner = Inner()
    big = scope(pad=20_000)
    assert header_bytes(big) > MAX_HEADER_BYTES
    sent = call(HeaderLimit(inner), big)
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 431
    assert (b"connection", b"close") in sent[0]["headers"] and inner.scopes == []
    ws = call(HeaderLimit(inner), scope("websocket", pad=20_000))
    assert ws[0]["type"] == "websocket.http.response.start" and ws[0]["status"] == 431 and inner.scopes == []
    no_denial = dict(scope("websocket", pad=20_000), extensions={})
    assert call(HeaderLimit(inner), no_denial) == [{"type": "websocket.close", "code": 1008}]


def test_headers_within_the_limit_pass() -> None:
    inner = Inner()
    assert call(HeaderLimit(inner), scope(pad=MAX_HEADER_BYTES - 1000)) == [] and len(inner.scopes) == 1
    call(HeaderLimit(inner), scope("websocket", pad=8000))
    assert len(inner.scopes) == 2


def seen_client(guard_args: dict[str, str], **kw: Any) -> tuple[str, list[bytes]]:
    inner = Inner()
    call(TrustedProxy(inner, **guard_args), scope(**kw))
    s = inner.scopes[0]
    return s["client"][0], [k for k, _ in s["headers"]]


def test_x_forwarded_for_is_believed_from_the_proxys_address_with_its_secret_only() -> None:
    ours = {"token": TOKEN, "source": PROXY}
    xff = {"x_forwarded_for": "9.9.9.9, 10.0.0.7"}
    secret = {PROXY_HEADER.replace("-", "_"): TOKEN}
    assert seen_client(ours, client=PROXY, **xff, **secret)[0] == "10.0.0.7"  # HAProxy's: the last entry
    # a local process that binds 127.0.0.2 and connects to a backend's port: no secret, or a guessed one
    assert seen_client(ours, client=PROXY, **xff)[0] == PROXY
    assert seen_client(ours, client=PROXY, **xff, **{PROXY_HEADER.replace("-", "_"): "guess"})[0] == PROXY
    # the secret from another address (it leaked to a client through HAProxy? it cannot: HAProxy replaces it)
    assert seen_client(ours, client="127.0.0.1", **xff, **secret)[0] == "127.0.0.1"
    # no proxy configured (make run): nobody is believed, whatever they send
    assert seen_client({"token": "", "source": ""}, client=PROXY, **xff, **secret)[0] == PROXY


def test_the_secret_never_reaches_the_app() -> None:
    for guard in ({"token": TOKEN, "source": PROXY}, {"token": "", "source": ""}):
        for client in (PROXY, "127.0.0.1"):
            _, names = seen_client(guard, client=client, **{PROXY_HEADER.replace("-", "_"): TOKEN})
            assert PROXY_HEADER.lower().encode() not in names
