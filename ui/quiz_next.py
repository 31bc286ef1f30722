"""The end of a student's quiz (``ui/student_view.py``): the score, the questions they got right, then what to
do next: review the missed questions with their explanations, practise what they missed (the practice page on
the deciding rules of those questions), and the next lesson (``tutor/quiz/next_steps.py``)."""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from tutor import store
from tutor.games import plugin
from tutor.library import Library
from tutor.quiz import service
from tutor.quiz.next_steps import next_steps
from ui import html as h
from ui import quiz_text
from ui.i18n import _, current, ngettext
from ui.session import learner_in_url


def _answers(lib: Library, view: service.StudentView, items: list[int], verdict: Callable[..., str],
             expanded: bool) -> None:
    for item in items:
        answer = view.answers.get(item)
        n = view.order.index(item) + 1
        scn, q = quiz_text.localised(lib, view.session.spec.items[item], current())
        with st.expander(f"{'✓' if answer and answer.correct else '✗'} {int(n)}\\. {h.md_escape(scn.title)}: "
                         f"{h.md_escape(q.prompt)}", expanded=expanded):
            if answer is None:
                st.caption(h.md_escape(_("Not answered.")))
            else:
                st.html(verdict(lib, view, item, answer))


def _progress(learner: str | None) -> dict[str, Any]:
    try:
        return store.all_progress(learner) if learner else {}
    except Exception:  # noqa: BLE001 - the next lesson is then chosen from the quiz alone
        return {}


def result_tail(lib: Library, view: service.StudentView, verdict: Callable[..., str]) -> None:
    """Everything under the score: the right answers, then "What to do next"."""
    spec = view.session.spec
    learner = learner_in_url()
    steps = next_steps(lib, spec, view.order, view.answers, _progress(learner))
    reveal = spec.feedback != "never"
    if reveal:
        right = [i for i in view.order if i not in steps.missed]
        if right:
            st.header(h.md_escape(ngettext("You got {n} question right", "You got {n} questions right",
                                              len(right)).format(n=len(right))), anchor=False)
            _answers(lib, view, right, verdict, expanded=False)
    with st.container(key="rt-next-steps", border=True):
        st.header(h.md_escape(_("What to do next")), anchor=False)
        u = {"u": learner} if learner else {}
        if reveal and steps.missed:
            st.subheader(h.md_escape(ngettext("1 · Review the {n} question you missed",
                                              "1 · Review the {n} questions you missed", len(steps.missed))
                                     .format(n=len(steps.missed))), anchor=False)
            st.caption(h.md_escape(_("Each one with the right answer and the rule that decides it.")))
            _answers(lib, view, list(steps.missed), verdict, expanded=len(steps.missed) <= 3)
            if steps.game and steps.rules:
                glossary = plugin(steps.game).glossary
                names = ", ".join(glossary[r].title if r in glossary else r for r in steps.rules)
                st.subheader(h.md_escape(_("2 · Practise what you missed")), anchor=False)
                st.page_link("ui/pages/practice.py", label=h.label_escape(_("Practise what I missed")),
                             icon=":material/fitness_center:",
                             query_params={"game": steps.game, "rules": ",".join(steps.rules), **u})
                st.caption(h.md_escape(ngettext("New questions on the rule you missed: {rules}.",
                                                "New questions on the {n} rules you missed: {rules}.",
                                                len(steps.rules)).format(n=len(steps.rules), rules=names)))
        elif reveal:
            st.success(h.md_escape(_("You got every question right.")))
        if steps.lesson is not None:
            lesson = lib.in_language(steps.lesson, current())
            n = 3 if reveal and steps.missed and steps.rules else 2 if reveal and steps.missed else 1
            st.subheader(h.md_escape(_("{n} · The next lesson").format(n=n)), anchor=False)
            st.page_link("ui/pages/lesson.py", label=h.label_escape(lesson.title), icon=":material/school:",
                         query_params={"lesson": lesson.id, **u})
