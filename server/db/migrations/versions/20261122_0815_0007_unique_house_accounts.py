"""unique house accounts

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22 08:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # House accounts have no member: the table's unique constraint treats their NULLs as distinct.
    op.create_index(
        "uq_ledger_accounts_house",
        "ledger_accounts",
        ["merchant_id", "kind", "vendor_code", "shard"],
        unique=True,
        sqlite_where=sa.text("member_id IS NULL"),
        postgresql_where=sa.text("member_id IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_ledger_accounts_house", table_name="ledger_accounts")
