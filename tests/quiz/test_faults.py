"""Storage faults in words a user can act on, and the storage check of the health endpoint: a read-only,
damaged or unreachable database is reported (``test_health.py``: one that turns read-only while open); a healthy one is not; nothing of the SQL reaches the message."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from tutor import faults, store
from tutor.health import storage_problem
from tutor.quiz import service
from tutor.quiz.spec import QuizSpec, catalogue
from tutor.library import default_library


def read_only_url(path: Path) -> str:
    """The same SQLite file, opened read-only (as a read-only data folder would be for any user but root)."""
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def migrated(tmp_path: Path) -> Path:
    path = tmp_path / "quiz.sqlite"
    store.engine(f"sqlite:///{path}")
    return path


def test_a_write_to_a_read_only_database_is_explained_without_sql(tmp_path: Path) -> None:
    url = read_only_url(migrated(tmp_path))
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:1]
    with pytest.raises(OperationalError) as err:
        service.save_quiz(QuizSpec(title="T", items=items), url)
    assert "INSERT" in str(err.value)  # what must never reach a user
    fault = faults.explain(err.value)
    assert fault is faults.READ_ONLY and "ask the teacher" in fault.todo.lower()
    assert fault.said() == "The class database cannot be written: it is open read-only."
    assert "INSERT" not in fault.what + fault.todo and "sqlite" not in (fault.what + fault.todo).lower()


def test_the_storage_check_reports_read_only_damaged_and_unreachable(tmp_path: Path) -> None:
    path = migrated(tmp_path)
    assert storage_problem(f"sqlite:///{path}") is None
    assert storage_problem(read_only_url(path)) == f"read-only: {faults.READ_ONLY.said()}"
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database" * 100)
    assert storage_problem(f"sqlite:///{junk}") == f"damaged: {faults.DAMAGED.what}"
    nowhere = "postgresql+psycopg://nobody:x@127.0.0.1:9/none?connect_timeout=2"
    assert storage_problem(nowhere) == f"unreachable: {faults.UNREACHABLE.what}"


def test_other_faults_are_classified_and_the_rest_is_internal() -> None:
    assert faults.explain(OSError(errno.ENOSPC, "No space left on device")) is faults.DISK_FULL
    wrapped = RuntimeError("while saving")
    wrapped.__cause__ = OperationalError("INSERT ...", {}, Exception("database or disk is full"))
    assert faults.explain(wrapped) is faults.DISK_FULL
    assert faults.explain(KeyError("x")) is faults.INTERNAL and not faults.INTERNAL.storage
