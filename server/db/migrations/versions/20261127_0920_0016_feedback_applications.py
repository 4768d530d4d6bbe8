"""members' feedback with images; affiliate and agent applications

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "feedback",
        sa.Column("member_id", BigIntId, nullable=False),
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("image_count", sa.SmallInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("answered_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("answered_by_staff_id", BigIntId, nullable=True),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "category IN ('SUGGESTION', 'BUG', 'PAYMENT', 'GAME', 'OTHER')", name=op.f("ck_feedback_category")
        ),
        sa.CheckConstraint("status IN ('OPEN', 'ANSWERED')", name=op.f("ck_feedback_status")),
        sa.ForeignKeyConstraint(
            ["answered_by_staff_id"],
            ["staff.id"],
            name=op.f("fk_feedback_answered_by_staff_id_staff"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_feedback_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_feedback_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
    )
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.create_index("ix_feedback_member_time", ["member_id", "created_at"], unique=False)
        batch_op.create_index("ix_feedback_merchant_status", ["merchant_id", "status", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_feedback_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "feedback_images",
        sa.Column("feedback_id", BigIntId, nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("content_type", sa.String(length=16), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.CheckConstraint(
            "content_type IN ('image/png', 'image/jpeg')", name=op.f("ck_feedback_images_content_type")
        ),
        sa.CheckConstraint("position BETWEEN 0 AND 2", name=op.f("ck_feedback_images_position")),
        sa.ForeignKeyConstraint(
            ["feedback_id"],
            ["feedback.id"],
            name=op.f("fk_feedback_images_feedback_id_feedback"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback_images")),
        sa.UniqueConstraint("feedback_id", "position", name=op.f("uq_feedback_images_feedback_id_position")),
    )

    op.create_table(
        "applications",
        sa.Column("member_id", BigIntId, nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("contact_type", sa.String(length=16), nullable=False),
        sa.Column("contact", sa.String(length=120), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        sa.Column("handled_by_staff_id", BigIntId, nullable=True),
        sa.Column("handled_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "contact_type IN ('MOBILE', 'EMAIL', 'TELEGRAM', 'WHATSAPP', 'LINE', 'ZALO')",
            name=op.f("ck_applications_contact_type"),
        ),
        sa.CheckConstraint("kind IN ('AFFILIATE', 'AGENT')", name=op.f("ck_applications_kind")),
        sa.CheckConstraint("status IN ('NEW', 'CONTACTED', 'CLOSED')", name=op.f("ck_applications_status")),
        sa.ForeignKeyConstraint(
            ["handled_by_staff_id"],
            ["staff.id"],
            name=op.f("fk_applications_handled_by_staff_id_staff"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_applications_member_id_members"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_applications_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_applications")),
    )
    with op.batch_alter_table("applications", schema=None) as batch_op:
        batch_op.create_index("ix_applications_ip_time", ["merchant_id", "ip", "created_at"], unique=False)
        batch_op.create_index(
            "ix_applications_merchant_status", ["merchant_id", "status", "id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_applications_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("applications", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_applications_merchant_id"))
        batch_op.drop_index("ix_applications_merchant_status")
        batch_op.drop_index("ix_applications_ip_time")
    op.drop_table("applications")
    op.drop_table("feedback_images")
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_feedback_merchant_id"))
        batch_op.drop_index("ix_feedback_merchant_status")
        batch_op.drop_index("ix_feedback_member_time")
    op.drop_table("feedback")
