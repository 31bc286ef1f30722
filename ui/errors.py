"""One error page for every fault: what happened and what to do, in plain text; the details go to the server's
log under a short reference (never a traceback, an SQL statement or a file path on the page).

Used by ``serve.py`` (``st.App(on_script_error=...)``: page scripts, widget callbacks and fragments) and by
``app.py`` around the page (so ``streamlit run app.py`` and AppTest show the same page).
"""

from __future__ import annotations

import logging
import secrets
from contextlib import contextmanager
from typing import Iterator

import streamlit as st

from tutor.faults import explain
from ui import html as h
from ui.i18n import _

log = logging.getLogger("rules_tutor")
# Styled inline: a fault in a widget callback stops the run before app.py has put the theme's CSS on the page.
_BOX = "border:2px solid #b3261e;border-radius:14px;padding:.8rem 1rem;margin:.6rem 0;background:#fff;color:#1d2433"


def show(exc: BaseException) -> None:
    """Log ``exc`` with its traceback and a reference; show the user what happened and what to do."""
    fault = explain(exc)
    ref = secrets.token_hex(3).upper()
    log.error("fault %s (%s) on %s", ref, fault.kind, _page(), exc_info=(type(exc), exc, exc.__traceback__))
    try:
        reference = _("Reference {ref} (in the server's log).").format(ref=ref)
        st.html(f'<div role="alert" data-testid="rt-fault" data-kind="{h.esc(fault.kind)}" style="{_BOX}">'
                f'<strong style="font-size:1.05rem">{h.esc(fault.said(_))}</strong><p style="margin:.35rem 0 0">'
                f'{h.esc(_(fault.todo))}</p><p style="margin:.35rem 0 0;font-size:.78rem;color:#5a6275">'
                f'{h.esc(reference)}</p></div>')
    except Exception:  # noqa: BLE001 - no page to draw on (a stopped session): the log has it
        log.warning("fault %s could not be shown", ref)


def on_script_error(exc: Exception) -> bool:
    """``st.App``'s handler of an uncaught exception: our page instead of Streamlit's."""
    show(exc)
    return True


@contextmanager
def guard() -> Iterator[None]:
    """Run a page; an exception becomes the error page (st.stop/st.rerun pass: they are not Exceptions)."""
    from streamlit.errors import FragmentHandledException

    try:
        yield
    except FragmentHandledException:
        raise  # a fragment's fault: already shown in the fragment (on_script_error)
    except Exception as exc:  # noqa: BLE001
        show(exc)


def _page() -> str:
    try:
        return st.context.url or "?"
    except Exception:  # noqa: BLE001
        return "?"
