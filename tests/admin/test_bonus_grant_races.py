"""Bonus grants racing on Postgres with real concurrent transactions (issue 29): parallel grants never pay
past the brand's daily ceiling, and staff approving the same waiting grant at once pay it exactly once."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.accounts.models import Member, Staff
from server.admin.models import AuditEntry, BonusGrant
from server.admin.roles import OPERATOR
from server.brands.models import Merchant
from server.db.session import Database
from server.wallet.models import MAIN, LedgerAccount, LedgerTransfer
from tests.support.accounts import token_for
from tests.support.portal import ok
from tests.wallet.test_cashier_api import ledger_is_clean

pytestmark = pytest.mark.slow


def as_(token: str) -> dict[str, str]:
    return {"Merchant": "demo", "Authorization": token}


async def balance(db: Database, username: str) -> int:
    async with db.read_session() as session:
        found = await session.scalar(
            select(LedgerAccount.balance)
            .join(Member, Member.id == LedgerAccount.member_id)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Merchant.code == "demo", Member.username == username, LedgerAccount.kind == MAIN)
        )
    return int(found or 0)


async def test_parallel_grants_never_pass_the_daily_ceiling(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    limits = {"grantMax": "100.00", "dailyMax": "1000.00", "approvalAbove": "100.00"}
    ok(await client.put("/wps/admin/brand/bonus-limits", json=limits, headers=admin))
    members = ("player1", "player2", "player3")
    before = {name: await balance(db, name) for name in members}
    # Twenty grants of 70.00 at once ask for 1,400.00: fourteen fit under 1,000.00 (980.00), six do not.
    answers = await asyncio.gather(
        *(
            client.post(
                f"/wps/admin/members/{members[n % 3]}/bonus",
                json={"amount": "70.00", "reason": "race", "requestId": f"req-race-{n:04d}"},
                headers=admin,
            )
            for n in range(20)
        )
    )
    codes = sorted(a.json()["errorCode"] or "PAID" for a in answers)
    assert codes == ["BONUS_DAILY_LIMIT"] * 6 + ["PAID"] * 14, [a.text for a in answers]
    paid = sum([await balance(db, name) - before[name] for name in members])
    assert paid == 980_00
    async with db.read_session() as session:
        granted = await session.scalar(
            select(func.sum(BonusGrant.amount)).where(
                BonusGrant.status == "PAID", BonusGrant.transfer_id.is_not(None)
            )
        )
        assert granted == 980_00
        assert await session.scalar(select(func.count()).where(AuditEntry.action == "member.bonus")) == 14
    limits_now = ok(await client.get("/wps/admin/brand", headers=admin))["bonusLimits"]
    assert limits_now["grantedToday"] == "980.00"
    await ledger_is_clean(db)


async def test_staff_approving_one_grant_at_once_pay_it_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        session.add(Staff(merchant_id=merchant_id, username="admin2", password_hash="!", role=OPERATOR))
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    approvers = [as_(await token_for(db, "demo", name, staff=True)) for name in ("finance1", "admin2")]
    before = await balance(db, "player2")
    for round_ in range(4):
        body = {"amount": "6000.00", "reason": "vip", "requestId": f"req-four-eyes-{round_}"}
        asked = ok(await client.post("/wps/admin/members/player2/bonus", json=body, headers=admin))
        assert asked["status"] == "PENDING"
        path = f"/wps/admin/bonus-grants/{asked['orderNo']}/approve"
        answers = await asyncio.gather(
            *(client.post(path, json={"note": "ok"}, headers=approvers[n % 2]) for n in range(6)),
            client.post(path, json={"note": "mine"}, headers=admin),
        )
        outcomes = sorted((a.status_code, a.json()["errorCode"]) for a in answers)
        assert (
            outcomes == [(200, None)] + [(403, "BONUS_SELF_APPROVAL")] + [(409, "BONUS_GRANT_STATE")] * 5
        ), [a.text for a in answers]
        assert await balance(db, "player2") == before + (round_ + 1) * 6_000_00
    async with db.read_session() as session:
        assert (
            await session.scalar(
                select(func.count()).where(LedgerTransfer.idempotency_key.like("bonus-grant:%"))
            )
            == 4
        )
        assert await session.scalar(select(func.count()).where(AuditEntry.action == "bonus.approve")) == 4
        assert await session.scalar(select(func.count()).where(AuditEntry.action == "bonus.request")) == 4
    await ledger_is_clean(db)
