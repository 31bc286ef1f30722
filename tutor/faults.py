"""Faults, in words a user can act on (the storage check behind ``/health`` is :mod:`tutor.health`).

No traceback, SQL statement or parameter ever reaches a user: :func:`explain` turns any exception into what
happened and what to do ("the class database cannot be written: the disk it is on is read-only"; ask the
teacher), and the details go to the
server's log under a short reference the message shows (:mod:`ui.errors`).
"""

from __future__ import annotations

import errno
import os
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from engine.core.message import N_


@dataclass(frozen=True)
class Fault:
    kind: str  # read-only, disk-full, io-error, damaged, unreachable, busy, internal
    what: str  # what happened (English, marked for the catalogs: a page shows it through ``_``; see :meth:`said`)
    todo: str  # what to do
    reason: str = ""  # why, for a ``what`` with ``{reason}`` (marked for the catalogs too)

    @property
    def storage(self) -> bool:
        return self.kind != "internal"

    def said(self, gettext: Callable[[str], str] = lambda s: s) -> str:
        """What happened, in the language of ``gettext``, its reason filled in."""
        return gettext(self.what).format(reason=gettext(self.reason)) if self.reason else gettext(self.what)

    def because(self, reason: str) -> "Fault":
        return replace(self, reason=reason)


NOT_WRITABLE = N_("The class database cannot be written: {reason}.")
# The reasons a database cannot be written, as precise as what we could find out.
R_READ_ONLY = N_("it is open read-only")
R_READ_ONLY_DISK = N_("the disk it is on is read-only")
R_NOT_PERMITTED = N_("the server is not allowed to write its files (their permissions or a read-only attribute)")
R_SERVER_READ_ONLY = N_("the database server accepts no writes (it is read-only)")
R_DISK_FULL = N_("the server's disk is full")
R_IO = N_("the disk reported an input/output error")

READ_ONLY = Fault("read-only", NOT_WRITABLE,
                  N_("Ask the teacher: the app's data folder (or database) must be writable. Your earlier answers are kept."),
                  R_READ_ONLY)
DISK_FULL = Fault("disk-full", NOT_WRITABLE,
                  N_("Ask the teacher to free some space, then try again. Your earlier answers are kept."), R_DISK_FULL)
IO_ERROR = Fault("io-error", NOT_WRITABLE,
                 N_("Ask the teacher to check the server's disk, then try again. Your earlier answers are kept."), R_IO)
DAMAGED = Fault("damaged", N_("The class database is damaged and cannot be read."),
                N_("Ask the teacher: the database needs to be restored from a backup."))
UNREACHABLE = Fault("unreachable", N_("The class database cannot be reached."),
                    N_("Ask the teacher to check that the database server is running, then reload the page."))
BUSY = Fault("busy", N_("The class database is busy."), N_("Wait a moment and try again."))
INTERNAL = Fault("internal", N_("Something went wrong on our side."),
                 N_("Reload the page and try again; if it happens again, tell the teacher."))

# Words in database errors (SQLite, PostgreSQL) and what they mean; the first that matches wins. SQLite says
# "disk I/O error" for any failed read or write of its files; :func:`why_not_writable` finds out why.
_SIGNS: list[tuple[tuple[str, ...], Fault]] = [
    (("read-only transaction", "cannot execute", "recovery is in progress"), READ_ONLY.because(R_SERVER_READ_ONLY)),
    (("readonly database", "read-only", "read only"), READ_ONLY),
    (("database or disk is full", "no space left", "disk full", "diskfull"), DISK_FULL),
    (("disk i/o error",), IO_ERROR),
    (("not a database", "malformed", "corrupt"), DAMAGED),
    (("database is locked", "deadlock", "could not serialize", "lock timeout"), BUSY),
    (("unable to open database", "could not connect", "connection refused", "server closed the connection",
      "connection failed", "timeout expired"), UNREACHABLE),
]
_FOUND = {errno.EROFS: READ_ONLY.because(R_READ_ONLY_DISK), errno.EACCES: READ_ONLY.because(R_NOT_PERMITTED),
          errno.EPERM: READ_ONLY.because(R_NOT_PERMITTED), errno.ENOSPC: DISK_FULL, errno.EDQUOT: DISK_FULL}
_READS = ("SQLITE_IOERR_READ", "SQLITE_IOERR_SHORT_READ")  # a file that cannot be read: damaged, not unwritable
MIN_FREE_BYTES = 1_000_000


def explain(exc: BaseException) -> Fault:
    """What an exception means for the user (:data:`INTERNAL` when it is not a storage fault).

    When SQLite cannot write (an I/O error, or a read-only database), the files of this process's SQLite
    databases are looked at to say why: a read-only disk, files it may not write, a full disk."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:  # the exception and what caused it
        seen.add(id(cur))
        if isinstance(cur, OSError) and cur.errno in _FOUND:
            return _FOUND[cur.errno]
        if isinstance(cur, (SQLAlchemyError, DBAPIError)) or type(cur).__module__.split(".")[0] in (
                "sqlite3", "psycopg", "psycopg2"):
            orig = getattr(cur, "orig", None) or cur
            text = str(orig).lower()
            for signs, fault in _SIGNS:
                if any(s in text for s in signs):
                    if getattr(orig, "sqlite_errorname", "") in _READS:
                        return DAMAGED
                    if fault in (IO_ERROR, READ_ONLY):
                        return why_not_writable() or fault
                    return fault
        cur = cur.__cause__ or cur.__context__
    return INTERNAL


def sqlite_files(database: str | None) -> list[Path]:
    """The files of a SQLite database (the file, its WAL) as a path, from a URL's database part."""
    if not database or database == ":memory:":
        return []
    if database.startswith("file:"):
        database = database[5:].split("?", 1)[0]
    path = Path(database)
    return [path, path.with_name(path.name + "-wal")]


def why_not_writable(databases: Iterable[str | None] | None = None) -> Fault | None:
    """Why SQLite files cannot be written, found by trying (as this process, so as root too): a read-only disk,
    a file it may not write (permissions, ``chattr +i``), a full disk; None when nothing is found.
    ``databases``: the database parts of SQLite URLs (default: every SQLite database this process opened)."""
    if databases is None:
        from tutor import store

        databases = [e.url.database for e in list(store._engines.values()) if e.dialect.name == "sqlite"]
    for database in databases:
        files = sqlite_files(database)
        for path in files:
            if not path.exists():
                continue
            try:
                os.close(os.open(path, os.O_WRONLY))  # no O_TRUNC, no write: only the permission to
            except OSError as exc:
                if exc.errno in _FOUND:
                    return _FOUND[exc.errno]
        if files and files[0].parent.exists():
            if not os.access(files[0].parent, os.W_OK):  # no new journal or WAL can be made there
                return READ_ONLY.because(R_NOT_PERMITTED)
            if shutil.disk_usage(files[0].parent).free < MIN_FREE_BYTES:
                return DISK_FULL
    return None
