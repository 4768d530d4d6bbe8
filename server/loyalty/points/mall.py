"""The points mall: items staff offer for points, the member's redeem (password-checked, atomic) and staff's
decision on physical goods.

A redeem is one transaction: the member's points row is locked first (the member's turn: the per-member limit
and the request id's replay are decided under it), the stock taken by one conditional UPDATE (stock IS NULL OR
stock >= quantity), the points by another (current >= cost) with their posting, and the item delivered: bonus
money through loyalty's pay_reward, raffle tickets into the item's running raffle. Any refusal rolls all of it
back. Free spins cannot be delivered by this product (the house awards them only inside its own games, and no
API hands a member free spins), so the console cannot create a FREE_SPINS item (DELIVERABLE)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.loyalty.models import POINTS_REDEEM
from server.loyalty.points import book
from server.loyalty.points.models import (
    APPROVED,
    BONUS,
    GOODS,
    IN_PROCESS,
    RAFFLE_TICKETS,
    REDEEM,
    REJECTED,
    MallItem,
    MallRedeem,
)
from server.loyalty.rewards import pay_reward
from server.promotions.models import RAFFLE, Promotion, RaffleTicket
from server.promotions.service import is_running
from server.wallet.cashier_models import DepositOrder
from server.wallet.withdrawals import check_payment_password

DELIVERABLE = (BONUS, RAFFLE_TICKETS, GOODS)


async def deposits_of(session: AsyncSession, member_id: int) -> int:
    """The member's completed deposits in minor units (an item's amount requirement)."""
    found = await session.scalar(
        select(func.coalesce(func.sum(DepositOrder.amount), 0)).where(
            DepositOrder.member_id == member_id, DepositOrder.status == "COMPLETED"
        )
    )
    return int(found or 0)


async def redeemed_by(session: AsyncSession, member_id: int) -> dict[int, int]:
    """Units of each item the member redeemed and were not rejected."""
    rows = await session.execute(
        select(MallRedeem.item_id, func.sum(MallRedeem.quantity))
        .where(MallRedeem.member_id == member_id, MallRedeem.status != REJECTED)
        .group_by(MallRedeem.item_id)
    )
    return {int(item): int(count or 0) for item, count in rows}


async def running_raffle(session: AsyncSession, merchant_id: int, raffle_id: int | None) -> Promotion | None:
    if raffle_id is None:
        return None
    raffle = await session.get(Promotion, raffle_id)
    if raffle is None or raffle.merchant_id != merchant_id or raffle.kind != RAFFLE:
        return None
    return raffle if is_running(raffle, utcnow()) else None


async def offered(session: AsyncSession, merchant_id: int, category: str | None) -> list[MallItem]:
    """The active items a member can redeem now (a raffle's tickets only while the raffle runs)."""
    query = select(MallItem).where(MallItem.merchant_id == merchant_id, MallItem.active.is_(True))
    if category is not None:
        query = query.where(MallItem.category == category)
    items = list(await session.scalars(query.order_by(MallItem.sort_order, MallItem.id)))
    shown = []
    for item in items:
        if item.category not in DELIVERABLE:
            continue
        if (
            item.category == RAFFLE_TICKETS
            and await running_raffle(session, merchant_id, item.raffle_id) is None
        ):
            continue
        shown.append(item)
    return shown


def status_of(item: MallItem, redeemed: int, deposits: int | None, current: int | None) -> str:
    """The item for a reader: a visitor (deposits and points None) sees only whether it is in stock."""
    if item.stock is not None and item.stock <= 0:
        return "SOLD_OUT"
    if deposits is None or current is None:
        return "AVAILABLE"
    if item.per_member is not None and redeemed >= item.per_member:
        return "LIMIT_REACHED"
    if deposits < item.amount_required:
        return "DEPOSIT_REQUIRED"
    if current < item.points:
        return "NOT_ENOUGH_POINTS"
    return "AVAILABLE"


@dataclass(frozen=True)
class Ask:
    item_id: int
    quantity: int
    password: str
    request_id: str
    address: str | None
    mobile: str | None


def _missing(field: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "missing"}]})


async def redeem(session: AsyncSession, brand: Brand, member: Member, ask: Ask, ip: str) -> MallRedeem:
    item = await session.get(MallItem, ask.item_id)
    if item is None or item.merchant_id != brand.id or not item.active:
        raise AppError(errors.MALL_ITEM_NOT_FOUND)
    address = (ask.address or "").strip() or None
    mobile = (ask.mobile or "").strip() or None
    if item.category == GOODS and address is None:
        raise _missing("address")
    if item.category == GOODS and mobile is None:
        raise _missing("mobile")
    await check_payment_password(session, brand, member, ask.password, ip)
    current = await book.lock(session, brand.id, member.id)
    earlier = await session.scalar(
        select(MallRedeem).where(MallRedeem.member_id == member.id, MallRedeem.request_id == ask.request_id)
    )
    if earlier is not None:
        if (earlier.item_id, earlier.quantity) != (item.id, ask.quantity):
            raise AppError(errors.IDEMPOTENCY_CONFLICT)
        return earlier
    raffle = await running_raffle(session, brand.id, item.raffle_id)
    if item.category not in DELIVERABLE or (item.category == RAFFLE_TICKETS and raffle is None):
        raise AppError(errors.MALL_ITEM_UNAVAILABLE)
    if await deposits_of(session, member.id) < item.amount_required:
        raise AppError(errors.DEPOSIT_REQUIRED)
    redeemed = (await redeemed_by(session, member.id)).get(item.id, 0)
    if item.per_member is not None and redeemed + ask.quantity > item.per_member:
        raise AppError(errors.REDEEM_LIMIT, value={"perMember": item.per_member, "redeemed": redeemed})
    cost = item.points * ask.quantity
    if current < cost:
        raise AppError(errors.POINTS_NOT_ENOUGH)
    taken = await session.execute(
        update(MallItem)
        .where(MallItem.id == item.id, (MallItem.stock.is_(None)) | (MallItem.stock >= ask.quantity))
        .values(stock=MallItem.stock - ask.quantity)
        .execution_options(synchronize_session=False)
    )
    if int(getattr(taken, "rowcount", 0) or 0) != 1:
        raise AppError(errors.ITEM_SOLD_OUT)
    now = utcnow()
    row = MallRedeem(
        merchant_id=brand.id,
        member_id=member.id,
        item_id=item.id,
        quantity=ask.quantity,
        points=cost,
        status=IN_PROCESS if item.category == GOODS else APPROVED,
        address=address,
        mobile=mobile,
        request_id=ask.request_id,
        created_at=now,
        decided_at=None if item.category == GOODS else now,
    )
    session.add(row)
    await session.flush()
    after = await book.debit(
        session, brand.id, member.id, cost, reason=REDEEM, reference=f"redeem:{row.id}", now=now
    )
    if after is None:
        raise AppError(errors.POINTS_NOT_ENOUGH)
    await _deliver(session, brand, member, item, row, raffle, now)
    return row


async def _deliver(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    item: MallItem,
    row: MallRedeem,
    raffle: Promotion | None,
    now: datetime,
) -> None:
    if item.category == BONUS and item.value:
        await pay_reward(
            session,
            brand,
            member,
            kind=POINTS_REDEEM,
            key=f"points-redeem:{row.id}",
            amount=item.value * row.quantity,
            meta={"item": item.id, "redeem": row.id},
            now=now,
        )
    elif item.category == RAFFLE_TICKETS and raffle is not None and item.value:
        dialect = (await session.connection()).dialect.name
        insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
        await session.execute(
            insert_for(RaffleTicket)
            .values(
                merchant_id=brand.id,
                promotion_id=raffle.id,
                member_id=member.id,
                tickets=item.value * row.quantity,
                source=f"points:{row.id}",
                created_at=now,
            )
            .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "source"])
        )


async def history(
    session: AsyncSession, member_id: int, page: int, page_size: int
) -> tuple[list[tuple[MallRedeem, MallItem]], int]:
    rows, total = await page_of(
        session,
        select(MallRedeem, MallItem)
        .join(MallItem, MallItem.id == MallRedeem.item_id)
        .where(MallRedeem.member_id == member_id)
        .order_by(MallRedeem.id.desc()),
        page=page,
        page_size=page_size,
    )
    return [(r[0], r[1]) for r in rows], total
