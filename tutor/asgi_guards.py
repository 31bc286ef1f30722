"""Two guards in front of the app (ASGI middleware ``serve.py`` gives ``st.App``; they run before Streamlit's own):

- :class:`HeaderLimit`: a request whose headers (with its path) exceed :data:`MAX_HEADER_BYTES` is answered
  ``431 Request Header Fields Too Large`` and its connection closed, a plain request and a websocket upgrade
  (``/_stcore/stream``) alike. uvicorn's own limit (h11's 16 KB of *incomplete* request) applies only while a
  request arrives in pieces: a whole one read at once passed whatever its size, and an upgrade under the
  websockets library's limit opened a stream that waits in silence.
- :class:`TrustedProxy`: the client's address from ``X-Forwarded-For`` is believed only from our HAProxy
  (``make run-scaled``), which is known by two things at once: the address it connects from
  (:data:`tutor.quiz.scaled.PROXY_SOURCE`) and a secret it sets on every request, ``X-Rules-Tutor-Proxy``
  (a random token per run, given to the app processes in ``RULES_TUTOR_PROXY_TOKEN``; HAProxy replaces any
  value a client sends). An address alone proves nothing: any local process can bind 127.0.0.2 and connect
  straight to a backend port. The token header is removed before the app sees the request.
"""

from __future__ import annotations

import asyncio
import hmac
import os
from typing import Any, Awaitable, Callable

from tutor.quiz.address import normal

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_HEADER_BYTES = 16 * 1024  # the request line's path and every header: HAProxy's default buffer, Node's limit
PROXY_HEADER = "X-Rules-Tutor-Proxy"
PROXY_TOKEN = "RULES_TUTOR_PROXY_TOKEN"  # environment: the secret our HAProxy sets (unset: no proxy is trusted)
PROXY_SOURCE_ENV = "RULES_TUTOR_PROXY_SOURCE"  # environment: the address our HAProxy connects from
_TOO_LARGE = b"Request headers too large.\n"


def header_bytes(scope: Scope) -> int:
    """The size of a request's headers as sent (name, ': ', value, CRLF), with its path and query."""
    return (sum(len(k) + len(v) + 4 for k, v in scope.get("headers") or ())
            + len(scope.get("raw_path") or scope.get("path", "").encode()) + len(scope.get("query_string") or b""))


class HeaderLimit:
    def __init__(self, app: ASGIApp, limit: int = MAX_HEADER_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or header_bytes(scope) <= self.limit:
            await self.app(scope, receive, send)
            return
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
                   (b"content-length", str(len(_TOO_LARGE)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 431, "headers": headers})
            await send({"type": "http.response.body", "body": _TOO_LARGE})
        elif "websocket.http.response" in (scope.get("extensions") or {}):  # refuse the upgrade with a status
            await receive()  # websocket.connect
            await send({"type": "websocket.http.response.start", "status": 431, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": _TOO_LARGE})
        else:  # a server without the denial extension answers 403
            await receive()
            await send({"type": "websocket.close", "code": 1008})


class TrustedProxy:
    def __init__(self, app: ASGIApp, token: str | None = None, source: str | None = None) -> None:
        self.app = app
        token = os.environ.get(PROXY_TOKEN, "") if token is None else token
        self.token = token.encode("latin-1") if token else b""
        self.source = normal(os.environ.get(PROXY_SOURCE_ENV, "") if source is None else source)
        self.name = PROXY_HEADER.lower().encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers") or []
        given = [v for k, v in headers if k.lower() == self.name]
        if given or self.token:
            scope = dict(scope, headers=[(k, v) for k, v in headers if k.lower() != self.name])
            client = scope.get("client")
            if (self.token and self.source and len(given) == 1 and hmac.compare_digest(given[0], self.token)
                    and client and normal(str(client[0])) == self.source):
                forwarded = [h.strip() for k, v in headers if k.lower() == b"x-forwarded-for"
                             for h in v.decode("latin-1").split(",") if h.strip()]
                if forwarded:  # the last entry: the one our HAProxy appended
                    scope["client"] = (normal(forwarded[-1]), 0)
        await self.app(scope, receive, send)


def middleware() -> list[Any]:
    """Both guards, in their order, for ``st.App(middleware=...)`` (``serve.py`` and the test apps alike)."""
    from starlette.middleware import Middleware

    return [Middleware(HeaderLimit), Middleware(TrustedProxy)]


# -- headers that never end -------------------------------------------------------------------------
HEADER_TIMEOUT = "RULES_TUTOR_HEADER_TIMEOUT"  # environment: seconds a request's headers may take (default 10)
_TIMED_OUT = b"Request headers took too long.\n"
_TIMEOUT_REPLY = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
                  b"content-length: %d\r\n\r\n%s" % (len(_TIMED_OUT), _TIMED_OUT))


def header_timeout() -> float:
    try:
        return max(0.1, float(os.environ.get(HEADER_TIMEOUT, "10")))
    except ValueError:
        return 10.0


def bounded_h11() -> type:
    """uvicorn's HTTP/1.1 protocol, with a limit on the time a request's headers may take to arrive.

    uvicorn times out an idle kept-alive connection (5 s) but not one that sends part of a request's headers and
    then waits: such a connection stayed open for good, each one a socket and a buffer of the server's. Here a
    connection still waiting for its request's headers :func:`header_timeout` seconds after it opened (or after its
    previous response, if uvicorn's shorter keep-alive timeout has not closed it) is closed, answered ``408 Request
    Timeout`` if part of a request came. A websocket, once upgraded, is not this
    protocol's any more and is never timed out here."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class BoundedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._header_timer = self.loop.call_later(header_timeout(), self._headers_too_slow)

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            super().connection_lost(exc)

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if self.transport.is_closing() or self.conn.their_state is not h11.IDLE or \
                    self.transport.get_protocol() is not self:
                return  # a request arrived (or the connection became a websocket)
            if self.conn.trailing_data[0]:  # part of a request came: say why (an idle connection is just closed)
                self.transport.write(_TIMEOUT_REPLY)
            self.transport.close()

    return BoundedH11Protocol
