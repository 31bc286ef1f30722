"""The practice storage tests run on a SQLite file and on a real PostgreSQL server (the quiz tests' fixtures)."""

from tests.quiz.conftest import db_url, pg_admin  # noqa: F401
