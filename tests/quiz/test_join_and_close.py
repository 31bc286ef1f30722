"""Joining with a look-alike name, and an answer that arrives while the teacher closes the session: on SQLite
and on PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tests.quiz.test_quiz_store import LIB, _spec, right_and_wrong
from tutor import store
from tutor.quiz import service, spec
from tutor.quiz.tables import Answer, Student


@pytest.mark.parametrize("taken, again", [("Ana", "Аna"), ("Ana", "ana"), ("Ana", "Ａｎａ"), ("Ali", "AIi"),
                                          ("Max", "Мах")])
def test_a_look_alike_of_a_name_taken_is_refused(db_url: str, taken: str, again: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    assert service.join(sess.code, taken, ["sid:1"], db_url).token
    res = service.join(sess.code, again, ["sid:2"], db_url)
    assert res.token is None and res.error is not None and "already taken" in res.error
    assert service.join(sess.code, "Anna", ["sid:3"], db_url).token  # a different name is fine


def test_names_are_stored_nfkc_normalised(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    token = service.join(sess.code, "Ｚｏｅ\u200b", ["sid:1"], db_url).token
    assert token and service.student_view(token, db_url).name == "Zoe"  # type: ignore[union-attr]


def test_an_answer_submitted_while_the_teacher_closes_is_not_stored(db_url: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The interleaving is forced: the teacher closes the session after submit() has read it as open (while it
    grades the answer) and before it writes."""
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    token = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert token
    right, _ = right_and_wrong(sess.spec.items[0])
    grade = spec.grade_item
    closed = []

    def grade_then_close(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = grade(*args, **kwargs)
        service.close_session(sess.id, db_url)  # the teacher, between submit's read and its write
        closed.append(True)
        return result

    monkeypatch.setattr(service, "grade_item", grade_then_close)
    with pytest.raises(service.QuizError, match="closed"):
        service.submit(LIB, token, 0, right, db_url)
    assert closed == [True]
    with Session(store.engine(db_url)) as s:
        assert s.scalar(select(func.count()).select_from(Answer)) == 0
        assert s.scalar(select(Student.position)) == 0


