"""What staff send from the console: to one member (delivered in the request), or to a label, a rank or
everyone of the merchant (stored PENDING and fanned out by the job in fanout.py). Every send is audited."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Staff
from server.admin.service import audit
from server.brands.service import Brand
from server.content.messages import service
from server.content.messages.models import PENDING, MessageRecipient, PlatformMessage
from server.content.texts import ENGLISH, check_languages, pick_text
from server.db.paging import page_count
from server.http.core import errors
from server.http.core.errors import AppError

LABEL, RANK, ALL = "LABEL", "RANK", "ALL"


def _required(field: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "missing"}]})


def _target(audience: str, member_id: int | None, label: str | None, rank: int | None) -> str | None:
    if audience == service.MEMBER:
        if member_id is None:
            raise _required("memberId")
        return str(member_id)
    if audience == LABEL:
        if label is None or not label.strip():
            raise _required("label")
        return label.strip()
    if audience == RANK:
        if rank is None:
            raise _required("rank")
        return str(rank)
    return None


async def send(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    audience: str,
    member_id: int | None,
    label: str | None,
    rank: int | None,
    texts: Mapping[str, Mapping[str, str]],
    ip: str | None,
) -> PlatformMessage:
    """`texts` already shaped and sanitised (server.content.texts.Texts); their languages are checked here."""
    target = _target(audience, member_id, label, rank)
    check_languages(brand, texts)
    if audience == service.MEMBER:
        assert member_id is not None
        message = await service.deliver(
            session,
            merchant_id=brand.id,
            member_id=member_id,
            kind=service.STAFF,
            texts=texts,
            sender_staff_id=staff_id,
        )
    else:
        message = PlatformMessage(
            merchant_id=brand.id,
            audience=audience,
            target=target,
            kind=service.STAFF,
            texts={code: dict(text) for code, text in texts.items()},
            status=PENDING,
            cursor=0,
            recipients=0,
            sent_by_staff_id=staff_id,
        )
        session.add(message)
        await session.flush()
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="message.send",
        target=f"{audience}:{target}" if target is not None else audience,
        detail={"message": message.id, "languages": sorted(texts)},
        ip=ip,
    )
    return message


@dataclass(frozen=True)
class SentRow:
    id: int
    audience: str
    target: str | None
    title: str
    status: str
    recipients: int
    read: int
    created_at: datetime
    sent_by: str | None


@dataclass(frozen=True)
class SentPage:
    rows: list[SentRow]
    page_num: int
    total_pages: int
    total: int


async def sent(session: AsyncSession, brand: Brand, *, page: int, page_size: int) -> SentPage:
    """What people sent (staff messages, feedback answers), newest first; system messages are left out:
    there is one per deposit."""
    where = (PlatformMessage.merchant_id == brand.id, PlatformMessage.kind != service.SYSTEM)
    total = int(await session.scalar(select(func.count()).select_from(PlatformMessage).where(*where)) or 0)
    found = (
        await session.execute(
            select(PlatformMessage, Staff.username)
            .outerjoin(Staff, Staff.id == PlatformMessage.sent_by_staff_id)
            .where(*where)
            .order_by(PlatformMessage.id.desc())
            .offset((page - 1) * page_size)
            .limit(page_size)
        )
    ).all()
    ids = [message.id for message, _ in found]
    read: dict[int, int] = {}
    if ids:
        counted = await session.execute(
            select(MessageRecipient.message_id, func.count())
            .where(MessageRecipient.message_id.in_(ids), MessageRecipient.read_at.is_not(None))
            .group_by(MessageRecipient.message_id)
        )
        read = {message_id: int(n) for message_id, n in counted.all()}
    rows = [
        SentRow(
            id=message.id,
            audience=message.audience,
            target=message.target,
            title=(pick_text(message.texts, ENGLISH, brand.default_language) or {}).get("title", ""),
            status=message.status,
            recipients=message.recipients,
            read=read.get(message.id, 0),
            created_at=message.created_at,
            sent_by=username,
        )
        for message, username in found
    ]
    return SentPage(rows, page, page_count(total, page_size), total)
