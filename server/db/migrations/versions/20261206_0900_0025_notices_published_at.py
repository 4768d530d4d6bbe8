"""notices dated at publication: notices.published_at

Players read a notice's date as the moment it was published (or its schedule's start, when later), not the
moment its draft was created. Existing notices take the time the audit log shows they were last published
(the console's create or change that turned `published` on); a published notice the log knows nothing of
(the demo seed's, written without the console) was published when it was created.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06 09:00:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

import server.db.base

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UtcDateTime = server.db.base.UtcDateTime

_notices = sa.table(
    "notices",
    sa.column("id", sa.BigInteger()),
    sa.column("published", sa.Boolean()),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("published_at", sa.DateTime(timezone=True)),
)
_audit = sa.table(
    "audit_log",
    sa.column("id", sa.BigInteger()),
    sa.column("action", sa.String()),
    sa.column("target", sa.String()),
    sa.column("detail", sa.JSON()),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def _published(snapshot: Any) -> bool:
    return isinstance(snapshot, dict) and snapshot.get("published") is True


def upgrade() -> None:
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.add_column(sa.Column("published_at", UtcDateTime(timezone=True), nullable=True))

    bind = op.get_bind()
    last_published: dict[str, Any] = {}
    entries = bind.execute(
        sa.select(_audit.c.target, _audit.c.detail, _audit.c.created_at)
        .where(_audit.c.action.in_(("content.notice.create", "content.notice.change")))
        .order_by(_audit.c.id)
    )
    for target, detail, at in entries:
        detail = detail if isinstance(detail, dict) else {}
        if _published(detail.get("after")) and not _published(detail.get("before")):
            last_published[str(target)] = at
    for notice_id, published, created_at in bind.execute(
        sa.select(_notices.c.id, _notices.c.published, _notices.c.created_at)
    ):
        at = last_published.get(str(notice_id)) or (created_at if published else None)
        if at is not None:
            bind.execute(sa.update(_notices).where(_notices.c.id == notice_id).values(published_at=at))


def downgrade() -> None:
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.drop_column("published_at")
