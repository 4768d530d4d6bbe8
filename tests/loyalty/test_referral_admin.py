"""The console's invite-friends rules: the defaults until staff save some, OPERATOR changes them (audited with
the rules before and after), AUDITOR only reads; every bad value is refused by its field, never a 500."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.db.session import Database
from server.loyalty.referral.demo import DEMO_CODES, seed_referral
from server.loyalty.referral.rules import DEFAULTS
from tests.loyalty.test_referral_support import referral
from tests.promotions.support import admin, staff_headers
from tests.support.accounts import token_for
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import player

pytestmark = pytest.mark.usefixtures("demo")
PATH = "/wps/admin/loyalty/referral"
GOOD = {
    "enabled": False,
    "reward": "8.50",
    "deposit": "0",
    "turnover": "1000.5",
    "days": 7,
    "wagerMultiple": 0,
}


async def auditor(db: Database) -> dict[str, str]:
    return staff_headers(await token_for(db, "demo", "auditor1", staff=True))


async def test_staff_read_and_change_the_rules(client: httpx.AsyncClient, db: Database) -> None:
    operator, reader = await admin(db), await auditor(db)
    defaults = {
        "enabled": True,
        "reward": "10.00",
        "deposit": "100.00",
        "turnover": "500.00",
        "days": 30,
        "wagerMultiple": 1,
    }
    assert ok(await client.get(PATH, headers=operator)) == defaults
    assert ok(await client.get(PATH, headers=reader)) == defaults
    failed(await client.put(PATH, json=GOOD, headers=reader), 403, "FORBIDDEN")
    failed(await client.get(PATH, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
    saved = {**GOOD, "deposit": "0.00", "turnover": "1000.50"}
    assert ok(await client.put(PATH, json=GOOD, headers=operator)) == saved
    assert ok(await client.get(PATH, headers=reader)) == saved
    # Another brand keeps its own (the defaults).
    other = staff_headers(await token_for(db, "demo2", "admin1", staff=True), "demo2")
    assert ok(await client.get(PATH, headers=other)) == defaults
    # A player's page shows the rules as saved.
    assert (await referral(await player(client)))["rules"] == saved
    async with db.read_session() as session:
        entries = list(
            await session.scalars(select(AuditEntry).where(AuditEntry.action == "loyalty.referral"))
        )
    assert [(e.detail["before"], e.detail["after"]) for e in entries] == [(defaults, saved)]
    assert all(e.staff_id is not None for e in entries)
    # Saving again replaces the set (one row per brand).
    again = {**GOOD, "enabled": True, "days": 365, "wagerMultiple": 100}
    assert ok(await client.put(PATH, json=again, headers=operator))["days"] == 365


BAD: list[tuple[dict[str, Any], str]] = [
    ({**GOOD, "reward": "0.00"}, "reward"),
    ({**GOOD, "reward": "abc"}, "reward"),
    ({**GOOD, "reward": "1000000.01"}, "reward"),
    ({**GOOD, "reward": 10}, "reward"),
    ({**GOOD, "reward": "1" * 40}, "reward"),
    ({**GOOD, "deposit": "-1.00"}, "deposit"),
    ({**GOOD, "deposit": "1.001"}, "deposit"),
    ({**GOOD, "turnover": "1e9"}, "turnover"),
    ({**GOOD, "turnover": None}, "turnover"),
    ({**GOOD, "days": 0}, "days"),
    ({**GOOD, "days": 366}, "days"),
    ({**GOOD, "days": "30"}, "days"),
    ({**GOOD, "days": 2**40}, "days"),
    ({**GOOD, "days": 1.5}, "days"),
    ({**GOOD, "wagerMultiple": -1}, "wagerMultiple"),
    ({**GOOD, "wagerMultiple": 101}, "wagerMultiple"),
    ({**GOOD, "enabled": "yes"}, "enabled"),
    ({k: v for k, v in GOOD.items() if k != "enabled"}, "enabled"),
]


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(("body", "field"), BAD)
async def test_bad_rules_are_refused_by_field(
    client: httpx.AsyncClient, db: Database, body: dict[str, Any], field: str
) -> None:
    value = failed(await client.put(PATH, json=body, headers=await admin(db)), 422, "VALIDATION_ERROR")
    assert field in [f["field"] for f in value["fields"]]
    assert ok(await client.get(PATH, headers=await admin(db)))["reward"] == "10.00"  # nothing saved


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize("body", [None, [], "rules", {"reward": {"a": 1}}, {**GOOD, "days": 2**70}])
async def test_malformed_bodies_are_refused(client: httpx.AsyncClient, db: Database, body: Any) -> None:
    failed(await client.put(PATH, json=body, headers=await admin(db)), 422, "VALIDATION_ERROR")


async def test_the_demo_seed(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        from server.brands.service import load_brand

        brand = await load_brand(session, "demo")
        assert brand is not None
        await seed_referral(session, brand)
        await seed_referral(session, brand)  # twice: the same
    operator = await admin(db)
    assert ok(await client.get(PATH, headers=operator)) == {**DEFAULTS.wire()}
    page = await referral(await player(client))
    assert page["code"] == DEMO_CODES["player1"]
    assert page["link"].endswith(f"/?referralCode={DEMO_CODES['player1']}")
