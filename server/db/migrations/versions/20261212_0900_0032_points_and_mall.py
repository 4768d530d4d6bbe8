"""points and the points mall (issue 32)

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-12 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "points_accruals",
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("last_until", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_points_accruals_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("merchant_id", name=op.f("pk_points_accruals")),
    )
    op.create_table(
        "points_settings",
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("ratio", sa.Integer(), nullable=False),
        sa.Column("min_convert", sa.Integer(), nullable=False),
        sa.Column("rates", sa.JSON(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("min_convert > 0", name=op.f("ck_points_settings_min_convert")),
        sa.CheckConstraint("ratio > 0", name=op.f("ck_points_settings_ratio")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_points_settings_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("merchant_id", name=op.f("pk_points_settings")),
    )
    op.create_table(
        "points_balances",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("current", sa.BigInteger(), nullable=False),
        sa.Column("carry", sa.Integer(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("carry >= 0 AND carry < 10000", name=op.f("ck_points_balances_carry")),
        sa.CheckConstraint("current >= 0", name=op.f("ck_points_balances_current")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_points_balances_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_points_balances_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_points_balances")),
    )
    with op.batch_alter_table("points_balances", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_points_balances_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "points_postings",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("change", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("reference", sa.String(length=120), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "reason IN ('EARNED', 'REDEEM', 'REDEEM_REFUND', 'CONVERT', 'ADJUST')",
            name=op.f("ck_points_postings_reason"),
        ),
        sa.CheckConstraint("balance_after >= 0", name=op.f("ck_points_postings_balance_after")),
        sa.CheckConstraint("change <> 0", name=op.f("ck_points_postings_change")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_points_postings_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_points_postings_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_points_postings")),
        sa.UniqueConstraint(
            "merchant_id", "reference", name=op.f("uq_points_postings_merchant_id_reference")
        ),
    )
    with op.batch_alter_table("points_postings", schema=None) as batch_op:
        batch_op.create_index("ix_points_postings_member", ["member_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_points_postings_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "mall_items",
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("descriptions", sa.JSON(), nullable=False),
        sa.Column("image_url", sa.String(length=500), nullable=True),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("amount_required", sa.BigInteger(), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=True),
        sa.Column("stock", sa.Integer(), nullable=True),
        sa.Column("per_member", sa.Integer(), nullable=True),
        sa.Column("raffle_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "category IN ('BONUS', 'FREE_SPINS', 'RAFFLE_TICKETS', 'GOODS')",
            name=op.f("ck_mall_items_category"),
        ),
        sa.CheckConstraint("amount_required >= 0", name=op.f("ck_mall_items_amount_required")),
        sa.CheckConstraint("per_member IS NULL OR per_member > 0", name=op.f("ck_mall_items_per_member")),
        sa.CheckConstraint("points > 0", name=op.f("ck_mall_items_points")),
        sa.CheckConstraint("stock IS NULL OR stock >= 0", name=op.f("ck_mall_items_stock")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_mall_items_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["raffle_id"],
            ["promotions.id"],
            name=op.f("fk_mall_items_raffle_id_promotions"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mall_items")),
    )
    with op.batch_alter_table("mall_items", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mall_items_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index(
            "ix_mall_items_merchant_sort", ["merchant_id", "sort_order", "id"], unique=False
        )

    op.create_table(
        "mall_redeems",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("item_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("points", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("address", sa.String(length=255), nullable=True),
        sa.Column("mobile", sa.String(length=32), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=True),
        sa.Column("request_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("decided_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "status IN ('IN_PROCESS', 'APPROVED', 'REJECTED')", name=op.f("ck_mall_redeems_status")
        ),
        sa.CheckConstraint("quantity > 0", name=op.f("ck_mall_redeems_quantity")),
        sa.ForeignKeyConstraint(
            ["decided_by"], ["staff.id"], name=op.f("fk_mall_redeems_decided_by_staff"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["mall_items.id"],
            name=op.f("fk_mall_redeems_item_id_mall_items"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_mall_redeems_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_mall_redeems_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mall_redeems")),
        sa.UniqueConstraint("member_id", "request_id", name=op.f("uq_mall_redeems_member_id_request_id")),
    )
    with op.batch_alter_table("mall_redeems", schema=None) as batch_op:
        batch_op.create_index("ix_mall_redeems_member", ["member_id", "item_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_mall_redeems_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index(
            "ix_mall_redeems_merchant_status", ["merchant_id", "status", "id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("mall_redeems", schema=None) as batch_op:
        batch_op.drop_index("ix_mall_redeems_merchant_status")
        batch_op.drop_index(batch_op.f("ix_mall_redeems_merchant_id"))
        batch_op.drop_index("ix_mall_redeems_member")

    op.drop_table("mall_redeems")
    with op.batch_alter_table("mall_items", schema=None) as batch_op:
        batch_op.drop_index("ix_mall_items_merchant_sort")
        batch_op.drop_index(batch_op.f("ix_mall_items_merchant_id"))

    op.drop_table("mall_items")
    with op.batch_alter_table("points_postings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_points_postings_merchant_id"))
        batch_op.drop_index("ix_points_postings_member")

    op.drop_table("points_postings")
    with op.batch_alter_table("points_balances", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_points_balances_merchant_id"))

    op.drop_table("points_balances")
    op.drop_table("points_settings")
    op.drop_table("points_accruals")
