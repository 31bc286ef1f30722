"""Quizzes, class sessions, students, answers (one per student and question) and failed joins.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "quiz",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
    )
    op.create_table(
        "quiz_session",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("quiz_id", sa.Integer, sa.ForeignKey("quiz.id"), nullable=False),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("closed_at", TZ, nullable=True),
        sa.UniqueConstraint("code", name="uq_quiz_session_code"),
    )
    op.create_table(
        "quiz_student",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("quiz_session.id"), nullable=False),
        sa.Column("token", sa.String(48), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("started_at", TZ, nullable=False),
        sa.Column("joined_at", TZ, nullable=False),
        sa.UniqueConstraint("token", name="uq_quiz_student_token"),
        sa.UniqueConstraint("session_id", "name", name="uq_quiz_student_name"),
    )
    op.create_index("ix_quiz_student_session_id", "quiz_student", ["session_id"])
    op.create_table(
        "quiz_answer",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("quiz_session.id"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("quiz_student.id"), nullable=False),
        sa.Column("item", sa.Integer, nullable=False),
        sa.Column("given", sa.JSON, nullable=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("timed_out", sa.Boolean, nullable=False),
        sa.Column("answered_at", TZ, nullable=False),
        sa.UniqueConstraint("session_id", "student_id", "item", name="uq_quiz_answer_once"),
    )
    op.create_index("ix_quiz_answer_session_id", "quiz_answer", ["session_id"])
    op.create_table(
        "quiz_failed_join",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("client", sa.String(80), nullable=False),
        sa.Column("at", TZ, nullable=False),
    )
    op.create_index("ix_quiz_failed_join_client_at", "quiz_failed_join", ["client", "at"])


def downgrade() -> None:
    op.drop_table("quiz_failed_join")
    op.drop_table("quiz_answer")
    op.drop_table("quiz_student")
    op.drop_table("quiz_session")
    op.drop_table("quiz")
