"""Each learner's games in the class database (migration ``0008_play``): set-up and moves, nothing derived.

A learner has at most one game ``playing``; starting another marks it ``abandoned``. The page shows the latest
game that is not abandoned (:func:`current`). Every function takes the
database URL (``None``: the app's).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, String, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tutor.play.live import Played, Setup, replay
from tutor.store import Base, engine, writing

PLAYING = "playing"
KEPT = 50
"""The most recent games listed per learner."""


class PlayGame(Base):
    __tablename__ = "play_game"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    learner_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    moves: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Record:
    """A stored game as listed: its id, set-up, number of moves, status and when it was last played."""

    id: str
    setup: Setup
    moves: int
    status: str
    updated_at: datetime


def status_of(played: Played) -> str:
    """``playing`` while it goes on; ``won``/``lost`` for a cooperative game; ``over`` for a competitive one."""
    end = played.outcome
    if end is None:
        return PLAYING
    if end.won is not None:
        return "won" if end.won else "lost"
    return "over"


def new_game(learner: str, played: Played, url: str | None = None) -> str:
    """Keep a new game as the learner's current one (any other current game is abandoned); its id."""
    now = datetime.now(timezone.utc)
    gid = uuid.uuid4().hex
    with writing(url) as s:
        for row in s.scalars(select(PlayGame).where(PlayGame.learner_id == learner, PlayGame.status == PLAYING)):
            row.status, row.updated_at = "abandoned", now
        s.add(PlayGame(id=gid, learner_id=learner, game=played.setup.game, setup=played.setup.as_dict(),
                       moves=played.records(), status=status_of(played), created_at=now, updated_at=now))
    return gid


def save(learner: str, gid: str, played: Played, url: str | None = None) -> None:
    """Keep the game's moves as they are now (after a move, the bots' replies, an undo)."""
    with writing(url) as s:
        row = s.get(PlayGame, gid)
        if row is None or row.learner_id != learner:
            raise KeyError(f"no game {gid} of this learner")
        row.moves = played.records()
        row.status = status_of(played)
        row.updated_at = datetime.now(timezone.utc)


def current(learner: str, url: str | None = None) -> tuple[str, Played] | None:
    """The learner's latest game, in progress or just finished (its last position stays on the page until a new
    game), replayed. ``None``: none, or its record no longer replays: then it is marked ``abandoned``, so that
    the page offers a new game instead of failing again."""
    with Session(engine(url)) as s:
        row = s.scalars(select(PlayGame).where(PlayGame.learner_id == learner, PlayGame.status != "abandoned")
                        .order_by(PlayGame.updated_at.desc())).first()
        if row is None:
            return None
        gid, setup_data, moves = row.id, row.setup, row.moves
    try:
        return gid, replay(Setup.from_dict(setup_data), moves if isinstance(moves, list) else [])
    except ValueError:
        with writing(url) as s:
            broken = s.get(PlayGame, gid)
            if broken is not None:
                broken.status = "abandoned"
        return None


def load(learner: str, gid: str, url: str | None = None) -> Played:
    """One of the learner's games, replayed. Raises KeyError (not theirs) or ValueError (does not replay)."""
    with Session(engine(url)) as s:
        row = s.get(PlayGame, gid)
        if row is None or row.learner_id != learner:
            raise KeyError(f"no game {gid} of this learner")
        setup_data, moves = row.setup, row.moves
    return replay(Setup.from_dict(setup_data), moves if isinstance(moves, list) else [])


def games(learner: str, url: str | None = None) -> list[Record]:
    """The learner's games, the most recent first (at most :data:`KEPT`)."""
    from tutor.quiz.tables import utc

    out = []
    with Session(engine(url)) as s:
        rows = s.scalars(select(PlayGame).where(PlayGame.learner_id == learner)
                         .order_by(PlayGame.updated_at.desc()).limit(KEPT))
        for r in rows:
            try:
                setup = Setup.from_dict(r.setup)
            except ValueError:
                continue
            out.append(Record(r.id, setup, len(r.moves or []), r.status, utc(r.updated_at)))
    return out


def feed_practice(learner: str, game: str, rule: str, url: str | None = None, now: datetime | None = None) -> None:
    """A refused move in a game is a lapse on the rule it broke: that rule's memory in the learner's practice
    schedule is reviewed as forgotten (FSRS "again"), so Practice brings it back soon. No practice answer is
    recorded (no item was asked) and the learner's rating does not move."""
    from tutor.practice.store import review_rule

    now = now or datetime.now(timezone.utc)
    with writing(url) as s:
        review_rule(s, learner, game, rule, False, now)
