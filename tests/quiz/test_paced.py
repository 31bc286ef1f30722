"""Teacher-paced sessions (tutor/quiz/paced.py): reveal, the countdown refused server-side, the distribution,
the podium, the most-missed rule, and migration 0007; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
import sqlalchemy as sa

from tests.quiz.test_quiz_store import LIB, _spec, right_and_wrong
from tutor import store
from tutor.quiz import migrate, paced, service
from tutor.quiz.spec import QuizSpec
from tutor.quiz.tables import now


def _class(db_url: str, names: tuple[str, ...] = ("Ana", "Bo", "Cy"), seconds: int = 20):
    qid = service.save_quiz(_spec(shuffle_questions=True), db_url)
    sess = paced.start(qid, seconds, db_url)
    tokens = {n: service.join(sess.code, n, [f"sid:{n}"], db_url).token for n in names}
    assert all(tokens.values())
    return sess, tokens


def test_a_paced_session_starts_in_its_lobby_in_the_quizs_order(db_url: str) -> None:
    sess, tokens = _class(db_url)
    assert sess.spec.paced == "teacher" and sess.spec.time_limit == 20 and not sess.spec.shuffle_questions
    st = paced.state(sess.id, db_url)
    assert st is not None and st.lobby and st.total == 3 and st.deadline() is None
    assert service.student_view(tokens["Ana"], db_url).order == [0, 1, 2]  # type: ignore[union-attr]
    for item in (0, 1):  # nothing revealed yet: no answer is taken, not even to the first question
        with pytest.raises(service.QuizError, match="not the current question"):
            service.submit(LIB, tokens["Ana"], item, right_and_wrong(sess.spec.items[item])[0], db_url)
    plain = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    assert paced.state(plain.id, db_url) is None  # self-paced stays the default


def test_reveal_moves_every_student_and_a_second_click_moves_nothing(db_url: str) -> None:
    sess, tokens = _class(db_url)
    t0 = now()
    st = paced.reveal(sess.id, -1, db_url, at=t0)
    assert st.step == 0 and st.revealed_at is not None and abs((st.deadline() - t0).total_seconds() - 20) < 1  # type: ignore[operator]
    assert paced.reveal(sess.id, -1, db_url).step == 0  # the same click again: still question 1
    st = paced.reveal(sess.id, 0, db_url, at=t0 + timedelta(seconds=25))
    assert st.step == 1
    for tok in tokens.values():
        view = service.student_view(tok, db_url)
        assert view is not None and view.position == 1 and view.current_item == 1
    late = service.join(sess.code, "Di", ["sid:Di"], db_url).token
    assert late and service.student_view(late, db_url).position == 0  # type: ignore[union-attr]
    paced.catch_up(late, st, db_url)
    assert service.student_view(late, db_url).position == 1  # type: ignore[union-attr]
    assert paced.step_of(sess.id, db_url) == (1, "open")


def test_an_answer_after_the_countdown_is_refused_server_side(db_url: str) -> None:
    sess, tokens = _class(db_url, seconds=10)
    t0 = now()
    paced.reveal(sess.id, -1, db_url, at=t0)
    right, _ = right_and_wrong(sess.spec.items[0])
    ok = service.submit(LIB, tokens["Ana"], 0, right, db_url, at=t0 + timedelta(seconds=9))
    assert ok.correct and not ok.timed_out
    too_late = t0 + timedelta(seconds=10) + service.GRACE + timedelta(seconds=1)
    with pytest.raises(service.QuizError, match="time for this question is over"):
        service.submit(LIB, tokens["Bo"], 0, right, db_url, at=too_late)
    assert 0 not in service.student_view(tokens["Bo"], db_url).answers  # type: ignore[union-attr]
    # the time-out record itself (no answer) is kept, as out of time
    row = service.submit(LIB, tokens["Cy"], 0, None, db_url, at=too_late)
    assert row.timed_out and not row.correct


def test_distribution_podium_and_most_missed_rule(db_url: str) -> None:
    sess, tokens = _class(db_url)
    t0 = now()
    items = sess.spec.items
    plan = {"Ana": ["r", "r", "r"], "Bo": ["r", "w", "w"], "Cy": ["w", "w", None]}
    for i in range(3):
        at = t0 + timedelta(seconds=30 * i)
        paced.reveal(sess.id, i - 1, db_url, at=at)
        right, wrong = right_and_wrong(items[i])
        for n, name in enumerate(("Ana", "Bo", "Cy")):
            pick = plan[name][i]
            if pick is not None:
                service.submit(LIB, tokens[name], i, right if pick == "r" else wrong, db_url,
                               at=at + timedelta(seconds=1 + n))
        if i == 1:
            shares = paced.distribution(LIB, sess.id, 1, db_url)
            assert [(s.count, s.correct) for s in shares] == [(1, True), (2, False)]
            assert json.dumps(shares[0].given) == json.dumps(right) and json.dumps(shares[1].given) == json.dumps(wrong)
    shares = paced.distribution(LIB, sess.id, 2, db_url)
    assert [(s.count, s.correct, s.given is None) for s in shares] == [(1, True, False), (1, False, False),
                                                                         (1, False, True)]
    st = paced.reveal(sess.id, 2, db_url)
    assert st.over and st.deadline() is None
    assert [(p.rank, p.name, p.right) for p in paced.podium(sess.id, db_url)] == [(1, "Ana", 3), (2, "Bo", 1),
                                                                                   (3, "Cy", 0)]
    missed = paced.most_missed(LIB, sess.id, db_url)
    rules = {i: paced.deciding_rule(LIB, it) for i, it in enumerate(items)}
    assert all(rules.values())
    expected: dict[str, int] = {}
    for i, wrong in ((0, 1), (1, 2), (2, 2)):
        expected[rules[i]] = expected.get(rules[i], 0) + wrong  # type: ignore[index]
    assert missed is not None and missed[1] == max(expected.values()) and expected[missed[0]] == missed[1]


def test_the_end_and_a_closed_session_refuse_reveals(db_url: str) -> None:
    sess, _ = _class(db_url, names=("Ana",))
    for i in range(-1, 3):
        paced.reveal(sess.id, i, db_url)
    assert paced.reveal(sess.id, 3, db_url).step == 3  # past the end: nothing more
    service.close_session(sess.id, db_url)
    with pytest.raises(service.QuizError, match="closed"):
        paced.reveal(sess.id, 3, db_url)


def test_migration_0007_adds_the_step_columns_and_keeps_every_row(db_url: str) -> None:
    from alembic import command

    eng = sa.create_engine(db_url)
    try:
        migrate.upgrade(eng, "0006")
        spec = json.dumps(QuizSpec(title="Old", items=_spec().items[:1]).model_dump(mode="json"))
        with eng.begin() as c:
            c.execute(sa.text("INSERT INTO quiz (title, spec, created_at) VALUES ('Old', :s, :at)"), dict(s=spec, at=now()))
            c.execute(sa.text("INSERT INTO quiz_session (quiz_id, code, spec, seed, status, created_at) "
                              "VALUES (1, 'K7QX3', :s, 7, 'open', :at)"), dict(s=spec, at=now()))
        migrate.upgrade(eng, "0007")
        cols = {col["name"] for col in sa.inspect(eng).get_columns("quiz_session")}
        assert {"step", "revealed_at"} <= cols
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT code, step, revealed_at FROM quiz_session")).all() == [("K7QX3", None, None)]
        with migrate.locked_connection(eng) as conn:
            cfg = migrate.config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0006")
        assert "step" not in {col["name"] for col in sa.inspect(eng).get_columns("quiz_session")}
        with eng.connect() as c:
            assert c.execute(sa.text("SELECT count(*) FROM quiz_session")).scalar_one() == 1
    finally:
        eng.dispose()
        store._engines.pop(db_url, None)


def test_students_polling_the_step_read_it_once_per_interval_per_process(db_url: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25, item 2: thirty pages polling twice a second ask the database at most once per ``fresh``
    seconds; a reveal made in the process is seen at once; a change made elsewhere once the interval is over."""
    sess, _tokens = _class(db_url)
    reads: list[int] = []
    real = paced.state
    def counted(sid: int, url: str | None = None) -> paced.Paced | None:
        reads.append(sid)
        return real(sid, url)

    monkeypatch.setattr(paced, "state", counted)
    assert paced.current(sess.id, db_url, fresh=60).lobby  # type: ignore[union-attr]
    for _ in range(60):
        paced.current(sess.id, db_url, fresh=60)
    assert reads == [sess.id]
    paced.reveal(sess.id, -1, db_url)  # the teacher's click in this process: the pages see it without a read
    assert paced.current(sess.id, db_url, fresh=60).step == 0 and reads == [sess.id]  # type: ignore[union-attr]
    service.close_session(sess.id, db_url)  # written behind the memo's back (as by another process)
    assert paced.current(sess.id, db_url, fresh=60).is_open  # type: ignore[union-attr]
    assert not paced.current(sess.id, db_url, fresh=0).is_open and len(reads) == 2  # type: ignore[union-attr]
