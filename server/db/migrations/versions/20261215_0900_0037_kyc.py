"""identity checks (KYC, issue 34): submissions and their pictures (at most one PENDING per member); the
registration's birthday field rule for every merchant (offered, not required)

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-15 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0037"
down_revision: str | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# server/brands/defaults.py's rule: yyyy-MM-dd (pattern 11), offered and optional; after the merchant's last rule.
BIRTHDAY_RULE = """
INSERT INTO register_field_rules
    (merchant_id, field, enabled, required, min_length, max_length, pattern_id, sort_order)
SELECT m.id, 'birthday', TRUE, FALSE, 10, 10, 11,
       COALESCE((SELECT MAX(r.sort_order) FROM register_field_rules r WHERE r.merchant_id = m.id), -1) + 1
FROM merchants m
WHERE NOT EXISTS (
    SELECT 1 FROM register_field_rules r WHERE r.merchant_id = m.id AND r.field = 'birthday'
)
"""


def upgrade() -> None:
    op.create_table(
        "kyc_submissions",
        sa.Column("member_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("document_type", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("submitted_at", server.db.base.UtcDateTime(timezone=True), nullable=False),
        sa.Column("reviewed_at", server.db.base.UtcDateTime(timezone=True), nullable=True),
        sa.Column("reviewed_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.Column("merchant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.CheckConstraint(
            "document_type IN ('ID_CARD', 'PASSPORT', 'DRIVING_LICENCE')",
            name=op.f("ck_kyc_submissions_document_type"),
        ),
        sa.CheckConstraint(
            "status IN ('PENDING', 'APPROVED', 'REJECTED')", name=op.f("ck_kyc_submissions_status")
        ),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["members.id"],
            name=op.f("fk_kyc_submissions_member_id_members"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merchant_id"],
            ["merchants.id"],
            name=op.f("fk_kyc_submissions_merchant_id_merchants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["reviewed_by"],
            ["staff.id"],
            name=op.f("fk_kyc_submissions_reviewed_by_staff"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kyc_submissions")),
    )
    with op.batch_alter_table("kyc_submissions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kyc_submissions_merchant_id"), ["merchant_id"], unique=False)
        batch_op.create_index("ix_kyc_submissions_member", ["member_id", "status"], unique=False)
        batch_op.create_index("ix_kyc_submissions_queue", ["merchant_id", "status", "id"], unique=False)
        batch_op.create_index(
            "uq_kyc_submissions_pending",
            ["member_id"],
            unique=True,
            postgresql_where=sa.text("status = 'PENDING'"),
            sqlite_where=sa.text("status = 'PENDING'"),
        )

    op.create_table(
        "kyc_documents",
        sa.Column("submission_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("media_type", sa.String(length=16), nullable=False),
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False
        ),
        sa.CheckConstraint(
            "media_type IN ('image/png', 'image/jpeg')", name=op.f("ck_kyc_documents_media_type")
        ),
        sa.CheckConstraint("side IN ('FRONT', 'BACK', 'SELFIE')", name=op.f("ck_kyc_documents_side")),
        sa.ForeignKeyConstraint(
            ["submission_id"],
            ["kyc_submissions.id"],
            name=op.f("fk_kyc_documents_submission_id_kyc_submissions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kyc_documents")),
        sa.UniqueConstraint("submission_id", "side", name=op.f("uq_kyc_documents_submission_id_side")),
    )

    op.execute(BIRTHDAY_RULE)


def downgrade() -> None:
    op.execute("DELETE FROM register_field_rules WHERE field = 'birthday'")
    op.drop_table("kyc_documents")
    with op.batch_alter_table("kyc_submissions", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_kyc_submissions_pending",
            postgresql_where=sa.text("status = 'PENDING'"),
            sqlite_where=sa.text("status = 'PENDING'"),
        )
        batch_op.drop_index("ix_kyc_submissions_queue")
        batch_op.drop_index("ix_kyc_submissions_member")
        batch_op.drop_index(batch_op.f("ix_kyc_submissions_merchant_id"))
    op.drop_table("kyc_submissions")
