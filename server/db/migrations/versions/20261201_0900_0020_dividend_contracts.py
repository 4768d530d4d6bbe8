"""dividend contracts: a cycle per contract, settlements that wait for approval

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-01 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MEMBER_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
CYCLE_RULE = (
    "(kind = 'DIVIDEND') = (cycle IS NOT NULL)"
    " AND (cycle IS NULL OR cycle IN ('DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'))"
)


def upgrade() -> None:
    with op.batch_alter_table("agent_contracts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cycle", sa.String(length=16), nullable=True))
        batch_op.drop_constraint(op.f("ck_agent_contracts_kind"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_agent_contracts_kind"), "kind IN ('DAILY_SALARY', 'HOURLY_SALARY', 'DIVIDEND')"
        )
        batch_op.create_check_constraint(op.f("ck_agent_contracts_cycle"), CYCLE_RULE)
    with op.batch_alter_table("agent_settlements", schema=None) as batch_op:
        batch_op.add_column(sa.Column("status", sa.String(length=16), server_default="PAID", nullable=False))
        batch_op.add_column(sa.Column("net_loss", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("carry_in", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("lower_dividends", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("approved_by", MEMBER_ID, nullable=True))
        batch_op.add_column(
            sa.Column("approved_at", server.db.base.UtcDateTime(timezone=True), nullable=True)
        )
        batch_op.create_check_constraint(op.f("ck_agent_settlements_status"), "status IN ('PAID', 'PENDING')")
        batch_op.create_index("ix_agent_settlements_kind_period", ["kind", "period_start"], unique=False)


def downgrade() -> None:
    op.execute("DELETE FROM agent_settlements WHERE kind = 'DIVIDEND'")
    op.execute("DELETE FROM agent_contracts WHERE kind = 'DIVIDEND'")
    with op.batch_alter_table("agent_settlements", schema=None) as batch_op:
        batch_op.drop_index("ix_agent_settlements_kind_period")
        batch_op.drop_constraint(op.f("ck_agent_settlements_status"), type_="check")
        for column in ("approved_at", "approved_by", "lower_dividends", "carry_in", "net_loss", "status"):
            batch_op.drop_column(column)
    with op.batch_alter_table("agent_contracts", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_agent_contracts_cycle"), type_="check")
        batch_op.drop_constraint(op.f("ck_agent_contracts_kind"), type_="check")
        batch_op.create_check_constraint(
            op.f("ck_agent_contracts_kind"), "kind IN ('DAILY_SALARY', 'HOURLY_SALARY')"
        )
        batch_op.drop_column("cycle")
