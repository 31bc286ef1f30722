"""Alembic environment: shared by the app (a connection handed in) and the `alembic` command line."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context

from tutor import store
from tutor.practice import store as practice_tables  # noqa: F401  (registers the practice tables)
from tutor.quiz import tables  # noqa: F401  (registers the quiz tables on the metadata)

config = context.config
target_metadata = store.Base.metadata


def _run(connection: object) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,  # type: ignore[arg-type]
                      render_as_batch=connection.dialect.name == "sqlite")  # type: ignore[attr-defined]
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:  # the app: tutor.quiz.migrate.upgrade, inside its own (locked) transaction
    _run(connection)
elif context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url") or store.default_url(),
                      target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:  # the command line
    if config.config_file_name is not None:
        fileConfig(config.config_file_name)
    from tutor.quiz.migrate import locked_connection

    url = config.get_main_option("sqlalchemy.url") or store.default_url()
    eng = store._sqlite_engine(url) if url.startswith("sqlite") else __import__("sqlalchemy").create_engine(url)
    with locked_connection(eng) as conn:
        _run(conn)
    eng.dispose()
