"""transfer-wallet brands: automatic transfer into a game's wallet at launch and back

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-05 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Off for every existing merchant: its players keep moving money by hand until an operator switches
    # it on (the seed switches it on for demo2).
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("auto_transfer", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.drop_column("auto_transfer")
