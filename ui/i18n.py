"""The interface in the learner's language.

``app.py`` calls :func:`choose_language` once per run: the language comes from ``?lang=``, then the learner's
saved choice, then the browser's ``Accept-Language``, then English (``tutor.i18n.choose``), and is kept in
the session. Every page then writes its text through :func:`_` (a fixed string; its English is the message
id, extracted into ``locale/messages.pot``), :func:`ngettext`, and :func:`tr` (an engine message, or a
fixed phrase such as a choice label, in the game's catalog). :func:`picker` is the language menu every
page shows.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator

import streamlit as st

from engine.core.message import Message, Term
from tutor import i18n

LANG = "ui.lang"  # session state: the language of this session's pages
PICKER = "ui.lang_picker"  # selectbox key
SAVED = "ui.lang_saved"  # the learner's saved choice, loaded once per session
_SPEAKING: ContextVar[str | None] = ContextVar("rt_speaking", default=None)  # set outside a run: `show --lang`


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Draw in ``code`` outside a Streamlit run (``rules-tutor show --lang`` drawing a board as text)."""
    token = _SPEAKING.set(code)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def current() -> str:
    """The language of this run (English outside a Streamlit run, unless :func:`speaking` says otherwise)."""
    if (forced := _SPEAKING.get()) is not None:
        return forced
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:  # e.g. `rules-tutor generate` drawing boards: no warnings
        return i18n.DEFAULT
    try:
        return str(st.session_state.get(LANG, i18n.DEFAULT))
    except Exception:  # noqa: BLE001 - no script run context (a unit test calling a view helper)
        return i18n.DEFAULT


def _(text: str) -> str:
    """``text`` (English, the message id) in the current language."""
    return i18n.gettext_in(current(), text)


def ngettext(singular: str, many: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (format it afterwards)."""
    return i18n.ngettext_in(current(), singular, many, n)


def tr(text: Message | str | None, game: str | None = None, capitalise: bool = True) -> str:
    """An engine message or a fixed phrase (a choice label, an ask's label, a rule's title) in the current
    language, from ``game``'s catalog first; a name or any text with no translation is returned as it is."""
    if text is None:
        return ""
    if isinstance(text, Message):
        return i18n.render(text, current(), game, capitalise)
    return i18n.gettext_in(current(), text, game)


def in_game(game: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``_`` and ``ngettext`` for a module whose strings belong to ``game``'s catalog: ``rules-tutor i18n extract``
    files ``ui/boards/<game>.py`` under the game's domain, so a board looks its strings up there first (then in the
    interface catalog). ``_, ngettext = in_game("regicide")`` at the top of the module."""

    def gettext(text: str) -> str:
        return i18n.gettext_in(current(), text, game)

    def ngettext(singular: str, many: str, n: int) -> str:
        return i18n.ngettext_in(current(), singular, many, n, game)

    return gettext, ngettext


def term(kind: str, name: str, game: str | None = None) -> str:
    """A game word (a card's or a character's name, a suit, a rank) as the language's terms files name it
    (``locale/<lang>/terms*.yaml``); the word itself where they do not."""
    return i18n.language(current(), game).term(Term(kind, name))


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
