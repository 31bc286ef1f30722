"""Who the learner is (an id kept in the URL) and the shared library."""

from __future__ import annotations

import gc
import re
import uuid

import streamlit as st

from tutor.library import Library, default_library
from ui.state import Keys

_ID = re.compile(r"^[a-z0-9]{8,32}$")


def learner_in_url() -> str | None:
    """The learner id ``?u=`` carries, if it is a valid one (never a new one)."""
    current = st.query_params.get("u")
    return current if current and _ID.match(current) else None


def learner_id() -> str:
    """The learner's id: from ``?u=`` in the URL, else a new one written into the URL.

    Keeping it in the URL makes progress survive a reload (and a bookmark) without accounts.
    """
    current = st.query_params.get("u")
    if current and _ID.match(current):
        st.session_state[Keys.LEARNER] = current
        return current
    new = st.session_state.get(Keys.LEARNER) or uuid.uuid4().hex[:12]
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
