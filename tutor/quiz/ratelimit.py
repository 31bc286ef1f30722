"""Failed joins and wrong teacher passcodes are capped, persisted in the database (so every app process sees
them). Every figure below follows from the constants of this module.

**Joining.** A client is a browser session (``sid:...``) and an address (``ip:...``, from the connection:
:mod:`tutor.quiz.address`). A browser may fail :data:`PER_SESSION` (5) times within :data:`WINDOW` (5 minutes);
then that browser's joins are refused until the oldest failure leaves the window. A class behind one school
router shares an address, so the address's cap is much higher, :data:`PER_IP` (200 in 5 minutes): a student
typing wrong codes by hand, even reloading for a new session each time, manages about one try in 5 s, 60 in the
window, which leaves the class's own typos room; only a script opening a new session for every try reaches
the cap (and then the address is refused for what is left of the window). An attacker's guesses from one
address: at most 200 per 5 minutes, **2,400 an hour** (:data:`JOIN_GUESSES_PER_HOUR_PER_ADDRESS`), against
29^5 = 20.5 million codes (:mod:`tutor.quiz.codes`): with 10 sessions open, 1 chance in 850 an hour.
Successful joins are never counted.

**The teacher passcode** (:func:`check_passcode`) is capped, not delayed: a refused try is not even checked, so
guessing on past a cap learns nothing.

- a browser's first wrong passcode is free (a typo); after the second it waits 1, 2, 4 ... up to
  :data:`SESSION_MAX_WAIT` seconds before its next try is checked;
- an address that typed :data:`PER_ADDRESS_PASSCODES` (10) wrong passcodes within :data:`PASSCODE_WINDOW`
  (15 minutes) has every try refused, right or wrong, until the oldest of them leaves the window: at most
  **40 guesses an hour from one address** (:data:`PASSCODE_GUESSES_PER_HOUR_PER_ADDRESS`), however many
  browser sessions it opens;
- once :data:`GLOBAL_PASSCODES` (10) wrong passcodes were typed within :data:`GLOBAL_WINDOW` (1 minute) from
  anywhere, every try from anywhere is refused until the oldest leaves the minute: at most **600 guesses an
  hour in all** (:data:`PASSCODE_GUESSES_PER_HOUR`), however many addresses guess.

The check and the count happen in one writer's transaction (``BEGIN IMMEDIATE`` on SQLite, an advisory lock
on PostgreSQL), so parallel tries from many sessions and processes cannot overshoot a cap. Each try is
written as a failure before the passcode is compared (and taken back if it was right), so no passcode is
checked while the database cannot be written: a read-only database would otherwise let guesses through
uncounted. The page then shows the storage fault; a cookie still unlocks.

What the real teacher does while a cap is hit (the teacher page says so): a browser unlocked in the last
12 hours stays unlocked (its cookie, :mod:`tutor.quiz.auth`, is checked before any passcode, so the caps never
touch it); otherwise wait (the message says how long: under a minute for the global cap, at most 15 minutes
for the address's), or unlock from another network, whose address has no wrong passcodes (a phone on mobile
data). Only an attacker who keeps the global cap hit without a pause (10 wrong passcodes every minute, from at
least 3 addresses) keeps a teacher without a cookie out; the cap still holds them to 600 guesses an hour.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from engine.core.message import Message, msg, plural
from tutor import store
from tutor.quiz import passcode
from tutor.quiz.tables import FailedJoin, now, utc

HOUR = timedelta(hours=1)

WINDOW = timedelta(minutes=5)
PER_SESSION = 5  # wrong join codes from one browser session in WINDOW; then its joins are refused
PER_IP = 200  # wrong join codes from one address in WINDOW; then every join from it is refused
JOIN_GUESSES_PER_HOUR_PER_ADDRESS = PER_IP * (HOUR // WINDOW)  # 2,400

PASSCODE_WINDOW = timedelta(minutes=15)
PER_ADDRESS_PASSCODES = 10  # wrong passcodes from one address in PASSCODE_WINDOW; then its tries are refused
GLOBAL_WINDOW = timedelta(minutes=1)
GLOBAL_PASSCODES = 10  # wrong passcodes from anywhere in GLOBAL_WINDOW; then every try is refused
SESSION_MAX_WAIT = 60  # seconds
PASSCODE_GUESSES_PER_HOUR_PER_ADDRESS = PER_ADDRESS_PASSCODES * (HOUR // PASSCODE_WINDOW)  # 40
PASSCODE_GUESSES_PER_HOUR = GLOBAL_PASSCODES * (HOUR // GLOBAL_WINDOW)  # 600
KEEP = max(2 * WINDOW, PASSCODE_WINDOW, GLOBAL_WINDOW)  # failures older than this are deleted

_PASSCODE_SID, _PASSCODE_IP = "passcode-sid:", "passcode-ip:"
_LOCK_ID = 72_417_029  # any fixed number: the PostgreSQL advisory lock "Rules Tutor passcode tries"


def limit_of(client: str) -> int:
    return PER_IP if client.startswith("ip:") else PER_SESSION


def _wait(s: Session, where: ColumnElement[bool], limit: int, window: timedelta, at: datetime) -> int:
    """0 when fewer than ``limit`` failures matching ``where`` lie in ``window``; else the seconds until the
    oldest of the ``limit`` latest leaves it (rounded up)."""
    rows = s.scalars(select(FailedJoin.at).where(where, FailedJoin.at > at - window)
                     .order_by(FailedJoin.at.desc()).limit(limit)).all()
    if len(rows) < limit:
        return 0
    return max(1, int(-(-(utc(rows[-1]) + window - at).total_seconds() // 1)))


def wait_seconds(s: Session, clients: Iterable[str], at: datetime | None = None) -> int:
    """0 when every client may try again; else how many seconds until the most limited one may."""
    at = at or now()
    return max([_wait(s, FailedJoin.client == c, limit_of(c), WINDOW, at) for c in clients], default=0)


def too_many(s: Session, clients: Iterable[str], at: datetime | None = None) -> Message | None:
    """Why a code is not even checked now (a client of ``clients`` is past its cap: "Try again in 3 minutes"),
    or None when it may be: the one refusal a join code, a class code and a learner code all give."""
    wait = wait_seconds(s, clients, at)
    if not wait:
        return None
    return plural("Too many wrong codes. Try again in {n} minute.", "Too many wrong codes. Try again in {n} minutes.",
                  "n", n=max(1, round(wait / 60)))


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
    wait: int = 0  # seconds before a try is checked again, when a cap refused this one unchecked

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


def _recent(s: Session, client: str, since: datetime) -> tuple[int, datetime | None]:
    n, last = s.execute(select(func.count(), func.max(FailedJoin.at))
                        .where(FailedJoin.client == client, FailedJoin.at > since)).one()
    return int(n or 0), last


def _one_try_at_a_time(s: Session) -> None:
    """SQLite's BEGIN IMMEDIATE already serialises writers; PostgreSQL's need a lock, or parallel tries could
    each count one under a cap and all be checked."""
    if s.get_bind().dialect.name == "postgresql":
        s.connection().exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_ID})")


def _minutes(seconds: int) -> int:
    return max(1, -(-seconds // 60))


def check_passcode(entered: str | None, expected: str | None, session: str, address: str, url: str | None = None,
                   at: datetime | None = None) -> PasscodeCheck:
    """Check a teacher passcode typed in browser session ``session`` from ``address`` (see the module's doc)."""
    at = at or now()
    me, addr = f"{_PASSCODE_SID}{session}"[:80], f"{_PASSCODE_IP}{address}"[:80]
    with store.writing(url) as s:  # the caps counted and the try recorded in one serialised transaction
        _one_try_at_a_time(s)
        wait = session_wait(*_recent(s, me, at - PASSCODE_WINDOW), at)
        if wait:
            return PasscodeCheck(False, msg("Wrong passcode: wait {n} s before the next try.", n=wait), wait)
        wait = _wait(s, FailedJoin.client == addr, PER_ADDRESS_PASSCODES, PASSCODE_WINDOW, at)
        if wait:
            return PasscodeCheck(False, plural(
                "Too many wrong passcodes from your network: every try from it is refused for {n} minute. If you "
                "are the teacher: a browser you unlocked in the last 12 hours stays unlocked, or unlock from "
                "another network (a phone's mobile data).",
                "Too many wrong passcodes from your network: every try from it is refused for {n} minutes. If you "
                "are the teacher: a browser you unlocked in the last 12 hours stays unlocked, or unlock from "
                "another network (a phone's mobile data).", "n", n=_minutes(wait)), wait)
        wait = _wait(s, FailedJoin.client.startswith(_PASSCODE_IP, autoescape=True), GLOBAL_PASSCODES,
                     GLOBAL_WINDOW, at)
        if wait:
            return PasscodeCheck(False, msg(
                "Too many wrong passcodes were typed in the last minute: every try is refused for {n} s. If you "
                "are the teacher, try again then; a browser you unlocked in the last 12 hours stays unlocked.",
                n=wait), wait)
        record_failure(s, [me, addr], at)  # counted before it is checked: a try that cannot be counted is not
        s.flush()  # checked (a read-only database raises here, for the right passcode as for a guess)
        if passcode.matches(entered, expected):
            s.rollback()  # the right passcode is not a failure
            return PasscodeCheck(True)
    return PasscodeCheck(False, msg("That is not the passcode."))
