"""Practice: generated items, each learner's memory of each rule (FSRS), ratings (Glicko-2), answers.

New tables only; nothing existing changes.

- ``practice_item``: a generated item (its scenario data, the rule it practises) and its rating;
- ``practice_memory``: a learner's FSRS card per (game, rule), with when it is due;
- ``practice_rating``: a learner's rating per game;
- ``practice_answer``: every practice answer (which item, right or wrong, when): no item is served twice,
  and the days practised make the streak.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_item",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rule", sa.String(80), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_practice_item_game_rule", "practice_item", ["game", "rule"])
    op.create_table(
        "practice_memory",
        sa.Column("learner_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("rule", sa.String(80), primary_key=True),
        sa.Column("card", sa.JSON, nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reps", sa.Integer, nullable=False),
        sa.Column("lapses", sa.Integer, nullable=False),
        sa.Column("last", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "practice_rating",
        sa.Column("learner_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
    )
    op.create_table(
        "practice_answer",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("item_id", sa.String(80), nullable=False),
        sa.Column("rule", sa.String(80), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_practice_answer_learner", "practice_answer", ["learner_id", "game"])


def downgrade() -> None:
    op.drop_index("ix_practice_answer_learner", "practice_answer")
    op.drop_table("practice_answer")
    op.drop_table("practice_rating")
    op.drop_table("practice_memory")
    op.drop_index("ix_practice_item_game_rule", "practice_item")
    op.drop_table("practice_item")
