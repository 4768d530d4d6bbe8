"""house table bets by player: a member's own rounds at a table, read by index

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-08 09:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_house_table_bets_player",
        "house_table_bets",
        ["merchant_id", "player_id", "table_code", "round_no"],
    )


def downgrade() -> None:
    op.drop_index("ix_house_table_bets_player", table_name="house_table_bets")
