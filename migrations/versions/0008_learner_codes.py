"""Learner codes: a personal phrase that restores a learner's progress on another device (tutor/learner_codes.py).

One new table; nothing existing changes. Only the SHA-256 of a code is stored, beside the learner id it
restores; ``revoked_at`` is set when the learner revokes it or makes a new one.

Revision ID: 0008_learner_codes (a distinct id: another branch of the same wave adds its own 0008)
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_learner_codes"
down_revision = "0007"
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


def downgrade() -> None:
    op.drop_index("ix_learner_code_learner", table_name="learner_code")
    op.drop_table("learner_code")
