"""brand theme: each merchant's colours, font stack, logo, favicon and home images

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-03 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: an existing merchant keeps today's look (the default theme) until an operator sets one.
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("theme", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.drop_column("theme")
