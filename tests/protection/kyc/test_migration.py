"""Migration 0037 gives every merchant that exists the registration's birthday field rule (after its last
rule, offered and optional), once: a merchant that has one keeps it as it is."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import delete, select

from server.brands import service as brands
from server.brands.models import Merchant, RegisterFieldRule
from server.db import migrate
from server.db.session import Database
from tests.support.databases import postgres_database, sqlite_database
from tests.support.services import require_postgres


async def _merchants(url: str) -> None:
    """Two merchants made as before 0037: "old" without the birthday rule; "kept" with one it requires."""
    db = Database.from_url(url)
    try:
        async with db.session() as session:
            old = await brands.create_merchant(session, code="old", name="Old")
            kept = await brands.create_merchant(session, code="kept", name="Kept")
            await session.execute(
                delete(RegisterFieldRule).where(
                    RegisterFieldRule.merchant_id == old.id, RegisterFieldRule.field == "birthday"
                )
            )
            rule = await session.scalar(
                select(RegisterFieldRule).where(
                    RegisterFieldRule.merchant_id == kept.id, RegisterFieldRule.field == "birthday"
                )
            )
            assert rule is not None
            rule.required = True
    finally:
        await db.dispose()


async def _rules(url: str) -> dict[str, list[tuple[str, bool, bool, int, int, int, bool]]]:
    """Each merchant's birthday rules: (field, enabled, required, min, max, pattern, last in order)."""
    db = Database.from_url(url)
    try:
        async with db.read_session() as session:
            found: dict[str, list[tuple[str, bool, bool, int, int, int, bool]]] = {}
            for merchant in await session.scalars(select(Merchant).order_by(Merchant.id)):
                rules = list(
                    await session.scalars(
                        select(RegisterFieldRule)
                        .where(RegisterFieldRule.merchant_id == merchant.id)
                        .order_by(RegisterFieldRule.sort_order, RegisterFieldRule.id)
                    )
                )
                found[merchant.code] = [
                    (r.field, r.enabled, r.required, r.min_length, r.max_length, r.pattern_id, r is rules[-1])
                    for r in rules
                    if r.field == "birthday"
                ]
            return found
    finally:
        await db.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_every_merchant_gets_the_birthday_rule_once(backend: str, tmp_path: Path) -> None:
    if backend == "postgres":
        require_postgres()
    with postgres_database() if backend == "postgres" else sqlite_database(tmp_path) as url:
        migrate.upgrade(url, "0036")
        asyncio.run(_merchants(url))
        assert asyncio.run(_rules(url))["old"] == []
        migrate.upgrade(url, "0037")
        assert asyncio.run(_rules(url)) == {
            "old": [("birthday", True, False, 10, 10, 11, True)],
            "kept": [("birthday", True, True, 10, 10, 11, True)],
        }
        migrate.downgrade(url, "0036")
        assert asyncio.run(_rules(url)) == {"old": [], "kept": []}
