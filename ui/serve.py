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
from typing import Sequence

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
    import ui.student_view  # noqa: F401
    import ui.teacher_view  # noqa: F401
    import ui.rulings_view  # noqa: F401
    import ui.quiz_live  # noqa: F401
    import ui.practice_view  # noqa: F401
    import tutor.practice.generate  # noqa: F401
    import tutor.practice.store  # noqa: F401
    from ui.session import library

    library()  # last: it freezes the heap, imports included
    return time.perf_counter() - t0


def main(argv: Sequence[str] | None = None) -> None:
    from tutor.quiz.passcode import startup_refusal

    refused = startup_refusal()
    if refused:
        print(refused, file=sys.stderr, flush=True)
        raise SystemExit(2)
    seconds = warm()
    print(f"{WARM_LINE} {seconds:.2f} s; starting Streamlit", flush=True)
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", str(ROOT / "serve.py"), *(sys.argv[1:] if argv is None else argv)]
    cli.main()


if __name__ == "__main__":
    main()
