"""A student's page in a teacher-paced session (``tutor/quiz/paced.py``): it follows the teacher's reveals.

The page shows what the session's step says: the lobby ("wait for your teacher"), the question revealed with
its countdown (drawn as on a self-paced page, ``ui/student_view.py``), "answer saved" once answered, the
student's result at the end. A small fragment polls the step every half second (one indexed read) and reruns
the page when the teacher reveals the next question: no reload, no click. The server refuses an answer given
after the countdown; the page says so.
"""

from __future__ import annotations

import streamlit as st

from tutor.library import Library
from tutor.quiz import paced
from ui import html as h
from ui import student_view as sv
from ui.i18n import _
from ui.state import QuizKeys

POLL = 0.5  # seconds between two looks at the session's step
SHOWN = "paced_shown_step"  # (step, status) the page was drawn for


def follow(lib: Library, token: str) -> None:
    view = sv._view(token)
    assert view is not None
    p = paced.state(view.session.id)
    if p is None:
        return
    if not p.lobby and not p.over and view.position < p.step:  # joined after a reveal: to the question on screen
        paced.catch_up(token, p)
        view = sv._view(token, fresh=True)
        assert view is not None
    st.session_state[SHOWN] = (p.step, "open" if p.is_open else "closed")
    st.html(f'<p class="rt-kicker">{h.esc(view.session.spec.title)} · {h.esc(view.name)}</p>')
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
        item = view.order[p.step]
        answer = view.answers.get(item)
        if answer is None and p.left() > 0:
            sv._question(lib, view, item)
        else:
            st.session_state[sv.DEADLINE] = None
            if answer is None:
                st.info(h.md_escape(_("Time's up for this question.")))
            elif view.session.spec.feedback == "each":
                st.html(sv._verdict(lib, view, item, answer))
            st.html(f'<p data-testid="rt-paced-saved">{h.esc(_("Answer saved. Watch the screen for the next question.") if answer else _("Watch the screen for the next question."))}</p>')
    _watch(view.session.id)
    if view.session.spec.time_limit and st.session_state.get(sv.DEADLINE):
        sv._timer(lib)


@st.fragment(run_every=POLL)
def _watch(session_id: int) -> None:
    """Rerun the page when the teacher has revealed another question (or closed the session)."""
    if paced.step_of(session_id) != st.session_state.get(SHOWN):
        st.session_state.pop(sv.VIEW, None)  # read the student's place again
        st.rerun()


__all__ = ["follow"]
