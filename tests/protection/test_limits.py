"""The member's limits over real HTTP, on SQLite and Postgres (issue 34): a lower limit at once, a higher one
or a removal only after 24 hours (cancellable); the cashier refuses a deposit over a deposit limit with what
is left; every stake through the seamless wallet is refused over a wager or loss limit, as INSUFFICIENT_FUNDS
with the reason, and moves nothing; wins and rollbacks count back; the books stay clean."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from server.db.session import Database
from server.protection.models import ProtectionEvent
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.protection.support import (
    age_pending,
    limit,
    protection,
    set_limit,
    vendor_bet,
    vendor_session,
    vendor_win,
)
from tests.support.accounts import member_id
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import deposit_bank, player

pytestmark = pytest.mark.usefixtures("demo")


def refused(answer: httpx.Response, status: int, code: str) -> dict[str, object]:
    assert answer.status_code == status, answer.text
    assert answer.json()["errorCode"] == code, answer.text
    value = answer.json()["value"]
    return value if isinstance(value, dict) else {}


async def test_a_lower_limit_at_once_a_higher_one_after_24_hours(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = await player(client)
    fresh = await protection(portal)
    assert len(fresh["limits"]) == 9
    assert all(row["amount"] is None and row["pending"] is None for row in fresh["limits"])
    assert fresh["exclusion"] is None
    assert fresh["realityCheckMinutes"] == 60

    first = ok(await set_limit(portal, "DEPOSIT", "DAY", "100.00"))
    assert limit(first, "DEPOSIT", "DAY")["amount"] == "100.00"
    lower = ok(await set_limit(portal, "DEPOSIT", "DAY", "80.00"))
    assert limit(lower, "DEPOSIT", "DAY")["amount"] == "80.00"
    higher = limit(ok(await set_limit(portal, "DEPOSIT", "DAY", "500.00")), "DEPOSIT", "DAY")
    assert higher["amount"] == "80.00"
    assert higher["pending"]["amount"] == "500.00"
    # Cancelled, it is gone; asked again, it waits its full 24 hours again.
    cancelled = ok(await portal.call("DELETE", "/wps/protection/limits/DEPOSIT/DAY/pending"))
    assert limit(cancelled, "DEPOSIT", "DAY")["pending"] is None
    refused(await portal.call("DELETE", "/wps/protection/limits/DEPOSIT/DAY/pending"), 404, "NOT_FOUND")
    ok(await set_limit(portal, "DEPOSIT", "DAY", "500.00"))
    member = await member_id(db, "player1")
    await age_pending(db, member, timedelta(hours=23, minutes=59))
    assert limit(await protection(portal), "DEPOSIT", "DAY")["amount"] == "80.00"
    await age_pending(db, member, timedelta(minutes=1))
    applied = limit(await protection(portal), "DEPOSIT", "DAY")
    assert (applied["amount"], applied["pending"]) == ("500.00", None)

    # A removal waits too; a lower limit set meanwhile applies at once and drops it.
    assert limit(ok(await set_limit(portal, "DEPOSIT", "DAY", None)), "DEPOSIT", "DAY")["pending"] == {
        "amount": None,
        "effectiveAt": limit(await protection(portal), "DEPOSIT", "DAY")["pending"]["effectiveAt"],
    }
    dropped = limit(ok(await set_limit(portal, "DEPOSIT", "DAY", "50.00")), "DEPOSIT", "DAY")
    assert (dropped["amount"], dropped["pending"]) == ("50.00", None)

    async with db.read_session() as session:
        events = list(
            await session.scalars(select(ProtectionEvent.event).where(ProtectionEvent.member_id == member))
        )
    assert events == [
        "LIMIT_SET",
        "LIMIT_SET",
        "LIMIT_PENDING",
        "LIMIT_CANCELLED",
        "LIMIT_PENDING",
        "LIMIT_APPLIED",
        "LIMIT_PENDING",
        "LIMIT_SET",
    ]


async def test_bad_limits_are_refused_with_a_code(client: httpx.AsyncClient) -> None:
    portal = await player(client)
    for body in (
        {"kind": "DEPOSIT", "period": "DAY", "amount": "0.00"},
        {"kind": "DEPOSIT", "period": "DAY", "amount": "-5"},
        {"kind": "DEPOSIT", "period": "DAY", "amount": 5},
        {"kind": "DEPOSIT", "period": "YEAR", "amount": "5.00"},
        {"kind": "BONUS", "period": "DAY", "amount": "5.00"},
    ):
        refused(await portal.call("PUT", "/wps/protection/limits", body), 422, "VALIDATION_ERROR")
    refused(
        await portal.call("PUT", "/wps/protection/reality-check", {"minutes": 7}), 422, "VALIDATION_ERROR"
    )
    refused(
        await portal.call("PUT", "/wps/protection/session-limit", {"minutes": 5}), 422, "VALIDATION_ERROR"
    )
    visitor = Portal(client)
    assert (await visitor.call("GET", "/wps/protection")).status_code == 401


async def test_the_cashier_refuses_a_deposit_over_the_limit_with_what_is_left(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = await player(client)
    ok(await set_limit(portal, "DEPOSIT", "WEEK", "1000.00"))
    body = {"channel": "BANK", "amount": "1500.00", "requestId": "over-limit-1", "payerReference": "r"}
    value = refused(await portal.call("POST", "/wps/cashier/deposits", body), 409, "LIMIT_DEPOSIT")
    assert value == {"period": "WEEK", "limit": "1000.00", "left": "1000.00"}
    await deposit_bank(client, db, portal, "600.00", "under-limit-1")
    # A deposit asked for and still waiting counts as well.
    ok(
        await portal.call(
            "POST", "/wps/cashier/deposits", body | {"amount": "300.00", "requestId": "waiting-1"}
        )
    )
    value = refused(
        await portal.call("POST", "/wps/cashier/deposits", body | {"amount": "100.01"}), 409, "LIMIT_DEPOSIT"
    )
    assert value["left"] == "100.00"
    assert limit(await protection(portal), "DEPOSIT", "WEEK")["used"] == "900.00"
    await ledger_is_clean(db)


async def test_wager_and_loss_limits_refuse_the_stake_and_move_nothing(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 200_00, "dep-limits")
    portal = await player(client)
    ok(await set_limit(portal, "LOSS", "DAY", "30.00"))
    ok(await set_limit(portal, "WAGER", "MONTH", "100.00"))
    token = await vendor_session(client, db, portal)
    assert ok(await vendor_bet(client, token, "b1", "20.00"))["balance"] == "180.00"
    # 20.00 lost so far: a stake of 10.01 could take the loss past 30.00.
    answer = await vendor_bet(client, token, "b2", "10.01")
    value = refused(answer, 422, "INSUFFICIENT_FUNDS")
    assert value["balance"] == "180.00"
    assert value["reason"] == "LIMIT_LOSS"
    assert value["detail"] == {"period": "DAY", "limit": "30.00", "left": "10.00"}
    # A win brings the loss down, and the stake fits again.
    ok(await vendor_win(client, token, "w1", "b1", "15.00"))
    assert ok(await vendor_bet(client, token, "b3", "15.00"))["balance"] == "180.00"
    day = limit(await protection(portal), "LOSS", "DAY")
    assert (day["used"], day["left"]) == ("20.00", "10.00")
    # A rollback gives the stake back: off the loss and off the wager.
    refund = {"sessionToken": token, "txId": "rb3", "betTxId": "b3", "roundId": "r-b3"}
    assert ok(await vendor_call(client, "rollback", refund))["balance"] == "195.00"
    after = await protection(portal)
    assert limit(after, "LOSS", "DAY")["used"] == "5.00"
    assert limit(after, "WAGER", "MONTH")["used"] == "20.00"
    # The wager limit: 80.00 of stakes left this month.
    ok(await set_limit(portal, "LOSS", "DAY", None))  # a removal waits: still 30.00
    value = refused(await vendor_bet(client, token, "b4", "25.01"), 422, "INSUFFICIENT_FUNDS")
    assert value["reason"] == "LIMIT_LOSS"
    ok(await vendor_bet(client, token, "b5", "25.00"))
    ok(await vendor_win(client, token, "w5", "b5", "100.00"))  # 70.00 up on the day
    ok(await vendor_bet(client, token, "b6", "50.00"))  # 95.00 staked this month
    value = refused(await vendor_bet(client, token, "b7", "5.01"), 422, "INSUFFICIENT_FUNDS")
    assert value["reason"] == "LIMIT_WAGER"
    assert value["detail"] == {"period": "MONTH", "limit": "100.00", "left": "5.00"}
    ok(await vendor_bet(client, token, "b8", "5.00"))
    await ledger_is_clean(db)


async def test_a_first_limit_counts_what_the_day_already_played(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-first")
    portal = await player(client)
    token = await vendor_session(client, db, portal)
    ok(await vendor_bet(client, token, "f1", "40.00"))
    ok(await vendor_win(client, token, "fw1", "f1", "10.00"))
    # The betting record is what the row starts from: the round above is settled by its win.
    set_now = ok(await set_limit(portal, "WAGER", "DAY", "50.00"))
    assert limit(set_now, "WAGER", "DAY")["used"] == "40.00"
    assert limit(set_now, "LOSS", "DAY")["used"] == "30.00"
    value = refused(await vendor_bet(client, token, "f2", "10.01"), 422, "INSUFFICIENT_FUNDS")
    assert value["reason"] == "LIMIT_WAGER"
    await ledger_is_clean(db)


async def test_trial_accounts_have_no_limits_page(client: httpx.AsyncClient) -> None:
    trial = Portal(client)
    started = await trial.call("POST", "/wps/session/login/freeplay", {"platform": "W", "gatewayVersion": 3})
    trial.token = ok(started)["token"]
    refused(await trial.call("GET", "/wps/protection"), 403, "in_need_true_account")
