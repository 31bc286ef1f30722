"""The browser session and the address of the connection behind the current script run, for the rate limits.

The address is the websocket's own peer as the server reports it (Streamlit's client context), not
``st.context.ip_address`` (which hides loopback: ``make run`` is served on 127.0.0.1 and must count too);
``X-Forwarded-For`` is believed only from a configured proxy (:mod:`tutor.quiz.address`).
"""

from __future__ import annotations

import streamlit as st

from tutor.quiz.address import client_address


def session_id() -> str:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "unknown"


def _peer() -> str | None:
    """The connection's address; None outside a server (AppTest)."""
    try:
        from streamlit import runtime
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx()
        if ctx is None or not runtime.exists():
            return None
        client = runtime.get_instance().get_client(ctx.session_id)
        context = getattr(client, "client_context", None) if client is not None else None
        peer = getattr(context, "remote_ip", None) if context is not None else None
    except Exception:  # pragma: no cover - another Streamlit's internals: fall back on the public API
        peer = None
    return peer or st.context.ip_address


def address() -> str:
    """The client's address, as the rate limits count it ("unknown" outside a server)."""
    headers = st.context.headers
    forwarded = headers.get_all("X-Forwarded-For") if hasattr(headers, "get_all") else (
        [headers["X-Forwarded-For"]] if "X-Forwarded-For" in headers else [])
    return client_address(_peer(), forwarded)
