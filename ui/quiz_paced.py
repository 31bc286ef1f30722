"""A student's page in a teacher-paced session (``tutor/quiz/paced.py``): it follows the teacher's reveals.

The page shows what the session's step says: the lobby ("wait for your teacher"), the question revealed with
its countdown (drawn as on a self-paced page, ``ui/student_view.py``), "answer saved" once answered, the
student's result at the end. The server refuses an answer given after the countdown; the page says so.

How the class follows within a second: everything below the title is one fragment, the stage, that reruns
itself every half second (``st.fragment(run_every=…)``), and only it. Each rerun looks at where the session
stands through :func:`tutor.quiz.paced.current`, which asks the database at most ten times a second per
process however many students poll (a reveal made in the process is seen at once). While the step is the one
on screen, the rerun reads nothing else and redraws what it drew (boards and verdicts are drawn once per
process, ``student_view._cached``); when the teacher reveals the next question or closes the quiz, it reads the
student's place once and draws the new question. The whole page (the navigation, the header, the language
picker) never reruns for a reveal: that full rerun, thirty at once, is what made a class wait seconds. It
reruns once at the end (the podium, or the teacher closing the quiz), and is then drawn without the stage:
nothing polls a quiz that is over.
"""

from __future__ import annotations

import streamlit as st

from tutor.library import Library
from tutor.quiz import paced, service
from ui import html as h
from ui import student_view as sv
from ui.i18n import _
from ui.state import QuizKeys

POLL = 0.5  # seconds between two looks at the session's step
SHOWN = "paced_shown_step"  # (step, open) the stage was drawn for


def follow(lib: Library, token: str) -> None:
    """The page: the quiz's title and the student's name, then the stage."""
    view = sv._view(token)
    assert view is not None
    p = paced.state(view.session.id)  # a page load reads the database, and the process's pages see it at once
    if p is None:
        return
    paced.remember(p)
    st.session_state.pop(SHOWN, None)  # the stage reads the student's place again
    st.html(f'<p class="rt-kicker">{h.esc(view.session.spec.title)} · {h.esc(view.name)}</p>')
    if p.over or not p.is_open:  # nothing more will change: drawn once, no polling
        _draw(lib, token, p)
    else:
        _stage(lib, token, view.session.id)


def _place(token: str, p: paced.Paced) -> service.StudentView | None:
    """The student's place: read once when the step on screen changes, else as this page last read or wrote it."""
    if st.session_state.get(SHOWN) == (p.step, p.is_open):
        return sv._view(token)
    view = sv._view(token, fresh=True)
    if view is not None and not p.lobby and not p.over and view.position < p.step:  # joined after a reveal
        paced.catch_up(token, p)
        view = sv._view(token, fresh=True)
    st.session_state[SHOWN] = (p.step, p.is_open)
    return view


@st.fragment(run_every=POLL)
def _stage(lib: Library, token: str, session_id: int) -> None:
    p = paced.current(session_id)
    if p is not None and (p.over or not p.is_open):
        st.rerun()  # the podium or a close: the page is drawn once more, without this polling stage
    if p is not None:
        _draw(lib, token, p)


def _draw(lib: Library, token: str, p: paced.Paced) -> None:
    view = _place(token, p)
    if view is None:
        return
    notice = st.session_state.pop(QuizKeys.NOTICE, None)
    if notice:
        st.warning(h.md_escape(notice))
    if p.over:
        sv._result(lib, view)
    elif not p.is_open:
        st.session_state[sv.DEADLINE] = None
        st.info(h.md_escape(_("Your teacher has closed this quiz.")))
    elif p.lobby:
        st.session_state[sv.DEADLINE] = None
        st.html(f'<div class="rt-result" data-testid="rt-paced-wait"><p>{h.esc(_("You are in!"))}</p>'
                f'<p>{h.esc(_("Watch the screen: your teacher will reveal the first question."))}</p></div>')
    else:
        _question(lib, view, p)


def _question(lib: Library, view: service.StudentView, p: paced.Paced) -> None:
    """The question revealed with its countdown, or, once answered or out of time, what the student gave."""
    item = view.order[p.step]
    answer = view.answers.get(item)
    left = p.left()
    if answer is None and left > 0:
        sv._question(lib, view, item)
        st.caption(h.md_escape(_("⏱ {n} s left").format(n=int(left) + 1)))
        return
    shown = st.session_state.get(sv.DEADLINE)
    if answer is None and shown and tuple(shown[:2]) == (view.token, item):
        sv._store(lib, view.token, item, None)  # the countdown ran out on screen: recorded as out of time
        st.session_state.pop(QuizKeys.NOTICE, None)  # the page itself says the time is up
    st.session_state[sv.DEADLINE] = None
    if answer is None:
        st.info(h.md_escape(_("Time's up for this question.")))
    elif view.session.spec.feedback == "each":
        st.html(sv._verdict(lib, view, item, answer))
    saved = _("Answer saved. Watch the screen for the next question.") if answer else _(
        "Watch the screen for the next question.")
    st.html(f'<p data-testid="rt-paced-saved">{h.esc(saved)}</p>')


__all__ = ["follow"]
