"""Who the learner is (an id kept in the URL) and the shared library."""

from __future__ import annotations

import gc

import streamlit as st

from tutor import learners
from tutor.library import Library, default_library
from ui.state import Keys


def _accepted(current: str | None) -> bool:
    """Whether ``?u=`` holds an id we accept (:func:`tutor.learners.accepted`: 128 random bits, or an id from
    before that already holds progress); checked once per browser session. A storage fault is raised."""
    if not current or len(current) > 64:
        return False
    if current == st.session_state.get(Keys.LEARNER_OK):
        return True
    if learners.accepted(current):
        st.session_state[Keys.LEARNER_OK] = current
        return True
    return False


def learner_in_url() -> str | None:
    """The learner id ``?u=`` carries, if it is one we accept; never a new one (None while storage is down:
    every page still opens, see ui/errors.py)."""
    current = st.query_params.get("u")
    try:
        return current if _accepted(current) else None
    except Exception:  # noqa: BLE001 - the page that needs the learner says what is wrong with storage
        return None


def learner_id() -> str:
    """The learner's id: from ``?u=`` in the URL if accepted, else a new one (128 random bits) written into it.

    Keeping it in the URL makes progress survive a reload (and a bookmark) without accounts. An id that is not
    accepted (too short, unknown, malformed) is replaced, so nobody can choose one or guess another's. When
    storage cannot say whether an old id is known, the fault is raised (the page's error), not a new id given.
    """
    current = st.query_params.get("u")
    if current is not None and _accepted(current):
        st.session_state[Keys.LEARNER] = current
        return current
    new = st.session_state.get(Keys.LEARNER)
    if not new or not (learners.is_strong(new) or new == st.session_state.get(Keys.LEARNER_OK)):
        new = learners.new_id()  # this session's id is kept only if it was accepted
    st.session_state[Keys.LEARNER] = new
    st.query_params["u"] = new
    return new


@st.cache_resource(show_spinner=False)
def _library() -> Library:
    lib = default_library()
    lib.warm()  # resolve every question once, so no answer costs a resolution
    freeze_heap()
    return lib


def freeze_heap() -> None:
    """Move what is loaded (modules, the library, its solutions) out of the garbage collector's sight.

    Streamlit runs a full ``gc.collect()`` after every script run; over this app's heap that took
    about 80 ms, most of a rerun. Frozen objects are never scanned, so each collection only looks
    at what a run made. Done once per process, after the library is loaded.
    """
    gc.collect()
    gc.freeze()


def library() -> Library:
    """The scenario and lesson library, parsed once per server process."""
    return _library()
