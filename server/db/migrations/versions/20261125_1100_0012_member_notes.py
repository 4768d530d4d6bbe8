"""staff notes on members

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 11:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "member_notes",
        sa.Column("member_id", BigIntId, nullable=False),
        sa.Column("staff_id", BigIntId, nullable=False),
        sa.Column("text", sa.String(length=2000), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_member_notes_member_id_members"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_member_notes_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(["staff_id"], ["staff.id"], name=op.f("fk_member_notes_staff_id_staff")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_notes")),
    )
    with op.batch_alter_table("member_notes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_member_notes_member_id"), ["member_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_member_notes_merchant_id"), ["merchant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("member_notes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_member_notes_merchant_id"))
        batch_op.drop_index(batch_op.f("ix_member_notes_member_id"))
    op.drop_table("member_notes")
