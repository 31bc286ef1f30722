"""The language text is drawn in right now, without Streamlit: what a board, a caption or the CLI writes through.

Outside the app the language is the one :func:`speaking` sets (``rules-tutor show --lang vi``), else English. In
the app, ``ui.i18n`` registers how a page finds its session's language (:func:`follow`); ``tutor`` never imports
``ui`` or Streamlit for it. :func:`_`, :func:`ngettext`, :func:`tr`, :func:`in_game` and :func:`term` look a
string up in the current language's catalogs (``tutor.i18n``).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

from engine.core.message import Listing, Message, Term
from tutor import i18n

_SPEAKING: ContextVar[str | None] = ContextVar("rt_speaking", default=None)  # set outside a run: `show --lang`
_FOLLOW: list[Callable[[], str | None]] = []  # how the app finds a session's language (``ui.i18n``)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Draw in ``code`` (``rules-tutor show --lang`` drawing a board as text, a test)."""
    token = _SPEAKING.set(code)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def follow(session_language: Callable[[], str | None]) -> None:
    """Where the language comes from when :func:`speaking` sets none: the app's session (``ui.i18n``); None
    from it (no session: a unit test, a worker drawing boards) means English."""
    _FOLLOW[:] = [session_language]


def current() -> str:
    """The language to draw in now: :func:`speaking`'s, else the app session's, else English."""
    if (forced := _SPEAKING.get()) is not None:
        return forced
    for find in _FOLLOW:
        if (code := find()) is not None:
            return code
    return i18n.DEFAULT


def _(text: str) -> str:
    """``text`` (English, the message id) in the current language."""
    return i18n.gettext_in(current(), text)


def ngettext(singular: str, many: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (format it afterwards)."""
    return i18n.ngettext_in(current(), singular, many, n)


def tr(text: Message | Listing | str | None, game: str | None = None, capitalise: bool = True) -> str:
    """An engine message or a fixed phrase (a choice label, an ask's label, a rule's title) in the current
    language, from ``game``'s catalog first; a name or any text with no translation is returned as it is."""
    if text is None:
        return ""
    if isinstance(text, (Message, Listing)):
        return i18n.render(text, current(), game, capitalise)
    return i18n.gettext_in(current(), text, game)


def in_game(game: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``_`` and ``ngettext`` for a module whose strings belong to ``game``'s catalog: ``rules-tutor i18n extract``
    files every module of ``tutor/games/<game>/`` (its board among them) under the game's domain, so a board looks
    its strings up there first (then in the interface catalog). ``_, ngettext = in_game("regicide")`` at the top of
    the module."""

    def gettext(text: str) -> str:
        return i18n.gettext_in(current(), text, game)

    def ngettext(singular: str, many: str, n: int) -> str:
        return i18n.ngettext_in(current(), singular, many, n, game)

    return gettext, ngettext


def term(kind: str, name: str, game: str | None = None) -> str:
    """A game word (a card's or a character's name, a suit, a rank) as the language's terms files name it
    (``locale/<lang>/terms*.yaml``); the word itself where they do not."""
    return i18n.language(current(), game).term(Term(kind, name))
