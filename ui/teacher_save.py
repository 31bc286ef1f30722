"""The ruling page's teacher action, "Save as a quiz question": a situation's questions go into a new or saved
class quiz (kept inline, never an answer), behind the same passcode as the teacher page (:mod:`ui.teacher_view`)."""

from __future__ import annotations

import hashlib
from typing import Any

import streamlit as st

from tutor.quiz import service
from tutor.quiz.spec import InvalidItem, QuizSpec, inline_items
from ui import html as h
from ui.html import md_escape, md_template
from ui.i18n import _, ngettext, tr
from ui.state import QuizKeys, RulingKeys
from ui.teacher_view import (HOW_TO_SAVE, _remember, _still_locked, configured_passcode, passcode_form,
                             teacher_unlocked, titled)


# -- the ruling page: save the situation as a quiz question ------------------------------------------
NEW_QUIZ = -1  # the target "a new quiz"


def _signature(qids: list[str]) -> str:
    return hashlib.sha256("\x00".join(qids).encode("utf-8")).hexdigest()[:12]


def _on_save_situation(qids: list[str]) -> None:
    ss = st.session_state
    if not ss.get(QuizKeys.TEACHER_OK):
        ss[RulingKeys.QUIZ_MSG] = ("error", _("Unlock with the teacher passcode first."), [])
        return
    picked = [q for q in ss.get(RulingKeys.quiz_questions(_signature(qids))) or [] if q in qids]
    if not picked:
        ss[RulingKeys.QUIZ_MSG] = ("error", _("Pick at least one question to save."), [])
        return
    try:
        items = inline_items(ss[RulingKeys.YAML], picked)
        target = int(ss.get(RulingKeys.QUIZ_TARGET, NEW_QUIZ))
        if target == NEW_QUIZ:
            title = (ss.get(RulingKeys.QUIZ_TITLE) or "").strip()[:80]
            if not title:
                ss[RulingKeys.QUIZ_MSG] = ("error", _("Name the new quiz."), [])
                return
            quiz_id = service.save_quiz(QuizSpec(title=title, items=items))
            said = [ngettext("Saved the new quiz “{title}” with {n} question.",
                             "Saved the new quiz “{title}” with {n} questions.", len(items))
                    .format(title=title, n=len(items))]
            ss[RulingKeys.QUIZ_TITLE] = ""
        else:
            added = service.add_items(target, items)
            quiz_id = added.quiz_id
            said = [ngettext("Added {n} question to “{title}”: it has {total} now.",
                             "Added {n} questions to “{title}”: it has {total} now.", added.added)
                    .format(n=added.added, title=added.title, total=added.total)]
            if added.already:
                said.append(ngettext("{n} question was in it already.", "{n} questions were in it already.",
                                     added.already).format(n=added.already))
    except InvalidItem as err:
        ss[RulingKeys.QUIZ_MSG] = ("error", _("The situation cannot be saved as a question:"),
                                   [str(p) for p in err.problems])
        return
    except service.QuizError as err:
        ss[RulingKeys.QUIZ_MSG] = ("error", _("Not saved: {why}.").format(why=tr(err.message, capitalise=False)), [])
        return
    ss[RulingKeys.QUIZ_TARGET] = quiz_id
    ss[QuizKeys.QUIZ] = quiz_id  # the teacher page opens on this quiz
    said.append(_("Start a class session of it on the Teacher page; sessions already running keep the questions they "
                  "started with."))
    ss[RulingKeys.QUIZ_MSG] = ("ok", " ".join(said), [])


def save_to_quiz(scenario: Any) -> None:
    """The ruling page's "Save as a quiz question" block for the situation on screen (a valid scenario).

    The situation is kept inline in the quiz (its YAML, never an answer); students are graded by the engine."""
    ss = st.session_state
    st.markdown(md_template(_("**{title}** — {what}"), title=_("Save as a quiz question"),
                            what=_("for teachers: add this situation's questions to a class quiz.")))
    expected = configured_passcode()
    if expected is None:
        _still_locked(HOW_TO_SAVE)
        return
    if not teacher_unlocked(expected):
        passcode_form(expected, RulingKeys.QUIZ_UNLOCK_FORM, RulingKeys.QUIZ_PASSCODE, RulingKeys.QUIZ_UNLOCK,
                      RulingKeys.QUIZ_ERROR, inline=True)
        return
    _remember(expected)
    qids = [q.id for q in scenario.questions]
    prompts = {q.id: q.prompt for q in scenario.questions}
    key = RulingKeys.quiz_questions(_signature(qids))
    if key not in ss:
        ss[key] = list(qids)
    st.multiselect(h.label_escape(_("Questions to save (all, or some)")), qids, key=key,
                   format_func=lambda q: prompts.get(q, q), placeholder=_("Choose options"))
    quizzes = {NEW_QUIZ: _("A new quiz…"), **{qid: titled(title, n) for qid, title, n in service.list_quizzes()}}
    if ss.get(RulingKeys.QUIZ_TARGET) not in quizzes:
        ss[RulingKeys.QUIZ_TARGET] = NEW_QUIZ
    c1, c2 = st.columns(2)
    c1.selectbox(h.label_escape(_("Into the quiz")), list(quizzes), key=RulingKeys.QUIZ_TARGET,
                 format_func=quizzes.__getitem__)
    if ss[RulingKeys.QUIZ_TARGET] == NEW_QUIZ:
        c2.text_input(h.label_escape(_("New quiz title")), key=RulingKeys.QUIZ_TITLE, max_chars=80,
                      placeholder=_("e.g. Game night rulings"))
    st.button(h.label_escape(_("Save as a quiz question")), key=RulingKeys.QUIZ_SAVE, type="primary",
              on_click=_on_save_situation,
              args=(qids,))
    msg = ss.get(RulingKeys.QUIZ_MSG)
    if msg:
        (st.success if msg[0] == "ok" else st.error)(md_escape(msg[1]))  # kept as plain text: escaped here
        if msg[2]:
            st.code("\n".join(msg[2]), language=None, wrap_lines=True)
