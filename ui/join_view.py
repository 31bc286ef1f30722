"""The join page (``ui/pages/join.py``): the join form, then the student's quiz (:mod:`ui.student_view`), or the
teacher-paced one (:mod:`ui.quiz_paced`) that follows the teacher's reveals."""

from __future__ import annotations

import streamlit as st

from ui import student_view as sv
from ui.quiz_paced import follow
from ui.session import library
from ui.state import QuizKeys, init_state


def main() -> None:
    init_state()
    lib = library()  # loaded, solved and frozen once per process (ui.session)
    token: str = st.query_params.get("s") or st.session_state.get(QuizKeys.TOKEN) or ""
    view = sv._view(token, fresh=True) if token else None
    if view is None:
        if token:
            st.query_params.pop("s", None)
            st.session_state.pop(QuizKeys.TOKEN, None)
        sv._join_form()
        return
    st.session_state[QuizKeys.TOKEN] = token
    if st.query_params.get("s") != token:
        st.query_params["s"] = token
    if view.session.spec.paced == "teacher":  # the class follows the teacher's reveals
        return follow(lib, token)
    sv._quiz(lib, token)
    if view.session.spec.time_limit:
        sv._timer(lib)
