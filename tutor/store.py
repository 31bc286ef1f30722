"""Persistent storage (SQLAlchemy 2): a learner's progress through lessons; the engine every table shares.

The default is an embedded SQLite file (WAL) in ``data/``; set ``RULES_TUTOR_DB``
to any SQLAlchemy URL to use another database (PostgreSQL: ``postgresql+psycopg://...``).
The schema is owned by Alembic (``migrations/``): :func:`engine` runs ``upgrade head``
once per process and URL, and on SQLite then ``PRAGMA quick_check`` (:func:`integrity_problem`; ``/health``
reports a database that failed it). Quiz tables live in :mod:`tutor.quiz.tables`.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import JSON, Boolean, DateTime, Engine, Integer, String, create_engine, event, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from tutor.quiz.migrate import IMMEDIATE as IMMEDIATE  # the writer's execution option (BEGIN IMMEDIATE)

ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The data folder: ``RULES_TUTOR_DATA``, else ``./data`` (the SQLite file, the teacher cookie key)."""
    return Path(os.environ.get("RULES_TUTOR_DATA", ROOT / "data"))


def default_url() -> str:
    url = os.environ.get("RULES_TUTOR_DB")
    if url:
        return url
    data = data_dir()
    data.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data / 'rules_tutor.sqlite'}"


class Base(DeclarativeBase):
    pass


class LessonProgress(Base):
    __tablename__ = "lesson_progress"

    learner_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    slide: Mapped[int] = mapped_column(Integer, default=0)
    phase: Mapped[str] = mapped_column(String(16), default="ask")
    answers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    best_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=lambda: datetime.now(timezone.utc))


class LearnerSettings(Base):
    """A learner's choices that follow them from visit to visit (today: the language of the pages)."""

    __tablename__ = "learner_settings"

    learner_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=lambda: datetime.now(timezone.utc))


@dataclass(frozen=True)
class Progress:
    lesson_id: str
    slide: int = 0
    phase: str = "ask"
    answers: dict[str, Any] | None = None
    finished: bool = False
    best_score: int | None = None
    updated_at: datetime | None = None  # when it was last saved (read back; ignored by save_progress)


_engines: dict[str, Engine] = {}
_lock = threading.Lock()



def utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every one we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _sqlite_engine(url: str) -> Engine:
    """SQLite in WAL mode with transactions SQLAlchemy controls (so a writer can say BEGIN IMMEDIATE).

    A deferred transaction that reads and then writes can fail at once with "database is locked" when
    another writer got in between; writers that declare themselves up front wait their turn instead.
    """
    eng = create_engine(url, future=True, connect_args={"check_same_thread": False, "timeout": 15})

    @event.listens_for(eng, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # the driver's own implicit BEGIN off; see _begin
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=15000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(eng, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(IMMEDIATE) else "BEGIN")

    return eng


def engine(url: str | None = None) -> Engine:
    """The engine for ``url`` (default: :func:`default_url`), its schema upgraded once per process."""
    url = url or default_url()
    with _lock:
        eng = _engines.get(url)
        if eng is None:
            if url.startswith("sqlite"):
                eng = _sqlite_engine(url)
            else:
                eng = create_engine(url, future=True, pool_pre_ping=True, pool_size=10, max_overflow=30)
            from tutor.quiz.migrate import upgrade  # Alembic: `alembic upgrade head`, never create_all

            upgrade(eng)
            if eng.dialect.name == "sqlite":
                _integrity[url] = _quick_check(eng)
            _engines[url] = eng
        return eng


_integrity: dict[str, str | None] = {}


def _quick_check(eng: Engine) -> str | None:
    """SQLite's ``PRAGMA quick_check`` (the file's structure, in about the time of reading it once): None when it
    says ok, else its first finding."""
    with eng.connect() as conn:
        rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA quick_check(5)")]
    found = [line for row in rows for line in row.splitlines() if line.strip() and not line.startswith("***")]
    return None if found == ["ok"] else "; ".join(found)[:300] or "?"


def integrity_problem(url: str | None = None) -> str | None:
    """What SQLite's integrity check found when this process first opened the database (None: sound, or not
    SQLite)."""
    return _integrity.get(url or default_url())


class _Turn:
    """Whose turn it is to write a SQLite file: one thread of this process at a time (a lock), and one process
    at a time (``flock`` on a file beside the database, ``NAME.writer-lock``).

    SQLite has one writer at a time, and a writer that finds the file locked sleeps in its busy handler and
    tries again, up to 100 ms a try. Under a class's burst of answers that sleeping, not the writing, was
    what the students waited for: one process's writers kept the file while the other's slept. Here a
    waiting thread is woken the moment the previous writer of its process commits, and a waiting process
    looks again every half millisecond. After ``timeout`` seconds (or where no lock file can be made, as for a
    read-only folder) the writer goes on to SQLite, whose busy timeout and errors then apply as before.
    """

    def __init__(self, database: str | None, timeout: float = 15.0) -> None:
        self.lock = threading.RLock()
        self.depth = 0  # nesting of writing() in the thread that holds the lock
        self.timeout = timeout
        self.path = None if not database or database == ":memory:" or database.startswith("file:") else \
            database + ".writer-lock"
        self.fd: int | None = None
        self.held = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self.lock:
            self.depth += 1
            try:
                if self.depth == 1:
                    self._take_file()
                yield
            finally:
                self.depth -= 1
                if self.depth == 0 and self.held and self.fd is not None:
                    fcntl.flock(self.fd, fcntl.LOCK_UN)
                    self.held = False

    def _take_file(self) -> None:
        if self.path is None:
            return
        if self.fd is None:
            try:
                self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                self.path = None  # e.g. a read-only folder: SQLite will say what is wrong
                return
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self.held = True
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.0005)


_turns: dict[str, _Turn] = {}


@contextmanager
def writing(url: str | None = None) -> Iterator[Session]:
    """A session in a writer's transaction (BEGIN IMMEDIATE on SQLite), committed when the block ends.

    On SQLite, writers take turns first (:class:`_Turn`), so BEGIN IMMEDIATE finds the file free."""
    eng = engine(url)
    turn = _turns.setdefault(str(eng.url), _Turn(eng.url.database)) if eng.dialect.name == "sqlite" else None
    with turn() if turn else nullcontext(), Session(eng) as s:
        s.connection(execution_options={IMMEDIATE: True})
        yield s
        s.commit()


def load_progress(learner: str, lesson: str, url: str | None = None) -> Progress | None:
    with Session(engine(url)) as s:
        row = s.get(LessonProgress, (learner, lesson))
        if row is None:
            return None
        return Progress(row.lesson_id, row.slide, row.phase, dict(row.answers or {}), row.finished, row.best_score)


def all_progress(learner: str, url: str | None = None) -> dict[str, Progress]:
    with Session(engine(url)) as s:
        rows = s.scalars(select(LessonProgress).where(LessonProgress.learner_id == learner))
        return {r.lesson_id: Progress(r.lesson_id, r.slide, r.phase, dict(r.answers or {}), r.finished, r.best_score,
                                      utc(r.updated_at) if r.updated_at else None) for r in rows}


def save_progress(learner: str, p: Progress, url: str | None = None) -> None:
    with writing(url) as s:
        row = s.get(LessonProgress, (learner, p.lesson_id))
        if row is None:
            row = LessonProgress(learner_id=learner, lesson_id=p.lesson_id)
            s.add(row)
        row.slide = p.slide
        row.phase = p.phase
        row.answers = json.loads(json.dumps(p.answers or {}))
        row.finished = p.finished
        if p.best_score is not None and (row.best_score is None or p.best_score > row.best_score):
            row.best_score = p.best_score
        row.updated_at = datetime.now(timezone.utc)


def load_language(learner: str, url: str | None = None) -> str | None:
    """The language the learner last chose with the picker, if any."""
    with Session(engine(url)) as s:
        row = s.get(LearnerSettings, learner)
        return row.language if row is not None else None


def save_language(learner: str, language: str, url: str | None = None) -> None:
    with writing(url) as s:
        row = s.get(LearnerSettings, learner)
        if row is None:
            row = LearnerSettings(learner_id=learner)
            s.add(row)
        row.language = language[:16]
        row.updated_at = datetime.now(timezone.utc)
