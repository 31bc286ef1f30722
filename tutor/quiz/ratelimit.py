"""Failed joins and wrong teacher passcodes are rate-limited, persisted in the database (so every app process
sees them).

Joining: a client is a browser session (``sid:...``) and an address (``ip:...``, from the connection:
:mod:`tutor.quiz.address`). A browser may fail :data:`PER_SESSION` times and an address :data:`PER_IP` times (a
class behind one school router shares an address, so that limit is higher) within :data:`WINDOW`; then joining
is refused until the oldest failure leaves the window. Successful joins are never counted.

The teacher passcode (:func:`check_passcode`): the right passcode is never refused because of what other people
typed. A browser's first wrong passcode is free (a typo); after the second it waits 1, 2, 4 ... up to
:data:`SESSION_MAX_WAIT` seconds before its next try is even checked (its own mistakes only). Other people's wrong guesses only slow a check down: once an
address has made :data:`FREE_PER_ADDRESS` wrong guesses in :data:`PASSCODE_WINDOW`, each further try from it waits
0.5, 1, 2 ... up to :data:`MAX_DELAY` seconds before it is checked, and once :data:`GLOBAL_CEILING` wrong guesses
were made in :data:`GLOBAL_WINDOW` from anywhere, every try waits :data:`MAX_DELAY` seconds. Reconnecting (a new
browser session) does not escape the address's delay.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable, Iterable

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from engine.core.message import Message, msg
from tutor import store
from tutor.quiz import passcode
from tutor.quiz.tables import FailedJoin, now, utc

WINDOW = timedelta(minutes=5)
PER_SESSION = 5
PER_IP = 30

PASSCODE_WINDOW = timedelta(minutes=15)
GLOBAL_WINDOW = timedelta(hours=1)
SESSION_MAX_WAIT = 60  # seconds
FREE_PER_ADDRESS = 10  # wrong passcodes from one address before its tries are slowed
MAX_DELAY = 8.0  # seconds: the most a try waits because of other people's wrong guesses
GLOBAL_CEILING = 100  # wrong passcodes from anywhere in GLOBAL_WINDOW before every try is slowed
KEEP = max(2 * WINDOW, PASSCODE_WINDOW, GLOBAL_WINDOW)  # failures older than this are deleted


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
    s.execute(delete(FailedJoin).where(FailedJoin.at < at - KEEP))


def failures(s: Session, client: str) -> int:
    return int(s.scalar(select(func.count()).select_from(FailedJoin).where(FailedJoin.client == client)) or 0)


# -- the teacher passcode ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PasscodeCheck:
    ok: bool
    why: Message | None = None  # why not, for the teacher page (language-free)
    delayed: float = 0.0  # seconds this try waited because of wrong guesses from its address or anywhere

    @property
    def message(self) -> str | None:
        """Why not, in English."""
        return None if self.why is None else str(self.why)


def session_wait(failures: int, last: datetime | None, at: datetime) -> int:
    """Seconds before a browser that typed ``failures`` wrong passcodes (the last at ``last``) may try again.

    >>> t = now()
    >>> [session_wait(n, t, t) for n in (0, 1, 2, 3, 4, 30)]
    [0, 0, 1, 2, 4, 60]
    """
    if failures <= 1 or last is None:
        return 0  # one typo is free
    wait = min(2 ** min(failures - 2, 16), SESSION_MAX_WAIT)
    return max(0, int(-(-(utc(last) + timedelta(seconds=wait) - at).total_seconds() // 1)))


def address_delay(failures: int) -> float:
    """Seconds a try from an address with ``failures`` recent wrong passcodes waits before it is checked.

    >>> [address_delay(n) for n in (0, FREE_PER_ADDRESS - 1, FREE_PER_ADDRESS, FREE_PER_ADDRESS + 2, 99)]
    [0.0, 0.0, 0.5, 2.0, 8.0]
    """
    if failures < FREE_PER_ADDRESS:
        return 0.0
    return min(0.5 * 2 ** min(failures - FREE_PER_ADDRESS, 16), MAX_DELAY)


def _recent(s: Session, client: str, since: datetime) -> tuple[int, datetime | None]:
    n, last = s.execute(select(func.count(), func.max(FailedJoin.at))
                        .where(FailedJoin.client == client, FailedJoin.at > since)).one()
    return int(n or 0), last


def check_passcode(entered: str | None, expected: str | None, session: str, address: str, url: str | None = None,
                   sleep: Callable[[float], None] = time.sleep, at: datetime | None = None) -> PasscodeCheck:
    """Check a teacher passcode typed in browser session ``session`` from ``address`` (see the module's doc)."""
    at = at or now()
    me, addr = f"passcode-sid:{session}"[:80], f"passcode-ip:{address}"[:80]
    with Session(store.engine(url)) as s:  # read only: no writer's lock is held while a try waits
        mine, my_last = _recent(s, me, at - PASSCODE_WINDOW)
        from_address, _ = _recent(s, addr, at - PASSCODE_WINDOW)
        anywhere = int(s.scalar(select(func.count()).select_from(FailedJoin).where(
            FailedJoin.client.like("passcode-ip:%"), FailedJoin.at > at - GLOBAL_WINDOW)) or 0)
    wait = session_wait(mine, my_last, at)
    if wait:
        return PasscodeCheck(False, msg("Wrong passcode: wait {n} s before the next try.", n=wait))
    delay = max(address_delay(from_address), MAX_DELAY if anywhere >= GLOBAL_CEILING else 0.0)
    if delay:
        sleep(delay)
    if passcode.matches(entered, expected):
        return PasscodeCheck(True, None, delay)
    with store.writing(url) as s:
        record_failure(s, [me, addr], at)
    return PasscodeCheck(False, msg("That is not the passcode."), delay)
