"""The interface in the learner's language.

``app.py`` calls :func:`choose_language` once per run: the language comes from ``?lang=``, then the learner's
saved choice, then the browser's ``Accept-Language``, then English (``tutor.i18n.choose``), and is kept in
the session. Every page then writes its text through :func:`_` (a fixed string; its English is the message
id, extracted into ``locale/messages.pot``), :func:`ngettext`, and :func:`tr` (an engine message, or a
fixed phrase such as a choice label, in the game's catalog). :func:`picker` is the language menu every
page shows.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

import tutor.speaking as _now
from tutor import i18n
from tutor.speaking import follow
from tutor.speaking import _ as _, ngettext as ngettext, tr as tr  # what the pages write through

LANG = "ui.lang"  # session state: the language of this session's pages
PICKER = "ui.lang_picker"  # selectbox key
SAVED = "ui.lang_saved"  # the learner's saved choice, loaded once per session


def _session_language() -> str | None:
    """This session's language, or None outside a Streamlit run (``rules-tutor`` drawing boards, a unit test)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    try:
        return str(st.session_state.get(LANG, i18n.DEFAULT))
    except Exception:  # noqa: BLE001 - no script run context (a unit test calling a view helper)
        return None


follow(_session_language)  # what tutor/ draws (boards, captions) follows the session's language too


def current() -> str:
    """The language of this run (English outside a Streamlit run, unless :func:`tutor.speaking.speaking` says otherwise)."""
    return _now.current()


def header(name: str) -> str | None:
    try:
        value = st.context.headers.get(name)
    except Exception:  # noqa: BLE001 - outside a browser session (AppTest)
        return None
    return str(value) if value else None


def choose_language(saved: str | None = None) -> str:
    """Settle this run's language and keep it in the session (``?lang=`` always wins)."""
    query = st.query_params.get("lang")
    picked = st.session_state.get(LANG)
    code = i18n.choose(query, picked or saved, header("Accept-Language"))
    st.session_state[LANG] = code
    return code


def saved_language(learner: str | None, load: Any) -> str | None:
    """The learner's saved choice, read once per session (``load(learner)``; None for no learner id)."""
    if not learner:
        return None
    if st.session_state.get(SAVED, ("",))[0] != learner:
        try:
            st.session_state[SAVED] = (learner, load(learner))
        except Exception:  # noqa: BLE001 - storage down: the page still opens, in the browser's language
            st.session_state[SAVED] = (learner, None)
    value = st.session_state[SAVED][1]
    return str(value) if value else None


def prompt(game: str, ask: str | None, text: str, lang: str | None = None) -> str:
    """A question's prompt in the current language: a generated item's (practice, a quiz's drawn items) from the
    template it was written from (``tutor.practice.texts``); an author's prompt as it is (a lesson's is
    translated with its scenario)."""
    from tutor.practice.texts import prompt_template

    lang = lang or current()
    found = prompt_template(game, ask, text) if lang != i18n.DEFAULT else None
    if found is None:
        return text
    template, fields = found
    try:
        return i18n.gettext_in(lang, template).format(**fields)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English prompt
        return text
