"""The console's side of the mall: items (validated; FREE_SPINS refused, the product cannot deliver them), the
redeem queue, and staff's decision on physical goods. Approving and rejecting are each one conditional UPDATE
from IN_PROCESS, so a redeem is decided once; a rejection gives the points back (REDEEM_REFUND) and the stock,
in the same transaction. Every change is audited and the member gets a platform message."""

from __future__ import annotations

import re

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.admin.audit_trail import audit
from server.content.messages import templates
from server.content.messages.service import send_system
from server.content.texts import pick_text
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.loyalty.points import book
from server.loyalty.points.models import (
    APPROVED,
    BONUS,
    FREE_SPINS,
    IN_PROCESS,
    RAFFLE_TICKETS,
    REDEEM_REFUND,
    REJECTED,
    MallItem,
    MallRedeem,
)
from server.loyalty.points.schemas import MallItemIn
from server.promotions.models import RAFFLE, Promotion

_COUNT = re.compile(r"^[1-9][0-9]{0,5}$")  # raffle tickets per unit: 1 .. 999,999
_IMAGE = re.compile(r"^(/|https://)[^\s\"'<>]*$")
NAME_MAX, DESCRIPTION_MAX = 100, 1000


def _field(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def _texts(texts: dict[str, str], field: str, most: int, required: bool) -> dict[str, str]:
    kept = {str(lang): text.strip() for lang, text in texts.items() if text.strip()}
    if required and not kept:
        raise _field(field, "missing")
    for lang, text in kept.items():
        if len(text) > most:
            raise _field(f"{field}.{lang}", "too_long")
    return kept


async def apply(session: AsyncSession, merchant_id: int, item: MallItem, body: MallItemIn) -> MallItem:
    """The body checked and written onto `item` (new or existing)."""
    if body.category == FREE_SPINS:
        raise AppError(errors.MALL_CATEGORY_UNAVAILABLE)
    value: int | None = None
    if body.category == BONUS:
        value = parse_amount(body.value, field="value")
    elif body.category == RAFFLE_TICKETS:
        if body.value is None or not _COUNT.match(body.value):
            raise _field("value", "count")
        value = int(body.value)
        kind = await session.scalar(
            select(Promotion.kind).where(Promotion.id == body.raffle_id, Promotion.merchant_id == merchant_id)
        )
        if body.raffle_id is None or kind != RAFFLE:
            raise _field("raffleId", "not_found")
    if body.image_url is not None and body.image_url and not _IMAGE.match(body.image_url):
        raise _field("imageUrl", "url")
    item.category = body.category
    item.names = _texts(dict(body.names), "names", NAME_MAX, True)
    item.descriptions = _texts(dict(body.descriptions), "descriptions", DESCRIPTION_MAX, False)
    item.image_url = body.image_url or None
    item.points = body.points
    item.amount_required = parse_amount(body.amount_required, field="amountRequired", allow_zero=True)
    item.value = value
    item.stock = body.stock
    item.per_member = body.per_member
    item.raffle_id = body.raffle_id if body.category == RAFFLE_TICKETS else None
    item.active = body.active
    item.sort_order = body.sort
    item.updated_at = utcnow()
    if item.id is None:
        item.merchant_id = merchant_id
        session.add(item)
    await session.flush()
    return item


async def item_of(session: AsyncSession, merchant_id: int, item_id: int) -> MallItem:
    item = await session.get(MallItem, item_id)
    if item is None or item.merchant_id != merchant_id:
        raise AppError(errors.MALL_ITEM_NOT_FOUND)
    return item


async def items(session: AsyncSession, merchant_id: int) -> tuple[list[MallItem], dict[int, int]]:
    found = list(
        await session.scalars(
            select(MallItem)
            .where(MallItem.merchant_id == merchant_id)
            .order_by(MallItem.sort_order, MallItem.id)
        )
    )
    counts = await session.execute(
        select(MallRedeem.item_id, func.sum(MallRedeem.quantity))
        .where(MallRedeem.merchant_id == merchant_id, MallRedeem.status != REJECTED)
        .group_by(MallRedeem.item_id)
    )
    return found, {int(i): int(n or 0) for i, n in counts}


def queue(merchant_id: int, status: str | None) -> Select[MallRedeem, MallItem, Member]:
    query = (
        select(MallRedeem, MallItem, Member)
        .join(MallItem, MallItem.id == MallRedeem.item_id)
        .join(Member, Member.id == MallRedeem.member_id)
        .where(MallRedeem.merchant_id == merchant_id)
        .order_by(MallRedeem.id.desc())
    )
    return query if status is None else query.where(MallRedeem.status == status)


async def redeems(
    session: AsyncSession, merchant_id: int, status: str | None, page: int, page_size: int
) -> tuple[list[tuple[MallRedeem, MallItem, Member]], int]:
    rows, total = await page_of(session, queue(merchant_id, status), page=page, page_size=page_size)
    return [(r[0], r[1], r[2]) for r in rows], total


async def _decide(
    session: AsyncSession, merchant_id: int, redeem_id: int, status: str, staff_id: int, reason: str | None
) -> MallRedeem:
    now = utcnow()
    decided = await session.execute(
        update(MallRedeem)
        .where(
            MallRedeem.id == redeem_id, MallRedeem.merchant_id == merchant_id, MallRedeem.status == IN_PROCESS
        )
        .values(status=status, decided_at=now, decided_by=staff_id, reason=reason)
        .execution_options(synchronize_session=False)
    )
    row = await session.get(MallRedeem, redeem_id, populate_existing=True)
    if row is None or row.merchant_id != merchant_id:
        raise AppError(errors.REDEEM_NOT_FOUND)
    if int(getattr(decided, "rowcount", 0) or 0) != 1:
        raise AppError(errors.REDEEM_DECIDED)
    return row


async def _item_name(session: AsyncSession, row: MallRedeem, language: str) -> str:
    item = await session.get(MallItem, row.item_id)
    return "" if item is None else str(pick_text(item.names, language, language) or "")


async def approve(
    session: AsyncSession, merchant_id: int, redeem_id: int, *, staff_id: int, ip: str, language: str
) -> MallRedeem:
    row = await _decide(session, merchant_id, redeem_id, APPROVED, staff_id, None)
    name = await _item_name(session, row, language)
    await send_system(session, row.member_id, templates.POINTS_REDEEM_APPROVED, item=name)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="loyalty.redeem_approve",
        target=f"redeem:{row.id}",
        detail={"member": row.member_id, "item": row.item_id, "quantity": row.quantity, "points": row.points},
        ip=ip,
    )
    return row


async def reject(
    session: AsyncSession,
    merchant_id: int,
    redeem_id: int,
    reason: str,
    *,
    staff_id: int,
    ip: str,
    language: str,
) -> MallRedeem:
    reason = reason.strip()
    if not reason:
        raise _field("reason", "missing")
    row = await _decide(session, merchant_id, redeem_id, REJECTED, staff_id, reason)
    await book.credit(
        session,
        merchant_id,
        row.member_id,
        row.points,
        reason=REDEEM_REFUND,
        reference=f"redeem-refund:{row.id}",
    )
    await session.execute(
        update(MallItem)
        .where(MallItem.id == row.item_id, MallItem.stock.is_not(None))
        .values(stock=MallItem.stock + row.quantity)
        .execution_options(synchronize_session=False)
    )
    name = await _item_name(session, row, language)
    await send_system(
        session, row.member_id, templates.POINTS_REDEEM_REJECTED, item=name, points=row.points, reason=reason
    )
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="loyalty.redeem_reject",
        target=f"redeem:{row.id}",
        detail={"member": row.member_id, "item": row.item_id, "points": row.points, "reason": reason},
        ip=ip,
    )
    return row
