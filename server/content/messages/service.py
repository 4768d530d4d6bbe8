"""A member's inbox and its unread count, and the two ways one message reaches one member: `send_direct`
(staff, a feedback answer) and `send_system` (what the product writes itself, from a template).

The unread count is the member's recipient rows neither read nor deleted. Every change that moves it is
one conditional UPDATE scoped by the member (another member's message id matches no row: 404), taken in
the member's turn (an advisory lock on Postgres; SQLite writes one at a time anyway), so that two tabs
marking messages read at once each answer and push a count that includes the other's change. The push
(`messages:unread` {"count": n} to `user:{id}`) leaves after COMMIT."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import Member
from server.brands.models import Merchant
from server.content.html import sanitise
from server.content.messages import templates
from server.content.messages.models import SENT, MessageRecipient, PlatformMessage
from server.content.texts import TITLE_MAX, pick_text
from server.db.base import utcnow
from server.db.locks import take_turns
from server.db.paging import page_count
from server.http.core import errors
from server.http.core.errors import AppError

MEMBER = "MEMBER"
SYSTEM, STAFF, FEEDBACK_ANSWER = "SYSTEM", "STAFF", "FEEDBACK_ANSWER"
_R = MessageRecipient


def _unread_of(member_id: int) -> Any:
    return (_R.member_id == member_id, _R.read_at.is_(None), _R.deleted_at.is_(None))


async def unread_count(session: AsyncSession, member_id: int) -> int:
    count = await session.scalar(select(func.count()).select_from(_R).where(*_unread_of(member_id)))
    return int(count or 0)


async def _publish_count(session: AsyncSession, member_id: int) -> int:
    count = await unread_count(session, member_id)
    await publish(events.MESSAGES_UNREAD, events.user_room(member_id), {"count": count}, session=session)
    return count


async def _take_turn(session: AsyncSession, member_id: int) -> None:
    await take_turns(session, f"messages:{member_id}")


@dataclass(frozen=True)
class InboxItem:
    id: int
    title: str
    content: str
    kind: str
    created_at: datetime
    read: bool


@dataclass(frozen=True)
class Inbox:
    items: list[InboxItem]
    page_num: int
    total_pages: int
    total: int
    unread: int


async def reading_languages(session: AsyncSession, member_id: int) -> tuple[str, str]:
    """(the member's language, the merchant's default): a message is read in the first it has."""
    row = (
        await session.execute(
            select(Member.language, Merchant.default_language)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Member.id == member_id)
        )
    ).one()
    return row.language or row.default_language, row.default_language


async def inbox(
    session: AsyncSession, member_id: int, *, unread_only: bool, page: int, page_size: int
) -> Inbox:
    """Newest first, each in the member's language as it is now (texts are resolved at read time)."""
    where = [_R.member_id == member_id, _R.deleted_at.is_(None)]
    if unread_only:
        where.append(_R.read_at.is_(None))
    total = int(await session.scalar(select(func.count()).select_from(_R).where(*where)) or 0)
    language, fallback = await reading_languages(session, member_id)
    rows = await session.execute(
        select(
            PlatformMessage.id,
            PlatformMessage.kind,
            PlatformMessage.texts,
            PlatformMessage.created_at,
            _R.read_at,
        )
        .join(PlatformMessage, PlatformMessage.id == _R.message_id)
        .where(*where)
        .order_by(_R.message_id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    items = []
    for row in rows:
        text = pick_text(row.texts, language, fallback) or {}
        items.append(
            InboxItem(
                id=row.id,
                title=text.get("title", ""),
                content=text.get("content", ""),
                kind=row.kind,
                created_at=row.created_at,
                read=row.read_at is not None,
            )
        )
    unread = total if unread_only else await unread_count(session, member_id)
    return Inbox(items, page, page_count(total, page_size), total, unread)


async def _is_in_inbox(session: AsyncSession, member_id: int, message_id: int) -> bool:
    found = await session.scalar(
        select(_R.id).where(_R.message_id == message_id, _R.member_id == member_id, _R.deleted_at.is_(None))
    )
    return found is not None


async def mark_read(session: AsyncSession, member_id: int, message_id: int) -> int:
    """The new unread count. Reading a message twice is fine; a message not in this member's inbox is 404."""
    await _take_turn(session, member_id)
    changed = await session.execute(
        update(_R)
        .where(_R.message_id == message_id, *_unread_of(member_id))
        .values(read_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount:  # type: ignore[attr-defined]
        return await _publish_count(session, member_id)
    if not await _is_in_inbox(session, member_id, message_id):
        raise AppError(errors.MESSAGE_NOT_FOUND)
    return await unread_count(session, member_id)


async def mark_all_read(session: AsyncSession, member_id: int) -> int:
    await _take_turn(session, member_id)
    changed = await session.execute(
        update(_R)
        .where(*_unread_of(member_id))
        .values(read_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount:  # type: ignore[attr-defined]
        return await _publish_count(session, member_id)
    return await unread_count(session, member_id)


async def delete(session: AsyncSession, member_id: int, message_id: int) -> int:
    """Out of the inbox for good (the row stays for the staff's read figures). Deleting an unread message
    moves the count."""
    await _take_turn(session, member_id)
    deleted = (
        await session.execute(
            update(_R)
            .where(_R.message_id == message_id, _R.member_id == member_id, _R.deleted_at.is_(None))
            .values(deleted_at=utcnow())
            .returning(_R.read_at)
            .execution_options(synchronize_session=False)
        )
    ).first()
    if deleted is None:
        raise AppError(errors.MESSAGE_NOT_FOUND)
    if deleted.read_at is None:
        return await _publish_count(session, member_id)
    return await unread_count(session, member_id)


async def deliver(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    kind: str,
    texts: Mapping[str, Mapping[str, str]],
    sender_staff_id: int | None,
    template: str | None = None,
) -> PlatformMessage:
    """One message to one member of this merchant, in the caller's transaction; the count is pushed after
    COMMIT. The texts are stored as given (callers sanitise content). NOT_FOUND when the member is not the
    merchant's."""
    owner = await session.scalar(select(Member.merchant_id).where(Member.id == member_id))
    if owner != merchant_id:
        raise AppError(errors.NOT_FOUND)
    message = PlatformMessage(
        merchant_id=merchant_id,
        audience=MEMBER,
        target=str(member_id),
        kind=kind,
        template=template,
        texts={code: dict(text) for code, text in texts.items()},
        status=SENT,
        cursor=member_id,
        recipients=1,
        sent_by_staff_id=sender_staff_id,
    )
    session.add(message)
    await session.flush()
    await _take_turn(session, member_id)
    session.add(_R(message_id=message.id, member_id=member_id, merchant_id=merchant_id, created_at=utcnow()))
    await session.flush()
    await _publish_count(session, member_id)
    return message


async def send_direct(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    kind: str,
    title: str,
    content: str,
    sender_staff_id: int | None,
) -> int:
    """A message in one language (the merchant's default, which every reader falls back to): `title` plain
    text (cut to 120 characters), `content` HTML, sanitised here (escape plain text before passing it).
    Returns the message id."""
    default = await session.scalar(select(Merchant.default_language).where(Merchant.id == merchant_id))
    text = {"title": " ".join(title.split())[:TITLE_MAX], "content": sanitise(content)}
    message = await deliver(
        session,
        merchant_id=merchant_id,
        member_id=member_id,
        kind=kind,
        texts={default or "EN": text},
        sender_staff_id=sender_staff_id,
    )
    return message.id


async def send_system(session: AsyncSession, member_id: int, template: str, **params: Any) -> None:
    """A message the product writes (templates.TEMPLATES), stored in every language, so the member reads it
    in theirs even after changing it. `currency` defaults to the merchant's."""
    row = (
        await session.execute(
            select(Member.merchant_id, Merchant.currency_code)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Member.id == member_id)
        )
    ).one()
    params.setdefault("currency", row.currency_code)
    await deliver(
        session,
        merchant_id=row.merchant_id,
        member_id=member_id,
        kind=SYSTEM,
        texts=templates.render(template, params),
        sender_staff_id=None,
        template=template,
    )
