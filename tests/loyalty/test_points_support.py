"""What the points and mall tests share (no tests here): settled bets written straight into the bet records,
points given through the points book, a member's withdrawal password, the mall's staff calls, and the points
ledger check (every balance equals the sum of its postings, none below zero)."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from typing import Any

import httpx
from sqlalchemy import func, select

from server.accounts.models import Member
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord, GameVendor
from server.loyalty.points import book
from server.loyalty.points.models import ADJUST, PointsBalance, PointsPosting
from tests.promotions.support import admin
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import ledger_is_clean

PAYMENT_PASSWORD = "246810"
_rounds = itertools.count(1)


async def member_of(db: Database, username: str, merchant: str = "demo") -> tuple[int, int]:
    """(merchant id, member id)."""
    async with db.read_session() as session:
        row = (
            await session.execute(
                select(Merchant.id, Member.id)
                .join(Member, Member.merchant_id == Merchant.id)
                .where(Merchant.code == merchant, Member.username == username)
            )
        ).one()
    return int(row[0]), int(row[1])


async def settle(
    db: Database,
    merchant_id: int,
    member_id: int,
    category: str,
    stake: int,
    *,
    settled_at: datetime | None = None,
    trial: bool = False,
) -> None:
    """A settled bet of `stake` minor units, settled two minutes ago unless told (inside the job's window)."""
    at = settled_at or utcnow() - timedelta(minutes=2)
    async with db.session() as session:
        vendor_id = await session.scalar(
            select(GameVendor.id)
            .where(GameVendor.merchant_id == merchant_id)
            .order_by(GameVendor.id)
            .limit(1)
        )
        assert vendor_id is not None
        session.add(
            BetRecord(
                merchant_id=merchant_id,
                vendor_id=vendor_id,
                member_id=member_id,
                category=category,
                round_id=f"points-test-{next(_rounds)}",
                bet_amount=stake,
                win_amount=0,
                status="SETTLED",
                trial=trial,
                placed_at=at - timedelta(seconds=5),
                settled_at=at,
            )
        )


async def give_points(db: Database, merchant_id: int, member_id: int, points: int, reference: str) -> None:
    async with db.session() as session:
        await book.credit(session, merchant_id, member_id, points, reason=ADJUST, reference=reference)


async def set_payment_password(portal: Portal) -> None:
    body = {
        "loginPassword": "Demo1234",
        "paymentPassword": PAYMENT_PASSWORD,
        "confirmPaymentPassword": PAYMENT_PASSWORD,
    }
    ok(await portal.call("POST", "/wps/member/paymentPassword", body, encrypted=True))


async def balance_of(client: httpx.AsyncClient, portal: Portal) -> dict[str, Any]:
    return dict(ok(await client.get("/wps/points/balance", headers=portal.headers())))


async def points_are_clean(db: Database) -> None:
    """Every balance equals the sum of its postings; no balance, posting or stock below zero."""
    async with db.read_session() as session:
        sums = dict(
            (int(m), int(s))
            for m, s in await session.execute(
                select(PointsPosting.member_id, func.sum(PointsPosting.change)).group_by(
                    PointsPosting.member_id
                )
            )
        )
        balances = {
            int(m): int(c)
            for m, c in await session.execute(select(PointsBalance.member_id, PointsBalance.current))
        }
        negative = await session.scalar(
            select(func.count()).select_from(PointsPosting).where(PointsPosting.balance_after < 0)
        )
    assert negative == 0
    assert all(current >= 0 for current in balances.values())
    for member_id, total in sums.items():
        assert balances.get(member_id) == total, (member_id, balances.get(member_id), total)
    for member_id, current in balances.items():
        assert sums.get(member_id, 0) == current, (member_id, current)


async def books_are_clean(db: Database) -> None:
    """The money ledger (postings sum to zero, balances equal postings) and the points book."""
    await ledger_is_clean(db)
    await points_are_clean(db)


async def staff(db: Database, username: str = "admin1") -> dict[str, str]:
    if username == "admin1":
        return await admin(db)
    from tests.support.accounts import token_for

    return {"Merchant": "demo", "Authorization": await token_for(db, "demo", username, staff=True)}


def item_body(category: str = "BONUS", **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "category": category,
        "names": {"EN": f"A {category.lower()} item", "CN": "奖品"},
        "descriptions": {"EN": "Something nice"},
        "imageUrl": None,
        "points": 500,
        "amountRequired": "0.00",
        "value": "5.00" if category == "BONUS" else None,
        "stock": None,
        "perMember": None,
        "raffleId": None,
        "active": True,
    }
    body.update(fields)
    return body


async def create_item(client: httpx.AsyncClient, headers: dict[str, str], **fields: Any) -> int:
    category = str(fields.pop("category", "BONUS"))
    made = ok(
        await client.post(
            "/wps/admin/loyalty/mall/items", json=item_body(category, **fields), headers=headers
        )
    )
    return int(made["id"])
