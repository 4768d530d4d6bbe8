"""invite friends (issue 32): the referral rules per merchant and one row per invitee

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-13 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "referral_rules",
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("reward", sa.BigInteger(), nullable=False),
        sa.Column("deposit", sa.BigInteger(), nullable=False),
        sa.Column("turnover", sa.BigInteger(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.CheckConstraint("days BETWEEN 1 AND 365", name=op.f("ck_referral_rules_days")),
        sa.CheckConstraint("deposit >= 0 AND turnover >= 0", name=op.f("ck_referral_rules_thresholds")),
        sa.CheckConstraint("reward > 0", name=op.f("ck_referral_rules_reward")),
        sa.CheckConstraint("wager_multiple BETWEEN 0 AND 100", name=op.f("ck_referral_rules_wager_multiple")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_referral_rules_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("merchant_id", name=op.f("pk_referral_rules")),
    )
    op.create_table(
        "referral_invitees",
        sa.Column("invitee_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("inviter_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=True),
        sa.Column("device", sa.String(length=64), nullable=True),
        sa.Column("registered_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("window_ends_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=True),
        sa.Column("reason", sa.String(length=16), nullable=True),
        sa.Column("reward", sa.BigInteger(), nullable=True),
        sa.Column("decided_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "outcome IN ('REWARDED', 'INELIGIBLE')", name=op.f("ck_referral_invitees_outcome")
        ),
        sa.CheckConstraint(
            "reason IN ('SELF', 'SAME_ADDRESS', 'SAME_DEVICE', 'TRIAL_INVITEE', 'AGENT_INVITER')",
            name=op.f("ck_referral_invitees_reason"),
        ),
        sa.ForeignKeyConstraint(
            ["invitee_id"],
            ["members.id"],
            name=op.f("fk_referral_invitees_invitee_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["inviter_id"],
            ["members.id"],
            name=op.f("fk_referral_invitees_inviter_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_referral_invitees_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("invitee_id", name=op.f("pk_referral_invitees")),
    )
    with op.batch_alter_table("referral_invitees", schema=None) as batch_op:
        batch_op.create_index("ix_referral_invitees_inviter", ["inviter_id", "registered_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_referral_invitees_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index(
            "ix_referral_invitees_open", ["merchant_id", "outcome", "window_ends_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("referral_invitees", schema=None) as batch_op:
        batch_op.drop_index("ix_referral_invitees_open")
        batch_op.drop_index(batch_op.f("ix_referral_invitees_merchant_id"))
        batch_op.drop_index("ix_referral_invitees_inviter")

    op.drop_table("referral_invitees")
    op.drop_table("referral_rules")
