"""staff roles FINANCE and AUDITOR; a staff account can be disabled; two-factor sign-in for staff

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 10:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_staff_role"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_staff_role"), "role IN ('OPERATOR', 'FINANCE', 'SUPPORT', 'AUDITOR')"
        )
        batch_op.add_column(
            sa.Column("disabled_at", server.db.base.UtcDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("otp_secret", sa.String(length=255), nullable=True))
        batch_op.add_column(
            sa.Column("otp_enabled_at", server.db.base.UtcDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("otp_last_step", sa.BigInteger(), nullable=True))
    op.create_table(
        "staff_recovery_codes",
        sa.Column("staff_id", BigIntId, nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("used_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staff.id"],
            name=op.f("fk_staff_recovery_codes_staff_id_staff"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_recovery_codes")),
    )
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_recovery_codes_staff_id"), ["staff_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_recovery_codes_staff_id"))
    op.drop_table("staff_recovery_codes")
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.drop_column("otp_last_step")
        batch_op.drop_column("otp_enabled_at")
        batch_op.drop_column("otp_secret")
        batch_op.drop_column("disabled_at")
        batch_op.drop_constraint(op.f("ck_staff_role"), type_="check")
        batch_op.create_check_constraint(op.f("ck_staff_role"), "role IN ('SUPPORT', 'OPERATOR')")
