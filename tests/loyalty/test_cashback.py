"""Cashback over HTTP (issue 32): what accrued from settled rounds per category at the member's level's rate
(rounded down), a claim paid once, the minimum, the switch (MODULE_DISABLED), trial accounts, the daily job
run twice. Every money test ends with the ledger check."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import httpx
import pytest
from sqlalchemy import func, select

from server.brands import service as brands
from server.brands.business_day import BUSINESS_ZONE
from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.cashback.daily import daily_cashback
from server.loyalty.cashback.models import CashbackClaim
from tests.loyalty.support import (
    age_bets,
    balance_of,
    demo_ladder,
    fund,
    ledger_is_clean,
    player,
    rewards_of,
    settle_bets_at,
    spin,
)
from tests.promotions.support import admin
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def played(client: httpx.AsyncClient, db: Database, username: str, spins: int) -> int:
    """The member's id, after `spins` settled rounds of 20.00 a minute ago."""
    who = await fund(db, "demo", username, 1_000_00, f"cashback-fund-{username}")
    await spin(client, db, username, spins)
    await age_bets(db, who, timedelta(minutes=1))
    return who


async def test_cashback_accrues_and_a_claim_pays_once(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    portal = await player(client)  # Silver: 0.50 % on slots
    who = await played(client, db, "player1", 3)  # 60.00: 0.30 accrued, below the 1.00 minimum
    shown = ok(await client.get("/wps/member/cashback", headers=portal.headers()))
    assert shown["mode"] == "MANUAL"
    assert shown["lastClaim"] is None
    assert shown["rows"] == [{"category": "RNG", "turnover": "60.00", "rate": "0.50", "amount": "0.30"}]
    assert shown["total"] == "0.30"
    assert shown["since"] < shown["until"]
    refused = failed(await portal.call("POST", "/wps/member/cashback/claim", {}), 409, "NOTHING_TO_CLAIM")
    assert refused == {"amount": "0.30", "minimum": "1.00"}

    await spin(client, db, "player1", 7)  # 200.00 in all: 1.00
    await age_bets(db, who, timedelta(minutes=1))
    before = await balance_of(client, portal)
    paid = ok(await portal.call("POST", "/wps/member/cashback/claim", {}))
    assert paid["amount"] == "1.00"
    assert paid["since"] < paid["until"]
    assert await balance_of(client, portal) == before + 1_00
    failed(await portal.call("POST", "/wps/member/cashback/claim", {}), 409, "NOTHING_TO_CLAIM")
    after = ok(await client.get("/wps/member/cashback", headers=portal.headers()))
    assert after["rows"] == []
    assert after["total"] == "0.00"
    assert after["since"] == paid["until"]
    assert after["lastClaim"]["amount"] == "1.00"
    claims = ok(await client.get("/wps/member/cashback/claims?page=1&pageSize=10", headers=portal.headers()))
    assert claims["total"] == 1
    assert claims["list"][0]["amount"] == "1.00"
    assert claims["list"][0]["auto"] is False
    assert await rewards_of(db, who) == [("CASHBACK", f"cashback:{who}:{paid['until']}", 1_00, 0)]
    await ledger_is_clean(db)


async def test_rates_round_down_per_category(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    staff = await admin(db)
    ok(
        await client.put(
            "/wps/admin/loyalty/cashback", json={"mode": "MANUAL", "minimum": "0.01"}, headers=staff
        )
    )
    portal = await player(client, "player2")  # Bronze: 0.40 % on slots
    await played(client, db, "player2", 1)  # 20.00 x 0.40 % = 0.08
    assert ok(await client.get("/wps/member/cashback", headers=portal.headers()))["total"] == "0.08"
    assert ok(await portal.call("POST", "/wps/member/cashback/claim", {}))["amount"] == "0.08"
    await ledger_is_clean(db)


async def test_the_switch_and_trial_accounts(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(await client.get("/wps/member/cashback", headers=trial.headers()), 403, "in_need_true_account")
    failed(await trial.call("POST", "/wps/member/cashback/claim", {}), 403, "in_need_true_account")
    portal = await player(client)
    async with db.session() as session:
        await brands.set_switch(session, "demo", "MANPLAYREB3", enabled=False)
    for answer in (
        await client.get("/wps/member/cashback", headers=portal.headers()),
        await portal.call("POST", "/wps/member/cashback/claim", {}),
        await client.get("/wps/member/cashback/claims", headers=portal.headers()),
    ):
        assert failed(answer, 403, "MODULE_DISABLED") == {"modId": "MANPLAYREB3"}


@pytest.mark.refused_input
@pytest.mark.parametrize("query", ["page=0", "pageSize=101", "page=99999999999999999999", "pageSize=x"])
async def test_bad_pages_are_refused(client: httpx.AsyncClient, query: str) -> None:
    portal = await player(client)
    failed(
        await client.get(f"/wps/member/cashback/claims?{query}", headers=portal.headers()),
        422,
        "VALIDATION_ERROR",
    )


def _yesterday_noon() -> datetime:
    day = utcnow().astimezone(BUSINESS_ZONE).date() - timedelta(days=1)
    return datetime.combine(day, time(12), BUSINESS_ZONE).astimezone(UTC)


async def test_the_daily_job_pays_yesterday_once(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    staff = await admin(db)
    ok(
        await client.put(
            "/wps/admin/loyalty/cashback", json={"mode": "DAILY", "minimum": "1.00"}, headers=staff
        )
    )
    portal = await player(client)
    who = await played(client, db, "player1", 10)  # 200.00: 1.00 at Silver
    await settle_bets_at(db, who, _yesterday_noon())
    failed(await portal.call("POST", "/wps/member/cashback/claim", {}), 409, "CASHBACK_AUTOMATIC")
    before = await balance_of(client, portal)
    async with db.session() as session:
        assert await daily_cashback(session) == {"paid": 1}
    async with db.session() as session:
        assert await daily_cashback(session) == {"paid": 0}
    assert await balance_of(client, portal) == before + 1_00
    claims = ok(await client.get("/wps/member/cashback/claims", headers=portal.headers()))
    assert [(c["amount"], c["auto"]) for c in claims["list"]] == [("1.00", True)]
    shown = ok(await client.get("/wps/member/cashback", headers=portal.headers()))
    assert shown["mode"] == "DAILY"
    assert shown["rows"] == []
    async with db.read_session() as session:
        assert await session.scalar(select(func.count()).select_from(CashbackClaim)) == 1
    await ledger_is_clean(db)
