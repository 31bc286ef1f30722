"""Managing saved quizzes on SQLite and PostgreSQL: rename, remove a question, delete (a soft delete that
keeps every session's results), and migration 0003 on a database that already holds quizzes."""

from __future__ import annotations

import csv
import io
import json

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from tutor import store
from tutor.library import default_library
from tutor.quiz import migrate, results, service
from tutor.quiz.spec import QuizSpec
from tutor.quiz.tables import Quiz, QuizSession, now
from tests.quiz.test_quiz_store import _choice_items, right_and_wrong

LIB = default_library()


def _quiz(db_url: str, n: int = 3, title: str = "Defense check") -> int:
    return service.save_quiz(QuizSpec(title=title, items=_choice_items(n), feedback="end"), db_url)


def test_rename_changes_the_quiz_not_its_started_sessions(db_url: str) -> None:
    qid = _quiz(db_url)
    sess = service.start_session(qid, db_url)
    assert service.rename_quiz(qid, "  Defense\tcheck,\x00 <b>4B</b>  ", db_url) == "Defense check, <b>4B</b>"
    assert service.load_quiz(qid, db_url).title == "Defense check, <b>4B</b>"
    assert service.list_quizzes(db_url) == [(qid, "Defense check, <b>4B</b>", 3)]
    assert service.session_info(sess.id, db_url).spec.title == "Defense check"  # type: ignore[union-attr]
    assert service.start_session(qid, db_url).spec.title == "Defense check, <b>4B</b>"
    assert len(service.rename_quiz(qid, "x" * 200, db_url)) == 80
    for bad in ("", "   ", "\x00\x01"):
        with pytest.raises(service.QuizError, match="title"):
            service.rename_quiz(qid, bad, db_url)
    with pytest.raises(service.QuizError):
        service.rename_quiz(qid + 99, "Other", db_url)


def test_remove_a_question_never_below_one(db_url: str) -> None:
    qid = _quiz(db_url)
    items = service.load_quiz(qid, db_url).items
    sess = service.start_session(qid, db_url)
    spec = service.remove_item(qid, 1, items[1], db_url)
    assert spec.items == [items[0], items[2]] and service.load_quiz(qid, db_url) == spec
    assert service.list_quizzes(db_url) == [(qid, "Defense check", 2)]
    assert service.session_info(sess.id, db_url).spec.items == items  # type: ignore[union-attr]  (its own copy)
    with pytest.raises(service.QuizError, match="changed"):  # the page showed another question there
        service.remove_item(qid, 0, items[1], db_url)
    with pytest.raises(service.QuizError, match="changed"):
        service.remove_item(qid, 5, None, db_url)
    assert service.remove_item(qid, 0, None, db_url).items == [items[2]]
    with pytest.raises(service.QuizError, match="at least one"):
        service.remove_item(qid, 0, items[2], db_url)
    assert service.load_quiz(qid, db_url).items == [items[2]]


def test_delete_keeps_the_sessions_and_their_results(db_url: str) -> None:
    qid, other = _quiz(db_url), _quiz(db_url, 2, "Other")
    sess = service.start_session(qid, db_url)
    tok = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert tok
    service.submit(LIB, tok, 0, right_and_wrong(sess.spec.items[0])[0], db_url)

    gone = service.delete_quiz(qid, db_url)
    assert gone == service.Deleted(qid, "Defense check", 1)
    assert service.list_quizzes(db_url) == [(other, "Other", 2)]
    for call in (lambda: service.load_quiz(qid, db_url), lambda: service.start_session(qid, db_url),
                 lambda: service.add_items(qid, _choice_items(1), db_url),
                 lambda: service.rename_quiz(qid, "Back", db_url), lambda: service.remove_item(qid, 0, None, db_url),
                 lambda: service.delete_quiz(qid, db_url)):
        with pytest.raises(service.QuizError, match="no quiz"):
            call()
    with Session(store.engine(db_url)) as s:  # a soft delete: the row is kept for the sessions' foreign key
        row = s.get(Quiz, qid)
        assert row is not None and row.deleted_at is not None
        assert s.scalar(sa.select(sa.func.count()).select_from(QuizSession)) == 1

    # the session goes on (it runs on its copy of the quiz) and its results stay whole and exportable
    assert sess.id in [i.id for i in service.sessions(db_url)]
    info = service.session_info(sess.id, db_url)
    assert info is not None and info.is_open and info.spec == sess.spec
    service.submit(LIB, tok, 1, right_and_wrong(sess.spec.items[1])[1], db_url)
    res = results.load(LIB, sess.id, db_url)
    assert results.grid(res)[0]["Score"] == "1 / 3"
    rows = list(csv.DictReader(io.StringIO(results.to_csv(LIB, res))))
    assert len(rows) == 3 and [r["correct"] for r in rows[:2]] == ["yes", "no"]
    assert {r["quiz"] for r in rows} == {"Defense check"} and {r["student"] for r in rows} == {"Ana"}
    service.close_session(sess.id, db_url)
    assert not service.session_info(sess.id, db_url).is_open  # type: ignore[union-attr]


def test_migration_0003_keeps_existing_quizzes_and_sessions(db_url: str) -> None:
    """A database at 0002 with a quiz and a session: 0003 adds ``deleted_at`` (NULL) and loses nothing; the
    downgrade drops the column, and the deleted quizzes no session refers to."""
    from alembic import command

    eng = sa.create_engine(db_url)
    try:
        migrate.upgrade(eng, "0002")
        spec = QuizSpec(title="Old", items=_choice_items(2)).model_dump(mode="json")
        with eng.begin() as c:
            for title in ("Old", "Unused"):
                c.execute(sa.text("INSERT INTO quiz (title, spec, created_at) VALUES (:t, :s, :at)"),
                          dict(t=title, s=json.dumps(spec), at=now()))
            c.execute(sa.text("INSERT INTO quiz_session (quiz_id, code, spec, seed, status, created_at) "
                              "VALUES (1, 'K7QX3', :s, 7, 'open', :at)"), dict(s=json.dumps(spec), at=now()))
        migrate.upgrade(eng, "head")
        assert migrate.current(eng) == migrate.head()
        assert "deleted_at" in {c["name"] for c in sa.inspect(eng).get_columns("quiz")}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT title, deleted_at FROM quiz ORDER BY id")).all() == [("Old", None),
                                                                                                   ("Unused", None)]
            assert c.execute(sa.text("SELECT code FROM quiz_session")).scalar_one() == "K7QX3"
        with eng.begin() as c:
            c.execute(sa.text("UPDATE quiz SET deleted_at = :at"), dict(at=now()))
        with migrate.locked_connection(eng) as conn:
            cfg = migrate.config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0002")
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT title FROM quiz")).scalars().all() == ["Old"]  # its session needs it
            assert c.execute(sa.text("SELECT count(*) FROM quiz_session")).scalar_one() == 1
        assert "deleted_at" not in {c["name"] for c in sa.inspect(eng).get_columns("quiz")}
    finally:
        eng.dispose()
