"""The application activity (kind APPLICATION): a member applies with a remark (at most 140 characters) and up
to three pictures; staff approve (the bonus is paid) or reject with a reason.

- Applying is one INSERT ... ON CONFLICT DO NOTHING of an APPLYING entry on (promotion, member, period): a
  second application for the period is PROMOTION_ALREADY, whatever it was answered. The pictures are checked
  by their content and re-encoded as feedback's are (server/content/feedback/images.py), and stored in
  promotion_images with the entry, in the same transaction: nothing at all is kept on any refusal.
- Reviewing is one conditional UPDATE from APPLYING (to ISSUED with the promotion's amount, or to REJECTED
  with the reason): of twenty parallel approvals one moves the entry and pays (entries._pay, whose ledger key
  is the entry's (promotion, member, period)), the others are told it was reviewed already.
- Every read is scoped to the merchant; a member reads only their own pictures, and another member's entry is
  not found, exactly as one that does not exist."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import Select, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member, Staff
from server.admin.audit_trail import audit
from server.brands.service import Brand
from server.content.feedback.images import MAX_IMAGES, clean_images
from server.content.messages import service as messages
from server.content.pictures import PictureTable
from server.content.texts import pick_text
from server.db.base import utcnow
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.promotions import entries
from server.promotions.models import (
    APPLICATION,
    APPLYING,
    ISSUED,
    REJECTED,
    REMARK_MAX,
    Promotion,
    PromotionEntry,
    PromotionImage,
)
from server.promotions.service import period_key

REASON_MAX = 200
REVIEWED = (APPLYING, ISSUED, REJECTED)
Order = Literal["newest", "oldest"]
# The member hears of a rejection as a platform message (from the staff member who rejected it), titled in
# their language (their choice, else the merchant's default, else English); the reason is its content.
REJECTED_TITLES = {
    "EN": "Your application was not approved",
    "CN": "您的活动申请未通过",
    "JA": "キャンペーンの申請は承認されませんでした",
    "TH": "ใบสมัครกิจกรรมของคุณไม่ได้รับการอนุมัติ",
    "VI": "Đơn đăng ký khuyến mãi của bạn không được duyệt",
    "PT": "Sua inscrição na promoção não foi aprovada",
    "TY": "Hindi naaprubahan ang iyong aplikasyon",
}


def _field(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def clean_remark(remark: str | None) -> str | None:
    """The remark as kept: trimmed, None when empty, VALIDATION_ERROR (remark, max_length) above 140."""
    text = (remark or "").strip()
    if len(text) > REMARK_MAX:
        raise _field("remark", "max_length")
    return text or None


async def apply(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    *,
    remark: str | None,
    pictures: Sequence[bytes],
    ip: str | None,
    device: str | None,
) -> PromotionEntry:
    """The member's application for the period running now, APPLYING until staff review it."""
    now = utcnow()
    entries._real(member)
    entries._open(promotion, now)
    if promotion.kind != APPLICATION:
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    text = clean_remark(remark)
    if len(pictures) > MAX_IMAGES:
        raise AppError(errors.FEEDBACK_TOO_MANY_IMAGES, value={"max": MAX_IMAGES})
    key = period_key(promotion, now)
    # Only spares the decoding of a second application's pictures: the INSERT below decides.
    if await _entry_of(session, promotion.id, member.id, key) is not None:
        raise AppError(errors.PROMOTION_ALREADY)
    images = await clean_images(pictures)
    await entries.one_per_client(session, promotion, member, ip=ip, device=device)
    entry_id = await entries._insert(
        session,
        merchant_id=brand.id,
        promotion_id=promotion.id,
        member_id=member.id,
        period_key=key,
        status=APPLYING,
        amount=0,
        streak=0,
        ip=ip,
        device=device,
        remark=text,
        image_count=len(images),
    )
    if entry_id is None:
        raise AppError(errors.PROMOTION_ALREADY)
    session.add_all(
        PromotionImage(
            entry_id=entry_id,
            position=position,
            content_type=image.content_type,
            data=image.data,
            width=image.width,
            height=image.height,
        )
        for position, image in enumerate(images)
    )
    await session.flush()
    entry = await session.get(PromotionEntry, entry_id)
    assert entry is not None
    return entry


async def _entry_of(session: AsyncSession, promotion_id: int, member_id: int, key: str) -> int | None:
    return await session.scalar(
        select(PromotionEntry.id).where(
            PromotionEntry.promotion_id == promotion_id,
            PromotionEntry.member_id == member_id,
            PromotionEntry.period_key == key,
        )
    )


# An application's pictures, read by the member who applied and by the console.
PICTURES = PictureTable(
    picture=PromotionImage,
    position=PromotionImage.position,
    link=PromotionImage.entry_id,
    owner=PromotionEntry.id,
    owner_merchant=PromotionEntry.merchant_id,
    owner_member=PromotionEntry.member_id,
    not_found=errors.PROMOTION_APPLICATION_NOT_FOUND,
)
# One picture of theirs, scoped to the merchant (and to the member, when a member asks); anyone else's is
# not found, exactly as one that does not exist.
image = PICTURES.read


@dataclass(frozen=True)
class Row:
    entry: PromotionEntry
    promotion: Promotion
    username: str
    reviewer: str | None


_Reviewer = aliased(Staff)


def _rows(merchant_id: int) -> Select[PromotionEntry, Promotion, str, str]:
    # The reviewer's username is None while nobody has reviewed it (outer join), whatever the type says.
    return (
        select(PromotionEntry, Promotion, Member.username, _Reviewer.username)
        .join(Promotion, Promotion.id == PromotionEntry.promotion_id)
        .join(Member, Member.id == PromotionEntry.member_id)
        .outerjoin(_Reviewer, _Reviewer.id == PromotionEntry.reviewed_by_staff_id)
        .where(PromotionEntry.merchant_id == merchant_id, Promotion.kind == APPLICATION)
    )


@dataclass(frozen=True)
class Page:
    rows: list[Row]
    page_num: int
    total_pages: int
    total: int


async def queue(
    session: AsyncSession,
    merchant_id: int,
    *,
    status: str | None,
    promotion_id: int | None,
    order: Order,
    page: int,
    page_size: int,
) -> Page:
    """The console's queue: the merchant's applications (one status, or all), oldest or newest first."""
    query = _rows(merchant_id).where(PromotionEntry.status.in_([status] if status else REVIEWED))
    if promotion_id is not None:
        query = query.where(PromotionEntry.promotion_id == promotion_id)
    ordered = query.order_by(PromotionEntry.id.desc() if order == "newest" else PromotionEntry.id)
    rows, total = await page_of(session, ordered, page=page, page_size=page_size)
    return Page([Row(*row) for row in rows], page, page_count(total, page_size), total)


async def row_of(session: AsyncSession, merchant_id: int, entry_id: int) -> Row:
    found = (
        await session.execute(
            _rows(merchant_id).where(PromotionEntry.id == entry_id).execution_options(populate_existing=True)
        )
    ).first()
    if found is None:
        raise AppError(errors.PROMOTION_APPLICATION_NOT_FOUND)
    return Row(*found)


async def _review(
    session: AsyncSession, brand: Brand, entry_id: int, now: datetime, staff_id: int, **values: object
) -> Row:
    """One conditional UPDATE from APPLYING: the one call that moves the entry wins; the others are told it
    was reviewed (or that there is no such application of this merchant)."""
    row = await row_of(session, brand.id, entry_id)
    moved = await session.scalar(
        update(PromotionEntry)
        .where(
            PromotionEntry.id == entry_id,
            PromotionEntry.merchant_id == brand.id,
            PromotionEntry.status == APPLYING,
        )
        .values(reviewed_at=now, reviewed_by_staff_id=staff_id, **values)
        .returning(PromotionEntry.id)
        .execution_options(synchronize_session=False)
    )
    if moved is None:
        raise AppError(errors.PROMOTION_APPLICATION_REVIEWED)
    return row


async def approve(
    session: AsyncSession, brand: Brand, entry_id: int, *, staff_id: int, ip: str | None
) -> Row:
    """Approve an application: APPLYING -> ISSUED with the promotion's amount, then the bonus paid with its
    wagering lock (once: the ledger key is the entry's promotion, member and period). Audited."""
    now = utcnow()
    row = await row_of(session, brand.id, entry_id)
    amount = int(row.promotion.params["amount"])
    await _review(session, brand, entry_id, now, staff_id, status=ISSUED, amount=amount)
    member = await session.get(Member, row.entry.member_id)
    assert member is not None
    await entries._pay(session, brand, member, row.promotion, entry_id, now)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="promotion.application.approve",
        target=row.username,
        detail={"promotion": row.promotion.id, "id": entry_id, "amount": format_amount(amount)},
        ip=ip,
    )
    return await row_of(session, brand.id, entry_id)


def clean_reason(reason: str) -> str:
    text = reason.strip()
    if not text:
        raise _field("reason", "missing")
    if len(text) > REASON_MAX:
        raise _field("reason", "max_length")
    return text


async def reject(
    session: AsyncSession, brand: Brand, entry_id: int, reason: str, *, staff_id: int, ip: str | None
) -> Row:
    """Reject an application with a reason (1 to 200 characters): APPLYING -> REJECTED. The member gets the
    reason as a message; audited."""
    text = clean_reason(reason)
    now = utcnow()
    row = await _review(session, brand, entry_id, now, staff_id, status=REJECTED, review_reason=text)
    language = await session.scalar(select(Member.language).where(Member.id == row.entry.member_id))
    title = pick_text(REJECTED_TITLES, language or brand.default_language, brand.default_language)
    promotion_title = _promotion_title(row.promotion, language or brand.default_language, brand)
    content = f"<p>{html.escape(promotion_title)}</p>" if promotion_title else ""
    await messages.send_direct(
        session,
        merchant_id=brand.id,
        member_id=row.entry.member_id,
        kind="STAFF",
        title=title or REJECTED_TITLES["EN"],
        content=content + "<p>" + html.escape(text).replace("\n", "<br>") + "</p>",
        sender_staff_id=staff_id,
    )
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="promotion.application.reject",
        target=row.username,
        detail={"promotion": row.promotion.id, "id": entry_id, "reason": text},
        ip=ip,
    )
    return await row_of(session, brand.id, entry_id)


def _promotion_title(promotion: Promotion, language: str, brand: Brand) -> str:
    text = pick_text(promotion.texts, language, brand.default_language) or {}
    return str(text.get("title", ""))
