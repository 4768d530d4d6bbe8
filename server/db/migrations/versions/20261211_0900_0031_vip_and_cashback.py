"""VIP levels and cashback (issue 32)

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-11 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cashback_settings",
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("minimum", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("mode IN ('MANUAL', 'DAILY')", name=op.f("ck_cashback_settings_mode")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_cashback_settings_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("merchant_id", name=op.f("pk_cashback_settings")),
    )
    op.create_table(
        "vip_levels",
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("emblem", sa.String(length=16), nullable=False),
        sa.Column("deposit_required", sa.BigInteger(), nullable=False),
        sa.Column("turnover_required", sa.BigInteger(), nullable=False),
        sa.Column("upgrade_bonus", sa.BigInteger(), nullable=False),
        sa.Column("monthly_bonus", sa.BigInteger(), nullable=False),
        sa.Column("birthday_bonus", sa.BigInteger(), nullable=False),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("cashback_rates", sa.JSON(), nullable=False),
        sa.Column("daily_withdrawal_count", sa.Integer(), nullable=True),
        sa.Column("daily_withdrawal_amount", sa.BigInteger(), nullable=True),
        sa.Column("vip_chat", sa.Boolean(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "emblem IN ('BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND', 'CROWN')",
            name=op.f("ck_vip_levels_emblem"),
        ),
        sa.CheckConstraint("level BETWEEN 0 AND 10", name=op.f("ck_vip_levels_level")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_vip_levels_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vip_levels")),
        sa.UniqueConstraint("merchant_id", "level", name=op.f("uq_vip_levels_merchant_id_level")),
    )
    with op.batch_alter_table("vip_levels", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vip_levels_merchant_id"), ["merchant_id"], unique=False)
    op.create_table(
        "vip_settings",
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("window_days", sa.Integer(), nullable=False),
        sa.Column("demote", sa.Boolean(), nullable=False),
        sa.Column("grace_days", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_vip_settings_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("merchant_id", name=op.f("pk_vip_settings")),
    )
    op.create_table(
        "cashback_claims",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("since", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("until", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("auto", sa.Boolean(), nullable=False),
        sa.Column("reward_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_cashback_claims_amount")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_cashback_claims_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_cashback_claims_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cashback_claims")),
        sa.UniqueConstraint("member_id", "until", name=op.f("uq_cashback_claims_member_id_until")),
    )
    with op.batch_alter_table("cashback_claims", schema=None) as batch_op:
        batch_op.create_index("ix_cashback_claims_member", ["member_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_cashback_claims_merchant_id"), ["merchant_id"], unique=False)
    op.create_table(
        "cashback_cursors",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("claimed_until", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_cashback_cursors_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_cashback_cursors_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_cashback_cursors")),
    )
    with op.batch_alter_table("cashback_cursors", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cashback_cursors_merchant_id"), ["merchant_id"], unique=False)
    op.create_table(
        "vip_members",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("promoted_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("below_since", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_vip_members_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_vip_members_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_vip_members")),
    )
    with op.batch_alter_table("vip_members", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vip_members_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("vip_members", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vip_members_merchant_id"))
    op.drop_table("vip_members")
    with op.batch_alter_table("cashback_cursors", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cashback_cursors_merchant_id"))
    op.drop_table("cashback_cursors")
    with op.batch_alter_table("cashback_claims", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cashback_claims_merchant_id"))
        batch_op.drop_index("ix_cashback_claims_member")
    op.drop_table("cashback_claims")
    op.drop_table("vip_settings")
    with op.batch_alter_table("vip_levels", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vip_levels_merchant_id"))
    op.drop_table("vip_levels")
    op.drop_table("cashback_settings")
