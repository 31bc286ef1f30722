"""Every session-state key the app uses, in one place, and ``init_state``."""

from __future__ import annotations

from typing import Any

import streamlit as st


class Keys:
    LEARNER = "learner_id"
    LEARNER_OK = "learner_id_accepted"  # the ?u= id this session has checked and accepted (ui/session.py)
    LESSON = "lesson_id"
    SLIDE = "slide"
    ANSWERS = "answers"  # {slide index (str): {"given": ..., "correct": bool}}
    PHASE = "phase"  # "ask" | "retry" (a first wrong answer, a second try offered) | "feedback"
    FINISHED = "finished"
    LOADED_FOR = "progress_loaded_for"  # (learner, lesson) the session state was restored for

    # widget keys (tests address widgets by these)
    CHECK = "check"
    TRY_AGAIN = "try_again"
    GIVE_UP = "show_answer"
    HINT = "hint"
    CONTINUE = "continue"
    NEXT_SLIDE = "next_slide"
    PREV_SLIDE = "prev_slide"
    RETAKE = "retake"
    RETAKE_MISSED = "retake_missed"
    NEXT_LESSON = "next_lesson"
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


class RulingsKeys:
    """Keys of the "Sources and rulings" page (``ui/rulings_view.py``)."""

    GAME = "rulings.game"


# -- "Check a ruling" page keys (RulingKeys) go below this line --------------------------------------


class RulingKeys:
    """Keys of the "Check a ruling" page (``ui/ruling_view.py``); form widgets are ``ruling.f.*``."""

    GAME = "ruling.game"  # which game (set by the situation; the picker is ``game_pick(GAME)``)
    SOURCE = "ruling.source"  # selectbox: empty board or a library scenario id
    YAML = "ruling.yaml"  # text_area: the situation, as the editor shows it
    TEXT = "ruling.text"  # the situation (the source of truth), kept outside any widget: a widget's state is
    # dropped or goes stale while the page is not shown, and comes back from here (ui.ruling_forms.set_yaml)
    WHATIF = "ruling.whatif"  # text_area: the what-if copy
    WHATIF_TEXT = "ruling.whatif_text"  # the what-if copy, kept outside the widget (as TEXT)
    WHATIF_ON = "ruling.whatif_on"  # the what-if comparison is shown
    UPLOAD = "ruling.upload"  # file_uploader
    UPLOAD_MSG = "ruling.upload_msg"  # problems with the last upload
    SHARED = "ruling.shared"  # the ?s= and &w= payloads already loaded (so edits are not overwritten)
    SHARE_ERROR = "ruling.share_error"
    DOWNLOAD = "ruling.download"
    PAINTED = "ruling.painted"  # the session's first run of the page is done: the next one draws all of it
    CONTINUE = "ruling.continue"  # container of the one-shot fragment that asks for the rest (first run only)
    LINK = "ruling.link"  # container of the share link
    COPY = "ruling.copy"  # "Edit a copy freely"
    ADOPT = "ruling.adopt"  # "Use the what-if as my situation"
    FORM = "ruling.f."  # prefix of every form widget; cleared whenever the YAML changes
    ADD_PLAYER = "ruling.f.add_player"
    ADD_PLAY = "ruling.f.add_play"
    PLAY_PLAYER = "ruling.f.play_player"
    PLAY_VERB = "ruling.f.play_verb"
    PLAY_WHAT = "ruling.f.play_what"
    FORM_ERROR = "ruling.f.error"  # the last form value refused, and why (a Message); cleared with the form
    # "Save as a quiz question" (a teacher action, in the Share section; ``ui/teacher_save.py::save_to_quiz``)
    QUIZ_PASSCODE = "ruling.quiz_passcode"  # the inline passcode field (when the teacher area is still locked)
    QUIZ_UNLOCK_FORM = "ruling.quiz_unlock_form"  # its form: Enter in the box unlocks
    QUIZ_UNLOCK = "ruling.quiz_unlock"
    QUIZ_ERROR = "ruling.quiz_error"  # a wrong passcode
    QUIZ_TARGET = "ruling.quiz_target"  # selectbox: a saved quiz id, or NEW_QUIZ
    QUIZ_TITLE = "ruling.quiz_title"  # text_input: the new quiz's title
    QUIZ_SAVE = "ruling.quiz_save"
    QUIZ_MSG = "ruling.quiz_msg"  # ("ok" | "error", text, [problems]) of the last save

    @staticmethod
    def decision(i: int, j: int) -> str:
        return f"ruling.decide.{i}.{j}"

    @staticmethod
    def variation(i: int) -> str:
        return f"ruling.var.{i}"

    @staticmethod
    def game_pick(game: str) -> str:
        """selectbox: the game picker, one key per game shown, its default that game. One key for all let the
        browser send back the picker's first option (Marvel Champions) after a link of another game was
        opened, which replaced the link's situation by the empty Marvel Champions board (the what-if then
        compared against it)."""
        return f"ruling.game_pick.{game}"

    @staticmethod
    def remove_play(k: int) -> str:
        return f"ruling.f.remove_play.{k}"

    @staticmethod
    def quiz_questions(signature: str) -> str:
        """multiselect: which of the situation's questions to save (one key per set of question ids)."""
        return f"ruling.quiz_questions.{signature}"


# -- teacher / student quiz keys (QuizKeys) go below this line ---------------------------------------
class QuizKeys:
    """Teacher and student quiz pages (``ui/teacher_view.py``, ``ui/student_view.py``)."""

    TEACHER_OK = "quiz_teacher_ok"  # the passcode was entered in this browser session (or its cookie was valid)
    PASSCODE = "quiz_passcode"
    UNLOCK_FORM = "quiz_unlock_form"  # the passcode form: Enter in the box submits it
    UNLOCK = "quiz_unlock"  # its submit button
    PASSCODE_ERROR = "quiz_passcode_error"  # a wrong passcode, or too many
    LOCK = "quiz_lock"  # "Lock the teacher area": ends the session's unlock and deletes the cookie
    REMEMBER = "quiz_remember"  # pending: the page writes the signed "stay unlocked" cookie (tutor/quiz/auth.py)
    FORGET = "quiz_forget"  # pending: the page deletes that cookie
    COOKIE_IGNORED = "quiz_cookie_ignored"  # locked in this session: the cookie it was opened with no longer counts
    # building a quiz
    BUILDER_OPEN = "quiz_builder_open"  # "1 · Build a quiz" is expanded (decided once per browser session)
    TITLE = "quiz_title"
    GAMES = "quiz_games"
    LESSONS = "quiz_lessons"
    TAGS = "quiz_tags"
    SEARCH = "quiz_search"  # text_input: words every listed question must contain
    MODE = "quiz_mode"  # where questions are added from: "pick" | "draw" | "generated" | "ruling"
    GEN_GAME = "quiz_gen_game"  # generated practice items: the game, the rule (or "any"), the difficulty
    GEN_RULE = "quiz_gen_rule"
    GEN_LEVEL = "quiz_gen_level"
    GEN_DRAWN = "quiz_gen_drawn"  # (the choices, the items drawn for them, whether the pool was still growing)
    GEN_AGAIN = "quiz_gen_again"  # "Draw again" when a draw came up short while the pool grows
    PICKED = "quiz_picked"  # multiselect: adds the questions picked to DRAFT, then empties (no "select all")
    DRAFT = "quiz_draft"  # the quiz being built: a tuple of tutor.quiz.draft.Entry, in the teacher's order
    ADD_DRAWN = "quiz_add_drawn"  # "Add these N questions" of a random draw
    ADD_GENERATED = "quiz_add_generated"  # "Add these N generated items"
    RULING_LINK = "quiz_ruling_link"  # text_input: a shared ruling link whose questions to add
    ADD_RULING = "quiz_add_ruling"
    ADD_ALL = "quiz_add_all"  # "Add all N matching questions": the only way to add many at once
    CLEAR_PICKED = "quiz_clear_picked"
    DRAW_N = "quiz_draw_n"
    SEED = "quiz_seed"
    SHUFFLE_Q = "quiz_shuffle_questions"
    SHUFFLE_C = "quiz_shuffle_choices"
    FEEDBACK = "quiz_feedback"
    TIME_LIMIT = "quiz_time_limit"
    SAVE = "quiz_save"
    SAVED_MSG = "quiz_saved_msg"
    # running a session
    QUIZ = "quiz_pick"
    START = "quiz_start"
    SESSION = "quiz_session"
    CLOSE = "quiz_close"
    CSV = "quiz_csv"
    # managing a saved quiz (``ui/quiz_manage.py``): the one picked in QUIZ
    RENAME_TITLE = "quiz_rename_title"  # text_input: the new title
    RENAME_FOR = "quiz_rename_for"  # the quiz id RENAME_TITLE was filled in for
    RENAME = "quiz_rename"
    REMOVE_PICK = "quiz_remove_pick"  # selectbox: index of the question to remove
    REMOVE = "quiz_remove"
    DELETE = "quiz_delete"  # first step: asks for confirmation
    DELETE_ARMED = "quiz_delete_armed"  # the quiz id awaiting confirmation
    DELETE_CONFIRM = "quiz_delete_confirm"
    DELETE_CANCEL = "quiz_delete_cancel"
    MANAGE_MSG = "quiz_manage_msg"  # ("ok" | "error", Markdown-escaped text) of the last change
    # the student
    CODE = "quiz_code"
    NAME = "quiz_name"
    CLASS = "quiz_class_code"  # optional: the class code, so the quiz counts on the class page (tutor.classes.quiz_learner)
    JOIN = "quiz_join"
    JOIN_ERROR = "quiz_join_error"
    TOKEN = "quiz_token"
    SUBMIT = "quiz_submit"
    NEXT = "quiz_next"
    NOTICE = "quiz_notice"

    @staticmethod
    def answer(item: int, part: str) -> str:
        return f"quiz_ans::{item}::{part}"

    @staticmethod
    def illegal(item: int) -> str:
        return f"quiz_illegal::{item}"


# -- practice page keys (PracticeKeys) ----------------------------------------------------------------
class PracticeKeys:
    """The Practice page (``ui/practice_view.py``)."""

    ITEM = "practice.item"  # the item served: {id, game, rule, data, due, new, scope}
    PHASE = "practice.phase"  # "ask" | "feedback"
    RESULT = "practice.result"  # the last answer checked: {given, correct, misreading, mastery}
    DONE = "practice.done"  # items answered in this browser session
    # widget keys (tests address widgets by these)
    GAME = "practice.game"  # selectbox: the game
    SCOPE = "practice.scope"  # selectbox prefix (one per game): everything, a lesson, a rule
    VIEW = "practice.view"  # segmented control: practise | progress
    CHECK = "practice.check"
    NEXT = "practice.next"
    ANSWER = "practice.ans::"  # prefix: practice.ans::<item id>::<part>
    ILLEGAL = "practice.illegal::"  # prefix: practice.illegal::<item id>
    MISSED = "practice_missed"  # the lesson result's "Practise what I missed" link

    @staticmethod
    def answer(item: str, part: str) -> str:
        return f"{PracticeKeys.ANSWER}{item}::{part}"
