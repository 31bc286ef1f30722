"""Saved quizzes can be deleted: a nullable ``quiz.deleted_at`` (a soft delete).

A session keeps a copy of its quiz's spec and refers to the quiz by a NOT NULL foreign key, so deleting
the row would either fail or (with a cascade) take the class's results with it. The quiz row is kept and
marked instead; the app lists, loads and starts only quizzes whose ``deleted_at`` is NULL. Existing rows
are untouched (NULL: not deleted).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quiz") as batch:
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # Deleted quizzes that no session refers to go; the others come back (their sessions need the row).
    op.execute("DELETE FROM quiz WHERE deleted_at IS NOT NULL "
               "AND NOT EXISTS (SELECT 1 FROM quiz_session WHERE quiz_session.quiz_id = quiz.id)")
    with op.batch_alter_table("quiz") as batch:
        batch.drop_column("deleted_at")
