"""Serve the app warm: ``python -m ui.serve [streamlit options]`` is ``streamlit run serve.py [options]``
(app.py with its error page and ``/health``) after a warm-up.

The warm-up does, once per process and before the server opens its port, what the first request would
otherwise pay for: the database schema (Alembic ``upgrade head``), the page modules and what they import,
and the library parsed, solved and frozen out of the garbage collector's sight (``ui.session.library``,
an ``st.cache_resource`` the pages then hit). So the server answers ``/_stcore/health`` only when it is
warm: "healthy" means a first page renders at once. The log says ``rules-tutor: warm in N s``.

Before all that, a weak teacher passcode stops it with one line that offers a strong one
(:func:`tutor.quiz.passcode.startup_refusal`).
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from tutor.asgi_guards import bounded_h11

ROOT = Path(__file__).resolve().parent.parent
WARM_LINE = "rules-tutor: warm in"


def warm() -> float:
    """Load everything a first page needs; return the seconds it took."""
    t0 = time.perf_counter()
    # st.cache_resource outside a script run warns "missing ScriptRunContext" (harmless here)
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").setLevel(logging.ERROR)
    from tutor import store

    store.engine()  # the schema, upgraded once per process and URL
    import ui.home_view  # noqa: F401  (each page's module and its imports: pandas, the boards, the quiz)
    import ui.lesson_view  # noqa: F401
    import ui.ruling_view  # noqa: F401
    import ui.join_view  # noqa: F401  (the student's quiz, self-paced and teacher-paced)
    import ui.teacher_view  # noqa: F401
    import ui.rulings_view  # noqa: F401
    import ui.quiz_live  # noqa: F401
    import ui.practice_view  # noqa: F401
    import tutor.practice.generate  # noqa: F401
    import tutor.practice.store  # noqa: F401
    from ui.session import library

    library()  # last: it freezes the heap, imports included
    return time.perf_counter() - t0


_TODO = {  # for whoever starts the server (English, like the rest of the console)
    "damaged": "restore it from a backup, or move it away to start with an empty one",
    "read-only": "make it and its folder writable, or point RULES_TUTOR_DATA (or RULES_TUTOR_DB) elsewhere",
    "io-error": "check the disk, or point RULES_TUTOR_DATA (or RULES_TUTOR_DB) elsewhere",
    "disk-full": "free some space on its disk",
    "unreachable": "check that the database server is running and that RULES_TUTOR_DB names it",
    "busy": "another program holds it locked; stop it or try again",
}


def cannot_start(exc: BaseException) -> str | None:
    """One line saying why the class database stops the start-up (a storage fault), or None for any other error."""
    from tutor import store
    from tutor.faults import explain

    fault = explain(exc)
    if not fault.storage:
        return None
    url = store.default_url()
    where = url.split("///", 1)[1] if url.startswith("sqlite:///") else "RULES_TUTOR_DB"
    cause = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]
    return f"rules-tutor: cannot start: {fault.said().rstrip('.')} ({where}: {cause}); {_TODO.get(fault.kind, '')}."


def install_header_timeout() -> bool:
    """Make the Streamlit server (uvicorn) in this process use :func:`bounded_h11`; whether it could.

    Streamlit builds uvicorn's configuration itself; its helper for the common settings is wrapped to add ours.
    Where a Streamlit release has no such helper, nothing changes (and the caller may log it)."""
    try:
        from streamlit.web.server.starlette import starlette_server as server
    except ImportError:
        return False
    common = getattr(server, "_get_uvicorn_config_kwargs", None)
    if common is None:
        return False
    if common in _installed:
        return True

    def with_bounded_h11() -> dict[str, Any]:
        return {**common(), "http": bounded_h11()}

    _installed.add(with_bounded_h11)
    server._get_uvicorn_config_kwargs = with_bounded_h11
    return True


_installed: set[Callable[[], dict[str, Any]]] = set()


def main(argv: Sequence[str] | None = None) -> None:
    from tutor.quiz.passcode import startup_refusal

    refused = startup_refusal()
    if refused:
        print(refused, file=sys.stderr, flush=True)
        raise SystemExit(2)
    try:
        seconds = warm()
    except Exception as exc:  # noqa: BLE001 - a storage fault is one line; anything else keeps its traceback
        said = cannot_start(exc)
        if said is None:
            raise
        print(said, file=sys.stderr, flush=True)
        raise SystemExit(1) from None
    print(f"{WARM_LINE} {seconds:.2f} s; starting Streamlit", flush=True)
    from streamlit.web import cli

    if not install_header_timeout():  # headers that never end: 408 after 10 s
        logging.getLogger("rules_tutor").warning("this Streamlit's server takes no limit on slow request headers")

    sys.argv = ["streamlit", "run", str(ROOT / "serve.py"), *(sys.argv[1:] if argv is None else argv)]
    cli.main()


if __name__ == "__main__":
    main()
