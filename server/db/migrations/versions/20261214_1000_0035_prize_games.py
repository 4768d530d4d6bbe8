"""the lucky wheel and the golden egg: prize games, seeds, plays, day counters, check-ins (issue 33); points
postings gain the MINIGAME reason

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-14 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0035"
down_revision: str | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REASONS = "reason IN ('EARNED', 'REDEEM', 'REDEEM_REFUND', 'CONVERT', 'ADJUST'{})"


def _points_reasons(rule: str) -> None:
    with op.batch_alter_table("points_postings", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_points_postings_reason"), type_="check")
        batch_op.create_check_constraint(op.f("ck_points_postings_reason"), rule)


def upgrade() -> None:
    op.create_table(
        "prize_games",
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("per_deposit", sa.BigInteger(), nullable=True),
        sa.Column("per_turnover", sa.BigInteger(), nullable=True),
        sa.Column("per_checkin", sa.Integer(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('WHEEL', 'EGG')", name=op.f("ck_prize_games_kind")),
        sa.CheckConstraint("per_checkin >= 0", name=op.f("ck_prize_games_per_checkin")),
        sa.CheckConstraint("per_deposit IS NULL OR per_deposit > 0", name=op.f("ck_prize_games_per_deposit")),
        sa.CheckConstraint(
            "per_turnover IS NULL OR per_turnover > 0", name=op.f("ck_prize_games_per_turnover")
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_prize_games_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prize_games")),
    )
    with op.batch_alter_table("prize_games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_prize_games_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "minigame_checkins",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_minigame_checkins_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_minigame_checkins_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_minigame_checkins")),
        sa.UniqueConstraint("member_id", "day", name=op.f("uq_minigame_checkins_member_id_day")),
    )
    with op.batch_alter_table("minigame_checkins", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_minigame_checkins_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "prize_counters",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.CheckConstraint("used >= 0", name=op.f("ck_prize_counters_used")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["prize_games.id"],
            name=op.f("fk_prize_counters_game_id_prize_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_prize_counters_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_prize_counters_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "member_id", "day", name=op.f("pk_prize_counters")),
    )
    with op.batch_alter_table("prize_counters", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_prize_counters_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "prize_seeds",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("server_seed", sa.String(length=64), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("nonce >= 0", name=op.f("ck_prize_seeds_nonce")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["prize_games.id"],
            name=op.f("fk_prize_seeds_game_id_prize_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_prize_seeds_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_prize_seeds_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "member_id", name=op.f("pk_prize_seeds")),
    )
    with op.batch_alter_table("prize_seeds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_prize_seeds_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "prize_plays",
        sa.Column("game_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("game_kind", sa.String(length=8), nullable=False),
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("seed_hash", sa.String(length=64), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("prize_index", sa.Integer(), nullable=False),
        sa.Column("prize", sa.JSON(), nullable=False),
        sa.Column("prize_kind", sa.String(length=8), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("value", sa.BigInteger(), nullable=True),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("raffle_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("transfer_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "prize_kind IN ('MONEY', 'POINTS', 'TICKETS', 'NOTHING')", name=op.f("ck_prize_plays_prize_kind")
        ),
        sa.CheckConstraint("nonce >= 0", name=op.f("ck_prize_plays_nonce")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["prize_games.id"],
            name=op.f("fk_prize_plays_game_id_prize_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_prize_plays_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_prize_plays_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["raffle_id"],
            ["promotions.id"],
            name=op.f("fk_prize_plays_raffle_id_promotions"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prize_plays")),
    )
    with op.batch_alter_table("prize_plays", schema=None) as batch_op:
        batch_op.create_index("ix_prize_plays_member", ["member_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_prize_plays_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index(
            "ix_prize_plays_merchant_kind", ["merchant_id", "prize_kind", "created_at"], unique=False
        )

    _points_reasons(REASONS.format(", 'MINIGAME'"))


def downgrade() -> None:
    op.execute("DELETE FROM points_postings WHERE reason = 'MINIGAME'")
    _points_reasons(REASONS.format(""))
    with op.batch_alter_table("prize_plays", schema=None) as batch_op:
        batch_op.drop_index("ix_prize_plays_merchant_kind")
        batch_op.drop_index(batch_op.f("ix_prize_plays_merchant_id"))
        batch_op.drop_index("ix_prize_plays_member")

    op.drop_table("prize_plays")
    with op.batch_alter_table("prize_seeds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_prize_seeds_merchant_id"))

    op.drop_table("prize_seeds")
    with op.batch_alter_table("prize_counters", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_prize_counters_merchant_id"))

    op.drop_table("prize_counters")
    with op.batch_alter_table("minigame_checkins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_minigame_checkins_merchant_id"))

    op.drop_table("minigame_checkins")
    with op.batch_alter_table("prize_games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_prize_games_merchant_id"))

    op.drop_table("prize_games")
