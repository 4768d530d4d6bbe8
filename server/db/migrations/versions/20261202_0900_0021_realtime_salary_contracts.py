"""real-time salary contracts: a fourth kind, and its settlements' inputs

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INPUTS = ("lost", "won", "loss_rate_bps", "profit_rate_bps")


def _kinds(kinds: str) -> None:
    with op.batch_alter_table("agent_contracts", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_agent_contracts_kind"), type_="check")
        batch_op.create_check_constraint(op.f("ck_agent_contracts_kind"), f"kind IN ({kinds})")


def upgrade() -> None:
    _kinds("'DAILY_SALARY', 'HOURLY_SALARY', 'DIVIDEND', 'REALTIME_SALARY'")
    with op.batch_alter_table("agent_settlements", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lost", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("won", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("loss_rate_bps", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("profit_rate_bps", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM agent_settlements WHERE kind = 'REALTIME_SALARY'")
    op.execute("DELETE FROM agent_contracts WHERE kind = 'REALTIME_SALARY'")
    with op.batch_alter_table("agent_settlements", schema=None) as batch_op:
        for column in reversed(INPUTS):
            batch_op.drop_column(column)
    _kinds("'DAILY_SALARY', 'HOURLY_SALARY', 'DIVIDEND'")
