"""the maintenance page can carry the operator's own words

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("maintenance_message", sa.String(length=500), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.drop_column("maintenance_message")
