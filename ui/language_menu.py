"""The language menu on every page, and the page's ``<html lang>`` that follows it (a widget of its own, above
:mod:`ui.i18n` and :mod:`ui.html`, which the menu uses both)."""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from tutor import i18n
from ui.html import label_escape
from ui.i18n import LANG, PICKER, SAVED, _, current


def _on_pick(save: Any = None) -> None:
    code = st.session_state.get(PICKER) or i18n.DEFAULT
    st.session_state[LANG] = code
    if code == i18n.DEFAULT:
        st.query_params.pop("lang", None)
    else:
        st.query_params["lang"] = code
    if save is not None:
        try:
            save(code)
        except Exception:  # noqa: BLE001 - not saved (storage down): this session keeps the choice all the same
            return
        learner = st.session_state.get(SAVED, ("",))[0]
        if learner:
            st.session_state[SAVED] = (learner, code)


def document_language() -> None:
    """``<html lang>`` follows the page's language (screen readers pick their voice from it, and the browser
    its hyphenation and fonts). Streamlit has no API for it: a tiny script of ours with the code only (one of
    the shipped language codes, never user text), redrawn only when the language changes."""
    code = current()
    if code not in i18n.LANGUAGES:
        return
    with st.container(key="rt-doc-lang"):
        st.html(f"<script>document.documentElement.lang={json.dumps(code)};</script><!-- {code} -->",
                unsafe_allow_javascript=True)


def picker(save: Any = None) -> None:
    """The language menu (each language in its own name); ``save(code)`` keeps the learner's choice."""
    names = i18n.names()
    code = current()
    st.session_state[PICKER] = code
    with st.container(key="rt-lang"):
        st.selectbox(label_escape(_("Language")), list(names), format_func=names.__getitem__, key=PICKER,
                     on_change=_on_pick, args=(save,), label_visibility="collapsed")
    document_language()
