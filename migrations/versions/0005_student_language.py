"""Each student takes a class quiz in their own language: a nullable ``language`` on ``quiz_student`` (the
language they joined in) and on ``quiz_answer`` (the language the question was shown in when they answered).

Answers stay keyed by the question's index in the session's spec, never by any text, so results group the
same question across languages. Existing rows are untouched (NULL: from before languages were recorded;
the app reads it as English, the only language there was).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quiz_student") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))
    with op.batch_alter_table("quiz_answer") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quiz_answer") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("quiz_student") as batch:
        batch.drop_column("language")
