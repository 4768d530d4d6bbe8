"""Migration 0025 dates the notices that exist at their publication: the last time the audit log shows the
console publishing each, else (published without the console, as the demo seed does) its creation."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from server.db import migrate
from server.db.base import UtcDateTime
from server.db.engine import create_engine
from tests.support.databases import postgres_database, sqlite_database
from tests.support.services import require_postgres

T0 = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)

merchants = sa.table(
    "merchants",
    *(sa.column(name) for name in ("id", "code", "name", "platform", "device", "lottery_type")),
    *(sa.column(name) for name in ("default_language", "chat_header_color", "currency_code")),
    *(sa.column(name) for name in ("currency_symbol", "logined_to_home_page", "maintenance")),
    sa.column("announced_status"),
    sa.column("supported_languages", sa.JSON()),
    sa.column("image_cdns", sa.JSON()),
    sa.column("launch_game_cdns", sa.JSON()),
    sa.column("created_at", UtcDateTime()),
)
notices = sa.table(
    "notices",
    *(sa.column(name) for name in ("id", "merchant_id", "kind", "platform", "audience", "sort_order")),
    sa.column("published", sa.Boolean()),
    sa.column("texts", sa.JSON()),
    sa.column("created_at", UtcDateTime()),
    sa.column("updated_at", UtcDateTime()),
)
audit = sa.table(
    "audit_log",
    sa.column("merchant_id"),
    sa.column("action"),
    sa.column("target"),
    sa.column("detail", sa.JSON()),
    sa.column("created_at", UtcDateTime()),
)


def _notice(notice_id: int, published: bool) -> dict[str, Any]:
    return {
        "id": notice_id,
        "merchant_id": 1,
        "kind": "PLAYER",
        "platform": "A",
        "audience": "ALL",
        "sort_order": 0,
        "published": published,
        "texts": {},
        "created_at": T0,
        "updated_at": T0 + timedelta(days=9),
    }


def _entry(notice_id: int, hours: int, before: bool | None, after: bool) -> dict[str, Any]:
    detail: dict[str, Any] = {"after": {"published": after}}
    if before is not None:
        detail["before"] = {"published": before}
    action = "content.notice.create" if before is None else "content.notice.change"
    at = T0 + timedelta(hours=hours)
    return {"merchant_id": 1, "action": action, "target": str(notice_id), "detail": detail, "created_at": at}


async def _fill(url: str) -> None:
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(merchants).values(
                    id=1, code="m1", name="M1", platform="W", device="PC", lottery_type="VN",
                    default_language="EN", chat_header_color="#000000", currency_code="PHP",
                    currency_symbol="P", logined_to_home_page=False, maintenance=False, announced_status=0,
                    supported_languages=["EN"], image_cdns=[], launch_game_cdns=[], created_at=T0,
                )
            )  # fmt: skip
            # 1: drafted, published at hour 5, edited at hour 7. 2: published by the seed. 3: a draft.
            # 4: published at creation (hour 1), withdrawn at hour 2.
            await conn.execute(
                sa.insert(notices),
                [_notice(1, True), _notice(2, True), _notice(3, False), _notice(4, False)],
            )
            await conn.execute(
                sa.insert(audit),
                [
                    _entry(1, 0, None, False),
                    _entry(4, 1, None, True),
                    _entry(4, 2, True, False),
                    _entry(1, 5, False, True),
                    _entry(1, 7, True, True),
                ],
            )
    finally:
        await engine.dispose()


async def _dates(url: str) -> dict[int, datetime | None]:
    engine = create_engine(url)
    dated = sa.table("notices", sa.column("id"), sa.column("published_at", UtcDateTime()))
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(sa.select(dated.c.id, dated.c.published_at).order_by(dated.c.id))
            return {notice_id: at for notice_id, at in rows}
    finally:
        await engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_existing_notices_are_dated_at_their_publication(backend: str, tmp_path: Path) -> None:
    if backend == "postgres":
        require_postgres()
    with postgres_database() if backend == "postgres" else sqlite_database(tmp_path) as url:
        migrate.upgrade(url, "0024")
        asyncio.run(_fill(url))
        migrate.upgrade(url, "0025")
        assert asyncio.run(_dates(url)) == {
            1: T0 + timedelta(hours=5),
            2: T0,
            3: None,
            4: T0 + timedelta(hours=1),
        }
