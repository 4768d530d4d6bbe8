"""The console's side of promotions: create, change, pause, resume and end them, each change audited in its
transaction; what each one cost (entries, payments, the turnover its bonuses produced); who joined."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.admin.audit_trail import audit
from server.brands.service import Brand
from server.content.texts import check_languages, dump_texts
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.promotions import kinds, missions, raffle
from server.promotions.models import Promotion, PromotionEntry
from server.promotions.schemas import PromotionIn
from server.promotions.service import locked
from server.wallet.models import BonusLock

SCHEDULED, RUNNING, PAUSED, ENDED = "SCHEDULED", "RUNNING", "PAUSED", "ENDED"


def state(promotion: Promotion, now: datetime) -> str:
    if promotion.ended_at is not None or (promotion.ends_at is not None and promotion.ends_at <= now):
        return ENDED
    if promotion.paused:
        return PAUSED
    return SCHEDULED if promotion.starts_at > now else RUNNING


@dataclass(frozen=True)
class Stats:
    entries: int
    paid: int
    paid_amount: int
    turnover: int


async def stats_of(
    session: AsyncSession, merchant_id: int, promotion_id: int | None = None
) -> dict[int, Stats]:
    """Per promotion (or for one): entries, payments and their sum, and the weighted turnover counted on its
    bonuses."""
    paid = PromotionEntry.paid_at.is_not(None)
    one = [] if promotion_id is None else [PromotionEntry.promotion_id == promotion_id]
    sources = [] if promotion_id is None else [BonusLock.source == f"promotion:{promotion_id}"]
    rows = await session.execute(
        select(
            PromotionEntry.promotion_id,
            func.count(),
            func.count(PromotionEntry.paid_at),
            func.coalesce(func.sum(PromotionEntry.amount).filter(paid), 0),
        )
        .where(PromotionEntry.merchant_id == merchant_id, *one)
        .group_by(PromotionEntry.promotion_id)
    )
    counted = dict(
        (
            await session.execute(
                select(BonusLock.source, func.coalesce(func.sum(BonusLock.wagered), 0))
                .where(BonusLock.merchant_id == merchant_id, BonusLock.source.like("promotion:%"), *sources)
                .group_by(BonusLock.source)
            )
        ).all()
    )
    return {
        int(pid): Stats(int(n), int(n_paid), int(amount), int(counted.get(f"promotion:{pid}", 0)))
        for pid, n, n_paid, amount in rows
    }


async def list_all(session: AsyncSession, merchant_id: int) -> list[Promotion]:
    return list(
        await session.scalars(
            select(Promotion)
            .where(Promotion.merchant_id == merchant_id)
            .order_by(Promotion.sort_order, Promotion.id.desc())
        )
    )


def _apply(promotion: Promotion, body: PromotionIn, brand: Brand) -> None:
    check_languages(brand, body.texts)
    raffle.check_schedule(body.kind, body.ends_at)
    promotion.category = body.category
    promotion.starts_at = body.starts_at
    promotion.ends_at = body.ends_at
    promotion.sort_order = body.sort_order
    promotion.image_url = body.image_url
    promotion.texts = dump_texts(body.texts)
    promotion.params = kinds.parse(body.kind, body.params)


async def create(
    session: AsyncSession, brand: Brand, body: PromotionIn, *, staff_id: int, ip: str | None
) -> Promotion:
    promotion = Promotion(merchant_id=brand.id, kind=body.kind, paused=False, created_by_staff_id=staff_id)
    _apply(promotion, body, brand)
    await missions.check_raffles(session, brand.id, promotion.params)
    session.add(promotion)
    await session.flush()
    await raffle.open_draw(session, promotion)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="promotion.create",
        target=str(promotion.id),
        detail={"kind": promotion.kind, "params": promotion.params},
        ip=ip,
    )
    return promotion


async def change(
    session: AsyncSession,
    brand: Brand,
    promotion_id: int,
    body: PromotionIn,
    *,
    staff_id: int,
    ip: str | None,
) -> Promotion:
    promotion = await locked(session, brand.id, promotion_id)
    if body.kind != promotion.kind:
        raise AppError(errors.PROMOTION_KIND_FIXED)
    before = {"params": promotion.params, "startsAt": promotion.starts_at.isoformat()}
    _apply(promotion, body, brand)
    await missions.check_raffles(session, brand.id, promotion.params)
    promotion.updated_at = utcnow()
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="promotion.change",
        target=str(promotion.id),
        detail={"before": before, "params": promotion.params},
        ip=ip,
    )
    return promotion


Action = Literal["pause", "resume", "end"]


async def act(
    session: AsyncSession, brand: Brand, promotion_id: int, action: Action, *, staff_id: int, ip: str | None
) -> Promotion:
    """pause, resume or end; an ended promotion stays ended (PROMOTION_CLOSED for anything after)."""
    promotion = await locked(session, brand.id, promotion_id)
    now = utcnow()
    if promotion.ended_at is not None:
        raise AppError(errors.PROMOTION_CLOSED)
    if action == "pause":
        promotion.paused = True
    elif action == "resume":
        promotion.paused = False
    else:
        promotion.ended_at = now
    promotion.updated_at = now
    await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action=f"promotion.{action}",
        target=str(promotion.id),
        ip=ip,
    )
    return promotion


async def entries_page(
    session: AsyncSession, merchant_id: int, promotion_id: int, *, page: int, page_size: int
) -> tuple[list[tuple[PromotionEntry, str]], int]:
    query: Select[PromotionEntry, str] = (
        select(PromotionEntry, Member.username)
        .join(Member, Member.id == PromotionEntry.member_id)
        .where(PromotionEntry.merchant_id == merchant_id, PromotionEntry.promotion_id == promotion_id)
        .order_by(PromotionEntry.id.desc())
    )
    rows, total = await page_of(session, query, page=page, page_size=page_size)
    return [(entry, username) for entry, username in rows], total
