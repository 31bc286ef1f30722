"""Who the learner is (an id kept in the URL) and the shared library."""

from __future__ import annotations

import re
import uuid

import streamlit as st

from tutor.library import Library, default_library
from ui.state import Keys

_ID = re.compile(r"^[a-z0-9]{8,32}$")


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
    return default_library()


def library() -> Library:
    """The scenario and lesson library, parsed once per server process."""
    return _library()
