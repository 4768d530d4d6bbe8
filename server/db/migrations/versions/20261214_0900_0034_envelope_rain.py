"""envelope rain

Revision ID: 0034
Revises: 0033
Create Date: 2026-11-30 03:45:40.002626
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0034"
down_revision: str | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "minigame_rains",
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("daily_at", sa.Integer(), nullable=False),
        sa.Column("duration_seconds", sa.Integer(), nullable=False),
        sa.Column("budget", sa.BigInteger(), nullable=False),
        sa.Column("envelopes", sa.Integer(), nullable=False),
        sa.Column("min_amount", sa.BigInteger(), nullable=False),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("limit_mode", sa.String(length=8), nullable=False),
        sa.Column("flat_limit", sa.Integer(), nullable=False),
        sa.Column("vip_limits", sa.JSON(), nullable=False),
        sa.Column("updated_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("limit_mode IN ('FLAT', 'VIP')", name=op.f("ck_minigame_rains_limit_mode")),
        sa.CheckConstraint("daily_at BETWEEN 0 AND 1439", name=op.f("ck_minigame_rains_daily_at")),
        sa.CheckConstraint("duration_seconds BETWEEN 10 AND 3600", name=op.f("ck_minigame_rains_duration")),
        sa.CheckConstraint("envelopes BETWEEN 1 AND 10000", name=op.f("ck_minigame_rains_envelopes")),
        sa.CheckConstraint("flat_limit BETWEEN 1 AND 1000", name=op.f("ck_minigame_rains_flat_limit")),
        sa.CheckConstraint(
            "min_amount > 0 AND budget >= envelopes * min_amount", name=op.f("ck_minigame_rains_budget")
        ),
        sa.CheckConstraint("wager_multiple BETWEEN 0 AND 50", name=op.f("ck_minigame_rains_wager_multiple")),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_minigame_rains_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_minigame_rains")),
    )
    with op.batch_alter_table("minigame_rains", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_minigame_rains_merchant_id"), ["merchant_id"], unique=False)

    op.create_table(
        "minigame_rain_sessions",
        sa.Column("rain_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("one_off", sa.Boolean(), nullable=False),
        sa.Column("starts_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("ends_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("budget", sa.BigInteger(), nullable=False),
        sa.Column("envelopes", sa.Integer(), nullable=False),
        sa.Column("min_amount", sa.BigInteger(), nullable=False),
        sa.Column("wager_multiple", sa.Integer(), nullable=False),
        sa.Column("limit_mode", sa.String(length=8), nullable=False),
        sa.Column("flat_limit", sa.Integer(), nullable=False),
        sa.Column("vip_limits", sa.JSON(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("seed_hash", sa.String(length=64), nullable=False),
        sa.Column("opened_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("closed_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("created_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "limit_mode IN ('FLAT', 'VIP')", name=op.f("ck_minigame_rain_sessions_limit_mode")
        ),
        sa.CheckConstraint("ends_at > starts_at", name=op.f("ck_minigame_rain_sessions_window")),
        sa.CheckConstraint("envelopes BETWEEN 1 AND 10000", name=op.f("ck_minigame_rain_sessions_envelopes")),
        sa.CheckConstraint(
            "flat_limit BETWEEN 1 AND 1000", name=op.f("ck_minigame_rain_sessions_flat_limit")
        ),
        sa.CheckConstraint(
            "min_amount > 0 AND budget >= envelopes * min_amount",
            name=op.f("ck_minigame_rain_sessions_budget"),
        ),
        sa.CheckConstraint(
            "wager_multiple BETWEEN 0 AND 50", name=op.f("ck_minigame_rain_sessions_wager_multiple")
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_minigame_rain_sessions_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["rain_id"],
            ["minigame_rains.id"],
            name=op.f("fk_minigame_rain_sessions_rain_id_minigame_rains"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_minigame_rain_sessions")),
        sa.UniqueConstraint("rain_id", "starts_at", name=op.f("uq_minigame_rain_sessions_rain_id_starts_at")),
    )
    with op.batch_alter_table("minigame_rain_sessions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_minigame_rain_sessions_live",
            ["ends_at"],
            unique=False,
            sqlite_where=sa.text("closed_at IS NULL"),
            postgresql_where=sa.text("closed_at IS NULL"),
        )
        batch_op.create_index(
            batch_op.f("ix_minigame_rain_sessions_merchant_id"), ["merchant_id"], unique=False
        )
        batch_op.create_index(
            "ix_minigame_rain_sessions_merchant_starts", ["merchant_id", "starts_at"], unique=False
        )

    op.create_table(
        "minigame_rain_envelopes",
        sa.Column("session_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("taken_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.CheckConstraint(
            "(member_id IS NULL) = (taken_at IS NULL)", name=op.f("ck_minigame_rain_envelopes_taken")
        ),
        sa.CheckConstraint("amount > 0", name=op.f("ck_minigame_rain_envelopes_amount")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_minigame_rain_envelopes_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["minigame_rain_sessions.id"],
            name=op.f("fk_minigame_rain_envelopes_session_id_minigame_rain_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_minigame_rain_envelopes")),
        sa.UniqueConstraint("session_id", "seq", name=op.f("uq_minigame_rain_envelopes_session_id_seq")),
    )
    with op.batch_alter_table("minigame_rain_envelopes", schema=None) as batch_op:
        batch_op.create_index(
            "ix_minigame_rain_envelopes_free",
            ["session_id", "seq"],
            unique=False,
            sqlite_where=sa.text("member_id IS NULL"),
            postgresql_where=sa.text("member_id IS NULL"),
        )
        batch_op.create_index("ix_minigame_rain_envelopes_member", ["member_id", "taken_at"], unique=False)

    op.create_table(
        "minigame_rain_grabbers",
        sa.Column("session_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("grabs", sa.Integer(), nullable=False),
        sa.Column("won", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("grabs >= 0", name=op.f("ck_minigame_rain_grabbers_grabs")),
        sa.CheckConstraint("won >= 0", name=op.f("ck_minigame_rain_grabbers_won")),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_minigame_rain_grabbers_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["minigame_rain_sessions.id"],
            name=op.f("fk_minigame_rain_grabbers_session_id_minigame_rain_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "member_id", name=op.f("pk_minigame_rain_grabbers")),
    )


def downgrade() -> None:
    op.drop_table("minigame_rain_grabbers")
    with op.batch_alter_table("minigame_rain_envelopes", schema=None) as batch_op:
        batch_op.drop_index("ix_minigame_rain_envelopes_member")
        batch_op.drop_index(
            "ix_minigame_rain_envelopes_free",
            sqlite_where=sa.text("member_id IS NULL"),
            postgresql_where=sa.text("member_id IS NULL"),
        )

    op.drop_table("minigame_rain_envelopes")
    with op.batch_alter_table("minigame_rain_sessions", schema=None) as batch_op:
        batch_op.drop_index("ix_minigame_rain_sessions_merchant_starts")
        batch_op.drop_index(batch_op.f("ix_minigame_rain_sessions_merchant_id"))
        batch_op.drop_index(
            "ix_minigame_rain_sessions_live",
            sqlite_where=sa.text("closed_at IS NULL"),
            postgresql_where=sa.text("closed_at IS NULL"),
        )

    op.drop_table("minigame_rain_sessions")
    with op.batch_alter_table("minigame_rains", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_minigame_rains_merchant_id"))

    op.drop_table("minigame_rains")
