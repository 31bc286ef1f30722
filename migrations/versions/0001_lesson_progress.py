"""Baseline: the lesson_progress table (learners' progress), as the app created it before Alembic.

A database made by the old ``create_all`` already has the table: it is kept as it is, rows and all,
and only stamped; a new database gets it created.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("lesson_progress"):
        return
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.String(64), primary_key=True),
        sa.Column("lesson_id", sa.String(80), primary_key=True),
        sa.Column("slide", sa.Integer, nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("answers", sa.JSON, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("best_score", sa.Integer, nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
