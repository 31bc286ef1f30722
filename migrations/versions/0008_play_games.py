"""Learn by playing: each learner's games (issue 24).

One new table; nothing existing changes. A game is its set-up (game, seats, the learner's seats, the bots' level,
the seed) and its moves: the position is always their replay through the engine (``tutor/play``), never stored.

- ``play_game``: one row per game, ``status`` ``playing`` (the learner's current game of that game), ``won``,
  ``lost``, ``over`` (a competitive game's end) or ``abandoned`` (a new game was started instead).

Revision ID: 0008_play
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_play"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_game",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("learner_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("moves", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_play_game_learner", "play_game", ["learner_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_play_game_learner", table_name="play_game")
    op.drop_table("play_game")
