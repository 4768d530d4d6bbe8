"""the house keeps its own record of the merchants it serves; table bets found by status

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 23:00:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BigIntId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "house_merchants",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("live_tables", sa.Boolean(), nullable=False),
        sa.Column("id", BigIntId, autoincrement=True, nullable=False),
        sa.Column("merchant_id", BigIntId, nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_house_merchants_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_house_merchants")),
        sa.UniqueConstraint("code", name=op.f("uq_house_merchants_code")),
        sa.UniqueConstraint("merchant_id", name=op.f("uq_house_merchants_merchant_id")),
    )
    with op.batch_alter_table("house_merchants", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_house_merchants_merchant_id"), ["merchant_id"], unique=False)
    with op.batch_alter_table("house_table_bets", schema=None) as batch_op:
        batch_op.create_index("ix_house_table_bets_status", ["status"], unique=False)
    # Merchants provisioned before the house kept its own record: those offering its games (the HOUSE
    # provider). From now on the portal provisions the house through its call.
    merchants = sa.table("merchants", sa.column("id"), sa.column("code"))
    providers = sa.table("game_providers", sa.column("merchant_id"), sa.column("code"))
    served = sa.table(
        "house_merchants",
        sa.column("merchant_id"),
        sa.column("code"),
        sa.column("live_tables", sa.Boolean()),
        sa.column("created_at", server.db.base.UtcDateTime(timezone=True)),
    )
    offering = sa.select(
        merchants.c.id,
        merchants.c.code,
        sa.literal(True, sa.Boolean()),
        sa.literal(datetime.now(UTC), server.db.base.UtcDateTime(timezone=True)),
    ).where(sa.exists().where(providers.c.merchant_id == merchants.c.id, providers.c.code == "HOUSE"))
    op.execute(served.insert().from_select(["merchant_id", "code", "live_tables", "created_at"], offering))


def downgrade() -> None:
    with op.batch_alter_table("house_table_bets", schema=None) as batch_op:
        batch_op.drop_index("ix_house_table_bets_status")
    with op.batch_alter_table("house_merchants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_house_merchants_merchant_id"))
    op.drop_table("house_merchants")
