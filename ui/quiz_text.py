"""A class quiz question in one reader's language: its scenario's texts, caption, choices and answer labels.

A student takes the quiz in their own language (``ui.i18n.current()``): the scenario's title, prompts and
captions come from its translation file (``Library.in_language``), the choices and the asks' labels from the
catalogs (``tr``). Only what is shown changes: a question is still the item of the session's spec, and an
answer still holds the choices' keys, so the teacher's results group every language under one question.
An inline situation (saved from "Check a ruling") has no translation file: its own texts are shown as written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.i18n import DEFAULT
from tutor.library import Library
from tutor.models import Question, ScenarioBase
from tutor.questions import Asked, PartView
from tutor.quiz.spec import Item, resolve
from ui.i18n import _, prompt, tr


def localised(lib: Library, item: Item, lang: str) -> tuple[ScenarioBase, Question]:
    """The item's scenario and question with their texts in ``lang`` where a current translation exists."""
    scn, q = resolve(lib, item)
    if item.inline and lang and lang != DEFAULT:  # an item drawn from the generator: its prompt's template
        return scn, q.model_copy(update={"prompt": prompt(scn.game, q.ask, q.prompt, lang)})
    if item.inline or not lang or lang == DEFAULT or scn.id not in lib.scenarios:
        return scn, q
    shown = lib.in_language(scn.id, lang)
    if not isinstance(shown, ScenarioBase) or not any(x.id == q.id for x in shown.questions):
        return scn, q
    return shown, shown.question(q.id)


def caption(asked: Asked, scn: ScenarioBase, q: Question) -> str:
    """The narration above the board: a derived caption (a message) in the reader's language, or the author's
    own caption as the translation of ``scn``/``q`` has it."""
    said = asked.caption_message
    if isinstance(said, str):
        if asked.question.caption and said == asked.question.caption:
            said = q.caption or said
        elif asked.scenario.caption and said == asked.scenario.caption:
            said = scn.caption or said
    return tr(said, scn.game)


def views(parts: Sequence[PartView], game: str) -> list[PartView]:
    """The parts' labels and choices in the reader's language (the keys, which answers hold, unchanged)."""
    return [replace(v, label=tr(v.label, game),
                    choices=tuple(replace(c, label=tr(c.message or c.label, game), message=None) for c in v.choices))
            for v in parts]


def label(parts: Sequence[PartView], value: Any, game: str) -> str:
    """An answer value as a reader reads it (``tutor.questions.label_of`` in the reader's language); ``parts``
    are the question's views as :func:`views` gives them."""
    if isinstance(value, str) and value == ILLEGAL:
        return tr(ILLEGAL_LABEL, game)
    if value is None:
        return _("(no answer)")

    def one(view: PartView, v: Any) -> str:
        if isinstance(v, list):
            return ", ".join(one(view, x) for x in v) if v else _("None of them")
        for c in view.choices:
            if c.key == v and type(c.key) is type(v):
                return c.label
        return str(v)

    if isinstance(value, dict):
        return " · ".join(_("{part}: {answer}").format(part=v.label, answer=one(v, value.get(v.key))) for v in parts)
    return one(parts[0], value) if parts else str(value)
