"""loyalty rewards (issue 32)

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-10 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "loyalty_rewards",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("key", sa.String(length=96), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("transfer_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("paid_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('VIP_UPGRADE', 'VIP_MONTHLY', 'VIP_BIRTHDAY', 'CASHBACK', 'REFERRAL', 'POINTS_CONVERT', 'POINTS_REDEEM')",
            name=op.f("ck_loyalty_rewards_kind"),
        ),
        sa.CheckConstraint("amount > 0", name=op.f("ck_loyalty_rewards_amount")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_loyalty_rewards_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_loyalty_rewards_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_loyalty_rewards")),
        sa.UniqueConstraint("merchant_id", "key", name=op.f("uq_loyalty_rewards_merchant_id_key")),
    )
    with op.batch_alter_table("loyalty_rewards", schema=None) as batch_op:
        batch_op.create_index("ix_loyalty_rewards_member", ["member_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_loyalty_rewards_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("loyalty_rewards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_loyalty_rewards_merchant_id"))
        batch_op.drop_index("ix_loyalty_rewards_member")
    op.drop_table("loyalty_rewards")
