"""Every session-state key the app uses, in one place, and ``init_state``."""

from __future__ import annotations

from typing import Any

import streamlit as st


class Keys:
    LEARNER = "learner_id"
    LESSON = "lesson_id"
    SLIDE = "slide"
    ANSWERS = "answers"  # {slide index (str): {"given": ..., "correct": bool}}
    PHASE = "phase"  # "ask" | "feedback"
    FINISHED = "finished"
    LOADED_FOR = "progress_loaded_for"  # (learner, lesson) the session state was restored for

    # widget keys (tests address widgets by these)
    CHECK = "check"
    CONTINUE = "continue"
    NEXT_SLIDE = "next_slide"
    PREV_SLIDE = "prev_slide"
    RETAKE = "retake"
    ILLEGAL = "illegal"

    @staticmethod
    def answer(lesson: str, slide: int, part: str) -> str:
        return f"ans::{lesson}::{slide}::{part}"

    @staticmethod
    def illegal(lesson: str, slide: int) -> str:
        return f"illegal::{lesson}::{slide}"


DEFAULTS: dict[str, Any] = {
    Keys.LESSON: None,
    Keys.SLIDE: 0,
    Keys.ANSWERS: {},
    Keys.PHASE: "ask",
    Keys.FINISHED: False,
    Keys.LOADED_FOR: None,
}


def init_state() -> None:
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, dict) else value


# -- "Check a ruling" page keys (RulingKeys) go below this line --------------------------------------


# -- teacher / student quiz keys (QuizKeys) go below this line ---------------------------------------
