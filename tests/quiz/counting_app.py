"""The app as ``serve.py`` serves it (warm, with its error page), plus ``GET /_test/statements``: the SQL
statements this process has run since the last such request. For the burst tests only:
``streamlit run tests/quiz/counting_app.py``."""

from __future__ import annotations

import threading

import streamlit as st
from sqlalchemy import event
from sqlalchemy.engine import Engine
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ui.errors import on_script_error
from ui.serve import ROOT, warm

_lock = threading.Lock()
_seen: list[str] = []


@event.listens_for(Engine, "before_cursor_execute")
def _count(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
    with _lock:
        _seen.append(" ".join(statement.split()))


async def statements(request: Request) -> JSONResponse:
    with _lock:
        out = list(_seen)
        _seen.clear()
    return JSONResponse(out, headers={"Cache-Control": "no-cache"})


warm()
app = st.App(str(ROOT / "app.py"), routes=[Route("/_test/statements", statements)], on_script_error=on_script_error)
