"""Turnover reward tiers and loss rebates (issue 31): counted from the member's settled real-money rounds over
a period, shown as progress while the period runs, offered once by the job when it has closed (a second run
offers nothing more), and claimed like any reward. The ledger stays clean."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.games.models import BetRecord
from server.promotions.models import PromotionEntry
from server.promotions.periodic import settle_closed_periods
from tests.games.support import fund
from tests.games.test_house_api import house_headers, open_game
from tests.promotions.support import admin, body
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")

TIERS = {
    "period": "DAILY",
    "tiers": [{"turnover": "10.00", "reward": "1.00"}, {"turnover": "30.00", "reward": "5.00"}],
}
REBATE = {"period": "DAILY", "percent": 10, "cap": "50.00", "minLoss": "0.01"}


def cents(text: str) -> int:
    whole, _, fraction = text.partition(".")
    return int(whole) * 100 + int(fraction or 0)


async def create(
    client: httpx.AsyncClient, headers: dict[str, str], kind: str, params: Mapping[str, object]
) -> int:
    made = body(kind, params, category="CASINO")
    return int(ok(await client.post("/wps/admin/promotions", json=made, headers=headers))["id"])


async def test_a_closed_day_offers_its_tier_and_its_rebate_once(
    client: httpx.AsyncClient, db: Database
) -> None:
    staff = await admin(db)
    tiers_id = await create(client, staff, "TURNOVER_TIERS", TIERS)
    rebate_id = await create(client, staff, "LOSS_REBATE", REBATE)
    await fund(db, "demo", "player1", 100_00, "periodic-fund")
    opened = await open_game(client, db, "slot-golden-dragon")
    won = 0
    for _ in range(2):  # two spins of 20.00: 40.00 of turnover
        spin = ok(
            await client.post("/house/api/round", json={"lineBet": "1.00"}, headers=house_headers(opened))
        )
        won += cents(spin["win"])
    loss = 40_00 - won
    rebate = min(loss * 10 // 100, 50_00) if loss > 0 else 0

    portal = await player(client)
    detail = ok(await client.get(f"/wps/promotions/{tiers_id}", headers=portal.headers()))
    assert (detail["status"], detail["action"]) == ("PROCESS", None)
    assert (detail["progress"]["turnover"], detail["progress"]["reward"]) == ("40.00", "5.00")
    shown = ok(await client.get(f"/wps/promotions/{rebate_id}", headers=portal.headers()))["progress"]
    assert cents(shown["loss"].lstrip("-")) == abs(loss)
    failed(await portal.call("POST", f"/wps/promotions/{tiers_id}/claim", {}), 409, "PROMOTION_NOT_CLAIMABLE")

    # The day closes (the rounds moved back to the same time yesterday): the job offers the tier, and the
    # rebate if the day was a loss, once.
    async with db.session() as session:
        for record in await session.scalars(select(BetRecord).where(BetRecord.settled_at.is_not(None))):
            assert record.settled_at is not None
            record.placed_at -= timedelta(days=1)
            record.settled_at -= timedelta(days=1)
    async with db.session() as session:
        first = await settle_closed_periods(session)
    async with db.session() as session:
        again = await settle_closed_periods(session)
    assert first == {"offered": 2 if rebate else 1}
    assert again == {"offered": 0}
    async with db.read_session() as session:
        offered = {
            e.promotion_id: (e.status, e.amount)
            for e in await session.scalars(
                select(PromotionEntry).where(PromotionEntry.promotion_id.in_((tiers_id, rebate_id)))
            )
        }
    assert offered[tiers_id] == ("CLAIMABLE", 5_00)
    assert offered.get(rebate_id) == (("CLAIMABLE", rebate) if rebate else None)

    before = cents(await sum_balance(client, portal))
    assert ok(await client.get(f"/wps/promotions/{tiers_id}", headers=portal.headers()))["status"] == "CLAIM"
    paid = ok(await portal.call("POST", f"/wps/promotions/{tiers_id}/claim", {}))
    assert paid["reward"]["amount"] == "5.00"
    assert paid["promotion"]["status"] == "PROCESS"  # today's period counts on, from nothing yet
    today = ok(await client.get(f"/wps/promotions/{tiers_id}", headers=portal.headers()))["progress"]
    assert (today["turnover"], today["reward"]) == ("0.00", "0.00")
    assert cents(await sum_balance(client, portal)) == before + 5_00
    await ledger_is_clean(db)


async def test_periodic_parameters_are_checked(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    unordered = {
        "period": "WEEKLY",
        "tiers": [{"turnover": "30.00", "reward": "5.00"}, {"turnover": "10.00", "reward": "1.00"}],
    }
    answer = failed(
        await client.post("/wps/admin/promotions", json=body("TURNOVER_TIERS", unordered), headers=staff),
        422,
        "VALIDATION_ERROR",
    )
    assert answer == {"fields": [{"field": "params.tiers.1", "type": "order"}]}
    too_much = {**REBATE, "percent": 150}
    answer = failed(
        await client.post("/wps/admin/promotions", json=body("LOSS_REBATE", too_much), headers=staff),
        422,
        "VALIDATION_ERROR",
    )
    assert answer == {"fields": [{"field": "params.percent", "type": "range"}]}
    no_period = failed(
        await client.post(
            "/wps/admin/promotions", json=body("LOSS_REBATE", {**REBATE, "period": None}), headers=staff
        ),
        422,
        "VALIDATION_ERROR",
    )
    assert no_period == {"fields": [{"field": "params.period", "type": "missing"}]}
    made = ok(await client.post("/wps/admin/promotions", json=body("LOSS_REBATE", REBATE), headers=staff))
    assert made["mostPerMember"] == "50.00"
    assert made["params"]["minLoss"] == "0.01"
