"""A real PostgreSQL server for the tests: the one CI started, or a throwaway cluster started here.

``RULES_TUTOR_TEST_PG_URL`` (set by ``.ci/run``) names a server and a role that may create databases.
Without it, Debian's binaries (``/usr/lib/postgresql/*/bin``) start a cluster in a temporary folder
(as the ``postgres`` user when we are root, since ``initdb`` refuses root). With neither, the tests
that need PostgreSQL fail, saying why; nothing is skipped silently. Each test gets a database of its own.
"""

from __future__ import annotations

import time
import warnings

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ENV = "RULES_TUTOR_TEST_PG_URL"


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A throwaway cluster on 127.0.0.1 (trust authentication, loopback only), removed by :meth:`stop`."""

    def __init__(self) -> None:
        pg = _bin()
        if pg is None:
            raise RuntimeError(f"no PostgreSQL: set {ENV} or `apt-get install postgresql` (Debian's packages)")
        self.bin = pg
        self.dir = Path(tempfile.mkdtemp(prefix="rt-pg-"))
        self.port = _port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", str(self.dir / "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w", "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                  f"-c max_connections=200", "start")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        cmd = [str(self.bin / tool), *args]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.dir)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def admin_url() -> tuple[str, Cluster | None]:
    """A URL of a role that may create databases, and the cluster we started for it (if any)."""
    url = os.environ.get(ENV)
    if url:
        return url, None
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"{ENV} is not set: .ci/run starts PostgreSQL and exports it")
    cluster = Cluster()
    return cluster.url, cluster


def create_database(admin: str) -> str:
    """A new, empty database; its URL."""
    name = "rt_" + uuid.uuid4().hex[:12]
    eng = create_engine(admin, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    eng.dispose()
    return make_url(admin).set(database=name).render_as_string(hide_password=False)


def drop_database(admin: str, url: str) -> None:
    """Drop a throwaway test database. A backend the test role may not terminate (another role's, e.g. a
    server-side worker still attached) can make the first tries fail: retry, then leave the database — it is
    only cleanup, and every test creates its own database under a fresh name."""
    name = make_url(url).database
    eng = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        for attempt in range(10):
            try:
                with eng.connect() as c:
                    c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                return
            except Exception as err:  # noqa: BLE001 - cleanup only; reported below if it never succeeds
                last = err
                time.sleep(0.3 * (attempt + 1))
        warnings.warn(f"could not drop test database {name}: {last}", stacklevel=2)
    finally:
        eng.dispose()
