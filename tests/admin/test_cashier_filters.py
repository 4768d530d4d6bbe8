"""The cashier desk's queues: filtered by member, time and status, paged by the last order shown, each
merchant's own; bad filters are a 422 envelope, and the roles read and act as roles.py grants."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from server.db.session import Database
from server.wallet.cashier_models import DepositOrder
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")

DEPOSITS = "/wps/admin/deposits"
WITHDRAWALS = "/wps/admin/withdrawals"
DAY = datetime(2026, 3, 1, tzinfo=UTC)


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username, staff=True)}


async def bank_deposits(
    client: httpx.AsyncClient, name: str, count: int, merchant: str = "demo"
) -> list[str]:
    portal = Portal(client, merchant)
    ok(await portal.login(name))
    orders = []
    for n in range(count):
        body = {"channel": "BANK", "amount": f"{100 + n}.00", "requestId": f"req-q-{merchant}-{name}-{n}"}
        orders.append(ok(await portal.call("POST", "/wps/cashier/deposits", body))["orderNo"])
    return orders


async def opened_at(db: Database, order_no: str, at: datetime) -> None:
    async with db.session() as session:
        await session.execute(
            update(DepositOrder).where(DepositOrder.order_no == order_no).values(created_at=at)
        )


async def listed(client: httpx.AsyncClient, headers: dict[str, str], path: str, **params: Any) -> list[str]:
    return [row["orderNo"] for row in ok(await client.get(path, params=params, headers=headers))]


async def test_the_member_filter_takes_the_beginning_of_a_username(
    client: httpx.AsyncClient, db: Database
) -> None:
    mine = await bank_deposits(client, "player1", 2)
    theirs = await bank_deposits(client, "player2", 1)
    admin = await staff(db)
    assert await listed(client, admin, DEPOSITS) == [*theirs, *reversed(mine)]
    assert await listed(client, admin, DEPOSITS, member="player1") == list(reversed(mine))
    assert await listed(client, admin, DEPOSITS, member="PLAYER") == [*theirs, *reversed(mine)]
    assert await listed(client, admin, DEPOSITS, member="player2") == theirs
    assert await listed(client, admin, DEPOSITS, member="agent") == []
    # A LIKE wildcard is a character like any other.
    assert await listed(client, admin, DEPOSITS, member="pl%") == []
    assert await listed(client, admin, DEPOSITS, member="player1", status="COMPLETED") == []


async def test_since_includes_and_until_excludes_its_instant(client: httpx.AsyncClient, db: Database) -> None:
    early, middle, late = await bank_deposits(client, "player1", 3)
    await opened_at(db, early, DAY)
    await opened_at(db, middle, DAY + timedelta(hours=1))
    await opened_at(db, late, DAY + timedelta(hours=2))
    admin = await staff(db)
    hour = DAY + timedelta(hours=1)
    assert await listed(client, admin, DEPOSITS, since=hour.isoformat()) == [late, middle]
    assert await listed(client, admin, DEPOSITS, until=hour.isoformat()) == [early]
    assert await listed(
        client, admin, DEPOSITS, since=DAY.isoformat(), until=(DAY + timedelta(hours=2)).isoformat()
    ) == [middle, early]
    # The same instant in another zone.
    plus7 = "2026-03-01T08:00:00+07:00"
    assert await listed(client, admin, DEPOSITS, since=plus7) == [late, middle]
    assert await listed(client, admin, DEPOSITS, since="2026-03-01T01:00:00Z") == [late, middle]


async def test_pages_follow_the_last_order_shown(client: httpx.AsyncClient, db: Database) -> None:
    orders = list(reversed(await bank_deposits(client, "player1", 5)))  # newest first
    admin = await staff(db)
    first = await listed(client, admin, DEPOSITS, limit=2)
    assert first == orders[:2]
    second = await listed(client, admin, DEPOSITS, limit=2, before=first[-1])
    assert second == orders[2:4]
    # A request arriving meanwhile shifts nothing: it is newer than every page after the first.
    await bank_deposits(client, "player2", 1)
    assert await listed(client, admin, DEPOSITS, limit=2, before=second[-1]) == orders[4:]
    assert await listed(client, admin, DEPOSITS, limit=2, before=orders[-1]) == []
    assert await listed(client, admin, DEPOSITS, limit=50, before="D20260101NOSUCHORDER") == []
    assert len(await listed(client, admin, DEPOSITS)) == 6  # 50 by default


async def test_each_merchant_sees_its_own_queue_and_cannot_page_by_another_merchants_order(
    client: httpx.AsyncClient, db: Database
) -> None:
    ours = await bank_deposits(client, "player1", 2)
    (theirs,) = await bank_deposits(client, "player1", 1, merchant="demo2")
    demo, demo2 = await staff(db), await staff(db, merchant="demo2")
    assert await listed(client, demo, DEPOSITS) == list(reversed(ours))
    assert await listed(client, demo2, DEPOSITS) == [theirs]
    assert await listed(client, demo, DEPOSITS, before=theirs) == []
    assert await listed(client, demo2, DEPOSITS, before=ours[-1]) == []
    assert await listed(client, demo2, DEPOSITS, member="player1") == [theirs]


BAD_FILTERS: list[dict[str, str]] = [
    {"limit": "0"},
    {"limit": "201"},
    {"limit": "-1"},
    {"limit": "ten"},
    {"limit": "99999999999999999999999"},
    {"since": "yesterday"},
    {"since": "2026-03-01T00:00:00"},  # no zone: which instant is meant?
    {"until": "2026-02-30T00:00:00Z"},
    {"since": "9999-12-31T23:59:59-14:00"},  # past the last datetime once in UTC
    {"until": "0001-01-01T00:00:00+14:00"},  # before the first one
    {"before": "w2026lower"},
    {"before": "A" * 41},
    {"before": "W1' OR '1'='1"},
    {"member": ""},
    {"member": "x" * 65},
    {"status": "BOGUS"},
]


@pytest.mark.parametrize("path", [DEPOSITS, WITHDRAWALS])
@pytest.mark.parametrize("params", BAD_FILTERS, ids=lambda p: "-".join(f"{k}={v[:12]}" for k, v in p.items()))
async def test_bad_filters_are_refused_as_a_validation_error(
    client: httpx.AsyncClient, db: Database, path: str, params: dict[str, str]
) -> None:
    value = failed(await client.get(path, params=params, headers=await staff(db)), 422, "VALIDATION_ERROR")
    # The edge's input guard refuses what no column could hold (a 65-bit number) before a field is read.
    assert value["fields"], value
    assert {field["field"] for field in value["fields"]} <= {*params, None}, value


async def test_the_withdrawal_queue_filters_by_every_status_it_can_have(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    for status in ("PENDING", "APPROVED", "DISBURSED", "PARTIAL", "NOT_RECEIVED", "REFUNDED", "CANCELLED"):
        assert ok(await client.get(WITHDRAWALS, params={"status": status}, headers=admin)) == []
    assert ok(await client.get(DEPOSITS, params={"status": "EXPIRED"}, headers=admin)) == []


async def withdrawal(client: httpx.AsyncClient, db: Database) -> str:
    """player1 funds the wallet by bank transfer, binds an account and asks for 300.00."""
    portal = Portal(client)
    ok(await portal.login("player1"))
    body = {"channel": "BANK", "amount": "1000.00", "requestId": "req-q-fund"}
    order = ok(await portal.call("POST", "/wps/cashier/deposits", body))["orderNo"]
    ok(await client.post(f"{DEPOSITS}/{order}/confirm", json={"note": "seen"}, headers=await staff(db)))
    password = {"loginPassword": "Demo1234", "paymentPassword": "246810", "confirmPaymentPassword": "246810"}
    ok(await portal.call("POST", "/wps/member/paymentPassword", password, encrypted=True))
    bank = {"bankName": "Demo Bank", "accountName": "Player One", "accountNumber": "55556666"}
    bank_id = ok(await portal.call("POST", "/wps/member/bankAccounts", bank))["id"]
    ask = {"bankAccountId": bank_id, "amount": "300.00", "paymentPassword": "246810", "requestId": "req-q-w1"}
    return str(ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))["orderNo"])


async def test_roles_on_the_queues_and_a_second_approval(client: httpx.AsyncClient, db: Database) -> None:
    order = await withdrawal(client, db)
    support, auditor = await staff(db, "support1"), await staff(db, "auditor1")
    finance = await staff(db, "finance1")
    failed(await client.get(WITHDRAWALS, headers=support), 403, "FORBIDDEN")
    failed(await client.get(DEPOSITS, params={"member": "player"}, headers=support), 403, "FORBIDDEN")
    # Refused for the role before the filters are read.
    failed(await client.get(DEPOSITS, params={"limit": "0"}, headers=support), 403, "FORBIDDEN")
    assert await listed(client, auditor, WITHDRAWALS, member="player1") == [order]
    failed(await client.post(f"{WITHDRAWALS}/{order}/approve", json={}, headers=auditor), 403, "FORBIDDEN")

    approved = ok(await client.post(f"{WITHDRAWALS}/{order}/approve", json={"note": "ok"}, headers=finance))
    assert approved["status"] == "APPROVED"
    again = await client.post(f"{WITHDRAWALS}/{order}/approve", json={}, headers=finance)
    failed(again, 409, "WITHDRAWAL_STATE")
    assert await listed(client, finance, WITHDRAWALS) == []
    assert await listed(client, finance, WITHDRAWALS, status="APPROVED") == [order]

    ok(await client.post(f"{WITHDRAWALS}/{order}/disburse", json={"note": "paid"}, headers=finance))
    (row,) = ok(await client.get(WITHDRAWALS, params={"status": "DISBURSED"}, headers=auditor))
    assert row["member"] == "player1"
    assert row["disbursedAt"] is not None
    assert row["confirmedAt"] is None  # the member has not confirmed receipt yet
