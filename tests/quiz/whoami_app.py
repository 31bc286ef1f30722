"""The app with ``serve.py``'s guards (:func:`tutor.asgi_guards.middleware`), plus ``GET /_test/whoami``: the
client's address as the app believes it (after the guards). For the proxy tests only:
``streamlit run tests/quiz/whoami_app.py`` (via :class:`tutor.quiz.scaled.Cluster`'s ``script``)."""

from __future__ import annotations

import streamlit as st
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tutor.asgi_guards import middleware
from ui.serve import ROOT


async def whoami(request: Request) -> PlainTextResponse:
    headers = ",".join(sorted(k for k in request.headers.keys() if k.startswith("x-rules-tutor")))
    return PlainTextResponse(f"{request.client.host if request.client else '?'} {headers}".strip())


app = st.App(str(ROOT / "app.py"), routes=[Route("/_test/whoami", whoami)], middleware=middleware())
