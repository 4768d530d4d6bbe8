"""bonus grant ceilings and four-eyes approval: per-brand limits on the merchants, the grants operators give
or ask for (PENDING until a second staff member approves), and the per-merchant business-day total that the
daily ceiling is kept on

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-07 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
# The demo defaults, in minor units: 20,000.00 a grant, 200,000.00 a business day, a second pair of eyes
# above 5,000.00 (the models' defaults for merchants opened later).
LIMITS = (("bonus_grant_max", "2000000"), ("bonus_daily_max", "20000000"), ("bonus_approval_above", "500000"))


def upgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        for name, default in LIMITS:
            batch_op.add_column(sa.Column(name, sa.BigInteger(), server_default=default, nullable=False))

    op.create_table(
        "bonus_grants",
        sa.Column("order_no", sa.String(length=40), nullable=False),
        sa.Column("member_id", ID, nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=120), nullable=False),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("requested_by", ID, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decided_by", ID, nullable=True),
        sa.Column("decided_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("note", sa.String(length=255), nullable=True),
        sa.Column("transfer_id", ID, nullable=True),
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("merchant_id", ID, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_bonus_grants_amount_positive")),
        sa.CheckConstraint("status IN ('PENDING', 'PAID', 'REJECTED')", name=op.f("ck_bonus_grants_status")),
        sa.CheckConstraint(
            "status <> 'PAID' OR decided_by IS NULL OR decided_by <> requested_by",
            name=op.f("ck_bonus_grants_four_eyes"),
        ),
        sa.ForeignKeyConstraint(["decided_by"], ["staff.id"], name=op.f("fk_bonus_grants_decided_by_staff")),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_bonus_grants_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_bonus_grants_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["requested_by"], ["staff.id"], name=op.f("fk_bonus_grants_requested_by_staff")
        ),
        sa.ForeignKeyConstraint(
            ["transfer_id"],
            ["ledger_transfers.id"],
            name=op.f("fk_bonus_grants_transfer_id_ledger_transfers"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bonus_grants")),
        sa.UniqueConstraint(
            "merchant_id",
            "requested_by",
            "request_id",
            name=op.f("uq_bonus_grants_merchant_id_requested_by_request_id"),
        ),
        sa.UniqueConstraint("order_no", name=op.f("uq_bonus_grants_order_no")),
    )
    with op.batch_alter_table("bonus_grants", schema=None) as batch_op:
        batch_op.create_index("ix_bonus_grants_queue", ["merchant_id", "status", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_bonus_grants_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_bonus_grants_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "bonus_grant_days",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("granted", sa.BigInteger(), nullable=False),
        sa.Column("id", ID, autoincrement=True, nullable=False),
        sa.Column("merchant_id", ID, nullable=False),
        sa.CheckConstraint("granted >= 0", name=op.f("ck_bonus_grant_days_granted_not_negative")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_bonus_grant_days_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bonus_grant_days")),
        sa.UniqueConstraint("merchant_id", "day", name=op.f("uq_bonus_grant_days_merchant_id_day")),
    )
    with op.batch_alter_table("bonus_grant_days", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_bonus_grant_days_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("bonus_grant_days", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bonus_grant_days_merchant_id"))
    op.drop_table("bonus_grant_days")
    with op.batch_alter_table("bonus_grants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bonus_grants_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_bonus_grants_member_id"))
        batch_op.drop_index("ix_bonus_grants_queue")
    op.drop_table("bonus_grants")
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        for name, _default in reversed(LIMITS):
            batch_op.drop_column(name)
