"""Migration 0023 adds the brand's home-page words and takes the PROMOTIONS banners out of stored themes:
they led to a promotions page that does not exist yet, and a theme holding one would no longer validate."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from server.brands.theme import Theme
from server.db import migrate
from server.db.base import UtcDateTime
from server.db.engine import create_engine
from server.demo.themes import DEMO_THEME
from tests.support.databases import postgres_database, sqlite_database
from tests.support.services import require_postgres

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
    sa.column("theme", sa.JSON()),
)

# A theme as 0022 stored it, with the banner kind that goes.
OLD_THEME: dict[str, Any] = {
    **DEMO_THEME.model_dump(mode="json", by_alias=True),
    "banners": [
        {"image": "/brand/demo/banner-welcome.svg", "kind": "WELCOME"},
        {"image": "/brand/demo/banner-promotions.svg", "kind": "PROMOTIONS"},
        {"image": "/brand/demo/banner-games.svg", "kind": "GAMES"},
    ],
}


async def _fill(url: str) -> None:
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(merchants),
                [
                    dict(
                        id=merchant_id, code=f"m{merchant_id}", name="M", platform="W", device="PC",
                        lottery_type="VN", default_language="EN", chat_header_color="#000000",
                        currency_code="PHP", currency_symbol="P", logined_to_home_page=False,
                        maintenance=False, announced_status=0, supported_languages=["EN"], image_cdns=[],
                        launch_game_cdns=[],
                        created_at=datetime(2026, 11, 1, tzinfo=UTC), theme=theme,
                    )
                    for merchant_id, theme in ((1, OLD_THEME), (2, None))
                ],
            )  # fmt: skip
    finally:
        await engine.dispose()


async def _read(url: str) -> dict[int, tuple[Any, Any]]:
    engine = create_engine(url)
    read = sa.table(
        "merchants", sa.column("id"), sa.column("theme", sa.JSON()), sa.column("home_content", sa.JSON())
    )
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                sa.select(read.c.id, read.c.theme, read.c.home_content).order_by(read.c.id)
            )
            return {merchant_id: (theme, home) for merchant_id, theme, home in rows}
    finally:
        await engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_promotion_banners_leave_stored_themes(backend: str, tmp_path: Path) -> None:
    if backend == "postgres":
        require_postgres()
    with postgres_database() if backend == "postgres" else sqlite_database(tmp_path) as url:
        migrate.upgrade(url, "0022")
        asyncio.run(_fill(url))
        migrate.upgrade(url, "0023")
        after = asyncio.run(_read(url))
        theme, home = after[1]
        assert [b["kind"] for b in theme["banners"]] == ["WELCOME", "GAMES"]
        assert {k: v for k, v in theme.items() if k != "banners"} == {
            k: v for k, v in OLD_THEME.items() if k != "banners"
        }
        Theme.model_validate(theme)  # the brand keeps its look rather than fall back to the default
        assert home is None
        assert after[2] == (None, None)
