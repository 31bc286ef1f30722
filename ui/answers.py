"""Answer inputs shared by the lesson player and the student quiz page.

One widget per part of a question: a radio for a choice or yes/no, a number input, or pills for a
"pick every one that applies" part; "The play is illegal" is an option of a one-part question's radio, and a
checkbox beside a multi-part, number or pick-every-one question (where no radio has room for it). Returns whether the answer is complete enough to check.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import streamlit as st

from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.questions import PartView
from ui.html import label_escape, md_escape
from ui.i18n import _, tr


def _labels(v: PartView, game: str | None) -> dict[str, str]:
    """Each choice's label in the learner's language (its message, or its fixed phrase), by ``repr(key)``."""
    return {repr(c.key): tr(c.message if c.message is not None else c.label, game, capitalise=False)
            for c in v.choices}


def _same(a: object, b: object) -> bool:
    """The same answer value: equal and of one type (``True`` is not the choice ``1``)."""
    return a == b and type(a) is type(b)


def illegal_box(views: Sequence[PartView], *, multi: bool, illegal: bool) -> bool:
    """Whether "The play is illegal" is a checkbox beside the inputs (a multi-part question, or one whose only
    part is a number or a pick-every-one), rather than an option of the question's radio. Where the question
    offers it at all (``illegal``), it is always offered: an answer the learner cannot give is never right."""
    return illegal and (multi or any(v.kind in ("number", "multi_select") for v in views))


def inputs(views: Sequence[PartView], *, multi: bool, illegal: bool, key: Callable[[str], str], illegal_key: str,
           given: Any = None, locked: bool = False,
           order: Callable[[PartView], list[int]] | None = None, game: str | None = None) -> bool:
    """Draw the inputs; with ``locked`` they show ``given`` (an answer already checked) and are disabled.
    Labels are in the learner's language (``game``: the catalog of the game's words)."""
    box = illegal_box(views, multi=multi, illegal=illegal)
    if box and locked and illegal_key not in st.session_state:
        st.session_state[illegal_key] = given == ILLEGAL
    chose_illegal = bool(box and st.session_state.get(illegal_key))
    complete = True
    for v in views:
        prior = given.get(v.key) if isinstance(given, dict) else (given if not multi else None)
        held = _part_input(v, key(v.key), prior, disabled=locked or chose_illegal, locked=locked,
                           radio_illegal=illegal and not box, order=order, game=game)
        complete = complete and held
    if box:
        st.checkbox(label_escape(_(ILLEGAL_LABEL)), key=illegal_key, disabled=locked)
        complete = complete or bool(st.session_state.get(illegal_key))
    return complete


def _part_input(v: PartView, k: str, prior: Any, *, disabled: bool, locked: bool, radio_illegal: bool,
                order: Callable[[PartView], list[int]] | None, game: str | None) -> bool:
    """Draw one part's input (key ``k``); whether it holds an answer. Its own function, so that each widget's
    ``format_func`` keeps its own part's labels (Streamlit keeps the function and calls it again later)."""
    if v.kind == "number":
        if locked and k not in st.session_state and isinstance(prior, int):
            st.session_state[k] = prior
        value = st.number_input(label_escape(tr(v.label, game)), min_value=0, step=1, value=None, key=k, disabled=disabled)
        return value is not None
    idx = order(v) if order else list(range(len(v.choices)))
    options = [v.choices[i].key for i in idx]
    labels = _labels(v, game)
    if v.kind == "multi_select":
        if locked and k not in st.session_state and isinstance(prior, list):
            st.session_state[k] = [o for o in options if o in prior]
        st.pills(label_escape(_("{label} — pick every one that applies (or none)").format(label=tr(v.label, game))),
                 options, selection_mode="multi", key=k,
                 format_func=lambda o: md_escape(labels.get(repr(o), str(o))), disabled=disabled)
        return True  # an empty selection is an answer: "none of them"
    if radio_illegal:  # the radio's own option; else the checkbox beside the inputs
        options.append(ILLEGAL)
        labels[repr(ILLEGAL)] = _(ILLEGAL_LABEL)
    if locked and k not in st.session_state and prior in options:
        st.session_state[k] = prior
    value = st.radio(label_escape(tr(v.label, game)), options, index=None, key=k, horizontal=True, disabled=disabled,
                     format_func=lambda o: md_escape(labels.get(repr(o), str(o))))
    return value is not None


def given_answer(views: Sequence[PartView], *, multi: bool, key: Callable[[str], str], illegal_key: str) -> Any:
    """The answer the inputs hold: a value, a {part: value} dict, or ILLEGAL (the checkbox, drawn only where
    :func:`illegal_box` says; each question has its own ``illegal_key``)."""
    if st.session_state.get(illegal_key):
        return ILLEGAL
    values = {}
    for v in views:
        value = st.session_state.get(key(v.key))
        if v.kind == "multi_select":
            value = sorted(value or [], key=str)
        values[v.key] = value
    return values if multi else next(iter(values.values()))


def review(views: Sequence[PartView], *, multi: bool, illegal: bool, given: Any, correct: Any,
           game: str | None = None) -> str:
    """The learner's answer in sight after Check: every choice, the one they picked marked ✓ or ✗, and
    the correct one marked "correct" beside it (HTML; all text escaped)."""
    from ui.html import esc

    def mark(text: str, *, picked: bool, right: bool) -> str:
        cls = ["rt-pick"] + (["picked"] if picked else []) + (["right"] if right else []) + (
            ["wrong"] if picked and not right else [])
        sign = "✓ " if picked and right else "✗ " if picked else ""
        note = _("correct answer") if right and not picked else _("your answer") if picked else ""
        tail = f'<span class="rt-pick-note">{esc(note)}</span>' if note else ""
        return f'<li class="{" ".join(cls)}">{sign}{esc(text)}{tail}</li>'

    chose_illegal, is_illegal = given == ILLEGAL, correct == ILLEGAL
    out = []
    for v in views:
        labels = _labels(v, game)
        g = None if chose_illegal else (given.get(v.key) if isinstance(given, dict) else given)
        c = None if is_illegal else (correct.get(v.key) if isinstance(correct, dict) else correct)
        items: list[str] = []
        if v.kind == "number":
            if g is not None:
                items.append(mark(f"{g}", picked=True, right=g == c))
            if c is not None and g != c:
                items.append(mark(f"{c}", picked=False, right=True))
        else:
            for ch in v.choices:
                if v.kind == "multi_select":
                    picked = isinstance(g, list) and any(_same(ch.key, x) for x in g)
                    right = isinstance(c, list) and any(_same(ch.key, x) for x in c)
                else:
                    picked, right = _same(ch.key, g), _same(ch.key, c)
                items.append(mark(labels.get(repr(ch.key), ch.label), picked=picked, right=right))
        out.append(f'<div class="rt-review-part"><div class="rt-review-label">{esc(tr(v.label, game))}</div>'
                   f'<ul class="rt-review">{"".join(items)}</ul></div>')
    if illegal:  # listed only where it was offered
        out.append(f'<ul class="rt-review">{mark(_(ILLEGAL_LABEL), picked=chose_illegal, right=is_illegal)}</ul>')
    aria = _("Your answer and the correct answer")
    return f'<div class="rt-answer-review" aria-label="{esc(aria)}">{"".join(out)}</div>'
