"""The least work per answer, for a class pressing Submit together (issue 13): a submit writes its answer in one
statement and reads nothing, moving on is one guarded update, and on a real server every click of a burst is
acknowledged by a rerun of the answer area only, with one INSERT per click and no read. On SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from tests.e2e.conftest import ROOT, Server
from tests.quiz.class_client import Student, arrive
from tests.quiz.test_quiz_store import LIB, _spec, right_and_wrong
from tutor import store
from tutor.quiz import results, service
from tutor.quiz.tables import Answer


@contextmanager
def statements(url: str) -> Iterator[list[str]]:
    """The SQL statements run on ``url``'s engine inside the block (transaction control left out)."""
    seen: list[str] = []

    def note(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        if not statement.startswith(("BEGIN", "COMMIT", "ROLLBACK")):
            seen.append(" ".join(statement.split()))

    eng = store.engine(url)
    event.listen(eng, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(eng, "before_cursor_execute", note)


def kinds(seen: list[str]) -> list[str]:
    """'INSERT INTO quiz_answer', 'UPDATE quiz_student', 'SELECT' …"""
    words = {"INSERT": 3, "UPDATE": 2}
    return [" ".join(s.split()[:words.get(s.split()[0], 1)]) for s in seen]


@pytest.mark.parametrize("feedback", ["each", "end"])
def test_a_submit_writes_its_answer_and_reads_nothing(db_url: str, feedback: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(feedback=feedback, time_limit=60), db_url), db_url)
    token = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert token
    view = service.student_view(token, db_url)  # the page's render: it reads the student's place
    assert view is not None
    right, wrong = right_and_wrong(sess.spec.items[0])
    with statements(db_url) as seen:
        stored = service.submit(LIB, token, 0, right, db_url)
    # one statement: the answer, inserted only while the session is open and the student on this question
    assert kinds(seen) == ["INSERT INTO quiz_answer"] + (["UPDATE quiz_student"] if feedback == "end" else [])
    assert "quiz_session.status" in seen[0] and "quiz_student.position" in seen[0]
    assert stored.correct and not stored.timed_out and stored.given == right
    after = view.answered(stored)  # what the page shows next, without reading it back ...
    assert after == service.student_view(token, db_url)  # ... is what the database holds

    with statements(db_url) as seen:
        again = service.submit(LIB, token, 0, wrong, db_url)  # a double click: refused, the first answer stands
    assert again == stored and kinds(seen) == ["INSERT INTO quiz_answer", "SELECT"]
    if feedback == "each":
        with statements(db_url) as seen:
            assert service.advance(token, 0, db_url)
        assert kinds(seen) == ["UPDATE quiz_student"]
    with Session(store.engine(db_url)) as s:
        assert s.scalar(select(func.count()).select_from(Answer)) == 1


def test_moving_on_needs_the_answer_and_an_open_session(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    token = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert token
    assert not service.advance(token, 0, db_url)  # not answered yet: no skipping
    service.submit(LIB, token, 0, right_and_wrong(sess.spec.items[0])[0], db_url)
    assert not service.advance(token, 1, db_url)  # not there
    service.close_session(sess.id, db_url)
    assert not service.advance(token, 0, db_url)  # closed: the page says so instead
    view = service.student_view(token, db_url)
    assert view is not None and view.position == 0 and not view.session.is_open
    with pytest.raises(service.QuizError, match="closed"):
        service.submit(LIB, token, 1, right_and_wrong(sess.spec.items[1])[0], db_url)


def test_a_restarted_process_reads_who_the_student_is_once(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    token = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert token
    monkeypatch.setattr(service, "_seats", {})  # a new process: nothing remembered
    monkeypatch.setattr(service, "_started", {})
    right, _ = right_and_wrong(sess.spec.items[0])
    with statements(db_url) as seen:
        service.submit(LIB, token, 0, right, db_url)
    assert kinds(seen) == ["SELECT", "SELECT", "INSERT INTO quiz_answer"]  # the student, the session's quiz
    with statements(db_url) as seen:
        service.submit(LIB, token, 0, right, db_url)
    assert kinds(seen) == ["INSERT INTO quiz_answer", "SELECT"]


def test_the_live_results_poll_a_summary_loaded_again_only_when_something_changed(db_url: str) -> None:
    sess = service.start_session(service.save_quiz(_spec(), db_url), db_url)
    token = service.join(sess.code, "Ana", ["sid:1"], db_url).token
    assert token
    first = results.summary(LIB, sess.id, db_url)
    with statements(db_url) as seen:
        assert results.summary(LIB, sess.id, db_url, max_age=60) is first  # a second viewer: nothing read
    assert seen == []
    with statements(db_url) as seen:
        again = results.summary(LIB, sess.id, db_url, max_age=0)
    assert kinds(seen) == ["SELECT"] and again.stamp == first.stamp  # one look: nothing changed
    service.submit(LIB, token, 0, right_and_wrong(sess.spec.items[0])[0], db_url)
    after = results.summary(LIB, sess.id, db_url, max_age=0)
    assert after.stamp != first.stamp and after.results.items[0].percent == 100.0
    service.close_session(sess.id, db_url)
    closed = results.summary(LIB, sess.id, db_url, max_age=0)
    assert closed.stamp != after.stamp and not closed.results.session.is_open


class CountingServer(Server):
    """The app served warm as ``make run`` serves it, and the SQL statements its process runs."""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "streamlit", "run", str(ROOT / "tests" / "quiz" / "counting_app.py"),
                "--server.address", "127.0.0.1", "--server.port", str(self.port), "--server.headless", "true",
                "--server.fileWatcherType", "none"]

    def statements(self) -> list[str]:
        """The statements run since the last call."""
        with urllib.request.urlopen(self.url + "/_test/statements", timeout=30) as r:
            return [s for s in json.load(r) if not s.startswith(("BEGIN", "COMMIT", "ROLLBACK"))]


def test_every_click_of_a_burst_is_acknowledged_by_the_answer_area_alone_and_survives_a_kill(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'burst.sqlite'}"
    sess = service.start_session(service.save_quiz(_spec(), url), url)
    tokens = [service.join(sess.code, f"Student {i:02d}", [f"sid:{i}"], url).token for i in range(12)]
    server = CountingServer(tmp_path, env={"RULES_TUTOR_DB": url}).start()
    try:
        students = [Student(server.url, f"s={t}") for t in tokens]

        async def class_burst() -> tuple[list[str], list[float | None], list[str]]:
            try:
                await arrive(students)  # each page renders (reads its place), then a choice reruns the answer area
                arrived = server.statements()
                times = await asyncio.gather(*(s.press_submit() for s in students))  # all together
                clicked = server.statements()
                assert server.proc is not None
                server.proc.kill()  # kill -9, the moment the last click is acknowledged
                return arrived, list(times), clicked
            finally:
                await asyncio.gather(*(s.close() for s in students), return_exceptions=True)

        arrived, times, clicked = asyncio.run(class_burst())
        server.proc.wait(30)  # type: ignore[union-attr]
        assert all(t is not None for t in times), "every click gets its feedback"
        assert all(s.runs[1:] == ["fragment"] * (len(s.runs) - 1) for s in students)  # the page rendered once
        assert "SELECT" in kinds(arrived)  # the renders read the students' places ...
        assert kinds(clicked) == ["INSERT INTO quiz_answer"] * len(students)  # ... the clicks only write answers
        with Session(store.engine(url)) as s:  # every acknowledged answer is stored, after a kill -9
            stored = s.scalars(select(Answer.student_id).where(Answer.session_id == sess.id)).all()
        assert len(stored) == len(set(stored)) == len(students)

        server.log.close()
        server.start()  # restarted: a student's page resumes on the feedback of the answer it gave

        async def reopen() -> list[str]:
            back = Student(server.url, f"s={tokens[0]}")
            try:
                await back.open(question=False)
                return back.html
            finally:
                await back.close()

        assert any('class="rt-feedback' in body for body in asyncio.run(reopen()))
    finally:
        server.stop()


def test_a_teacher_paced_class_sees_each_reveal_without_reloading(tmp_path: Path) -> None:
    """Issue 25, item 2: students sit on a teacher-paced page; the teacher reveals; every page shows the question.
    The client runs the page's polling fragment as a browser does (its ``auto_rerun`` timers, the page it is
    on): the first teacher-paced bench ignored those and never saw a reveal. A reveal reruns only the page's
    stage fragment, never the whole page (thirty full reruns at once made a class wait seconds)."""
    from tests.quiz.class_client import follow
    from tutor.quiz import paced

    url = f"sqlite:///{tmp_path / 'paced.sqlite'}"
    sess = paced.start(service.save_quiz(_spec(), url), 60, url)
    tokens = [service.join(sess.code, f"Student {i:02d}", [f"sid:{i}"], url).token for i in range(5)]
    server = Server(tmp_path, env={"RULES_TUTOR_DB": url}).start()
    try:
        students = [Student(server.url, f"s={t}") for t in tokens]
        step = [-1]

        async def reveal() -> None:
            await asyncio.to_thread(paced.reveal, sess.id, step[0], url)
            step[0] += 1

        times = asyncio.run(follow(students, reveal, rounds=2))
        assert len(times) == 10 and all(t is not None for t in times), times
        assert all(s.radio and "quiz_ans::1::" in s.radio[0] for s in students)  # on the second question
        assert all(s.page_hash for s in students)  # each named its page after the first run
        # the stage reran for the reveals, not the page: a full-page poll would rerun each page once per reveal (3 runs
        # in all); a page opened once may rerun whole once more on a loaded machine (a reconnect), never per reveal
        assert all(s.runs.count("full") <= 2 and "fragment" in s.runs for s in students), [s.runs for s in students]
    finally:
        server.stop()
