"""AppTest of the presenter view (/teacher?present=CODE) and of a student's page in a teacher-paced session."""

from __future__ import annotations

from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from tests.quiz.test_quiz_pages import _data, page  # noqa: F401  (the fixture: a fresh data folder)
from tests.quiz.test_quiz_store import LIB, _spec, right_and_wrong
from tutor.quiz import paced, passcode, service
from tutor.quiz.tables import now
from ui.presenter import PresenterKeys, qr_svg
from ui.state import QuizKeys

PASS = "owl-42-heron-7"


def _html(at: AppTest) -> str:
    return "\n".join(e.proto.body for e in at.get("html"))


def _presenter(code: str, monkeypatch: pytest.MonkeyPatch, unlock: bool = True) -> AppTest:
    monkeypatch.setenv(passcode.ENV, PASS)
    at = page("teacher")
    at.query_params["present"] = code
    at.run()
    if unlock:
        at.text_input(key=QuizKeys.PASSCODE).input(PASS)
        at.button(key=QuizKeys.UNLOCK).click().run()
    return at


def test_the_presenter_view_is_behind_the_teacher_passcode(monkeypatch: pytest.MonkeyPatch) -> None:
    sess = paced.start(service.save_quiz(_spec()), 20)
    at = _presenter(sess.code, monkeypatch, unlock=False)
    assert not at.exception and at.text_input(key=QuizKeys.PASSCODE) is not None
    assert sess.code not in _html(at) and "data:image/svg+xml" not in _html(at)


def test_the_presenter_shows_code_qr_lobby_and_runs_the_quiz(monkeypatch: pytest.MonkeyPatch) -> None:
    sess = paced.start(service.save_quiz(_spec().model_copy(update={"title": "<b>Quiz</b>"})), 20)
    tokens = [service.join(sess.code, name, [f"sid:{name}"]).token for name in ("Ana", "<i>Bo</i>")]
    at = _presenter(sess.code, monkeypatch)
    assert not at.exception
    body = _html(at)
    assert f'class="rt-big-code">{sess.code}<' in body and "data:image/svg+xml" in body and f"/join?code={sess.code}" in body
    assert "<li>Ana</li>" in body and "&lt;i&gt;Bo&lt;/i&gt;" in body and "<i>Bo</i>" not in body
    assert "&lt;b&gt;Quiz&lt;/b&gt;" in body and "font-size: 2.25rem" in body  # 36 px text
    at.button(key=PresenterKeys.next_button(-1)).click().run()
    st = paced.state(sess.id)
    assert st is not None and st.step == 0
    # the button now on screen is another widget: a click replayed on the lobby's button cannot reveal question 2
    assert [b.key for b in at.button if b.key.startswith(PresenterKeys.NEXT)] == [PresenterKeys.next_button(0)]
    assert 'data-testid="rt-present-countdown"' in _html(at) and "0 of 2 answered" in _html(at)
    right, wrong = right_and_wrong(sess.spec.items[0])
    service.submit(LIB, tokens[0], 0, right)  # type: ignore[arg-type]
    service.submit(LIB, tokens[1], 0, wrong)  # type: ignore[arg-type]
    at.run()
    body = _html(at)
    assert 'data-testid="rt-present-distribution"' in body and 'data-testid="rt-present-rule"' in body
    assert body.count('data-correct="true"') == 1 and body.count('data-correct="false"') == 1
    for step in range(3):
        at.button(key=PresenterKeys.next_button(step)).click().run()
    assert paced.state(sess.id).over  # type: ignore[union-attr]
    body = _html(at)
    assert 'data-testid="rt-present-podium"' in body and '<span class="rt-rank">1</span> Ana' in body and 'data-testid="rt-present-missed"' in body


def test_a_student_waits_in_the_lobby_then_follows_the_reveals(monkeypatch: pytest.MonkeyPatch) -> None:
    sess = paced.start(service.save_quiz(_spec()), 10)
    at = page("join")
    at.text_input(key=QuizKeys.CODE).input(sess.code)
    at.text_input(key=QuizKeys.NAME).input("Ana")
    at.button(key=QuizKeys.JOIN).click().run()
    assert not at.exception and 'data-testid="rt-paced-wait"' in _html(at)
    paced.reveal(sess.id, -1)
    at.run()
    assert 'id="rt-quiz-question"' in _html(at) and at.button(key=QuizKeys.SUBMIT) is not None
    # the next question, revealed a minute ago: its countdown is over, the page says so (no Submit)
    paced.reveal(sess.id, 0, at=now() - timedelta(seconds=60))
    at.run()
    assert "Time's up" in " ".join(i.value.replace("\\", "") for i in at.info)  # as read: Markdown escapes undone
    with pytest.raises(KeyError):
        at.button(key=QuizKeys.SUBMIT)
    service.close_session(sess.id)
    at.run()
    assert "Your teacher has closed this quiz." in " ".join(i.value.replace("\\", "") for i in at.info)


def test_the_teacher_page_starts_a_teacher_paced_session(monkeypatch: pytest.MonkeyPatch) -> None:
    qid = service.save_quiz(_spec())
    monkeypatch.setenv(passcode.ENV, PASS)
    at = page("teacher")
    at.text_input(key=QuizKeys.PASSCODE).input(PASS)
    at.button(key=QuizKeys.UNLOCK).click().run()
    at.checkbox(key=PresenterKeys.PACED).check().run()
    at.button(key=QuizKeys.START).click().run()
    assert not at.exception
    info = service.sessions()[0]
    assert info.quiz_id == qid and info.spec.paced == "teacher" and info.spec.time_limit == paced.DEFAULT_SECONDS


def test_the_qr_code_is_an_svg_of_the_link() -> None:
    import segno

    url = "http://school.example/join?code=K7QX3"
    svg = qr_svg(url)
    assert svg.startswith("<svg") and "<path" in svg and "http" not in svg.split(">", 1)[1]  # drawn, not linked
    qr = segno.make(url, error="m")
    assert qr.error == "M" and qr.designator.startswith(str(qr.version))
