"""notices, banners and announcements; the help centre

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
UtcDateTime = server.db.base.UtcDateTime


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("announcement_type", sa.String(length=16), nullable=True),
        sa.Column("platform", sa.String(length=1), nullable=False),
        sa.Column("audience", sa.String(length=16), nullable=False),
        sa.Column("starts_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("ends_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("image_url", sa.String(length=500), nullable=True),
        sa.Column("link_url", sa.String(length=500), nullable=True),
        sa.Column("texts", sa.JSON(), nullable=False),
        sa.Column("created_by_staff_id", BigIntId, nullable=True),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('BANNER', 'POPUP', 'ANNOUNCEMENT', 'PROMOTION', 'PLAYER')", name=op.f("ck_notices_kind")
        ),
        sa.CheckConstraint("platform IN ('W', 'M', 'A')", name=op.f("ck_notices_platform")),
        sa.CheckConstraint(
            "audience IN ('ALL', 'VISITORS', 'MEMBERS', 'AGENTS', 'RANKS')", name=op.f("ck_notices_audience")
        ),
        sa.CheckConstraint(
            "ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at", name=op.f("ck_notices_window")
        ),
        sa.ForeignKeyConstraint(
            ["created_by_staff_id"],
            ["staff.id"],
            name=op.f("fk_notices_created_by_staff_id_staff"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_notices_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notices")),
    )
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notices_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index(
            "ix_notices_merchant_id_kind_published", ["merchant_id", "kind", "published"], unique=False
        )

    op.create_table(
        "notice_ranks",
        sa.Column("notice_id", BigIntId, nullable=False),
        sa.Column("rank_level", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["notice_id"], ["notices.id"], name=op.f("fk_notice_ranks_notice_id_notices"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("notice_id", "rank_level", name=op.f("pk_notice_ranks")),
    )

    op.create_table(
        "help_categories",
        sa.Column("code", sa.String(length=24), nullable=False),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("texts", sa.JSON(), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_help_categories_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_help_categories")),
        sa.UniqueConstraint("merchant_id", "code", name=op.f("uq_help_categories_merchant_id_code")),
    )
    with op.batch_alter_table("help_categories", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_help_categories_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "help_articles",
        sa.Column("category_id", BigIntId, nullable=False),
        sa.Column("sort_order", sa.Integer(), nullable=False),
        sa.Column("texts", sa.JSON(), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["help_categories.id"],
            name=op.f("fk_help_articles_category_id_help_categories"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_help_articles_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_help_articles")),
    )
    with op.batch_alter_table("help_articles", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_help_articles_category_id"), ["category_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_help_articles_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("help_articles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_help_articles_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_help_articles_category_id"))
    op.drop_table("help_articles")
    with op.batch_alter_table("help_categories", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_help_categories_merchant_id"))
    op.drop_table("help_categories")
    op.drop_table("notice_ranks")
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.drop_index("ix_notices_merchant_id_kind_published")
        batch_op.drop_index(batch_op.f("ix_notices_merchant_id"))
    op.drop_table("notices")
