"""Learner codes and classes (issue 25): what lets a learner keep their progress and a teacher see a class.

- ``learner_code`` (tutor/learner_codes.py): only the SHA-256 of a code is stored, beside the learner id it
  restores; ``revoked_at`` is set when the learner revokes it or makes a new one;
- ``school_class`` and ``class_member`` (tutor/classes.py): a teacher's class (title, class code) and the
  learners who joined it, each once, under the name they chose;
- ``quiz_student.learner_id`` (nullable): the learner id of a student who joined a quiz from the app, so their
  quiz answers count on the class page. Rows from before keep NULL; nothing existing changes.

Revision ID: 0009_learner_codes
Revises: 0008_play
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_learner_codes"
down_revision = "0008_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner_code",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("learner_id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_learner_code_learner", "learner_code", ["learner_id"])
    op.create_table(
        "school_class",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code", name="uq_school_class_code"),
    )
    op.create_table(
        "class_member",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("school_class.id"), primary_key=True),
        sa.Column("learner_id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("class_id", "name", name="uq_class_member_name"),
    )
    op.create_index("ix_class_member_learner_id", "class_member", ["learner_id"])
    with op.batch_alter_table("quiz_student") as batch:
        batch.add_column(sa.Column("learner_id", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quiz_student") as batch:
        batch.drop_column("learner_id")
    op.drop_index("ix_class_member_learner_id", table_name="class_member")
    op.drop_table("class_member")
    op.drop_table("school_class")
    op.drop_index("ix_learner_code_learner", table_name="learner_code")
    op.drop_table("learner_code")
