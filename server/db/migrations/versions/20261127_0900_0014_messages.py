"""platform messages (messageV2), their recipients, and the member's chosen language

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.add_column(sa.Column("language", sa.String(length=8), nullable=True))

    op.create_table(
        "platform_messages",
        sa.Column("audience", sa.String(length=8), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("template", sa.String(length=32), nullable=True),
        sa.Column("texts", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("cursor", sa.BigInteger(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("claimed_until", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("sent_by_staff_id", BigIntId, nullable=True),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "audience IN ('MEMBER', 'LABEL', 'RANK', 'ALL')", name=op.f("ck_platform_messages_audience")
        ),
        sa.CheckConstraint(
            "kind IN ('SYSTEM', 'STAFF', 'FEEDBACK_ANSWER')", name=op.f("ck_platform_messages_kind")
        ),
        sa.CheckConstraint(
            "status IN ('PENDING', 'SENDING', 'SENT')", name=op.f("ck_platform_messages_status")
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_platform_messages_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["sent_by_staff_id"],
            ["staff.id"],
            name=op.f("fk_platform_messages_sent_by_staff_id_staff"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_platform_messages")),
    )
    with op.batch_alter_table("platform_messages", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_platform_messages_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index("ix_platform_messages_status", ["status"], unique=False)

    op.create_table(
        "message_recipients",
        sa.Column("message_id", BigIntId, nullable=False),
        sa.Column("member_id", BigIntId, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("read_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("deleted_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_message_recipients_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_message_recipients_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["platform_messages.id"],
            name=op.f("fk_message_recipients_message_id_platform_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_recipients")),
        sa.UniqueConstraint(
            "message_id", "member_id", name=op.f("uq_message_recipients_message_id_member_id")
        ),
    )
    with op.batch_alter_table("message_recipients", schema=None) as batch_op:
        batch_op.create_index(
            "ix_message_recipients_inbox", ["member_id", "deleted_at", "read_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("message_recipients", schema=None) as batch_op:
        batch_op.drop_index("ix_message_recipients_inbox")
    op.drop_table("message_recipients")
    with op.batch_alter_table("platform_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_platform_messages_status")
        batch_op.drop_index(batch_op.f("ix_platform_messages_merchant_id"))
    op.drop_table("platform_messages")

    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.drop_column("language")
