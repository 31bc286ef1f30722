"""Teacher-paced sessions: the teacher reveals one question at a time, with a countdown, for the whole class.

A teacher-paced session is an ordinary session whose copy of the quiz says ``paced="teacher"`` and whose
``time_limit`` is the countdown; its questions come in the quiz's order for everyone (no shuffle), so a
question is the same question on every screen. ``quiz_session.step`` (migration 0007) is the question
revealed: -1 in the lobby, ``len(items)`` once it is over (the podium). Revealing moves every student of the
session to that question, with its countdown started at ``revealed_at``, in the same transaction, so the
service's ordinary checks apply: an answer is stored only for the question on screen, and
:func:`tutor.quiz.service.submit` refuses one given after the countdown and its grace.

Pure reads for the presenter: :func:`distribution` (how the class answered one question), :func:`podium` (the
top three) and :func:`most_missed` (the rule the class missed most, from each question's deciding step).
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from engine.core.message import msg
from tutor import store
from tutor.library import Library
from tutor.quiz import service
from tutor.quiz.service import GRACE, QuizError, SessionInfo
from tutor.quiz.spec import QuizSpec, asked, grade_item
from tutor.quiz.tables import Answer, QuizSession, Student, now, utc

SECONDS = (10, 20, 30, 45, 60, 90, 120)  # the countdowns a teacher picks from
DEFAULT_SECONDS = 30


@dataclass(frozen=True)
class Paced:
    """Where a teacher-paced session stands."""

    session_id: int
    step: int  # -1: the lobby; 0..total-1: the question revealed; total: over
    total: int
    seconds: int
    revealed_at: datetime | None
    is_open: bool

    @property
    def lobby(self) -> bool:
        return self.step < 0

    @property
    def over(self) -> bool:
        return self.step >= self.total

    def deadline(self) -> datetime | None:
        if self.revealed_at is None or self.lobby or self.over:
            return None
        return self.revealed_at + timedelta(seconds=self.seconds)

    def left(self, at: datetime | None = None) -> float:
        """Seconds left on the question revealed (0 when none is, or its time is up)."""
        deadline = self.deadline()
        return max(0.0, (deadline - (at or now())).total_seconds()) if deadline else 0.0


def start(quiz_id: int, seconds: int = DEFAULT_SECONDS, url: str | None = None,
          rng: random.Random | None = None) -> SessionInfo:
    """A new teacher-paced session of a saved quiz, in its lobby: ``seconds`` per question, the quiz's order."""
    seconds = max(5, min(3600, int(seconds)))
    return service.start_session(quiz_id, url, rng, step=-1, settings={
        "paced": "teacher", "time_limit": seconds, "shuffle_questions": False})


def _paced(row: QuizSession) -> Paced:
    spec = QuizSpec.model_validate(row.spec)
    return Paced(row.id, row.step if row.step is not None else -1, len(spec.items), spec.time_limit or DEFAULT_SECONDS,
                 utc(row.revealed_at) if row.revealed_at else None, row.status == "open")


def state(session_id: int, url: str | None = None) -> Paced | None:
    """Where a teacher-paced session stands; None for a self-paced or unknown session."""
    with Session(store.engine(url)) as s:
        row = s.get(QuizSession, session_id)
        if row is None or row.spec.get("paced") != "teacher":
            return None
        return _paced(row)


def step_of(session_id: int, url: str | None = None) -> tuple[int | None, str | None]:
    """Only the step and the status: one small read by primary key (the database's word)."""
    with Session(store.engine(url)) as s:
        row = s.execute(select(QuizSession.step, QuizSession.status).where(QuizSession.id == session_id)).first()
        return (row.step, row.status) if row is not None else (None, None)


FRESH = 0.1  # seconds a process keeps a session's state before it asks the database again
_known_states: dict[tuple[str | None, int], tuple[float, Paced | None]] = {}
_known_lock = threading.Lock()


def current(session_id: int, url: str | None = None, fresh: float = FRESH) -> Paced | None:
    """Where a session stands, as a student's page polls it: :func:`state` read at most once per ``fresh``
    seconds per process, however many students poll (a class of 30 polling twice a second is 60 looks and
    ten reads a second). A reveal made in this process, or a state read by a page load (:func:`remember`), is
    seen at once; a reveal or a close made by another process (``make run-scaled``) within ``fresh`` seconds.
    The database stays the truth: this only says how often it is asked."""
    key = (url, session_id)
    got = _known_states.get(key)
    if got is not None and time.monotonic() - got[0] < fresh:
        return got[1]
    # one reader per process: while it reads, the other pages take the state they had (a read older at most)
    if got is not None and not _known_lock.acquire(blocking=False):
        return got[1]
    if got is None:
        _known_lock.acquire()
    try:
        got = _known_states.get(key)
        if got is not None and time.monotonic() - got[0] < fresh:
            return got[1]
        value = state(session_id, url)
        if len(_known_states) > 1000:
            _known_states.clear()
        _known_states[key] = (time.monotonic(), value)
        return value
    finally:
        _known_lock.release()


def remember(value: Paced, url: str | None = None) -> None:
    """What this process just read or wrote is what its pages see next (no wait for :data:`FRESH`)."""
    with _known_lock:
        _known_states[(url, value.session_id)] = (time.monotonic(), value)


def reveal(session_id: int, expected: int, url: str | None = None, at: datetime | None = None) -> Paced:
    """Reveal the question after ``expected`` (the step the teacher's page showed; a second click, or a second
    teacher tab, moves nothing): every student of the session is moved to it, its countdown starts at ``at``.
    Revealing past the last question ends the quiz (the podium). :class:`QuizError` for a closed session."""
    at = at or now()
    with store.writing(url) as s:
        row = s.get(QuizSession, session_id, with_for_update=True)
        if row is None or row.spec.get("paced") != "teacher":
            raise QuizError(msg("not a teacher-paced session"))
        if row.status != "open":
            raise QuizError(msg("this quiz session is closed"))
        total = len(row.spec.get("items", []))
        current = row.step if row.step is not None else -1
        if current == expected and current < total:
            row.step = current + 1
            row.revealed_at = at
            s.execute(update(Student).where(Student.session_id == session_id)
                      .values(position=row.step, started_at=at).execution_options(synchronize_session=False))
        s.flush()
        got = _paced(row)
    remember(got, url)
    return got


def catch_up(token: str, paced: Paced, url: str | None = None) -> None:
    """Move a student who joined after a reveal to the question on screen (with the class's countdown)."""
    if paced.lobby or paced.revealed_at is None:
        return
    with store.writing(url) as s:
        s.execute(update(Student).where(Student.token == token, Student.session_id == paced.session_id,
                                        Student.position < paced.step)
                  .values(position=paced.step, started_at=paced.revealed_at).execution_options(synchronize_session=False))


def answered(session_id: int, item: int, url: str | None = None) -> tuple[int, int]:
    """(answers to question ``item``, students in the session)."""
    with Session(store.engine(url)) as s:
        n = s.scalar(select(_count()).select_from(Answer).where(Answer.session_id == session_id, Answer.item == item))
        total = s.scalar(select(_count()).select_from(Student).where(Student.session_id == session_id))
        return int(n or 0), int(total or 0)


def _count() -> Any:
    return func.count()


@dataclass(frozen=True)
class Share:
    given: Any  # the answer as stored (choice keys); None: no answer in time
    count: int
    correct: bool


def distribution(lib: Library, session_id: int, item: int, url: str | None = None) -> list[Share]:
    """How the class answered question ``item``: one share per distinct answer, the right one first, then the
    most given; the students who did not answer in time last (``given`` None)."""
    with Session(store.engine(url)) as s:
        spec = QuizSpec.model_validate(s.get_one(QuizSession, session_id).spec)
        rows = s.execute(select(Answer.given, Answer.timed_out).where(Answer.session_id == session_id,
                                                                      Answer.item == item)).all()
        students = s.scalar(select(_count()).select_from(Student).where(Student.session_id == session_id)) or 0
    counts: Counter[str] = Counter(json.dumps(r.given, sort_keys=True) for r in rows if not r.timed_out and r.given is not None)
    it = spec.items[item]
    shares = [Share(json.loads(k), n, grade_item(lib, it, json.loads(k)).correct) for k, n in counts.items()]
    right = asked(lib, it).answer
    if not any(sh.correct for sh in shares):
        shares.append(Share(right, 0, True))
    shares.sort(key=lambda sh: (not sh.correct, -sh.count))
    missing = int(students) - sum(counts.values())
    if missing > 0:
        shares.append(Share(None, missing, False))
    return shares


def deciding_rule(lib: Library, item: Any) -> str | None:
    """The rule that decides a question's answer (its explanation's deciding step), or None."""
    step = grade_item(lib, item, None).explanation.deciding_step
    return step.rule if step is not None else None


@dataclass(frozen=True)
class Place:
    rank: int
    name: str
    right: int


def podium(session_id: int, url: str | None = None, top: int = 3) -> list[Place]:
    """The top three: most right answers; among equals, who answered right sooner overall."""
    with Session(store.engine(url)) as s:
        students = s.execute(select(Student.id, Student.name).where(Student.session_id == session_id)).all()
        rows = s.execute(select(Answer.student_id, Answer.correct, Answer.answered_at)
                         .where(Answer.session_id == session_id)).all()
    right: Counter[int] = Counter(r.student_id for r in rows if r.correct)
    last = {st.id: max((utc(r.answered_at) for r in rows if r.student_id == st.id and r.correct), default=None)
            for st in students}
    far = datetime.max.replace(tzinfo=now().tzinfo)
    ranked = sorted(students, key=lambda st: (-right[st.id], last[st.id] or far, st.name))
    return [Place(n, st.name, right[st.id]) for n, st in enumerate(ranked[:top], start=1)]


def most_missed(lib: Library, session_id: int, url: str | None = None) -> tuple[str, int] | None:
    """The rule the class missed most (each wrong or missing answer counts against its question's deciding
    rule), with how many times; None when nobody missed anything."""
    with Session(store.engine(url)) as s:
        row = s.get_one(QuizSession, session_id)
        spec = QuizSpec.model_validate(row.spec)
        step = row.step if row.step is not None else len(spec.items)
        students = s.scalar(select(_count()).select_from(Student).where(Student.session_id == session_id)) or 0
        rows = s.execute(select(Answer.item, Answer.correct).where(Answer.session_id == session_id)).all()
    right = Counter(r.item for r in rows if r.correct)
    missed: Counter[str] = Counter()
    for i, it in enumerate(spec.items[:max(0, min(step, len(spec.items)))] if spec.paced == "teacher" else spec.items):
        rule = deciding_rule(lib, it)
        wrong = int(students) - right[i]
        if rule and wrong > 0:
            missed[rule] += wrong
    if not missed:
        return None
    rule, n = max(missed.items(), key=lambda kv: (kv[1], -list(missed).index(kv[0])))
    return rule, n


__all__ = ["GRACE", "Paced", "Place", "Share", "answered", "catch_up", "current", "deciding_rule", "distribution",
           "most_missed", "podium", "remember", "reveal", "start", "state", "step_of"]
