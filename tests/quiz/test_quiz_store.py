"""Quiz storage on SQLite and PostgreSQL: saving, sessions, joining, idempotent submission, scoring, CSV."""

from __future__ import annotations

import csv
import io
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, inspect, select
from sqlalchemy.orm import Session

from tutor import store
from tutor.games.base import ILLEGAL
from tutor.library import default_library
from tutor.questions import part_views
from tutor.quiz import migrate, ratelimit, results, service
from tutor.quiz.spec import Item, QuizSpec, catalogue, resolve
from tutor.quiz.tables import Answer, now

LIB = default_library()


def _choice_items(n: int) -> list[Item]:
    """Questions with a single set of choices, so a wrong answer can be picked from the board."""
    out = []
    for e in catalogue(LIB, lessons=["mc.defense_1", "mc.defense_2"]):
        scn, q = resolve(LIB, e.item)
        if q.parts is None and part_views(scn, q)[0].choices:
            out.append(e.item)
    return out[:n]


def right_and_wrong(item: Item) -> tuple[object, object]:
    """The engine's answer, and another offered choice."""
    scn, q = resolve(LIB, item)
    right = LIB.asked(scn.id, q.id).answer
    keys = [c.key for c in part_views(scn, q)[0].choices] + [ILLEGAL]
    return right, next(k for k in keys if not (k == right and type(k) is type(right)))


def _spec(**opts: object) -> QuizSpec:
    return QuizSpec(title="Defense check", items=_choice_items(3), **opts)  # type: ignore[arg-type]


def test_schema_is_alembic_head(db_url: str) -> None:
    eng = store.engine(db_url)
    assert migrate.current(eng) == migrate.head()
    assert {"lesson_progress", "quiz", "quiz_session", "quiz_student", "quiz_answer"} <= set(inspect(eng).get_table_names())


def test_quiz_is_saved_without_answers_and_reused(db_url: str) -> None:
    spec = _spec(shuffle_choices=True, feedback="end", time_limit=30)
    qid = service.save_quiz(spec, db_url)
    assert service.load_quiz(qid, db_url) == spec
    assert service.list_quizzes(db_url)[0] == (qid, "Defense check", 3)
    assert set(spec.model_dump()["items"][0]) == {"scenario", "question"}  # references only, never an answer
    a, b = service.start_session(qid, db_url), service.start_session(qid, db_url)
    assert a.code != b.code and a.is_open and [s.id for s in service.sessions(db_url)] == [b.id, a.id]


def test_join_submit_is_idempotent_and_scored(db_url: str) -> None:
    qid = service.save_quiz(_spec(), db_url)
    sess = service.start_session(qid, db_url)
    assert [r["% correct"] for r in results.per_question(results.load(LIB, sess.id, db_url))] == [None] * 3  # "—"
    ana = service.join(sess.code.lower(), "  Ana ", ["ip:10.0.0.1"], db_url)
    ben = service.join(sess.code, "Ben", ["ip:10.0.0.1"], db_url)
    assert ana.token and ben.token and ana.token != ben.token
    assert service.join(sess.code, "Ana", ["ip:x"], db_url).error  # the name is taken in this class
    for n, item in enumerate(sess.spec.items):
        right, wrong = right_and_wrong(item)
        first = service.submit(LIB, ana.token, n, right, db_url)
        again = service.submit(LIB, ana.token, n, wrong, db_url)  # a double click: the first answer stands
        assert first.correct and again == first
        service.advance(ana.token, n, db_url)
        service.advance(ana.token, n, db_url)  # a second "Next" click does not skip a question
        assert service.student_view(ana.token, db_url).position == n + 1  # type: ignore[union-attr]
    service.submit(LIB, ben.token, 0, right_and_wrong(sess.spec.items[0])[1], db_url)
    with pytest.raises(service.QuizError):
        service.submit(LIB, ben.token, 2, "p1", db_url)  # not reached yet
    view = service.student_view(ana.token, db_url)
    assert view is not None and view.finished and view.score == (3, 3)
    with Session(store.engine(db_url)) as s:
        assert s.scalar(select(func.count()).select_from(Answer)) == 4

    res = results.load(LIB, sess.id, db_url)
    assert [r.name for r in res.students] == ["Ana", "Ben"]
    assert results.grid(res)[1]["Q1"] == "✗" and results.grid(res)[0]["Score"] == "3 / 3"
    assert res.items[0].percent == 50.0 and res.items[0].misconception is not None
    assert [r["Student"] for r in results.leaderboard(res)] == ["Ana", "Ben"]
    rows = list(csv.DictReader(io.StringIO(results.to_csv(LIB, res))))
    assert len(rows) == 6 and rows[0]["correct"] == "yes" and rows[3]["correct"] == "no" and rows[4]["answer"] == ""


def test_concurrent_double_submissions_record_one_answer(db_url: str) -> None:
    qid = service.save_quiz(_spec(), db_url)
    sess = service.start_session(qid, db_url)
    tokens = [service.join(sess.code, f"S{i}", ["ip:a"], db_url).token for i in range(8)]
    right, _ = right_and_wrong(sess.spec.items[0])
    errors: list[BaseException] = []

    def click(token: str) -> None:
        try:
            service.submit(LIB, token, 0, right, db_url)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=click, args=(t,)) for t in tokens for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with Session(store.engine(db_url)) as s:
        assert s.scalar(select(func.count()).select_from(Answer)) == 8


def test_closed_session_refuses_joins_and_answers(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(feedback="never"), db_url), db_url)
    tok = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert tok
    service.submit(LIB, tok, 0, right_and_wrong(sess.spec.items[0])[0], db_url)
    assert service.student_view(tok, db_url).position == 1  # type: ignore[union-attr]  (no feedback: moves on)
    service.close_session(sess.id, db_url)
    assert (service.join(sess.code, "Ben", ["sid:2"], db_url).error or "").startswith("This quiz has ended")
    assert (service.join("ZZZZZ", "Ben", ["sid:2"], db_url).error or "").startswith("No open quiz has this code")
    with pytest.raises(service.QuizError):
        service.submit(LIB, tok, 1, "p1", db_url)


def test_failed_joins_are_rate_limited(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    clients = ["sid:abc", "ip:10.1.1.1"]
    for _ in range(ratelimit.PER_SESSION):
        assert "No open quiz" in (service.join("ZZZZZ", "Eve", clients, db_url).error or "")
    blocked = service.join(sess.code, "Eve", clients, db_url)  # even the right code, for a while
    assert blocked.token is None and "Too many" in (blocked.error or "")
    assert service.join(sess.code, "Eve", ["sid:other", "ip:10.1.1.1"], db_url).token  # the address may go on
    with Session(store.engine(db_url)) as s:
        assert ratelimit.wait_seconds(s, ["sid:abc"], now() + ratelimit.WINDOW + timedelta(seconds=1)) == 0


def test_one_device_cannot_lock_out_a_class_but_an_address_has_a_cap(db_url: str) -> None:
    """Eve reconnects for a new session after each block: the class behind the same router still joins until
    the address's own cap (PER_IP wrong codes in the window), which then holds for everyone there."""
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    for i in range(4):  # a student by hand: 4 browser sessions blocked, 20 wrong codes
        for _ in range(ratelimit.PER_SESSION):
            assert "No open quiz" in (service.join("ZZZZZ", "Eve", [f"sid:eve{i}", "ip:10.2.2.2"], db_url).error or "")
        assert "Too many" in (service.join("ZZZZZ", "Eve", [f"sid:eve{i}", "ip:10.2.2.2"], db_url).error or "")
    assert service.join(sess.code, "Ana", ["sid:ana", "ip:10.2.2.2"], db_url).token  # the class joins
    with store.writing(db_url) as s:  # a script with a new session for every try, up to the address's cap
        for _ in range(ratelimit.PER_IP - 4 * ratelimit.PER_SESSION):
            ratelimit.record_failure(s, ["ip:10.2.2.2"])
    refused = service.join(sess.code, "Ben", ["sid:ben", "ip:10.2.2.2"], db_url)
    assert refused.token is None and refused.error == "Too many wrong codes. Try again in 5 minutes."
    assert service.join(sess.code, "Ben", ["sid:ben", "ip:10.3.3.3"], db_url).token  # another address is not


def test_time_limit_records_a_late_answer_as_timed_out(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(time_limit=10), db_url), db_url)
    tok = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert tok
    right, _ = right_and_wrong(sess.spec.items[0])
    late = service.submit(LIB, tok, 0, right, db_url, at=now() + timedelta(seconds=60))
    assert late.timed_out and not late.correct


def test_progress_table_survives_the_first_migration(tmp_path: object) -> None:
    """A database the old create_all made keeps its rows when Alembic takes over."""
    import sqlalchemy as sa

    url = f"sqlite:///{tmp_path}/old.sqlite"  # type: ignore[str-bytes-safe]
    old = sa.create_engine(url)
    store.Base.metadata.tables["lesson_progress"].create(old)
    with old.begin() as c:
        c.execute(store.LessonProgress.__table__.insert().values(
            learner_id="u1", lesson_id="l1", slide=4, phase="ask", answers={}, finished=False, updated_at=now()))
    old.dispose()
    assert store.load_progress("u1", "l1", url).slide == 4  # type: ignore[union-attr]
    assert migrate.current(store.engine(url)) == migrate.head()
