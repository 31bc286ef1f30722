"""A learner's saved language: ``learner_settings`` (learner id -> language chosen with the picker).

The app picks the language from ``?lang=``, then this saved choice, then the browser's Accept-Language, then
English; choosing in the picker saves it here against the learner id the URL carries, so the next visit from
the same link opens in that language.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner_settings",
        sa.Column("learner_id", sa.String(64), primary_key=True),
        sa.Column("language", sa.String(16), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("learner_settings")
