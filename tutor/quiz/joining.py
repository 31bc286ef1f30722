"""Joining a class session: a code and a display name, rate-limited; the student's language is kept with them.

Why a join is refused is a language-free message (the student's page shows it in the student's language).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Iterable

from sqlalchemy import select

from engine.core.message import Message, msg
from tutor import store
from tutor.quiz import codes, names, ratelimit
from tutor.quiz.tables import QuizSession, Student, now

NAME_MAX = 24


@dataclass(frozen=True)
class JoinResult:
    token: str | None = None
    why: Message | None = None  # why the join was refused, language-free

    @property
    def error(self) -> str | None:
        return None if self.why is None else str(self.why)


def clean_name(name: str) -> str:
    """A display name as stored: NFKC-normalised, printable, single-spaced, at most NAME_MAX characters.

    >>> clean_name("  Ana\\u0000  <b>M</b>  "), clean_name("Ａna\\u200b")
    ('Ana <b>M</b>', 'Ana')
    """
    name = "".join(ch for ch in names.normalize(name or "") if ch.isprintable())
    return re.sub(r"\s+", " ", name).strip()[:NAME_MAX]


def join(code: str, name: str, clients: Iterable[str], url: str | None = None, language: str | None = None,
         learner: str | None = None) -> JoinResult:
    """Join an open session (in ``language``); a wrong or closed code counts as a failure for every client given."""
    clients = list(clients)
    code, name = codes.normalize(code), clean_name(name)
    if not name:
        return JoinResult(why=msg("Type your name (as your teacher should see it)."))
    with store.writing(url) as s:
        refused = ratelimit.too_many(s, clients)
        if refused is not None:
            return JoinResult(why=refused)
        row = s.scalar(select(QuizSession).where(QuizSession.code == code).with_for_update()  # one join at a time
                       ) if codes.is_well_formed(code) else None
        if row is None or row.status != "open":
            ratelimit.record_failure(s, clients)
            if row is None:
                return JoinResult(why=msg("No open quiz has this code. Check it with your teacher."))
            return JoinResult(why=msg("This quiz has ended: your teacher has closed it. Ask them for the new code."))
        looks = names.skeleton(name)
        if any(names.skeleton(n) == looks for n in s.scalars(select(Student.name).where(Student.session_id == row.id))):
            return JoinResult(why=msg("This name is already taken (or one that looks the same): add a letter or a number."))
        token = secrets.token_hex(12)
        s.add(Student(session_id=row.id, token=token, name=name, position=0, started_at=now(), language=language,
                      learner_id=learner))
        return JoinResult(token=token)
