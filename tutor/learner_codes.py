"""Learner codes: a personal phrase that brings a learner's progress to another device.

A learner's progress (lessons, practice schedule and rating, streak, game records) is keyed by their learner
id, the 128-bit ``?u=`` (:mod:`tutor.learners`). A code is a second key to the same id that a person can read
out, write down or scan: six words of the BIP-39 English word list (the ``mnemonic`` package: 2048 common
words, each told apart by its first four letters), so 6 × 11 = **66 random bits**
(:data:`BITS`). Nothing personal is stored: no name, no e-mail, only the SHA-256 of the phrase beside the
learner id, so the table never shows a working code.

- :func:`issue` gives a new code and revokes the learner's older ones (one code at a time);
- :func:`restore` turns a typed (or scanned) code back into the learner id. Wrong codes are capped exactly like
  wrong join codes (:mod:`tutor.quiz.ratelimit`: 5 per browser session and 200 per address in 5 minutes), on
  their own counters; at 2,400 guesses an hour from one address, a 66-bit code is out of reach;
- :func:`revoke` ends the learner's code (a lost note, a shared screen): it restores nothing any more.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Iterable

from sqlalchemy import DateTime, Index, String, select, update
from sqlalchemy.orm import Mapped, mapped_column

from engine.core.message import Message, msg
from tutor import store
from tutor.quiz import ratelimit
from tutor.quiz.tables import now
from tutor.store import Base

WORDS = 6
BITS = WORDS * 11  # 2048 = 2**11 words
MAX_TEXT = 200  # characters of a typed code looked at (a code is at most 6 × 8 + 5)


class LearnerCode(Base):
    """A learner's code, by the SHA-256 of its phrase; ``revoked_at`` set once it no longer restores."""

    __tablename__ = "learner_code"
    __table_args__ = (Index("ix_learner_code_learner", "learner_id"),)

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    learner_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


@lru_cache(maxsize=1)
def wordlist() -> tuple[str, ...]:
    from mnemonic import Mnemonic

    words = tuple(Mnemonic("english").wordlist)
    assert len(words) == 2048 and len({w[:4] for w in words}) == 2048  # 11 bits a word; 4 letters tell them apart
    return words


@lru_cache(maxsize=1)
def _by_prefix() -> dict[str, str]:
    return {w[:4]: w for w in wordlist()}


def new_code() -> str:
    """Six words drawn with :mod:`secrets` (66 bits), joined by hyphens."""
    words = wordlist()
    return "-".join(secrets.choice(words) for _ in range(WORDS))


def normalise(text: str | None) -> str | None:
    """The code as issued, from what a person typed: any case, any separators, each word by its first four
    letters or more; None when it cannot be a code (too long, not six list words)."""
    text = (text or "")[:MAX_TEXT]
    parts = re.findall(r"[a-z]+", text.lower())
    if len(parts) != WORDS:
        return None
    out = []
    for p in parts:
        word = _by_prefix().get(p[:4])
        if word is None or not word.startswith(p) or len(p) < 4 and p != word:  # the word, or its 4+ first letters
            return None
        out.append(word)
    return "-".join(out)


def _hash(code: str) -> str:
    return hashlib.sha256(code.encode("ascii")).hexdigest()


def issue(learner: str, url: str | None = None) -> str:
    """A new code for ``learner``; their older codes stop working."""
    code = new_code()
    with store.writing(url) as s:
        s.execute(update(LearnerCode).where(LearnerCode.learner_id == learner, LearnerCode.revoked_at.is_(None))
                  .values(revoked_at=now()))
        s.add(LearnerCode(code_hash=_hash(code), learner_id=learner, created_at=now()))
    return code


def revoke(learner: str, url: str | None = None) -> int:
    """End the learner's codes; how many were active."""
    with store.writing(url) as s:
        res = s.execute(update(LearnerCode).where(LearnerCode.learner_id == learner,
                                                  LearnerCode.revoked_at.is_(None)).values(revoked_at=now()))
        return int(getattr(res, "rowcount", 0) or 0)


def has_code(learner: str, url: str | None = None) -> bool:
    with store.writing(url) as s:
        return s.scalar(select(LearnerCode.code_hash).where(LearnerCode.learner_id == learner,
                                                            LearnerCode.revoked_at.is_(None)).limit(1)) is not None


@dataclass(frozen=True)
class Restored:
    learner: str | None = None
    why: Message | None = None  # why not (language-free)


def clients(session: str, address: str) -> list[str]:
    """The rate limit's clients for a code typed in browser session ``session`` from ``address``: counted like
    join codes (``sid:``/``ip:`` caps) but on counters of their own."""
    return [f"sid:code:{session}"[:80], f"ip:code:{address}"[:80]]


def restore(text: str | None, who: Iterable[str], url: str | None = None, at: datetime | None = None) -> Restored:
    """The learner id of a code; a wrong, revoked or malformed code is counted against every client in ``who``."""
    who = list(who)
    at = at or now()
    with store.writing(url) as s:
        refused = ratelimit.too_many(s, who, at)
        if refused is not None:
            return Restored(why=refused)
        code = normalise(text)
        row = s.get(LearnerCode, _hash(code)) if code else None
        if row is None or row.revoked_at is not None:
            ratelimit.record_failure(s, who, at)
            if row is not None:
                return Restored(why=msg("This code was revoked. Make a new one on the device that has your progress."))
            return Restored(why=msg("That is not a learner code: six words from your note, e.g. "
                                    "“ocean-ladder-…”. Check it and try again."))
        return Restored(learner=row.learner_id)
