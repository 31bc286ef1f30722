"""Failed joins are rate-limited, persisted in the database (so every app process sees them).

A client is a browser session (``sid:...``) and an IP address (``ip:...``). A browser may fail
:data:`PER_SESSION` times and an address :data:`PER_IP` times (a class behind one school router shares
an address, so that limit is higher) within :data:`WINDOW`; then joining is refused until the oldest
failure leaves the window. Successful joins are never counted.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Iterable

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from tutor.quiz.tables import FailedJoin, now, utc

WINDOW = timedelta(minutes=5)
PER_SESSION = 5
PER_IP = 30


def limit_of(client: str) -> int:
    return PER_IP if client.startswith("ip:") else PER_SESSION


def wait_seconds(s: Session, clients: Iterable[str], at: datetime | None = None) -> int:
    """0 when every client may try again; else how many seconds until the most limited one may."""
    at = at or now()
    worst = 0
    for client in clients:
        rows = s.scalars(select(FailedJoin.at).where(FailedJoin.client == client, FailedJoin.at > at - WINDOW)
                         .order_by(FailedJoin.at.desc()).limit(limit_of(client))).all()
        if len(rows) >= limit_of(client):
            oldest = utc(rows[-1])
            worst = max(worst, int((oldest + WINDOW - at).total_seconds()) + 1)
    return worst


def record_failure(s: Session, clients: Iterable[str], at: datetime | None = None) -> None:
    at = at or now()
    for client in clients:
        s.add(FailedJoin(client=client[:80], at=at))
    s.execute(delete(FailedJoin).where(FailedJoin.at < at - 2 * WINDOW))


def failures(s: Session, client: str) -> int:
    return int(s.scalar(select(func.count()).select_from(FailedJoin).where(FailedJoin.client == client)) or 0)
