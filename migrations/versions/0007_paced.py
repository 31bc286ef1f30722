"""Teacher-paced quiz sessions: which question the teacher has revealed, and when.

Two nullable columns on ``quiz_session``; nothing existing changes (a session from before is self-paced, its
``step`` NULL). Whether a session is teacher-paced, and its seconds per question, live in the session's copy
of the quiz spec (``paced``, ``time_limit``), like its other options.

- ``step``: the index of the question revealed, -1 in the lobby, the number of questions once it is over;
- ``revealed_at``: when that question was revealed (its countdown starts then).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quiz_session") as batch:
        batch.add_column(sa.Column("step", sa.Integer, nullable=True))
        batch.add_column(sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quiz_session") as batch:
        batch.drop_column("revealed_at")
        batch.drop_column("step")
