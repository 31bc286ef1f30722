"""Quizzes, class sessions, joining and submitting: every change is one short database transaction.

An answer is stored the moment it is submitted, at most once per (session, student, question): the
unique constraint turns a double click (or a resent request after a reconnect) into a no-op that returns
the answer already stored. A student's place is in the database too, so a reload resumes it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Iterable

from sqlalchemy import ColumnElement, CursorResult, case, exists, false, func, literal, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from engine.core.message import Message, msg
from tutor import store
from tutor.library import Library
from tutor.quiz import codes
from tutor.quiz.joining import NAME_MAX as NAME_MAX, JoinResult as JoinResult  # the service's API
from tutor.quiz.joining import clean_name as clean_name, join as join
from tutor.quiz.spec import InvalidItem, Item, QuizSpec, check_items, grade_item, order_for  # noqa: F401
from tutor.quiz.tables import Answer, Quiz, QuizSession, Student, now, utc

GRACE = timedelta(seconds=3)  # network and rendering time on top of a question's time limit


class QuizError(Exception):
    """A request the quiz refuses (closed session, unknown student, not the current question); ``message`` says
    why, language-free (a page shows it in the user's language), ``str()`` in English."""

    def __init__(self, message: Message | str) -> None:
        super().__init__(str(message))
        self.message = message


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
        raise QuizError(msg("no quiz {id}", id=quiz_id))
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
            raise QuizError(msg("a quiz holds at most {n} questions (“{title}” has {count})", n=MAX_ITEMS,
                                   title=spec.title, count=len(held)))
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
        raise QuizError(msg("a quiz needs a title"))
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
            raise QuizError(msg("the quiz has changed since the page was shown: nothing was removed"))
        if len(items) <= 1:
            raise QuizError(msg("a quiz keeps at least one question (delete the quiz instead)"))
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


def start_session(quiz_id: int, url: str | None = None, rng: random.Random | None = None, *,
                  settings: dict[str, Any] | None = None, step: int | None = None) -> SessionInfo:
    """A new open session of a saved quiz, with a fresh join code (the quiz as it is now is copied, with
    ``settings`` changed in it: a teacher-paced session's, :func:`tutor.quiz.paced.start`; ``step``: where such a
    session stands, -1 its lobby).

    :class:`QuizError` for an unknown or deleted quiz."""
    for _ in range(20):
        try:
            with store.writing(url) as s:
                spec = QuizSpec.model_validate(_live_quiz(s, quiz_id, lock=True).spec)
                spec = spec.model_copy(update=settings) if settings else spec
                row = QuizSession(quiz_id=quiz_id, code=codes.new_code(rng), spec=spec.model_dump(mode="json"),
                                  seed=(rng or random.SystemRandom()).randrange(1, 2**31 - 1), status="open",
                                  step=step)
                s.add(row)
                s.flush()
                return _info(row)
        except IntegrityError:
            continue  # the code was taken: draw another
    raise QuizError(msg("could not find a free join code"))


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


# -- a student's place ----------------------------------------------------------------------------
@dataclass(frozen=True)
class AnswerRow:
    item: int
    given: Any
    correct: bool
    timed_out: bool
    answered_at: datetime
    language: str | None = None  # the language the question was shown in (None: not recorded)


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

    def answered(self, answer: AnswerRow) -> "StudentView":
        """This view once ``answer`` is stored (what :func:`submit` returned), without reading it back: with
        feedback after each answer the student stays on the question, otherwise they are moved on."""
        moved = self.session.spec.feedback != "each" and self.current_item == answer.item
        return replace(self, answers={**self.answers, answer.item: answer},
                       position=self.position + moved, started_at=answer.answered_at if moved else self.started_at)

    def advanced(self, at: datetime) -> "StudentView":
        """This view once :func:`advance` has moved the student on at ``at``."""
        return replace(self, position=self.position + 1, started_at=at)


def _answer(a: Answer) -> AnswerRow:
    return AnswerRow(a.item, a.given, a.correct, a.timed_out, utc(a.answered_at), a.language)


# What never changes once written is read once per process: who a token is, and a session's copy of its quiz
# (a session keeps the spec it was started with). So a student's submit reads nothing but writes its answer.
@dataclass(frozen=True)
class _Seat:
    id: int
    session_id: int
    name: str
    order: tuple[int, ...]


@dataclass(frozen=True)
class _Started:
    code: str
    quiz_id: int
    spec: QuizSpec
    seed: int
    created_at: datetime


_seats: dict[tuple[str, str], _Seat] = {}  # (database, token) ->
_started: dict[tuple[str, int], _Started] = {}  # (database, session id) ->
_CACHE_MAX = 20_000


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[key] = value
    return value


def _db(url: str | None) -> str:
    return str(store.engine(url).url)


def _started_of(s: Session, url: str | None, session_id: int) -> _Started:
    key = (_db(url), session_id)
    got = _started.get(key)
    if got is None:
        row = s.get_one(QuizSession, session_id)
        got = _remember(_started, key, _Started(row.code, row.quiz_id, QuizSpec.model_validate(row.spec), row.seed,
                                                utc(row.created_at)))
    return got


def _seat(token: str, url: str | None) -> _Seat | None:
    """Who ``token`` is (read once per process: the page's first render has read it already)."""
    if not token or len(token) > 48:
        return None
    key = (_db(url), token)
    got = _seats.get(key)
    if got is None:
        with Session(store.engine(url)) as s:
            row = s.execute(select(Student.id, Student.session_id, Student.name).where(Student.token == token)).first()
            if row is None:
                return None
            started = _started_of(s, url, row.session_id)
        got = _remember(_seats, key, _Seat(row.id, row.session_id, row.name,
                                           tuple(order_for(started.spec, started.seed, row.id))))
    return got


def student_view(token: str, url: str | None = None) -> StudentView | None:
    """Everything one student may see of their session: their own answers only (a page render reads this)."""
    seat = _seat(token, url)
    if seat is None:
        return None
    with Session(store.engine(url)) as s:
        place = s.execute(select(Student.position, Student.started_at, QuizSession.status)
                          .join(QuizSession, QuizSession.id == Student.session_id).where(Student.id == seat.id)).one()
        answers = s.scalars(select(Answer).where(Answer.session_id == seat.session_id, Answer.student_id == seat.id)).all()
        started = _started_of(s, url, seat.session_id)
    info = SessionInfo(seat.session_id, started.code, started.quiz_id, started.spec, started.seed, place.status,
                       started.created_at)
    return StudentView(seat.id, token, seat.name, info, list(seat.order), place.position, utc(place.started_at),
                       {a.item: _answer(a) for a in answers})


def _insert_once(s: Session, values: dict[str, Any], guard: Any) -> AnswerRow | None:
    """Insert the answer, in one statement, if ``guard`` (a SELECT of the values) yields a row and the student
    has no answer to this question yet; the answer stored, or None when nothing was inserted."""
    dialect = s.get_bind().dialect.name
    if dialect not in ("sqlite", "postgresql"):  # pragma: no cover - other databases
        raise QuizError(f"answers are stored on SQLite or PostgreSQL, not {dialect}")
    insert = __import__(f"sqlalchemy.dialects.{dialect}", fromlist=["insert"]).insert
    stmt = (insert(Answer).from_select(list(values), guard)
            .on_conflict_do_nothing(index_elements=["session_id", "student_id", "item"])
            .returning(Answer.item, Answer.given, Answer.correct, Answer.timed_out, Answer.answered_at, Answer.language))
    row = s.execute(stmt).first()
    return None if row is None else AnswerRow(row.item, row.given, row.correct, row.timed_out, utc(row.answered_at),
                                              row.language)


def submit(lib: Library, token: str, item: int, given: Any, url: str | None = None,
           at: datetime | None = None, language: str | None = None) -> AnswerRow:
    """Grade ``given`` with the engine and store it, once, with the ``language`` the question was shown in.
    ``given=None`` records that the time ran out.

    Returns the stored answer: the one just made, or the one already there (a double click).
    Raises :class:`QuizError` for an unknown student, a closed session or a question not yet reached.

    One statement does it: the answer is inserted only while the session is open and the student is on
    this question (the session row is share-locked on PostgreSQL, and SQLite has one writer at a time, so a
    teacher's close is ordered before or after it, never in between), and at most once; a late answer is
    recorded as out of time by the same statement. Nothing is read unless the answer is refused.
    """
    at = at or now()
    seat = _seat(token, url)
    if seat is None:
        raise QuizError(msg("unknown student"))
    spec = _cached_spec(seat, url)
    if item not in seat.order:
        raise QuizError(msg("not the current question"))
    position = seat.order.index(item)
    if given is None:
        correct, timed_out = False, True
    else:
        correct, timed_out = grade_item(lib, spec.items[item], given).correct, False
    values: dict[str, Any] = {
        "session_id": literal(seat.session_id), "student_id": Student.id, "item": literal(item),
        "given": literal(given, Answer.given.type), "correct": literal(correct), "timed_out": literal(timed_out),
        "answered_at": literal(at, Answer.answered_at.type), "language": literal(language, Answer.language.type)}
    if spec.time_limit:  # late: the time limit and its grace were over before ``at``
        late = Student.started_at < literal(at - timedelta(seconds=spec.time_limit) - GRACE, Student.started_at.type)
        values["correct"] = case((late, false()), else_=literal(correct))
        values["timed_out"] = case((late, true()), else_=literal(timed_out))
    in_time: ColumnElement[bool] = true()  # teacher-paced: only the question revealed; after its countdown (and grace) refused, not stored
    if spec.paced == "teacher":
        in_time = QuizSession.step == literal(position)
        if spec.time_limit and given is not None:
            in_time = in_time & (Student.started_at >= literal(at - timedelta(seconds=spec.time_limit) - GRACE,
                                                               Student.started_at.type))
    guard = (select(*(v.label(k) for k, v in values.items()))
             .join(QuizSession, QuizSession.id == Student.session_id)
             .where(Student.id == seat.id, Student.position == position, QuizSession.status == "open", in_time)
             .with_for_update(read=True, of=QuizSession))
    with store.writing(url) as s:
        stored = _insert_once(s, values, guard)
        if stored is None:  # refused or already answered: now say why
            existing = s.scalar(select(Answer).where(Answer.session_id == seat.session_id,
                                                     Answer.student_id == seat.id, Answer.item == item))
            if existing is not None:
                return _answer(existing)
            status = s.scalar(select(QuizSession.status).where(QuizSession.id == seat.session_id))
            if status == "open" and spec.paced == "teacher" and tuple(s.execute(
                    select(Student.position, QuizSession.step).join(QuizSession, QuizSession.id == Student.session_id)
                    .where(Student.id == seat.id)).one()) == (position, position):
                raise QuizError(msg("the time for this question is over: your answer was not counted"))
            raise QuizError(msg("this quiz session is closed") if status != "open" else msg("not the current question"))
        if spec.feedback != "each":
            _advance(s, seat.id, position, at)
        return stored


def _cached_spec(seat: _Seat, url: str | None) -> QuizSpec:
    got = _started.get((_db(url), seat.session_id))
    if got is None:
        with Session(store.engine(url)) as s:
            got = _started_of(s, url, seat.session_id)
    return got.spec


def _rows_changed(result: object) -> int:
    """How many rows an UPDATE changed. ``Session.execute`` returns a :class:`CursorResult` for an INSERT, UPDATE or
    DELETE (SQLAlchemy's ORM guide), though its signature says only ``Result``; anything else is a programming error."""
    if not isinstance(result, CursorResult):
        raise TypeError(f"an UPDATE returned {type(result).__name__}, not a CursorResult")
    return result.rowcount


def _advance(s: Session, student_id: int, position: int, at: datetime) -> int:
    return _rows_changed(s.execute(update(Student).where(Student.id == student_id, Student.position == position)
                                   .values(position=position + 1, started_at=at)
                                   .execution_options(synchronize_session=False)))


def advance(token: str, position: int, url: str | None = None, at: datetime | None = None) -> bool:
    """Move on from ``position`` once its question is answered (a second click does nothing); whether it moved.

    One statement, reading nothing else: the move happens only if the student is still at ``position``, has
    answered the question there and the session is open (closed, the page says so instead)."""
    seat = _seat(token, url)
    if seat is None or not 0 <= position < len(seat.order):
        return False
    answered = exists().where(Answer.session_id == seat.session_id, Answer.student_id == seat.id,
                              Answer.item == seat.order[position])
    is_open = exists().where(QuizSession.id == seat.session_id, QuizSession.status == "open")
    with store.writing(url) as s:
        moved = _rows_changed(s.execute(
            update(Student).where(Student.id == seat.id, Student.position == position, answered, is_open)
            .values(position=position + 1, started_at=at or now()).execution_options(synchronize_session=False)))
    return moved == 1
