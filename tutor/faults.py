"""Faults, in words a user can act on; and the storage check behind the health endpoint.

No traceback, SQL statement or parameter ever reaches a user: :func:`explain` turns any exception into what
happened and what to do ("the class database is read-only: ask the teacher"), and the details go to the
server's log under a short reference the message shows (:mod:`ui.errors`).
"""

from __future__ import annotations

import errno
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import delete, insert
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from engine.core.message import N_


@dataclass(frozen=True)
class Fault:
    kind: str  # read-only, disk-full, damaged, unreachable, busy, internal
    what: str  # what happened (English, marked for the catalogs: a page shows it through ``_``)
    todo: str  # what to do

    @property
    def storage(self) -> bool:
        return self.kind != "internal"


READ_ONLY = Fault("read-only", N_("The class database is read-only, so nothing can be saved right now."),
                  N_("Ask the teacher: the app's data folder (or database) must be writable. Your earlier answers are kept."))
DISK_FULL = Fault("disk-full", N_("The server's disk is full, so nothing can be saved right now."),
                  N_("Ask the teacher to free some space, then try again. Your earlier answers are kept."))
DAMAGED = Fault("damaged", N_("The class database is damaged and cannot be read."),
                N_("Ask the teacher: the database needs to be restored from a backup."))
UNREACHABLE = Fault("unreachable", N_("The class database cannot be reached."),
                    N_("Ask the teacher to check that the database server is running, then reload the page."))
BUSY = Fault("busy", N_("The class database is busy."), N_("Wait a moment and try again."))
INTERNAL = Fault("internal", N_("Something went wrong on our side."),
                 N_("Reload the page and try again; if it happens again, tell the teacher."))

# Words in database errors (SQLite, PostgreSQL) and what they mean; the first that matches wins.
_SIGNS: list[tuple[tuple[str, ...], Fault]] = [
    (("readonly database", "read-only", "read only"), READ_ONLY),
    (("database or disk is full", "no space left", "disk full", "diskfull"), DISK_FULL),
    (("not a database", "malformed", "corrupt", "disk i/o error"), DAMAGED),
    (("database is locked", "deadlock", "could not serialize", "lock timeout"), BUSY),
    (("unable to open database", "could not connect", "connection refused", "server closed the connection",
      "connection failed", "timeout expired"), UNREACHABLE),
]


def explain(exc: BaseException) -> Fault:
    """What an exception means for the user (:data:`INTERNAL` when it is not a storage fault)."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:  # the exception and what caused it
        seen.add(id(cur))
        if isinstance(cur, OSError) and cur.errno in (errno.ENOSPC, errno.EDQUOT):
            return DISK_FULL
        if isinstance(cur, OSError) and cur.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return READ_ONLY
        if isinstance(cur, (SQLAlchemyError, DBAPIError)) or type(cur).__module__.split(".")[0] in (
                "sqlite3", "psycopg", "psycopg2"):
            text = str(getattr(cur, "orig", None) or cur).lower()
            for signs, fault in _SIGNS:
                if any(s in text for s in signs):
                    return fault
        cur = cur.__cause__ or cur.__context__
    return INTERNAL


# -- the storage check of the health endpoint -----------------------------------------------------
MIN_FREE_BYTES = 1_000_000
_last: tuple[float, str | None] = (0.0, None)


def storage_problem(url: str | None = None, max_age: float = 2.0) -> str | None:
    """None when the database can be read and written, else what is wrong (one line, no SQL), e.g.
    ``"read-only: The class database is read-only, ..."``. Checked at most every ``max_age`` seconds.

    The check writes a row and rolls it back (a read-only database only shows itself on a write), and for
    SQLite also looks at the free space of the file's disk."""
    global _last
    checked_at, result = _last
    if url is None and time.monotonic() - checked_at < max_age:
        return result
    result = _check(url)
    if url is None:
        _last = (time.monotonic(), result)
    return result


def _check(url: str | None) -> str | None:
    from tutor import store
    from tutor.quiz.tables import FailedJoin, now

    try:
        url = url or store.default_url()
        eng = store.engine(url)
        with eng.connect() as conn:
            sqlite = conn.dialect.name == "sqlite"
            if sqlite:
                conn.exec_driver_sql("PRAGMA busy_timeout=2000")  # a busy database is not a broken one
            try:
                conn.execute(insert(FailedJoin).values(client="health-check", at=now()))
                conn.execute(delete(FailedJoin).where(FailedJoin.client == "health-check"))
                conn.rollback()
            finally:
                if sqlite:
                    conn.exec_driver_sql("PRAGMA busy_timeout=15000")
        database = make_url(url).database if url.startswith("sqlite") else None
        if database and not database.startswith("file:") and database != ":memory:":
            free = shutil.disk_usage(Path(database).resolve().parent).free
            if free < MIN_FREE_BYTES:
                return f"{DISK_FULL.kind}: {DISK_FULL.what}"
    except Exception as exc:  # noqa: BLE001 - every failure is a finding here
        fault = explain(exc)
        if fault is BUSY:
            return None
        return f"{fault.kind}: {fault.what}" if fault.storage else f"storage: {type(exc).__name__}"
    return None
