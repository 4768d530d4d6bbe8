"""register title per brand; customer-service entries point at real pages

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Earlier demo data pointed the service entries at a chat page that was never built.
_UNBUILT = ("/support/chat", "/support/vip")
_SERVICE_PAGE = "/service"  # the portal's own customer-service page


def upgrade() -> None:
    # The register modal's title, per language, as the brand words its offer; NULL: a neutral title.
    op.add_column("merchants", sa.Column("register_title", sa.JSON(), nullable=True))
    entries = sa.table("customer_service_entries", sa.column("path", sa.String))
    op.execute(entries.update().where(entries.c.path.in_(_UNBUILT)).values(path=_SERVICE_PAGE))


def downgrade() -> None:
    op.drop_column("merchants", "register_title")
