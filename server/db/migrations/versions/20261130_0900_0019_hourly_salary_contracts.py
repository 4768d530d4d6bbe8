"""hourly salary contracts

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-30 09:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _kinds(kinds: str) -> None:
    with op.batch_alter_table("agent_contracts", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_agent_contracts_kind"), type_="check")
        batch_op.create_check_constraint(op.f("ck_agent_contracts_kind"), f"kind IN ({kinds})")


def upgrade() -> None:
    _kinds("'DAILY_SALARY', 'HOURLY_SALARY'")


def downgrade() -> None:
    op.execute("DELETE FROM agent_settlements WHERE kind = 'HOURLY_SALARY'")
    op.execute("DELETE FROM agent_contracts WHERE kind = 'HOURLY_SALARY'")
    _kinds("'DAILY_SALARY'")
