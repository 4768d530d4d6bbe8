"""The console's points rules, mall items and redeem queue (issue 32): OPERATOR changes them, AUDITOR only
reads; FREE_SPINS items are refused (the product cannot deliver free spins); raffle tickets go into the item's
running raffle; goods are approved, or rejected with the points and the stock given back and the member told;
every change audited; the books clean."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.db.session import Database
from server.promotions.models import RAFFLE, Promotion, RaffleTicket
from tests.loyalty.test_points_support import (
    PAYMENT_PASSWORD,
    books_are_clean,
    create_item,
    give_points,
    item_body,
    member_of,
    set_payment_password,
    staff,
)
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import player

pytestmark = pytest.mark.usefixtures("demo")
ADDRESS = {"address": "2 Rizal Ave, Manila", "mobile": "09170000000"}


async def actions(db: Database) -> list[str]:
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(AuditEntry.action).where(AuditEntry.action.like("loyalty.%")).order_by(AuditEntry.id)
            )
        )


def redeem(item: int, request: str, quantity: int = 1, **extra: str) -> dict[str, Any]:
    return {
        "itemId": item,
        "quantity": quantity,
        "paymentPassword": PAYMENT_PASSWORD,
        "requestId": request,
        **extra,
    }


async def test_points_rules_and_items(client: httpx.AsyncClient, db: Database) -> None:
    operator, auditor = await staff(db), await staff(db, "auditor1")
    rules = ok(await client.get("/wps/admin/loyalty/points", headers=auditor))
    assert (rules["rates"]["LIVE"], rules["ratio"]) == ("0.70", 100)
    changed = {"ratio": 200, "minConvert": 500, "rates": {"LIVE": "0.5", "RNG": "2.00", "LOTT": "0"}}
    failed(await client.put("/wps/admin/loyalty/points", json=changed, headers=auditor), 403, "FORBIDDEN")
    saved = ok(await client.put("/wps/admin/loyalty/points", json=changed, headers=operator))
    assert saved == {"ratio": 200, "minConvert": 500, "rates": {"LIVE": "0.50", "RNG": "2.00"}}
    portal = await player(client)
    config = ok(await client.get("/wps/points/config", headers=portal.headers()))
    assert (config["ratio"], config["minConvert"], config["rates"]) == (
        200,
        500,
        {"LIVE": "0.50", "RNG": "2.00"},
    )
    for bad in (
        {"rates": {"LIVE": "1.234"}},
        {"rates": {"CARS": "1.00"}},
        {"ratio": 0},
        {"minConvert": 2**40},
    ):
        answer = await client.put("/wps/admin/loyalty/points", json={**changed, **bad}, headers=operator)
        failed(answer, 422, "VALIDATION_ERROR")

    failed(
        await client.post(
            "/wps/admin/loyalty/mall/items", json=item_body("FREE_SPINS", value="10"), headers=operator
        ),
        422,
        "MALL_CATEGORY_UNAVAILABLE",
    )
    failed(
        await client.post("/wps/admin/loyalty/mall/items", json=item_body("BONUS"), headers=auditor),
        403,
        "FORBIDDEN",
    )
    item = await create_item(
        client, operator, category="GOODS", value=None, stock=5, names={"EN": "Cap", "TH": "หมวก"}
    )
    update = item_body("GOODS", stock=3, points=900, names={"EN": "Blue cap"}, active=False)
    ok(await client.put(f"/wps/admin/loyalty/mall/items/{item}", json=update, headers=operator))
    listed = ok(await client.get("/wps/admin/loyalty/mall/items", headers=auditor))["list"]
    [row] = [r for r in listed if r["id"] == item]
    assert (row["names"], row["stock"], row["points"], row["active"], row["redeemed"]) == (
        {"EN": "Blue cap"},
        3,
        900,
        False,
        0,
    )
    offered = ok(await client.get("/wps/points/rewards", headers=portal.headers()))["list"]
    assert item not in [r["id"] for r in offered]  # inactive (the demo's own items stay)
    failed(
        await client.put("/wps/admin/loyalty/mall/items/999999", json=update, headers=operator),
        404,
        "MALL_ITEM_NOT_FOUND",
    )
    assert await actions(db) == [
        "loyalty.points_settings",
        "loyalty.mall_item_create",
        "loyalty.mall_item_update",
    ]


BAD_ITEMS = [
    {"category": "CARS"},
    {"names": {}},
    {"names": {"EN": "   "}},
    {"names": {"XX": "Cap"}},
    {"names": {"EN": "x" * 101}},
    {"points": 0},
    {"points": 2**40},
    {"value": "5.001"},
    {"value": None},
    {"amountRequired": "-1.00"},
    {"stock": -1},
    {"perMember": 0},
    {"raffleId": 2**60},
    {"imageUrl": "javascript:alert(1)"},
]


@pytest.mark.refused_input
@pytest.mark.parametrize("bad", BAD_ITEMS)
async def test_bad_items_are_refused(client: httpx.AsyncClient, db: Database, bad: dict[str, Any]) -> None:
    answer = await client.post(
        "/wps/admin/loyalty/mall/items", json={**item_body("BONUS"), **bad}, headers=await staff(db)
    )
    failed(answer, 422, "VALIDATION_ERROR")


async def test_raffle_tickets_go_into_the_running_raffle(client: httpx.AsyncClient, db: Database) -> None:
    operator = await staff(db)
    async with db.read_session() as session:
        raffle_id = await session.scalar(select(Promotion.id).where(Promotion.kind == RAFFLE).limit(1))
    assert raffle_id is not None
    failed(
        await client.post(
            "/wps/admin/loyalty/mall/items", json=item_body("RAFFLE_TICKETS", value="10"), headers=operator
        ),
        422,
        "VALIDATION_ERROR",
    )
    item = await create_item(
        client, operator, category="RAFFLE_TICKETS", value="10", raffleId=raffle_id, points=300
    )
    portal = await player(client)
    await set_payment_password(portal)
    merchant, member = await member_of(db, "player1")
    await give_points(db, merchant, member, 1000, "adjust:raffle")
    offered = ok(await client.get("/wps/points/rewards", headers=portal.headers()))["list"]
    [shown] = [r for r in offered if r["id"] == item]
    assert (shown["value"], shown["category"]) == ("10", "RAFFLE_TICKETS")
    done = ok(await portal.call("POST", "/wps/points/redeem", redeem(item, "raffle-0001", 2)))
    assert (done["status"], done["points"]) == ("APPROVED", 600)
    async with db.read_session() as session:
        tickets = list(await session.scalars(select(RaffleTicket).where(RaffleTicket.member_id == member)))
    assert [(t.promotion_id, t.tickets, t.source) for t in tickets] == [
        (raffle_id, 20, f"points:{done['id']}")
    ]
    await books_are_clean(db)


async def test_goods_approved_or_rejected(client: httpx.AsyncClient, db: Database) -> None:
    operator, auditor = await staff(db), await staff(db, "auditor1")
    mug = await create_item(client, operator, category="GOODS", value=None, stock=2, perMember=2, points=400)
    portal = await player(client)
    await set_payment_password(portal)
    merchant, member = await member_of(db, "player1")
    await give_points(db, merchant, member, 1000, "adjust:goods")
    first = ok(await portal.call("POST", "/wps/points/redeem", {**redeem(mug, "goods-0001"), **ADDRESS}))
    second = ok(await portal.call("POST", "/wps/points/redeem", {**redeem(mug, "goods-0002"), **ADDRESS}))
    queue = ok(await client.get("/wps/admin/loyalty/redeems?status=IN_PROCESS", headers=auditor))
    assert [(r["id"], r["username"], r["status"]) for r in queue["list"]] == [
        (second["id"], "player1", "IN_PROCESS"),
        (first["id"], "player1", "IN_PROCESS"),
    ]
    failed(
        await client.post(f"/wps/admin/loyalty/redeems/{first['id']}/approve", headers=auditor),
        403,
        "FORBIDDEN",
    )
    approved = ok(await client.post(f"/wps/admin/loyalty/redeems/{first['id']}/approve", headers=operator))
    assert approved["status"] == "APPROVED"
    assert approved["decidedAt"] is not None
    failed(
        await client.post(f"/wps/admin/loyalty/redeems/{first['id']}/approve", headers=operator),
        409,
        "REDEEM_DECIDED",
    )
    failed(
        await client.post(
            f"/wps/admin/loyalty/redeems/{second['id']}/reject", json={"reason": ""}, headers=operator
        ),
        422,
        "VALIDATION_ERROR",
    )
    rejected = ok(
        await client.post(
            f"/wps/admin/loyalty/redeems/{second['id']}/reject",
            json={"reason": "Out of stock"},
            headers=operator,
        )
    )
    assert (rejected["status"], rejected["reason"]) == ("REJECTED", "Out of stock")
    failed(
        await client.post(
            f"/wps/admin/loyalty/redeems/{second['id']}/reject", json={"reason": "x"}, headers=operator
        ),
        409,
        "REDEEM_DECIDED",
    )
    failed(
        await client.post("/wps/admin/loyalty/redeems/999999/approve", headers=operator),
        404,
        "REDEEM_NOT_FOUND",
    )
    # The points and the stock came back; the member reads both decisions as messages.
    assert ok(await client.get("/wps/points/balance", headers=portal.headers()))["current"] == 600
    [item] = [
        i
        for i in ok(await client.get("/wps/admin/loyalty/mall/items", headers=auditor))["list"]
        if i["id"] == mug
    ]
    assert (item["stock"], item["redeemed"]) == (1, 1)
    details = ok(await client.get("/wps/points/details", headers=portal.headers()))["list"]
    assert (details[0]["reason"], details[0]["change"], details[0]["balance"]) == ("REDEEM_REFUND", 400, 600)
    history = ok(await client.get("/wps/points/redeems", headers=portal.headers()))["list"]
    assert [h["status"] for h in history] == ["REJECTED", "APPROVED"]
    messages = ok(await client.get("/wps/member/messages", headers=portal.headers()))
    texts = str(messages)
    assert "Out of stock" in texts
    assert "approved" in texts
    assert (await actions(db))[-2:] == ["loyalty.redeem_approve", "loyalty.redeem_reject"]
    await books_are_clean(db)
