"""Run the Alembic migrations programmatically: ``upgrade head`` once per process and database.

Several app processes may start together against one database (the scaled set-up), so the upgrade
runs inside a lock: ``BEGIN IMMEDIATE`` on SQLite, a transaction-scoped advisory lock on PostgreSQL.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from sqlalchemy import Connection, Engine

if TYPE_CHECKING:
    from alembic.config import Config

ROOT = Path(__file__).resolve().parents[2]
_LOCK_ID = 72_417_006  # any fixed number: the advisory lock "Rules Tutor schema upgrade"
_done: set[str] = set()
_lock = threading.Lock()
IMMEDIATE = "rt_immediate"  # execution option: open the SQLite transaction as a writer (BEGIN IMMEDIATE)


def config(url: str | None = None) -> Config:
    """The Alembic config of this project (``alembic.ini`` and ``migrations/``)."""
    from alembic.config import Config

    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


@contextmanager
def locked_connection(eng: Engine) -> Iterator[Connection]:
    """A connection in a transaction that no other migrator can be in at the same time."""
    with eng.connect() as conn:
        conn = conn.execution_options(**{IMMEDIATE: True})
        with conn.begin():
            if eng.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_ID})")
            yield conn


def upgrade(eng: Engine, revision: str = "head") -> None:
    """``alembic upgrade head`` on ``eng`` (once per process; a no-op when already at head)."""
    from alembic import command

    key = eng.url.render_as_string(hide_password=False)
    with _lock:
        if key in _done and revision == "head":
            return
        cfg = config()
        with locked_connection(eng) as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        if revision == "head":
            _done.add(key)


def head() -> str | None:
    """The newest revision of ``migrations/`` (what :func:`upgrade` brings a database to)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config()).get_current_head()


def current(eng: Engine) -> str | None:
    """The revision the database is at (None for a database Alembic never touched)."""
    from alembic.runtime.migration import MigrationContext

    with eng.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
