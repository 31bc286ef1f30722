"""The storage check behind ``/health``: 200 ``ok`` only when the class database can be written now and passed
its integrity check at start-up; otherwise one line saying what is wrong (``read-only: The class database cannot
be written: the disk it is on is read-only.``), no SQL.

The check writes for real: it commits a row to a scratch table, ``rt_health_probe`` (one row per process, made by
the check itself the first time), and on SQLite then asks for a passive WAL checkpoint, so a database file that
turned read-only (a remount, ``chattr +i``, a full disk) while the app runs shows at once. A write that is rolled
back proves nothing: SQLite keeps it in memory and never touches the files. The result is cached for
:data:`MAX_AGE` seconds, and only one check runs at a time, so ``/health`` stays cheap however often it is asked.
A database that is only busy (locked by a writer) is healthy.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from datetime import datetime, timezone

from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError

from tutor.faults import BUSY, DAMAGED, Fault, explain, why_not_writable

PROBE_TABLE = "rt_health_probe"
MAX_AGE = 3.0  # seconds a result is reused
_last: tuple[float, str | None] = (-1e9, None)
_lock = threading.Lock()
_tables: set[str] = set()  # engines (by URL) whose probe table exists


def line(fault: Fault, detail: str = "") -> str:
    """What ``/health`` says for a fault: its kind, then what happened (English)."""
    return f"{fault.kind}: {fault.said()}" if not detail else f"{fault.kind}: {fault.said().rstrip('.')} ({detail})."


def storage_problem(url: str | None = None, max_age: float = MAX_AGE) -> str | None:
    """None when the database can be written and was found sound at start-up, else what is wrong (one line).

    With ``url`` None (the app's database) the result is reused for ``max_age`` seconds; with a ``url``, checked
    now."""
    global _last
    if url is not None:
        return _check(url)
    with _lock:
        checked_at, result = _last
        if time.monotonic() - checked_at >= max_age:
            result = _check(None)
            _last = (time.monotonic(), result)
        return result


def _check(url: str | None) -> str | None:
    from tutor import store

    try:
        url = url or store.default_url()
        eng = store.engine(url)
        found = store.integrity_problem(url)
        if found:
            return line(DAMAGED, f"integrity check at start-up: {found}")
        probe(eng)
        if eng.dialect.name == "sqlite":  # written, but about to fill the disk?
            fault = why_not_writable([eng.url.database])
            if fault is not None:
                return line(fault)
    except Exception as exc:  # noqa: BLE001 - every failure is a finding here
        fault = explain(exc)
        if fault is BUSY:
            return None
        return line(fault) if fault.storage else f"storage: {type(exc).__name__}"
    return None


def probe(eng: Engine) -> None:
    """Commit a row to the scratch table (and on SQLite checkpoint the WAL into the file); raise what fails."""
    from tutor.store import IMMEDIATE

    sqlite = eng.dialect.name == "sqlite"
    key = f"{socket.gethostname()}:{os.getpid()}"[:80]
    with eng.connect() as conn:
        raw = conn.connection.driver_connection  # SQLite: outside any transaction (the driver's autocommit)
        assert raw is not None  # an open connection has its driver's
        if sqlite:
            raw.execute("PRAGMA busy_timeout=2000")  # a busy database is not a broken one
        try:
            if str(eng.url) not in _tables:
                try:
                    with conn.begin():
                        conn.exec_driver_sql(f"CREATE TABLE IF NOT EXISTS {PROBE_TABLE} "
                                             "(id VARCHAR(80) PRIMARY KEY, at VARCHAR(40) NOT NULL)")
                except IntegrityError:  # PostgreSQL: another process made it at the same moment
                    pass
                _tables.add(str(eng.url))
            conn.execution_options(**{IMMEDIATE: True})
            at = datetime.now(timezone.utc).isoformat()
            with conn.begin():
                if conn.execute(text(f"UPDATE {PROBE_TABLE} SET at = :at WHERE id = :id"),
                                {"at": at, "id": key}).rowcount == 0:
                    conn.execute(text(f"INSERT INTO {PROBE_TABLE} (id, at) VALUES (:id, :at)"), {"id": key, "at": at})
            if sqlite:
                raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            if sqlite:
                raw.execute("PRAGMA busy_timeout=15000")
