"""Bonus grants an operator cannot abuse (issue 29), over HTTP on both backends: the brand's ceiling per
grant and per business day, and a second staff member's approval above the four-eyes threshold; every
request, payment, approval and rejection audited; the ledger balanced after each."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.accounts.models import Member, Staff
from server.admin import grant_limits
from server.admin.models import AuditEntry, BonusGrant
from server.admin.roles import OPERATOR
from server.brands.models import Merchant
from server.db import after_commit
from server.db.session import Database
from server.wallet.models import MAIN, LedgerAccount, LedgerTransfer
from tests.support.accounts import token_for
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username, staff=True)}


async def second_operator(db: Database, username: str = "admin2") -> dict[str, str]:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        session.add(Staff(merchant_id=merchant_id, username=username, password_hash="!", role=OPERATOR))
    return await staff(db, username)


async def main_balance(db: Database, username: str = "player1") -> int:
    async with db.read_session() as session:
        found = await session.scalar(
            select(LedgerAccount.balance)
            .join(Member, Member.id == LedgerAccount.member_id)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Merchant.code == "demo", Member.username == username, LedgerAccount.kind == MAIN)
        )
    return int(found or 0)


async def audited(db: Database, action: str) -> list[AuditEntry]:
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(AuditEntry).where(AuditEntry.action == action).order_by(AuditEntry.id)
            )
        )


async def grant(
    client: httpx.AsyncClient, headers: dict[str, str], amount: str, request_id: str, member: str = "player1"
) -> httpx.Response:
    body = {"amount": amount, "reason": "goodwill", "requestId": request_id}
    return await client.post(f"/wps/admin/members/{member}/bonus", json=body, headers=headers)


async def decide(
    client: httpx.AsyncClient, headers: dict[str, str], order_no: str, decision: str, note: str | None = None
) -> httpx.Response:
    body = {} if note is None else {"note": note}
    return await client.post(f"/wps/admin/bonus-grants/{order_no}/{decision}", json=body, headers=headers)


async def set_limits(
    client: httpx.AsyncClient, headers: dict[str, str], grant_max: str, daily_max: str, approval_above: str
) -> httpx.Response:
    body = {"grantMax": grant_max, "dailyMax": daily_max, "approvalAbove": approval_above}
    return await client.put("/wps/admin/brand/bonus-limits", json=body, headers=headers)


async def test_a_grant_at_the_threshold_is_paid_at_once_and_audited(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    before = await main_balance(db)
    paid = ok(await grant(client, admin, "5000.00", "req-grant-0001"))
    assert (paid["status"], paid["amount"], paid["requestedBy"], paid["decidedBy"]) == (
        "PAID",
        "5000.00",
        "admin1",
        None,
    )
    assert paid["transferId"] is not None
    assert paid["replayed"] is False
    assert await main_balance(db) == before + 5_000_00
    # The same request again answers the same grant and pays nothing more.
    again = ok(await grant(client, admin, "5000.00", "req-grant-0001"))
    assert (again["orderNo"], again["transferId"], again["replayed"]) == (
        paid["orderNo"],
        paid["transferId"],
        True,
    )
    failed(await grant(client, admin, "4000.00", "req-grant-0001"), 409, "IDEMPOTENCY_CONFLICT")
    assert await main_balance(db) == before + 5_000_00
    [entry] = await audited(db, "member.bonus")
    assert (entry.target, entry.detail["amount"], entry.detail["orderNo"]) == (
        "player1",
        "5000.00",
        paid["orderNo"],
    )
    settings = ok(await client.get("/wps/admin/brand", headers=admin))["bonusLimits"]
    assert settings == {
        "grantMax": "20000.00",
        "dailyMax": "200000.00",
        "approvalAbove": "5000.00",
        "grantedToday": "5000.00",
    }
    await ledger_is_clean(db)


async def test_a_grant_above_the_ceiling_is_refused_with_the_limit(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await staff(db)
    before = await main_balance(db)
    # The grant: refused, not paid, not even waiting for approval.
    for amount in ("999999999999999.99", "20000.01"):
        answer = await grant(client, admin, amount, f"req-huge-{amount}")
        assert failed(answer, 422, "BONUS_GRANT_LIMIT") == {"limit": "20000.00"}
        assert "20000.00" in answer.json()["message"]
    refused = await audited(db, "bonus.refused")
    assert [(e.target, e.detail["amount"], e.detail["grantMax"]) for e in refused] == [
        ("player1", "999999999999999.99", "20000.00"),
        ("player1", "20000.01", "20000.00"),
    ]
    ok(await grant(client, admin, "20000.00", "req-grant-at-ceiling"))  # the ceiling itself: waits
    async with db.read_session() as session:
        rows = (await session.execute(select(BonusGrant.amount, BonusGrant.status))).all()
    assert [tuple(r) for r in rows] == [(20_000_00, "PENDING")]
    assert await main_balance(db) == before
    await ledger_is_clean(db)


async def test_a_large_grant_waits_for_another_staff_members_approval(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    admin, finance = await staff(db), await staff(db, "finance1")
    before = await main_balance(db)
    asked = ok(await grant(client, admin, "6000.00", "req-grant-0002"))
    assert (asked["status"], asked["transferId"], asked["decidedBy"]) == ("PENDING", None, None)
    assert await main_balance(db) == before
    await after_commit.drain()
    assert (
        "console:cashier",
        "console:demo",
        {"kind": "grant", "orderNo": asked["orderNo"], "amount": "6000.00"},
    ) in emitted
    waiting = ok(await client.get("/wps/admin/bonus-grants", headers=finance))
    assert [(g["orderNo"], g["member"], g["requestedBy"]) for g in waiting] == [
        (asked["orderNo"], "player1", "admin1")
    ]
    # The requester cannot approve it, however they ask.
    failed(await decide(client, admin, asked["orderNo"], "approve", "mine"), 403, "BONUS_SELF_APPROVAL")
    assert await main_balance(db) == before
    paid = ok(await decide(client, finance, asked["orderNo"], "approve", "checked the campaign"))
    assert (paid["status"], paid["decidedBy"], paid["note"]) == ("PAID", "finance1", "checked the campaign")
    assert await main_balance(db) == before + 6_000_00
    failed(await decide(client, finance, asked["orderNo"], "approve"), 409, "BONUS_GRANT_STATE")
    failed(await decide(client, finance, asked["orderNo"], "reject", "too late"), 409, "BONUS_GRANT_STATE")
    # A retry of the request answers the paid grant; nothing is paid twice.
    again = ok(await grant(client, admin, "6000.00", "req-grant-0002"))
    assert (again["status"], again["replayed"], again["transferId"]) == ("PAID", True, paid["transferId"])
    assert await main_balance(db) == before + 6_000_00
    assert ok(await client.get("/wps/admin/bonus-grants", headers=finance)) == []
    done = ok(await client.get("/wps/admin/bonus-grants", params={"status": "PAID"}, headers=admin))
    assert [g["orderNo"] for g in done] == [asked["orderNo"]]
    [request] = await audited(db, "bonus.request")
    [approval] = await audited(db, "bonus.approve")
    assert (request.detail["amount"], request.detail["approvalAbove"]) == ("6000.00", "5000.00")
    assert (approval.detail["orderNo"], approval.detail["transfer"]) == (asked["orderNo"], paid["transferId"])
    assert await audited(db, "member.bonus") == []
    async with db.read_session() as session:
        assert (
            await session.scalar(
                select(func.count()).where(LedgerTransfer.idempotency_key.like("bonus-grant:%"))
            )
            == 1
        )
    await ledger_is_clean(db)


async def test_a_waiting_grant_is_rejected_with_a_reason_and_never_paid(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin, other = await staff(db), await second_operator(db)
    before = await main_balance(db)
    asked = ok(await grant(client, admin, "7500.00", "req-grant-0003"))
    failed(await decide(client, other, asked["orderNo"], "reject"), 422, "VALIDATION_ERROR")
    failed(await decide(client, other, asked["orderNo"], "reject", "   "), 422, "VALIDATION_ERROR")
    rejected = ok(await decide(client, other, asked["orderNo"], "reject", "not in the campaign"))
    assert (rejected["status"], rejected["decidedBy"], rejected["note"]) == (
        "REJECTED",
        "admin2",
        "not in the campaign",
    )
    failed(await decide(client, other, asked["orderNo"], "approve"), 409, "BONUS_GRANT_STATE")
    failed(await decide(client, other, "B2026NOSUCH", "approve"), 404, "BONUS_GRANT_NOT_FOUND")
    assert await main_balance(db) == before
    [entry] = await audited(db, "bonus.reject")
    assert (entry.target, entry.detail["note"]) == ("player1", "not in the campaign")
    # Its requester may withdraw a request of their own.
    mine = ok(await grant(client, admin, "8000.00", "req-grant-0004"))
    assert ok(await decide(client, admin, mine["orderNo"], "reject", "typo"))["status"] == "REJECTED"
    assert await main_balance(db) == before
    await ledger_is_clean(db)


async def test_the_daily_ceiling_holds_and_counts_a_waiting_grant_when_it_is_approved(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin, finance = await staff(db), await staff(db, "finance1")
    ok(await set_limits(client, admin, "100.00", "250.00", "80.00"))
    [change] = await audited(db, "merchant.bonus_limits")
    assert change.detail["grantMax"] == "100.00"
    assert change.detail["before"] == {
        "grantMax": "20000.00",
        "dailyMax": "200000.00",
        "approvalAbove": "5000.00",
    }
    before = await main_balance(db)
    waiting = ok(await grant(client, admin, "90.00", "req-day-0001"))  # waits: counts nothing yet
    for n in range(3):
        ok(await grant(client, admin, "80.00", f"req-day-1{n:03d}"))
    over = await grant(client, admin, "20.00", "req-day-0002")
    assert failed(over, 409, "BONUS_DAILY_LIMIT") == {"limit": "250.00", "left": "10.00"}
    assert "250.00" in over.json()["message"]
    ok(await grant(client, admin, "10.00", "req-day-0003"))
    # The approval would pass the day's ceiling: refused, and the grant keeps waiting.
    failed(await decide(client, finance, waiting["orderNo"], "approve"), 409, "BONUS_DAILY_LIMIT")
    assert [g["orderNo"] for g in ok(await client.get("/wps/admin/bonus-grants", headers=finance))] == [
        waiting["orderNo"]
    ]
    assert await main_balance(db) == before + 250_00
    limits = ok(await client.get("/wps/admin/brand", headers=admin))["bonusLimits"]
    assert limits["grantedToday"] == "250.00"
    # Another brand's day is its own.
    ok(await grant(client, await staff(db, "admin1", "demo2"), "80.00", "req-day-demo2"))
    await ledger_is_clean(db)


async def test_the_limits_must_fit_together(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    refused = failed(
        await set_limits(client, admin, "300.00", "200.00", "100.00"), 422, "BONUS_LIMITS_INVALID"
    )
    assert refused == {"field": "grantMax"}
    refused = failed(
        await set_limits(client, admin, "100.00", "200.00", "100.01"), 422, "BONUS_LIMITS_INVALID"
    )
    assert refused == {"field": "approvalAbove"}
    failed(await set_limits(client, admin, "0", "200.00", "0"), 422, "VALIDATION_ERROR")
    failed(await set_limits(client, admin, "1e3", "200.00", "0"), 422, "VALIDATION_ERROR")
    assert ok(await set_limits(client, admin, "100.00", "100.00", "0"))["approvalAbove"] == "0.00"
    assert await audited(db, "merchant.bonus_limits") != []
    # With the threshold at zero every grant waits.
    assert ok(await grant(client, admin, "0.01", "req-limits-01"))["status"] == "PENDING"


async def test_the_day_is_the_merchants_business_day(db: Database) -> None:
    limits = grant_limits.Limits(grant_max=100_00, daily_max=100_00, approval_above=100_00)
    late = datetime(2026, 12, 7, 15, 59, 59, tzinfo=UTC)  # 23:59:59 in Manila
    early = datetime(2026, 12, 7, 16, 0, 0, tzinfo=UTC)  # midnight there: a new business day
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        assert await grant_limits.count_against_day(session, merchant_id, 100_00, limits, late) == 100_00
        with pytest.raises(Exception, match="BONUS_DAILY_LIMIT"):
            await grant_limits.count_against_day(session, merchant_id, 1, limits, late)
    async with db.session() as session:
        assert await grant_limits.count_against_day(session, merchant_id, 60_00, limits, early) == 60_00
        assert grant_limits.business_day(late).isoformat() == "2026-12-07"
        assert grant_limits.business_day(early).isoformat() == "2026-12-08"
