"""Issue 15, item 6: each student takes a class quiz in their own language; the teacher's results are keyed by
question (never by translated text) and the CSV export carries a ``language`` column."""

from __future__ import annotations

import csv
import io
import json

import sqlalchemy as sa

from tests.quiz.test_quiz_store import LIB, _choice_items, right_and_wrong
from tutor import store
from tutor.quiz import migrate, results, service
from tutor.quiz.spec import QuizSpec
from tutor.quiz.tables import now


def test_answers_in_two_languages_count_under_the_same_question(db_url: str) -> None:
    items = _choice_items(2)
    sess = service.start_session(service.save_quiz(QuizSpec(title="Mixed class", items=items), db_url), db_url)
    ana = service.join(sess.code, "Ana", ["sid:1"], db_url, language="vi").token
    ben = service.join(sess.code, "Ben", ["sid:2"], db_url, language="en").token
    assert ana and ben
    right, wrong = right_and_wrong(items[0])
    stored = service.submit(LIB, ana, 0, right, db_url, language="vi")
    assert stored.correct and stored.language == "vi"
    assert not service.submit(LIB, ben, 0, wrong, db_url, language="en").correct

    res = results.load(LIB, sess.id, db_url)
    first = res.items[0]
    assert (first.answered, first.right, first.percent) == (2, 1, 50.0)  # one question, whatever the language
    assert dict(first.languages) == {"vi": 1, "en": 1}
    assert first.misconception is not None and first.misconception_count == 1
    assert res.items[1].answered == 0 and res.items[1].languages == ()
    assert [r["Question"] for r in results.per_question(res)] == ["Q1", "Q2"]

    rows = list(csv.DictReader(io.StringIO(results.to_csv(LIB, res))))
    assert list(rows[0])[:5] == ["session", "quiz", "student", "language", "question"]
    by = {(r["student"], r["question"]): r for r in rows}
    assert by[("Ana", "Q1")]["language"] == "vi" and by[("Ben", "Q1")]["language"] == "en"
    assert by[("Ana", "Q1")]["question_id"] == by[("Ben", "Q1")]["question_id"] == items[0].question
    assert by[("Ana", "Q1")]["prompt"] == by[("Ben", "Q1")]["prompt"]  # keyed by question, never by translation
    assert by[("Ana", "Q1")]["correct"] == "yes" and by[("Ben", "Q1")]["correct"] == "no"
    assert by[("Ana", "Q2")]["language"] == "vi"  # not answered yet: the language Ana joined in


def test_a_student_switching_language_mid_quiz_is_recorded_per_answer(db_url: str) -> None:
    items = _choice_items(2)
    sess = service.start_session(service.save_quiz(QuizSpec(title="T", items=items, feedback="end"), db_url), db_url)
    tok = service.join(sess.code, "Cy", ["sid:1"], db_url, language="en").token
    assert tok
    service.submit(LIB, tok, 0, right_and_wrong(items[0])[0], db_url, language="en")
    service.submit(LIB, tok, 1, right_and_wrong(items[1])[0], db_url, language="vi")
    res = results.load(LIB, sess.id, db_url)
    assert [res.students[0].language_of(i) for i in (0, 1)] == ["en", "vi"]
    assert [dict(it.languages) for it in res.items] == [{"en": 1}, {"vi": 1}]


def test_rows_from_before_languages_were_recorded_read_as_english(db_url: str) -> None:
    items = _choice_items(1)
    sess = service.start_session(service.save_quiz(QuizSpec(title="Old", items=items), db_url), db_url)
    tok = service.join(sess.code, "Di", ["sid:1"], db_url).token  # no language given: NULL, as an old row
    assert tok
    service.submit(LIB, tok, 0, right_and_wrong(items[0])[0], db_url)
    rows = list(csv.DictReader(io.StringIO(results.to_csv(LIB, results.load(LIB, sess.id, db_url)))))
    assert [r["language"] for r in rows] == ["en"]


def test_migration_0005_adds_the_language_columns_and_keeps_every_row(db_url: str) -> None:
    from alembic import command

    eng = sa.create_engine(db_url)
    try:
        migrate.upgrade(eng, "0003")
        spec = json.dumps(QuizSpec(title="Old", items=_choice_items(1)).model_dump(mode="json"))
        with eng.begin() as c:
            c.execute(sa.text("INSERT INTO quiz (title, spec, created_at) VALUES ('Old', :s, :at)"), dict(s=spec, at=now()))
            c.execute(sa.text("INSERT INTO quiz_session (quiz_id, code, spec, seed, status, created_at) "
                              "VALUES (1, 'K7QX3', :s, 7, 'open', :at)"), dict(s=spec, at=now()))
            c.execute(sa.text("INSERT INTO quiz_student (session_id, token, name, position, started_at, joined_at) "
                              "VALUES (1, 'tok', 'Ana', 0, :at, :at)"), dict(at=now()))
            c.execute(sa.text("INSERT INTO quiz_answer (session_id, student_id, item, given, correct, timed_out, "
                              "answered_at) VALUES (1, 1, 0, '\"p1\"', :t, :f, :at)"), dict(t=True, f=False, at=now()))
        migrate.upgrade(eng, "0005")
        for table in ("quiz_student", "quiz_answer"):
            assert "language" in {col["name"] for col in sa.inspect(eng).get_columns(table)}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT name, language FROM quiz_student")).all() == [("Ana", None)]
            assert c.execute(sa.text("SELECT item, language FROM quiz_answer")).all() == [(0, None)]
        with migrate.locked_connection(eng) as conn:
            cfg = migrate.config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0003")
        for table in ("quiz_student", "quiz_answer"):
            assert "language" not in {col["name"] for col in sa.inspect(eng).get_columns(table)}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT count(*) FROM quiz_answer")).scalar_one() == 1
    finally:
        eng.dispose()
        store._engines.pop(db_url, None)
