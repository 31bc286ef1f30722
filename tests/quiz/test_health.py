"""``/health`` tells the truth (issue 29): the storage check writes for real, so a database that turns read-only
while the app runs fails it, on SQLite and PostgreSQL; a database that failed SQLite's integrity check at start-up
fails it; the result is cached for a few seconds; and a garbage database file stops ``python -m ui.serve`` with
one line and exit status 1, not a traceback.

Making a file read-only for root: ``chmod`` does not stop root, so these tests use ``chattr +i`` (the immutable
attribute, which stops root's writes too, even through a file SQLite already has open) and skip where the file
system or the container refuses it; the read-only-from-the-start case (``?mode=ro``) is in ``test_faults.py``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.quiz import pgcluster
from tutor import faults, health, store
from tutor.store import Progress, save_progress

ROOT = Path(__file__).resolve().parents[2]


def chattr(flag: str, *paths: Path) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("chattr is missing")
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"chattr {flag} is refused here: {done.stderr.strip()}")


@pytest.fixture()
def immutable() -> Iterator[list[Path]]:
    """Files to make immutable; made writable again after the test, whatever happens."""
    paths: list[Path] = []
    yield paths
    if paths:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=False)


def test_a_sqlite_file_that_turns_read_only_while_open_fails_the_check_with_the_real_reason(
        tmp_path: Path, immutable: list[Path]) -> None:
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    save_progress("ana", Progress("mc.defense_1"), url)
    assert health.storage_problem(url) is None
    wal = tmp_path / "class.sqlite-wal"
    immutable += [tmp_path / "class.sqlite", wal]  # (never the -shm: SQLite maps it; a write there is a SIGBUS)
    chattr("+i", *immutable)
    said = health.storage_problem(url)
    assert said == f"read-only: The class database cannot be written: {faults.R_NOT_PERMITTED}."
    with pytest.raises(Exception) as err:  # the app's own write fails the same way, and is explained so
        save_progress("ben", Progress("mc.defense_1"), url)
    assert "disk I/O error" in str(err.value)  # what SQLite says: the reason is found on the files
    fault = faults.explain(err.value)
    assert (fault.kind, fault.reason) == ("read-only", faults.R_NOT_PERMITTED) and fault is not faults.DAMAGED
    assert fault.said() == f"The class database cannot be written: {faults.R_NOT_PERMITTED}."


def test_only_the_database_file_read_only_is_found_by_the_checkpoint(tmp_path: Path, immutable: list[Path]) -> None:
    """The WAL still takes the probe's row; the checkpoint into the file is what fails."""
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    assert health.storage_problem(url) is None
    immutable.append(tmp_path / "class.sqlite")
    chattr("+i", *immutable)
    assert health.storage_problem(url) == f"read-only: The class database cannot be written: {faults.R_NOT_PERMITTED}."


def test_a_full_disk_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    assert health.storage_problem(url) is None
    free = shutil.disk_usage(tmp_path).free
    monkeypatch.setattr(faults, "MIN_FREE_BYTES", free * 2)  # this disk, as if it were (almost) full
    assert health.storage_problem(url) == f"disk-full: The class database cannot be written: {faults.R_DISK_FULL}."
    io_error = sqlite3.OperationalError("disk I/O error")
    assert faults.explain(io_error) is faults.DISK_FULL


def test_an_io_error_with_nothing_found_is_an_io_error_not_damage(tmp_path: Path) -> None:
    store.engine(f"sqlite:///{tmp_path / 'class.sqlite'}")
    fault = faults.explain(sqlite3.OperationalError("disk I/O error"))
    assert fault is faults.IO_ERROR and fault.said() == f"The class database cannot be written: {faults.R_IO}."
    assert faults.explain(sqlite3.DatabaseError("database disk image is malformed")) is faults.DAMAGED


def corrupt_copy(tmp_path: Path) -> Path:
    """A database whose header and schema are sound (it opens and migrates) but one of whose table pages is not."""
    good = tmp_path / "good.sqlite"
    eng = store.engine(f"sqlite:///{good}")
    with eng.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE filler (x TEXT)")
        for i in range(300):
            conn.exec_driver_sql("INSERT INTO filler VALUES (?)", ("x" * 500 + str(i),))
    eng.dispose()
    with sqlite3.connect(good) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(good.read_bytes())
    last_but_one = (len(data) // 4096 - 2) * 4096
    for k in range(8):
        data[last_but_one + 100 + k * 300:last_but_one + 140 + k * 300] = b"\xff" * 40
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(bytes(data))
    return bad


def test_a_database_that_fails_the_integrity_check_at_start_up_fails_health(tmp_path: Path) -> None:
    good_url = f"sqlite:///{tmp_path / 'fine.sqlite'}"
    store.engine(good_url)
    assert store.integrity_problem(good_url) is None
    url = f"sqlite:///{corrupt_copy(tmp_path)}"
    store.engine(url)  # it starts (its schema reads fine) ...
    found = store.integrity_problem(url)
    assert found and "\n" not in found
    said = health.storage_problem(url)  # ... but health says what the check found
    assert said == f"damaged: The class database is damaged and cannot be read (integrity check at start-up: {found})."


def test_the_check_of_the_apps_database_is_cached_and_runs_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str | None] = []
    monkeypatch.setattr(health, "_check", lambda url: calls.append(url) or "read-only: x")
    monkeypatch.setattr(health, "_last", (-1e9, None))
    clock = [100.0]
    monkeypatch.setattr(health.time, "monotonic", lambda: clock[0])
    assert health.storage_problem() == "read-only: x" and health.storage_problem() == "read-only: x"
    assert calls == [None]
    clock[0] += health.MAX_AGE
    health.storage_problem()
    assert calls == [None, None]
    health.storage_problem(url="sqlite:///elsewhere")  # a given database: checked now, never cached
    assert calls == [None, None, "sqlite:///elsewhere"]


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_postgresql_database_that_turns_read_only_fails_the_check(db_url: str, pg_admin: str) -> None:
    eng = store.engine(db_url)
    assert health.storage_problem(db_url) is None
    admin = create_engine(pg_admin, isolation_level="AUTOCOMMIT")
    name = make_url(db_url).database
    try:
        with admin.connect() as c:
            c.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
        eng.dispose()  # new sessions see it
        assert health.storage_problem(db_url) == ("read-only: The class database cannot be written: "
                                                  f"{faults.R_SERVER_READ_ONLY}.")
    finally:
        with admin.connect() as c:
            c.execute(text(f'ALTER DATABASE "{name}" RESET default_transaction_read_only'))
        admin.dispose()
    eng.dispose()
    assert health.storage_problem(db_url) is None


def serve(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.serve", "--server.port", "9", "--server.headless", "true"],
                          cwd=ROOT, env={**{k: v for k, v in os.environ.items() if k != "RULES_TUTOR_DB"},
                                         "RULES_TUTOR_DATA": str(tmp_path), **env},
                          capture_output=True, text=True, timeout=120)


def test_a_garbage_database_file_stops_the_start_up_with_one_line(tmp_path: Path) -> None:
    garbage = tmp_path / "rules_tutor.sqlite"
    garbage.write_bytes(os.urandom(8192))
    done = serve(tmp_path)
    assert done.returncode == 1
    out = (done.stdout + done.stderr).strip().splitlines()
    assert out == [f"rules-tutor: cannot start: The class database is damaged and cannot be read ({garbage}: "
                   "file is not a database); restore it from a backup, or move it away to start with an empty one."]
