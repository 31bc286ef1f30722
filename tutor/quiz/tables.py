"""The quiz tables (SQLAlchemy 2, on :class:`tutor.store.Base`); the schema itself is Alembic's (``migrations/``).

Nothing here holds a correct answer: a quiz names (scenario id, question id) pairs, and an answer row
keeps what the student gave and whether the engine found it right at the moment it was submitted. An
item saved from the "Check a ruling" page also carries its situation's YAML (never an answer) inside the
JSON spec, so it needed no schema change.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from tutor.store import Base, utc as utc  # utc: SQLite's naive datetimes as UTC


def now() -> datetime:
    return datetime.now(timezone.utc)


class Quiz(Base):
    """A saved, reusable quiz: its title and spec (:class:`tutor.quiz.spec.QuizSpec` as JSON).

    Deleting a quiz only sets ``deleted_at`` (migration 0003): its sessions still point at it through
    ``quiz_session.quiz_id``, and each keeps its own copy of the spec, so their results stay whole.
    """

    __tablename__ = "quiz"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    title: Mapped[str] = mapped_column(String(80))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # soft delete


class QuizSession(Base):
    """One class session of a quiz: a join code, a copy of the spec as it was started, open or closed."""

    __tablename__ = "quiz_session"
    __table_args__ = (UniqueConstraint("code", name="uq_quiz_session_code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("quiz.id"))
    code: Mapped[str] = mapped_column(String(12))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8), default="open")  # "open" | "closed"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # teacher-paced sessions (migration 0007): the question revealed (-1: the lobby), and when
    step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Student(Base):
    """A student in a session: a display name and a secret token (kept in the student's URL)."""

    __tablename__ = "quiz_student"
    __table_args__ = (UniqueConstraint("session_id", "name", name="uq_quiz_student_name"),
                      UniqueConstraint("token", name="uq_quiz_student_token"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("quiz_session.id"), index=True)
    token: Mapped[str] = mapped_column(String(48))
    name: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer, default=0)  # index into the student's question order
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)  # of the current question
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)  # joined in (migration 0005)
    learner_id: Mapped[str | None] = mapped_column(String(64), nullable=True)  # joined from the app with ?u= (0008)


class Answer(Base):
    """One submitted answer; the unique constraint makes a second submission of the same question a no-op."""

    __tablename__ = "quiz_answer"
    __table_args__ = (UniqueConstraint("session_id", "student_id", "item", name="uq_quiz_answer_once"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("quiz_session.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("quiz_student.id"))
    item: Mapped[int] = mapped_column(Integer)  # the question's index in the quiz spec
    given: Mapped[Any] = mapped_column(JSON, nullable=True)  # None: the time ran out
    correct: Mapped[bool] = mapped_column(Boolean)
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    answered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)  # the question was shown in (0005)


class FailedJoin(Base):
    """A failed join attempt by a client (an IP address or a browser session), for the rate limit."""

    __tablename__ = "quiz_failed_join"
    __table_args__ = (Index("ix_quiz_failed_join_client_at", "client", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    client: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
