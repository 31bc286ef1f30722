"""Every quiz storage test runs twice: on a SQLite file and on a real PostgreSQL server."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from tests.quiz import pgcluster
from tutor import store

collect_ignore = ["counting_app.py", "whoami_app.py"]  # servers' scripts (they build an st.App on import)


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str]:
    try:
        url, cluster = pgcluster.admin_url()
    except Exception as err:  # no silent skip: a missing PostgreSQL is a failure
        pytest.fail(f"PostgreSQL is needed for these tests: {err}")
    yield url
    if cluster is not None:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, migrated database of each kind."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'quiz.sqlite'}"
        yield url
    else:
        admin = request.getfixturevalue("pg_admin")
        url = pgcluster.create_database(admin)
        yield url
        eng = store._engines.pop(url, None)
        if eng is not None:
            eng.dispose()
        pgcluster.drop_database(admin, url)
