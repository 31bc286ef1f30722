"""Learner ids: the ``?u=`` in a learner's address, which is all that holds their progress (no accounts), so it
is a bearer secret and must not be guessable.

- **New ids** are :func:`new_id`: ``secrets.token_urlsafe(16)``, 128 random bits in 22 URL-safe characters.
  :func:`is_strong` accepts exactly that form (22 characters of ``A-Z a-z 0-9 - _`` that decode to 16 bytes).
- **Ids from before** (``[a-z0-9]{8,32}``: the app made 12 hex digits, 48 bits) keep working where they already
  hold something in the database (progress, a language, practice): an upgrade never loses a learner's work,
  and their bookmarks still open it. They are not moved to a new id (that would break those bookmarks).
- **Anything else** (an unknown short id such as ``aaaaaaaa``, a wrong length, other characters) is refused:
  the page gives the learner a new strong id instead, so nobody can choose an id or reach someone else's by
  guessing one.
"""

from __future__ import annotations

import base64
import binascii
import re
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from tutor import store

BYTES = 16  # 128 random bits
_STRONG = re.compile(r"^[A-Za-z0-9_-]{22}$")
_LEGACY = re.compile(r"^[a-z0-9]{8,32}$")


def new_id() -> str:
    """A new learner id: 128 random bits.

    >>> is_strong(new_id()), len(new_id())
    (True, 22)
    """
    return secrets.token_urlsafe(BYTES)


def is_strong(value: str | None) -> bool:
    """Whether ``value`` has the form of :func:`new_id` (and so 128 bits, if it was made by it).

    >>> is_strong("aaaaaaaa"), is_strong("A" * 22), is_strong("A" * 21 + "B"), is_strong("A" * 23)
    (False, True, False, False)
    """
    if not value or not _STRONG.match(value):
        return False
    try:
        raw = base64.urlsafe_b64decode(value + "==")
    except (binascii.Error, ValueError):
        return False
    return len(raw) == BYTES and base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") == value


def is_legacy(value: str | None) -> bool:
    """Whether ``value`` has the form of the ids this app made before (accepted only if already stored)."""
    return bool(value) and not is_strong(value) and bool(_LEGACY.match(value or ""))


def known(value: str, url: str | None = None) -> bool:
    """Whether any table keyed by learner holds something for ``value``."""
    import tutor.practice.store  # noqa: F401  (its tables join the metadata)

    tables = [t for t in store.Base.metadata.sorted_tables if "learner_id" in t.c]
    tables.sort(key=lambda t: not t.c.learner_id.primary_key)  # the indexed look-ups first
    with Session(store.engine(url)) as s:
        return any(s.execute(select(t.c.learner_id).where(t.c.learner_id == value).limit(1)).first() is not None
                   for t in tables)


def accepted(value: str | None, url: str | None = None) -> bool:
    """A strong id, or an id from before that already holds something."""
    if is_strong(value):
        return True
    return is_legacy(value) and known(value or "", url)
