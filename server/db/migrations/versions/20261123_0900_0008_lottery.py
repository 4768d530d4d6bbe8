"""lottery

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_TS = server.db.base.UtcDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "lottery_issues",
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue_no", sa.String(length=16), nullable=False),
        sa.Column("opens_at", _TS, nullable=False),
        sa.Column("closes_at", _TS, nullable=False),
        sa.Column("draw_at", _TS, nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("tiers", sa.JSON(), nullable=True),
        sa.Column("drawn_at", _TS, nullable=True),
        sa.Column("settled_at", _TS, nullable=True),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_issues")),
        sa.UniqueConstraint("game_code", "issue_no", name=op.f("uq_lottery_issues_game_code_issue_no")),
    )
    op.create_index("ix_lottery_issues_due", "lottery_issues", ["status", "draw_at"])
    op.create_index("ix_lottery_issues_game", "lottery_issues", ["game_code", "draw_at"])

    op.create_table(
        "lottery_bets",
        sa.Column("game_code", sa.String(length=32), nullable=False),
        sa.Column("issue_no", sa.String(length=16), nullable=False),
        sa.Column("session_id", sa.BigInteger(), nullable=False),
        sa.Column("merchant_code", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=64), nullable=False),
        sa.Column("wallet_session", sa.String(length=128), nullable=True),
        sa.Column("prize_mode", sa.String(length=8), nullable=False),
        sa.Column("play_type", sa.String(length=8), nullable=False),
        sa.Column("picks", sa.JSON(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("odds", sa.Integer(), nullable=False),
        sa.Column("tx_id", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("win", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.JSON(), nullable=False),
        sa.Column("settled_at", _TS, nullable=True),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("merchant_id", _ID, nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_lottery_bets_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lottery_bets")),
        sa.UniqueConstraint("tx_id", name=op.f("uq_lottery_bets_tx_id")),
    )
    op.create_index("ix_lottery_bets_issue", "lottery_bets", ["game_code", "issue_no", "status"])
    op.create_index("ix_lottery_bets_player", "lottery_bets", ["merchant_id", "player_id", "id"])
    op.create_index(op.f("ix_lottery_bets_merchant_id"), "lottery_bets", ["merchant_id"])
    op.create_index(op.f("ix_lottery_bets_session_id"), "lottery_bets", ["session_id"])


def downgrade() -> None:
    op.drop_table("lottery_bets")
    op.drop_table("lottery_issues")
