"""Persistent storage (SQLAlchemy 2): a learner's progress through lessons.

The default is an embedded SQLite file (WAL) in ``data/``; set ``RULES_TUTOR_DB``
to any SQLAlchemy URL to use another database.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Engine, Integer, String, create_engine, event, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

ROOT = Path(__file__).resolve().parent.parent


def default_url() -> str:
    url = os.environ.get("RULES_TUTOR_DB")
    if url:
        return url
    data = Path(os.environ.get("RULES_TUTOR_DATA", ROOT / "data"))
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


@dataclass(frozen=True)
class Progress:
    lesson_id: str
    slide: int = 0
    phase: str = "ask"
    answers: dict[str, Any] | None = None
    finished: bool = False
    best_score: int | None = None


_engines: dict[str, Engine] = {}
_lock = threading.Lock()


def engine(url: str | None = None) -> Engine:
    url = url or default_url()
    with _lock:
        eng = _engines.get(url)
        if eng is None:
            eng = create_engine(url, future=True)
            if url.startswith("sqlite"):
                @event.listens_for(eng, "connect")
                def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                    cur = dbapi_conn.cursor()
                    cur.execute("PRAGMA journal_mode=WAL")
                    cur.execute("PRAGMA synchronous=NORMAL")
                    cur.execute("PRAGMA busy_timeout=5000")
                    cur.close()
            Base.metadata.create_all(eng)
            _engines[url] = eng
        return eng


def load_progress(learner: str, lesson: str, url: str | None = None) -> Progress | None:
    with Session(engine(url)) as s:
        row = s.get(LessonProgress, (learner, lesson))
        if row is None:
            return None
        return Progress(row.lesson_id, row.slide, row.phase, dict(row.answers or {}), row.finished, row.best_score)


def all_progress(learner: str, url: str | None = None) -> dict[str, Progress]:
    with Session(engine(url)) as s:
        rows = s.scalars(select(LessonProgress).where(LessonProgress.learner_id == learner))
        return {r.lesson_id: Progress(r.lesson_id, r.slide, r.phase, dict(r.answers or {}), r.finished, r.best_score)
                for r in rows}


def save_progress(learner: str, p: Progress, url: str | None = None) -> None:
    with Session(engine(url)) as s, s.begin():
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
