"""Rules Tutor served (``make run``, ``make run-scaled``, the browser tests): ``streamlit run serve.py``.

``app.py`` stays the Streamlit script (navigation and pages); this wraps it in ``st.App`` for three things a bare
``streamlit run app.py`` cannot do:

- one error page for every uncaught exception, in page scripts, widget callbacks and fragments alike
  (:func:`ui.errors.on_script_error`): what happened and what to do, the details in the server's log;
- ``/health``: 200 ``ok`` when the database can be written now (a real write, :mod:`tutor.health`) and passed
  its integrity check at start-up, else 503 and what is wrong (read-only, disk full, damaged, unreachable).
  Streamlit's own ``/_stcore/health`` stays as it is: it says the process is up (the browser and HAProxy use
  it, and a page can still explain a storage fault to its user);
- two guards before Streamlit sees a request (:mod:`tutor.asgi_guards`): headers over 16 KB are answered 431 and
  the connection closed; ``X-Forwarded-For`` is believed only from our HAProxy (its address and its secret).
  (``python -m ui.serve`` also answers headers that take over 10 s to arrive with 408:
  :func:`ui.serve.install_header_timeout`.)
"""

import logging

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tutor.health import storage_problem
from tutor.asgi_guards import middleware
from ui.errors import on_script_error

logging.getLogger("rules_tutor").setLevel(logging.INFO)


async def health(request: Request) -> PlainTextResponse:
    problem = await run_in_threadpool(storage_problem)
    return PlainTextResponse(problem or "ok", status_code=503 if problem else 200, headers={"Cache-Control": "no-cache"})


app = st.App("app.py", routes=[Route("/health", health, methods=["GET", "HEAD"])], on_script_error=on_script_error,
             middleware=middleware())
