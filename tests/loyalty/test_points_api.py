"""SPEC §7's seven points calls over HTTP (issue 32): balance, config, rewards, redeem, redeems, convert and
details; the withdrawal password with its lockout; bad input answered with stable codes. The money ledger and
the points book stay clean after every call that moves either."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from server.db.session import Database
from tests.loyalty.test_points_support import (
    PAYMENT_PASSWORD,
    books_are_clean,
    create_item,
    give_points,
    member_of,
    set_payment_password,
    staff,
)
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")


def redeem(item: int, request: str, quantity: int = 1, **extra: str) -> dict[str, Any]:
    return {
        "itemId": item,
        "quantity": quantity,
        "paymentPassword": PAYMENT_PASSWORD,
        "requestId": request,
        **extra,
    }


async def ready(client: httpx.AsyncClient, db: Database, points: int) -> Portal:
    portal = await player(client)
    await set_payment_password(portal)
    merchant, member = await member_of(db, "player1")
    await give_points(db, merchant, member, points, "adjust:test-1")
    return portal


async def test_the_seven_calls(client: httpx.AsyncClient, db: Database) -> None:
    headers = await staff(db)
    bonus = await create_item(client, headers, category="BONUS", points=500, value="5.00")
    mug = await create_item(
        client, headers, category="GOODS", points=300, value=None, stock=2, perMember=1, names={"EN": "Mug"}
    )
    rich = await create_item(
        client, headers, category="BONUS", points=100, value="1.00", amountRequired="100.00"
    )
    portal = await ready(client, db, 2000)

    assert ok(await client.get("/wps/points/balance", headers=portal.headers())) == {
        "current": 2000,
        "changed": 2000,
        "balance": "20.00",
        "ratio": 100,
    }
    config = ok(await client.get("/wps/points/config", headers=portal.headers()))
    assert config == {
        "ratio": 100,
        "minConvert": 1000,
        "rates": {
            "LIVE": "0.70",
            "SPORTS": "1.00",
            "FISH": "1.20",
            "RNG": "1.20",
            "PVP": "1.00",
            "ESPORTS": "1.00",
        },
        "rounding": "DOWN",
        "expires": False,
    }
    listed = ok(await client.get("/wps/points/rewards", headers=portal.headers()))["list"]
    shown = {r["id"]: r for r in listed}
    assert (shown[bonus]["status"], shown[bonus]["value"]) == ("AVAILABLE", "5.00")
    assert (shown[rich]["status"], shown[rich]["amountRequired"]) == ("DEPOSIT_REQUIRED", "100.00")
    assert (shown[mug]["stock"], shown[mug]["perMember"], shown[mug]["value"]) == (2, 1, None)
    goods = ok(await client.get("/wps/points/rewards?category=GOODS", headers=portal.headers()))["list"]
    # The demo's mall holds goods of its own beside this test's.
    assert mug in [r["id"] for r in goods]
    assert {r["category"] for r in goods} == {"GOODS"}
    # A visitor sees the same items, each only as in stock or not: the rest is a member's to meet.
    seen = ok(await client.get("/wps/points/rewards", headers={"Merchant": "demo"}))["list"]
    assert [r["id"] for r in seen] == [r["id"] for r in listed]
    assert {r["status"] for r in seen} == {"AVAILABLE"}
    assert {r["redeemed"] for r in seen} == {0}

    # Bonus money: paid at once, through the ledger.
    paid = ok(await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-0001", 2)))
    assert (paid["status"], paid["points"], paid["quantity"], paid["category"]) == (
        "APPROVED",
        1000,
        2,
        "BONUS",
    )
    assert await sum_balance(client, portal) == "10.00"
    again = ok(await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-0001", 2)))
    assert again["id"] == paid["id"]
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-0001", 1)),
        409,
        "IDEMPOTENCY_CONFLICT",
    )
    assert await sum_balance(client, portal) == "10.00"
    await books_are_clean(db)

    # Goods: an address and a mobile, then waiting for staff; one per member.
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(mug, "redeem-0002")), 422, "VALIDATION_ERROR"
    )
    address = {"address": "1 Main St, Manila", "mobile": "09171234567"}
    waiting = ok(await portal.call("POST", "/wps/points/redeem", {**redeem(mug, "redeem-0003"), **address}))
    assert (waiting["status"], waiting["address"], waiting["decidedAt"]) == (
        "IN_PROCESS",
        address["address"],
        None,
    )
    failed(
        await portal.call("POST", "/wps/points/redeem", {**redeem(mug, "redeem-0004"), **address}),
        409,
        "REDEEM_LIMIT",
    )
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(rich, "redeem-0005")), 409, "DEPOSIT_REQUIRED"
    )
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-0006", 10)),
        409,
        "POINTS_NOT_ENOUGH",
    )
    await deposit_bank(client, db, portal, "100.00", "points-dep-0001")
    ok(await portal.call("POST", "/wps/points/redeem", redeem(rich, "redeem-0007")))

    # 2000 - 1000 - 300 - 100 = 600 left: below the minimum to convert, then enough after more points.
    convert = {"points": 999, "paymentPassword": PAYMENT_PASSWORD, "requestId": "convert-0001"}
    failed(await portal.call("POST", "/wps/points/convert", convert), 422, "POINTS_BELOW_MINIMUM")
    convert["points"] = 1000
    failed(await portal.call("POST", "/wps/points/convert", convert), 409, "POINTS_NOT_ENOUGH")
    merchant, member = await member_of(db, "player1")
    await give_points(db, merchant, member, 650, "adjust:test-2")
    done = ok(await portal.call("POST", "/wps/points/convert", {**convert, "points": 1250}))
    assert done == {"points": 1250, "amount": "12.50", "current": 0}
    assert ok(await portal.call("POST", "/wps/points/convert", {**convert, "points": 1250})) == done
    assert await sum_balance(client, portal) == "123.50"  # 10.00 + 100.00 deposit + 1.00 + 12.50

    history = ok(await client.get("/wps/points/redeems?page=1&pageSize=2", headers=portal.headers()))
    assert (history["total"], history["page"], history["pageSize"], len(history["list"])) == (3, 1, 2, 2)
    assert history["list"][1]["itemName"] == "Mug"
    details = ok(await client.get("/wps/points/details?pageSize=100", headers=portal.headers()))
    assert [(d["reason"], d["change"], d["balance"]) for d in details["list"]] == [
        ("CONVERT", -1250, 0),
        ("ADJUST", 650, 1250),
        ("REDEEM", -100, 600),
        ("REDEEM", -300, 700),
        ("REDEEM", -1000, 1000),
        ("ADJUST", 2000, 2000),
    ]
    balance = ok(await client.get("/wps/points/balance", headers=portal.headers()))
    assert (balance["current"], balance["changed"]) == (0, 0)
    bonus_details = ok(await client.get("/wps/member/bonus", headers=portal.headers()))
    assert bonus_details["total"] >= 3
    await books_are_clean(db)


async def test_a_wrong_password_is_refused_and_the_sixth_try_locked(
    client: httpx.AsyncClient, db: Database
) -> None:
    headers = await staff(db)
    bonus = await create_item(client, headers, points=100, value="1.00")
    portal = await ready(client, db, 5000)
    for n in range(5):
        wrong = {**redeem(bonus, f"redeem-wrong-{n}"), "paymentPassword": "135790"}
        failed(await portal.call("POST", "/wps/points/redeem", wrong), 422, "PAYMENT_PASSWORD_WRONG")
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-right-1")), 429, "LOGIN_LOCKED"
    )
    convert = {"points": 1000, "paymentPassword": PAYMENT_PASSWORD, "requestId": "convert-locked"}
    failed(await portal.call("POST", "/wps/points/convert", convert), 429, "LOGIN_LOCKED")
    balance = ok(await client.get("/wps/points/balance", headers=portal.headers()))
    assert balance["current"] == 5000
    assert await sum_balance(client, portal) == "0.00"
    await books_are_clean(db)


async def test_without_a_password_or_an_account(client: httpx.AsyncClient, db: Database) -> None:
    headers = await staff(db)
    bonus = await create_item(client, headers, points=100, value="1.00")
    portal = await player(client)
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-nopw-1")),
        409,
        "PAYMENT_PASSWORD_NOT_SET",
    )
    failed(await client.get("/wps/points/balance", headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(
        await trial.call("POST", "/wps/points/redeem", redeem(bonus, "redeem-trial-1")),
        403,
        "in_need_true_account",
    )


BAD_REDEEMS = [
    {"itemId": 0},
    {"itemId": 2**60},
    {"itemId": "x"},
    {"quantity": 0},
    {"quantity": 11},
    {"quantity": 2**70},
    {"requestId": "short"},
    {"requestId": "bad id with spaces"},
    {"paymentPassword": "x" * 100},
    {"address": "x" * 300},
]


@pytest.mark.refused_input
@pytest.mark.parametrize("bad", BAD_REDEEMS)
async def test_bad_redeems_are_refused(client: httpx.AsyncClient, bad: dict[str, Any]) -> None:
    portal = await player(client)
    answer = await portal.call("POST", "/wps/points/redeem", {**redeem(1, "redeem-bad-01"), **bad})
    failed(answer, 422, "VALIDATION_ERROR")


@pytest.mark.refused_input
@pytest.mark.parametrize(
    ("path", "code", "status"),
    [
        ("/wps/points/redeems?page=0", "VALIDATION_ERROR", 422),
        ("/wps/points/redeems?pageSize=101", "VALIDATION_ERROR", 422),
        ("/wps/points/details?page=99999999999", "VALIDATION_ERROR", 422),
        ("/wps/points/rewards?category=CARS", "VALIDATION_ERROR", 422),
    ],
)
async def test_bad_queries_are_refused(client: httpx.AsyncClient, path: str, code: str, status: int) -> None:
    portal = await player(client)
    failed(await client.get(path, headers=portal.headers()), status, code)


@pytest.mark.refused_input
@pytest.mark.parametrize(
    "bad", [{"points": 0}, {"points": -5}, {"points": 10**13}, {"points": "1000"}, {"requestId": None}]
)
async def test_bad_converts_are_refused(client: httpx.AsyncClient, bad: dict[str, Any]) -> None:
    portal = await player(client)
    body = {"points": 1000, "paymentPassword": PAYMENT_PASSWORD, "requestId": "convert-bad-1", **bad}
    failed(await portal.call("POST", "/wps/points/convert", body), 422, "VALIDATION_ERROR")


async def test_an_unknown_item(client: httpx.AsyncClient, db: Database) -> None:
    portal = await ready(client, db, 100)
    failed(
        await portal.call("POST", "/wps/points/redeem", redeem(999_999, "redeem-none-1")),
        404,
        "MALL_ITEM_NOT_FOUND",
    )
