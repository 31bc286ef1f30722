"""AppTest of "Save as a quiz question" on the "Check a ruling" page: a teacher action behind the passcode,
into a new quiz or a saved one, and the teacher page then lists the question."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.quiz import passcode, service
from tutor.library import default_library
from tutor.quiz.spec import QuizSpec, catalogue
from ui.state import QuizKeys
from ui.state import RulingKeys as K
from ui.teacher_save import NEW_QUIZ

ROOT = Path(__file__).resolve().parents[2]
PASS = "owl-42-heron-7"


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.delenv(passcode.ENV, raising=False)


def ruling_app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("ui/pages/ruling.py")
    return at.run().run()  # the first run paints the ruling; the second, which the browser asks for, the rest


def questions_key(at: AppTest) -> str:
    (key,) = [m.key for m in at.multiselect if str(m.key).startswith("ruling.quiz_questions.")]
    return str(key)


def said(at: AppTest) -> str:
    """The last save's message (the page's other success box says the situation loads)."""
    return " ".join(m.value for m in at.success if "question" in m.value)


def unlock(at: AppTest) -> AppTest:
    at.text_input(key=K.QUIZ_PASSCODE).input(PASS)  # a form: sent with its button
    at.button(key=K.QUIZ_UNLOCK).click().run()
    assert not at.exception
    return at


def test_without_a_passcode_the_page_says_how_to_set_one() -> None:
    at = ruling_app()
    assert not at.exception
    assert any(passcode.ENV in i.value and "secrets.toml" in i.value for i in at.info)
    with pytest.raises(KeyError):
        at.button(key=K.QUIZ_SAVE)


def test_a_wrong_passcode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, PASS)
    at = ruling_app()
    at.text_input(key=K.QUIZ_PASSCODE).input("owl")  # a form: sent with its button
    at.button(key=K.QUIZ_UNLOCK).click().run()
    assert any("not the passcode" in e.value for e in at.error)
    with pytest.raises(KeyError):
        at.button(key=K.QUIZ_SAVE)


def test_save_into_a_new_quiz_then_the_teacher_page_lists_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, PASS)
    at = unlock(ruling_app())
    at.multiselect(key=questions_key(at)).set_value(["defender"]).run()
    at.button(key=K.QUIZ_SAVE).click().run()
    assert any("Name the new quiz" in e.value for e in at.error)
    at.text_input(key=K.QUIZ_TITLE).input("Game *night* <b>rulings</b>").run()
    at.button(key=K.QUIZ_SAVE).click().run()
    assert not at.exception
    assert "Saved the new quiz" in said(at) and r"\<b\>rulings" in said(at)  # markdown-escaped
    ((qid, title, n),) = service.list_quizzes()
    assert (title, n) == ("Game *night* <b>rulings</b>", 1)
    (item,) = service.load_quiz(qid).items
    assert (item.scenario, item.question) == ("my.ruling", "defender")
    assert item.text == at.session_state[K.YAML]  # the situation on screen, inline
    # the teacher page, in the same browser session, is already unlocked and shows the question
    at.switch_page("ui/pages/teacher.py").run()
    assert not at.exception and at.session_state[QuizKeys.QUIZ] == qid
    listed = [e.proto.body for e in at.get("html") if 'data-testid="rt-quiz-items"' in e.proto.body]
    assert listed and "My ruling: Who is the defender?" in listed[0] and "from Check a ruling" in listed[0]


def test_save_every_question_into_a_saved_quiz(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, PASS)
    lib_item = catalogue(default_library(), games=["marvel_champions"])[0].item
    qid = service.save_quiz(QuizSpec(title="Defense check", items=[lib_item]))
    at = ruling_app()
    at.session_state[QuizKeys.TEACHER_OK] = True  # unlocked on the teacher page earlier
    at.run()
    every = ["who", "defender", "damage", "instead", "legal"]  # the template's questions
    assert at.multiselect(key=questions_key(at)).value == every  # all, by default
    at.selectbox(key=K.QUIZ_TARGET).set_value(qid).run()
    with pytest.raises(KeyError):
        at.text_input(key=K.QUIZ_TITLE)
    at.button(key=K.QUIZ_SAVE).click().run()
    assert f"Added {len(every)} questions" in said(at)
    assert [it.question for it in service.load_quiz(qid).items] == [lib_item.question, *every]
    at.button(key=K.QUIZ_SAVE).click().run()  # a second click adds nothing twice
    assert "Added 0 questions" in said(at) and f"{len(every)} questions were in it already" in said(at)
    assert len(service.load_quiz(qid).items) == 1 + len(every)
    assert at.selectbox(key=K.QUIZ_TARGET).value in (qid, NEW_QUIZ)


def test_a_situation_that_no_longer_loads_is_refused_with_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, PASS)
    at = ruling_app()
    at.session_state[QuizKeys.TEACHER_OK] = True
    at.run()
    at.text_input(key=K.QUIZ_TITLE).input("Q").run()
    good = at.session_state[K.YAML]
    at.text_area(key=K.YAML).input(good.replace("attacker: Rhino", "attacker: Rhinoo"))  # edited, and at once…
    at.button(key=K.QUIZ_SAVE).click().run()  # …saved: the callback checks the text as it is now
    kind, text, problems = at.session_state[K.QUIZ_MSG]
    assert kind == "error" and "cannot be saved" in text and problems[0].startswith("situation.yaml:10:")
    assert any("Rhinoo" in c.value for c in at.code)  # and the page shows the YAML's problems
    assert service.list_quizzes() == []
