"""The quiz builder mixes library questions, a random draw, generated items and a shared ruling in one list,
in the teacher's order; the Save button counts that list and saves exactly it. Reported: a teacher picked
questions, looked at another source ("Draw some at random", or the generated items) and saved: the button
said "Save the quiz (4 questions)" and the picked questions were gone (the old builder saved only the source on
screen, and Streamlit dropped the picker's state when it was not drawn)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor import share
from tutor.library import default_library
from tutor.practice.quizzes import difficulty, draw_generated
from tutor.quiz import draft, passcode, service
from tutor.quiz.spec import Item, catalogue
from tutor.templates import template
from ui.html import md_escape
from ui.state import QuizKeys

ROOT = Path(__file__).resolve().parents[2]
LIB = default_library()
RULE = "REG.suffer.discard"


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")


def _teacher() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page("ui/pages/teacher.py").run()
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")
    return at.button(key=QuizKeys.UNLOCK).click().run()


def _e(n: int) -> draft.Entry:
    return draft.Entry(Item(scenario=f"s{n}", question="q"), "library", f"question {n}")


def test_adding_counts_what_was_already_there_and_what_did_not_fit() -> None:
    d = draft.add((), [_e(1), _e(2)]).draft
    res = draft.add(d, [_e(2), _e(3)])
    assert [e.label for e in res.draft] == ["question 1", "question 2", "question 3"]
    assert (res.added, res.already, res.too_many) == (1, 1, 0)
    full = draft.add((), [_e(n) for n in range(draft.MAX_ITEMS)]).draft
    res = draft.add(full, [_e(1000), _e(1001), _e(5)])
    assert (len(res.draft), res.added, res.already, res.too_many) == (draft.MAX_ITEMS, 0, 1, 2)


def test_moving_and_removing_keep_every_other_question_in_order() -> None:
    d = tuple(_e(n) for n in range(4))
    assert [e.label[-1] for e in draft.move(d, 3, -1)] == ["0", "1", "3", "2"]
    assert [e.label[-1] for e in draft.move(d, 0, -1)] == ["0", "1", "2", "3"]  # already first
    assert [e.label[-1] for e in draft.move(d, 0, 1)] == ["1", "0", "2", "3"]
    assert [e.label[-1] for e in draft.remove(d, 1)] == ["0", "2", "3"]
    assert draft.remove(d, 9) == d and draft.move(d, 9, 1) == d


def test_ratings_read_as_difficulty_words() -> None:
    assert [difficulty(r) for r in (900, 1449, 1450, 1649, 1650, 1975)] == \
        ["easy", "easy", "medium", "medium", "hard", "hard"]


def _rows(at: AppTest) -> list[str]:
    """The quiz as the builder lists it (the text of each row)."""
    return [e.proto.body for e in at.get("html") if 'class="rt-draft-row"' in e.proto.body]


def test_picked_drawn_generated_and_shared_questions_are_saved_together_in_the_teachers_order() -> None:
    draw_generated("regicide", RULE, "medium", 2, seed=1)  # the pool holds enough (a page waits 1.5 s at most)
    picked = [e.label for e in catalogue(LIB, games=["marvel_champions"])][:3]
    at = _teacher()
    at.text_input(key=QuizKeys.TITLE).input("Mixed").run()
    for label in picked:  # one by one, as Enter in the box adds the highlighted question
        at.multiselect(key=QuizKeys.PICKED).set_value([label]).run()
    assert at.session_state[QuizKeys.PICKED] == []  # the box only adds; the list is the quiz
    assert at.button(key=QuizKeys.SAVE).label == "Save the quiz (3 questions)" and len(_rows(at)) == 3

    # the reported bug: another source on screen, then back; nothing picked is lost
    at.radio(key=QuizKeys.MODE).set_value("draw").run()
    assert at.button(key=QuizKeys.SAVE).label == "Save the quiz (3 questions)"
    at.number_input(key=QuizKeys.DRAW_N).set_value(2).run()
    at.button(key=QuizKeys.ADD_DRAWN).click().run()
    assert len(_rows(at)) == 5 or "in it already" in at.success[0].value

    at.radio(key=QuizKeys.MODE).set_value("generated").run()
    at.selectbox(key=QuizKeys.GEN_GAME).set_value("regicide").run()
    at.selectbox(key=QuizKeys.GEN_RULE).set_value(RULE).run()
    at.selectbox(key=QuizKeys.GEN_LEVEL).set_value("medium").run()
    at.number_input(key=QuizKeys.DRAW_N).set_value(2).run()
    listed = "".join(e.proto.body for e in at.get("html") if "rt-generated-items" in e.proto.body)
    assert "medium (rated 1" in listed and "1500 is an average learner" in listed  # the rating in words
    at.button(key=QuizKeys.ADD_GENERATED).click().run()

    mc = template("marvel_champions")
    at.radio(key=QuizKeys.MODE).set_value("ruling").run()
    at.text_input(key=QuizKeys.RULING_LINK).input(share.link("http://localhost:8501/ruling", mc)).run()
    at.button(key=QuizKeys.ADD_RULING).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    rows = _rows(at)
    n = len(rows)
    assert n == len(at.session_state[QuizKeys.DRAFT]) and n >= 3 + 2 + 1
    assert at.button(key=QuizKeys.SAVE).label == f"Save the quiz ({n} questions)"
    assert md_escape(f"The quiz ({n} questions)") in [h.value for h in at.header]

    # the teacher moves the last question (from the shared ruling) to the top, and removes the second
    for i in range(n - 1, 0, -1):
        at.button(key=f"{QuizKeys.DRAFT}::up::{i}").click().run()
    at.button(key=f"{QuizKeys.DRAFT}::remove::1").click().run()
    order = [e.item for e in at.session_state[QuizKeys.DRAFT]]
    assert len(order) == n - 1 and order[0].inline and order[0].scenario == "my.ruling"
    at.button(key=QuizKeys.SAVE).click().run()
    assert not at.exception and at.success, [e.value for e in at.error]
    (quiz_id, title, count), = service.list_quizzes()
    spec = service.load_quiz(quiz_id)
    assert count == n - 1 and spec.items == order  # exactly the list, in its order
    assert sum(not it.inline for it in spec.items) >= 3 and sum(it.inline for it in spec.items) >= 3
    assert at.session_state[QuizKeys.DRAFT] == ()  # a new quiz starts from an empty list


def test_a_question_added_twice_is_said_not_added_again() -> None:
    label = catalogue(LIB)[0].label
    at = _teacher()
    at.multiselect(key=QuizKeys.PICKED).set_value([label]).run()
    at.radio(key=QuizKeys.MODE).set_value("draw").run()
    at.radio(key=QuizKeys.MODE).set_value("pick").run()
    assert label not in at.multiselect(key=QuizKeys.PICKED).options  # offered no more: it is in the quiz
    at.text_input(key=QuizKeys.SEARCH).input(label.rsplit("[", 1)[1].rstrip("]")).run()
    assert at.button(key=QuizKeys.ADD_ALL).disabled
    at.radio(key=QuizKeys.MODE).set_value("ruling").run()
    at.text_input(key=QuizKeys.RULING_LINK).input("http://x/ruling?s=not*a*payload").run()
    at.button(key=QuizKeys.ADD_RULING).click().run()
    assert "This shared link cannot be opened" in at.error[0].value
    assert at.button(key=QuizKeys.SAVE).label == "Save the quiz (1 question)"
