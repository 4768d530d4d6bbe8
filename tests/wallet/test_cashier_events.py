"""cashier:request: the member hears every new status of their deposits and withdrawals, after COMMIT only
(issue 29: an open Withdraw panel stayed "Pending" with Cancel until a reload)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from realtime import events
from server.brands import service as brands
from server.db import after_commit
from server.db.session import Database
from server.wallet import withdrawals
from server.wallet.cashier_models import Withdrawal
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import (
    ledger_is_clean,
    operator,
    player,
    prepare_withdrawals,
    sum_balance,
)

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


def heard(emitted: Sent, kind: str) -> list[tuple[str, str]]:
    """(orderNo, status) of the cashier:request pushes about this kind of request, in order."""
    return [
        (payload["orderNo"], payload["status"])
        for event, _, payload in emitted
        if event == events.CASHIER_REQUEST and payload["kind"] == kind
    ]


async def withdraw(portal: Portal, bank: int, amount: str, request_id: str) -> str:
    ask = {"bankAccountId": bank, "amount": amount, "paymentPassword": "246810", "requestId": request_id}
    order = ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))
    assert order["status"] == "PENDING"
    return str(order["orderNo"])


async def test_every_decision_on_a_withdrawal_reaches_its_member(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    paid, refused, cancelled = [await withdraw(portal, bank, "500.00", f"req-live-{n}") for n in range(3)]
    await after_commit.drain()
    emitted.clear()
    staff = await operator(client, db)
    for order, action in ((paid, "approve"), (paid, "disburse"), (refused, "approve"), (refused, "reject")):
        ok(await client.post(f"/wps/admin/withdrawals/{order}/{action}", json={}, headers=staff))
    ok(await client.post(f"/wps/cashier/withdrawals/{cancelled}/cancel", headers=portal.headers()))
    confirm = await client.post(
        f"/wps/cashier/withdrawals/{paid}/confirm", data={"outcome": "received"}, headers=portal.headers()
    )
    assert ok(confirm)["status"] == "RECEIVED"
    await after_commit.drain()
    assert heard(emitted, "withdrawal") == [
        (paid, "APPROVED"),
        (paid, "DISBURSED"),
        (refused, "APPROVED"),
        (refused, "REJECTED"),
        (cancelled, "CANCELLED"),
        (paid, "RECEIVED"),
    ]
    member_rooms = {room for event, room, _ in emitted if event == events.CASHIER_REQUEST}
    assert len(member_rooms) == 1
    (room,) = member_rooms
    # The rejection and the cancellation gave the money back: the header hears it on the same room.
    balances = [p["sumBalance"] for e, r, p in emitted if e == events.BALANCE and r == room]
    assert balances[-1] == await sum_balance(client, portal) == "2500.00"
    await ledger_is_clean(db)


async def test_deposit_decisions_reach_their_member(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    portal = await player(client)
    staff = await operator(client, db)
    orders = []
    for n in range(2):
        body = {"channel": "BANK", "amount": "150.00", "requestId": f"req-live-dep-{n}"}
        orders.append(ok(await portal.call("POST", "/wps/cashier/deposits", body))["orderNo"])
    await after_commit.drain()
    emitted.clear()
    ok(await client.post(f"/wps/admin/deposits/{orders[0]}/confirm", json={}, headers=staff))
    ok(await client.post(f"/wps/admin/deposits/{orders[1]}/reject", json={}, headers=staff))
    await after_commit.drain()
    assert heard(emitted, "deposit") == [(orders[0], "COMPLETED"), (orders[1], "REJECTED")]
    amounts = [p["amount"] for e, _, p in emitted if e == events.CASHIER_REQUEST]
    assert amounts == ["150.00", "150.00"]
    await ledger_is_clean(db)


async def test_a_decision_rolled_back_announces_nothing(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    order = await withdraw(portal, bank, "500.00", "req-live-rollback")
    await after_commit.drain()
    emitted.clear()

    async def approve_then_fail() -> None:
        async with db.session() as session:
            brand = await brands.load_brand(session, "demo")
            assert brand is not None
            await withdrawals.act(session, brand, await withdrawals.locked(session, brand, order), "reject")
            raise RuntimeError("the request failed after the decision")

    with pytest.raises(RuntimeError):
        await approve_then_fail()
    await after_commit.drain()
    assert heard(emitted, "withdrawal") == []
    assert [e for e, _, _ in emitted if e == events.BALANCE] == []
    async with db.read_session() as session:
        assert (
            await session.scalar(select(Withdrawal.status).where(Withdrawal.order_no == order)) == "PENDING"
        )
    await ledger_is_clean(db)
