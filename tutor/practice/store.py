"""Practice storage (migration 0004): generated items, each learner's memory per rule, ratings, answers.

Every function takes the database URL (``None``: the app's) and, where time matters, ``now``.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any, Iterable

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tutor.practice.glicko import Rating, update
from tutor.practice.schedule import RuleMemory, review
from tutor.store import Base, engine, utc, writing


class PracticeItem(Base):
    __tablename__ = "practice_item"

    id: Mapped[str] = mapped_column(String(80), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rule: Mapped[str] = mapped_column(String(80))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PracticeMemory(Base):
    __tablename__ = "practice_memory"

    learner_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    rule: Mapped[str] = mapped_column(String(80), primary_key=True)
    card: Mapped[dict[str, Any]] = mapped_column(JSON)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reps: Mapped[int] = mapped_column(Integer)
    lapses: Mapped[int] = mapped_column(Integer)
    last: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PracticeRating(Base):
    __tablename__ = "practice_rating"

    learner_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)


class PracticeAnswer(Base):
    __tablename__ = "practice_answer"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    item_id: Mapped[str] = mapped_column(String(80))
    rule: Mapped[str] = mapped_column(String(80))
    correct: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _memory(row: PracticeMemory) -> RuleMemory:
    return RuleMemory(dict(row.card), utc(row.due), row.reps, row.lapses, utc(row.last) if row.last else None)


# -- items -----------------------------------------------------------------------------------------
def save_items(items: Iterable[Any], url: str | None = None, now: datetime | None = None) -> int:
    """Store generated items (:class:`tutor.practice.core.Item`) not stored yet; how many were new."""
    now = now or datetime.now(timezone.utc)
    added = 0
    with writing(url) as s:
        for it in items:
            if s.get(PracticeItem, it.id) is None:
                s.add(PracticeItem(id=it.id, game=it.game, rule=it.rule, rating=it.rating, rd=250.0, vol=0.06,
                                   data=it.data, created_at=now))
                added += 1
    return added


def stored_items(game: str, rule: str | None = None, url: str | None = None,
                 exclude: set[str] | frozenset[str] = frozenset()) -> list[PracticeItem]:
    with Session(engine(url)) as s:
        q = select(PracticeItem).where(PracticeItem.game == game)
        if rule is not None:
            q = q.where(PracticeItem.rule == rule)
        rows = list(s.scalars(q.order_by(PracticeItem.id)))
        s.expunge_all()
    return [r for r in rows if r.id not in exclude]


def item_rules(game: str, url: str | None = None) -> dict[str, int]:
    """How many items are stored for each rule of ``game`` (no item data is read)."""
    with Session(engine(url)) as s:
        rows = s.execute(select(PracticeItem.rule, func.count()).where(PracticeItem.game == game)
                         .group_by(PracticeItem.rule))
        return {rule: int(n) for rule, n in rows}


def item(item_id: str, url: str | None = None) -> PracticeItem | None:
    with Session(engine(url)) as s:
        row = s.get(PracticeItem, item_id)
        if row is not None:
            s.expunge(row)
        return row


# -- a learner ------------------------------------------------------------------------------------
def memories(learner: str, game: str, url: str | None = None) -> dict[str, RuleMemory]:
    with Session(engine(url)) as s:
        rows = s.scalars(select(PracticeMemory).where(PracticeMemory.learner_id == learner,
                                                      PracticeMemory.game == game))
        return {r.rule: _memory(r) for r in rows}


def rating(learner: str, game: str, url: str | None = None) -> Rating:
    with Session(engine(url)) as s:
        row = s.get(PracticeRating, (learner, game))
        return Rating(row.rating, row.rd, row.vol) if row is not None else Rating()


def answered(learner: str, game: str, url: str | None = None) -> set[str]:
    """The items this learner has been served and answered (never served again)."""
    with Session(engine(url)) as s:
        return set(s.scalars(select(PracticeAnswer.item_id).where(PracticeAnswer.learner_id == learner,
                                                                  PracticeAnswer.game == game)))


def recent(learner: str, game: str, n: int = 4, url: str | None = None) -> list[tuple[str, str]]:
    """The (rule, item id) of this learner's last ``n`` answers in ``game``, oldest first."""
    with Session(engine(url)) as s:
        rows = s.execute(select(PracticeAnswer.rule, PracticeAnswer.item_id)
                         .where(PracticeAnswer.learner_id == learner, PracticeAnswer.game == game)
                         .order_by(PracticeAnswer.answered_at.desc(), PracticeAnswer.id.desc()).limit(n))
        return [(str(r), str(i)) for r, i in rows][::-1]


def days(learner: str, url: str | None = None) -> list[date]:
    """The days (UTC) on which this learner answered a practice item."""
    with Session(engine(url)) as s:
        times = s.scalars(select(PracticeAnswer.answered_at).where(PracticeAnswer.learner_id == learner))
        return sorted({utc(t).date() for t in times})


def counts(learner: str, game: str, url: str | None = None) -> tuple[int, int]:
    """(answers, right answers) of this learner in this game."""
    with Session(engine(url)) as s:
        total = s.scalar(select(func.count()).where(PracticeAnswer.learner_id == learner,
                                                    PracticeAnswer.game == game)) or 0
        right = s.scalar(select(func.count()).where(PracticeAnswer.learner_id == learner, PracticeAnswer.game == game,
                                                    PracticeAnswer.correct.is_(True))) or 0
        return int(total), int(right)


def review_rule(s: Session, learner: str, game: str, rule: str, remembered: bool, now: datetime) -> RuleMemory:
    """The learner's memory of ``rule`` reviewed (FSRS: recalled, or forgotten) and kept in ``s`` (its row made
    on the first review). Returns the memory after it."""
    row = s.get(PracticeMemory, (learner, game, rule))
    mem = review(_memory(row) if row is not None else None, remembered, now)
    if row is None:
        row = PracticeMemory(learner_id=learner, game=game, rule=rule)
        s.add(row)
    row.card, row.due, row.reps, row.lapses, row.last = mem.card, mem.due, mem.reps, mem.lapses, mem.last
    return mem


def record(learner: str, game: str, item_id: str, rule: str, correct: bool, url: str | None = None,
           now: datetime | None = None) -> RuleMemory:
    """One answer: the rule's memory is reviewed (FSRS), the learner and the item are rated against each
    other (Glicko-2), and the answer is kept. Returns the rule's memory after it."""
    now = now or datetime.now(timezone.utc)
    with writing(url) as s:
        mem = review_rule(s, learner, game, rule, correct, now)
        r_row = s.get(PracticeRating, (learner, game))
        me = Rating(r_row.rating, r_row.rd, r_row.vol) if r_row is not None else Rating()
        it_row = s.get(PracticeItem, item_id)
        it = Rating(it_row.rating, it_row.rd, it_row.vol) if it_row is not None else Rating(1500, 250)
        new_me = update(me, [(it, 1.0 if correct else 0.0)])
        if r_row is None:
            r_row = PracticeRating(learner_id=learner, game=game)
            s.add(r_row)
        r_row.rating, r_row.rd, r_row.vol = new_me.rating, new_me.rd, new_me.vol
        if it_row is not None:
            new_it = update(it, [(me, 0.0 if correct else 1.0)])
            it_row.rating, it_row.rd, it_row.vol = new_it.rating, new_it.rd, new_it.vol
        s.add(PracticeAnswer(learner_id=learner, game=game, item_id=item_id, rule=rule, correct=correct,
                             answered_at=now))
    return mem
