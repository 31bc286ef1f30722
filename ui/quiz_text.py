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

from tutor.i18n import DEFAULT
from tutor.library import Library
from tutor.models import Question, ScenarioBase
from tutor.questions import Asked, PartView, answer_text
from tutor.quiz.spec import Item, resolve
from ui.i18n import prompt, tr


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
    """An answer value as a reader reads it, in the reader's language (:func:`tutor.questions.answer_text`);
    ``parts`` are the question's views as :func:`views` gives them."""
    return answer_text(parts, value, lambda text: tr(text, game))
