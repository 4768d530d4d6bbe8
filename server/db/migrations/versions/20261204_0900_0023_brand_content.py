"""home page content per brand (hero, figures, footer text) edited in the console

Adds `merchants.home_content`: the hero's title, subtitle and highlight chips and the footer's "about" text
per language (server/brands/home.py). Nullable: a merchant without any shows the portal's neutral title.

A brand theme's fallback banners lose the PROMOTIONS kind, which led to a promotions page that does not exist
yet; a stored theme holding one would no longer validate (and the brand would drop back to the default
look), so those banners are removed from stored themes here.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-04 09:00:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_merchants = sa.table("merchants", sa.column("id", sa.BigInteger()), sa.column("theme", sa.JSON()))


def _without_promotion_banners(theme: dict[str, Any]) -> dict[str, Any] | None:
    banners = theme.get("banners")
    if not isinstance(banners, list):
        return None
    kept = [b for b in banners if not (isinstance(b, dict) and b.get("kind") == "PROMOTIONS")]
    return None if len(kept) == len(banners) else {**theme, "banners": kept}


def upgrade() -> None:
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("home_content", sa.JSON(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_merchants.c.id, _merchants.c.theme).where(_merchants.c.theme.is_not(None))
    )
    for merchant_id, theme in rows.all():
        changed = _without_promotion_banners(theme) if isinstance(theme, dict) else None
        if changed is not None:
            connection.execute(
                _merchants.update().where(_merchants.c.id == merchant_id).values(theme=changed)
            )


def downgrade() -> None:
    # The removed banners are not put back: they pointed at a page that did not exist.
    with op.batch_alter_table("merchants", schema=None) as batch_op:
        batch_op.drop_column("home_content")
