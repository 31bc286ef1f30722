"""Quizzes, class sessions, joining and submitting: every change is one short database transaction.

An answer is stored the moment it is submitted, at most once per (session, student, question): the
unique constraint turns a double click (or a resent request after a reconnect) into a no-op that returns
the answer already stored. A student's place is in the database too, so a reload resumes it.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Iterable

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tutor import store
from tutor.library import Library
from tutor.quiz import codes, names, ratelimit
from tutor.quiz.spec import InvalidItem, Item, QuizSpec, check_items, grade_item, order_for  # noqa: F401
from tutor.quiz.tables import Answer, Quiz, QuizSession, Student, now, utc

GRACE = timedelta(seconds=3)  # network and rendering time on top of a question's time limit
NAME_MAX = 24


class QuizError(Exception):
    """A request the quiz refuses (closed session, unknown student, not the current question)."""


# -- quizzes --------------------------------------------------------------------------------------
MAX_ITEMS = 100  # QuizSpec's limit


def save_quiz(spec: QuizSpec, url: str | None = None) -> int:
    """Store a quiz; its inline situations are checked first (:class:`InvalidItem` with their problems)."""
    check_items(spec.items)
    with store.writing(url) as s:
        row = Quiz(title=spec.title, spec=spec.model_dump(mode="json"))
        s.add(row)
        s.flush()
        return row.id


def list_quizzes(url: str | None = None) -> list[tuple[int, str, int]]:
    """(id, title, number of questions), newest first."""
    with Session(store.engine(url)) as s:
        rows = s.execute(select(Quiz.id, Quiz.title, Quiz.spec).where(Quiz.deleted_at.is_(None))
                         .order_by(Quiz.id.desc())).all()
        return [(r.id, r.title, len(r.spec.get("items", []))) for r in rows]


def load_quiz(quiz_id: int, url: str | None = None) -> QuizSpec:
    """A saved quiz's spec; :class:`QuizError` for an unknown or deleted quiz."""
    with Session(store.engine(url)) as s:
        return QuizSpec.model_validate(_live_quiz(s, quiz_id).spec)


def _live_quiz(s: Session, quiz_id: int, lock: bool = False) -> Quiz:
    """The quiz row, unless it is unknown or deleted (then :class:`QuizError`)."""
    row = s.get(Quiz, quiz_id, with_for_update=lock) if lock else s.get(Quiz, quiz_id)
    if row is None or row.deleted_at is not None:
        raise QuizError(f"no quiz {quiz_id}")
    return row


@dataclass(frozen=True)
class Added:
    quiz_id: int
    title: str
    added: int  # questions added now
    already: int  # questions the quiz held already (not added twice)
    total: int  # questions in the quiz now


def add_items(quiz_id: int, items: Iterable[Item], url: str | None = None) -> Added:
    """Add questions to a saved quiz, in place, in one transaction; a question it already holds is skipped.

    The quiz is edited rather than copied: it is the teacher's reusable quiz, and the next session started
    from it has the new questions. A session already running keeps the copy of the spec it was started
    with (:func:`start_session`), so nothing changes under its students. Raises :class:`InvalidItem` for an
    inline situation that does not load and :class:`QuizError` for an unknown quiz or one that would grow
    past ``MAX_ITEMS`` questions.
    """
    items = list(items)
    check_items(items)
    with store.writing(url) as s:
        row = _live_quiz(s, quiz_id, lock=True)
        spec = QuizSpec.model_validate(row.spec)
        held = list(spec.items)
        new = [it for it in dict.fromkeys(items) if it not in held]
        if len(held) + len(new) > MAX_ITEMS:
            raise QuizError(f"a quiz holds at most {MAX_ITEMS} questions ({spec.title!r} has {len(held)})")
        if new:
            row.spec = spec.model_copy(update={"items": held + new}).model_dump(mode="json")  # a new dict: saved
        return Added(row.id, spec.title, len(new), len(items) - len(new), len(held) + len(new))


def add_item(quiz_id: int, item: Item, url: str | None = None) -> Added:
    return add_items(quiz_id, [item], url)


# Managing saved quizzes. Like add_items, these edit the teacher's quiz in place: a session already started
# keeps the copy of the spec it began with, so its students and its results never change under it.
def clean_title(title: str) -> str:
    """A quiz title as stored: printable, single-spaced, at most 80 characters (QuizSpec's limit)."""
    title = "".join(ch for ch in re.sub(r"\s+", " ", title or "") if ch.isprintable())
    return re.sub(r" +", " ", title).strip()[:80]


def rename_quiz(quiz_id: int, title: str, url: str | None = None) -> str:
    """Give a saved quiz a new title (in its row and in its spec); returns the title as stored.

    Sessions already started keep the title they were started with. :class:`QuizError` for an empty
    title or an unknown or deleted quiz."""
    title = clean_title(title)
    if not title:
        raise QuizError("a quiz needs a title")
    with store.writing(url) as s:
        row = _live_quiz(s, quiz_id, lock=True)
        spec = QuizSpec.model_validate(row.spec)
        row.title = title
        row.spec = spec.model_copy(update={"title": title}).model_dump(mode="json")  # a new dict: saved
        return title


def remove_item(quiz_id: int, index: int, expected: Item | None = None, url: str | None = None) -> QuizSpec:
    """Remove the question at ``index`` (0-based) from a saved quiz; returns the quiz as it is now.

    ``expected`` is the question the teacher saw at that place: if the quiz changed meanwhile (another
    tab), nothing is removed. A quiz never drops below one question. :class:`QuizError` otherwise."""
    with store.writing(url) as s:
        row = _live_quiz(s, quiz_id, lock=True)
        spec = QuizSpec.model_validate(row.spec)
        items = list(spec.items)
        if not 0 <= index < len(items) or (expected is not None and items[index] != expected):
            raise QuizError("the quiz has changed since the page was shown: nothing was removed")
        if len(items) <= 1:
            raise QuizError("a quiz keeps at least one question (delete the quiz instead)")
        del items[index]
        spec = spec.model_copy(update={"items": items})
        row.spec = spec.model_dump(mode="json")
        return spec


@dataclass(frozen=True)
class Deleted:
    quiz_id: int
    title: str
    sessions: int  # sessions of it, which keep their copy of the quiz and their results


def delete_quiz(quiz_id: int, url: str | None = None) -> Deleted:
    """Delete a saved quiz: it is no longer listed, loaded, extended or started.

    A soft delete (``quiz.deleted_at``): the sessions already run from it refer to the row, keep their own
    copy of the spec and keep every answer, so their results can still be viewed and exported. Open
    sessions stay open. :class:`QuizError` for an unknown or already deleted quiz."""
    with store.writing(url) as s:
        row = _live_quiz(s, quiz_id, lock=True)
        row.deleted_at = now()
        n = s.scalar(select(func.count()).select_from(QuizSession).where(QuizSession.quiz_id == quiz_id)) or 0
        return Deleted(row.id, row.title, int(n))


# -- sessions -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SessionInfo:
    id: int
    code: str
    quiz_id: int
    spec: QuizSpec
    seed: int
    status: str
    created_at: datetime

    @property
    def is_open(self) -> bool:
        return self.status == "open"


def _info(row: QuizSession) -> SessionInfo:
    return SessionInfo(row.id, row.code, row.quiz_id, QuizSpec.model_validate(row.spec), row.seed, row.status,
                       utc(row.created_at))


def start_session(quiz_id: int, url: str | None = None, rng: random.Random | None = None) -> SessionInfo:
    """A new open session of a saved quiz, with a fresh join code (the quiz as it is now is copied).

    :class:`QuizError` for an unknown or deleted quiz."""
    for _ in range(20):
        try:
            with store.writing(url) as s:
                spec = QuizSpec.model_validate(_live_quiz(s, quiz_id, lock=True).spec)
                row = QuizSession(quiz_id=quiz_id, code=codes.new_code(rng), spec=spec.model_dump(mode="json"),
                                  seed=(rng or random.SystemRandom()).randrange(1, 2**31 - 1), status="open")
                s.add(row)
                s.flush()
                return _info(row)
        except IntegrityError:
            continue  # the code was taken: draw another
    raise QuizError("could not find a free join code")


def sessions(url: str | None = None, limit: int = 30) -> list[SessionInfo]:
    """Recent sessions, open ones first, newest first."""
    with Session(store.engine(url)) as s:
        rows = s.scalars(select(QuizSession).order_by(QuizSession.id.desc()).limit(limit)).all()
        return sorted((_info(r) for r in rows), key=lambda i: (not i.is_open, -i.id))


def session_info(session_id: int, url: str | None = None) -> SessionInfo | None:
    with Session(store.engine(url)) as s:
        row = s.get(QuizSession, session_id)
        return _info(row) if row else None


def close_session(session_id: int, url: str | None = None) -> None:
    with store.writing(url) as s:
        s.execute(update(QuizSession).where(QuizSession.id == session_id, QuizSession.status == "open")
                  .values(status="closed", closed_at=now()))


# -- joining --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class JoinResult:
    token: str | None = None
    error: str | None = None


def clean_name(name: str) -> str:
    """A display name as stored: NFKC-normalised, printable, single-spaced, at most NAME_MAX characters.

    >>> clean_name("  Ana\\u0000  <b>M</b>  "), clean_name("Ａna\\u200b")
    ('Ana <b>M</b>', 'Ana')
    """
    name = "".join(ch for ch in names.normalize(name or "") if ch.isprintable())
    return re.sub(r"\s+", " ", name).strip()[:NAME_MAX]


def join(code: str, name: str, clients: Iterable[str], url: str | None = None) -> JoinResult:
    """Join an open session; a wrong or closed code counts as a failure for every client given."""
    clients = list(clients)
    code, name = codes.normalize(code), clean_name(name)
    if not name:
        return JoinResult(error="Type your name (as your teacher should see it).")
    with store.writing(url) as s:
        wait = ratelimit.wait_seconds(s, clients)
        if wait:
            return JoinResult(error=f"Too many wrong codes. Try again in {max(1, round(wait / 60))} minute(s).")
        row = s.scalar(select(QuizSession).where(QuizSession.code == code).with_for_update()  # one join at a time
                       ) if codes.is_well_formed(code) else None
        if row is None or row.status != "open":
            ratelimit.record_failure(s, clients)
            if row is None:
                return JoinResult(error="No open quiz has this code. Check it with your teacher.")
            return JoinResult(error="This quiz has ended: your teacher has closed it. Ask them for the new code.")
        looks = names.skeleton(name)
        if any(names.skeleton(n) == looks for n in s.scalars(select(Student.name).where(Student.session_id == row.id))):
            return JoinResult(error="This name is already taken (or one that looks the same): add a letter or a number.")
        token = secrets.token_hex(12)
        s.add(Student(session_id=row.id, token=token, name=name, position=0, started_at=now()))
        return JoinResult(token=token)


# -- a student's place ----------------------------------------------------------------------------
@dataclass(frozen=True)
class AnswerRow:
    item: int
    given: Any
    correct: bool
    timed_out: bool
    answered_at: datetime


@dataclass(frozen=True)
class StudentView:
    id: int
    token: str
    name: str
    session: SessionInfo
    order: list[int]
    position: int
    started_at: datetime
    answers: dict[int, AnswerRow] = field(default_factory=dict)

    @property
    def current_item(self) -> int | None:
        return self.order[self.position] if self.position < len(self.order) else None

    @property
    def finished(self) -> bool:
        return self.position >= len(self.order)

    @property
    def score(self) -> tuple[int, int]:
        return sum(1 for a in self.answers.values() if a.correct), len(self.order)

    def deadline(self) -> datetime | None:
        limit = self.session.spec.time_limit
        return self.started_at + timedelta(seconds=limit) if limit else None


def _answer(a: Answer) -> AnswerRow:
    return AnswerRow(a.item, a.given, a.correct, a.timed_out, utc(a.answered_at))


def student_view(token: str, url: str | None = None) -> StudentView | None:
    """Everything one student may see of their session: their own answers only."""
    if not token or len(token) > 48:
        return None
    with Session(store.engine(url)) as s:
        st = s.scalar(select(Student).where(Student.token == token))
        if st is None:
            return None
        info = _info(s.get_one(QuizSession, st.session_id))
        answers = s.scalars(select(Answer).where(Answer.session_id == st.session_id, Answer.student_id == st.id)).all()
        return StudentView(st.id, token, st.name, info, order_for(info.spec, info.seed, st.id), st.position,
                           utc(st.started_at), {a.item: _answer(a) for a in answers})


def _insert_once(s: Session, values: dict[str, Any]) -> None:
    dialect = s.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        insert = __import__(f"sqlalchemy.dialects.{dialect}", fromlist=["insert"]).insert
        s.execute(insert(Answer).values(**values).on_conflict_do_nothing(
            index_elements=["session_id", "student_id", "item"]))
        return
    try:  # pragma: no cover - other databases
        with s.begin_nested():
            s.add(Answer(**values))
    except IntegrityError:
        pass


def submit(lib: Library, token: str, item: int, given: Any, url: str | None = None,
           at: datetime | None = None) -> AnswerRow:
    """Grade ``given`` with the engine and store it, once. ``given=None`` records that the time ran out.

    Returns the stored answer: the one just made, or the one already there (a double click).
    Raises :class:`QuizError` for an unknown student, a closed session or a question not yet reached.
    """
    at = at or now()
    view = student_view(token, url)
    if view is None:
        raise QuizError("unknown student")
    if item in view.answers:
        return view.answers[item]
    if not view.session.is_open:
        raise QuizError("this quiz session is closed")
    if view.current_item != item:
        raise QuizError("not the current question")
    deadline = view.deadline()
    late = deadline is not None and at > deadline + GRACE
    if given is None or late:
        correct, timed_out = False, True
    else:
        correct, timed_out = grade_item(lib, view.session.spec.items[item], given).correct, False
    with store.writing(url) as s:  # the session is checked again inside the write: a close cannot slip in between
        status = s.scalar(select(QuizSession.status).where(QuizSession.id == view.session.id).with_for_update())
        if status != "open":
            raise QuizError("this quiz session is closed")
        _insert_once(s, dict(session_id=view.session.id, student_id=view.id, item=item, given=given,
                             correct=correct, timed_out=timed_out, answered_at=at))
        if view.session.spec.feedback != "each":
            _advance(s, view.id, view.position, at)
        row = s.scalar(select(Answer).where(Answer.session_id == view.session.id, Answer.student_id == view.id,
                                            Answer.item == item))
        assert row is not None
        return _answer(row)


def _advance(s: Session, student_id: int, position: int, at: datetime) -> None:
    s.execute(update(Student).where(Student.id == student_id, Student.position == position)
              .values(position=position + 1, started_at=at))


def advance(token: str, position: int, url: str | None = None) -> None:
    """Move on from ``position`` once its question is answered (a second click does nothing)."""
    view = student_view(token, url)
    if view is None or view.position != position or view.current_item not in view.answers:
        return
    with store.writing(url) as s:
        _advance(s, view.id, position, now())
