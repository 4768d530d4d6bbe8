"""Canned replies: a merchant's ready answers, each behind a shortcut the composer expands (`/deposit`)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.http.core import errors
from server.http.core.errors import AppError
from server.support.models import CannedReply


async def listing(session: AsyncSession, merchant_id: int) -> list[CannedReply]:
    rows = await session.scalars(
        select(CannedReply).where(CannedReply.merchant_id == merchant_id).order_by(CannedReply.shortcut)
    )
    return list(rows)


async def _saved(session: AsyncSession, reply: CannedReply) -> CannedReply:
    # The unique (merchant, shortcut) pair decides between two staff saving the same shortcut at once.
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as taken:
        raise AppError(errors.CHAT_CANNED_SHORTCUT_TAKEN) from taken
    return reply


async def create(
    session: AsyncSession, merchant_id: int, staff_id: int, *, shortcut: str, body: str
) -> CannedReply:
    reply = CannedReply(merchant_id=merchant_id, shortcut=shortcut, body=body)
    session.add(reply)
    await _saved(session, reply)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="chat.canned.create",
        target=str(reply.id),
        detail={"shortcut": shortcut, "text": body},
    )
    return reply


async def _one(session: AsyncSession, merchant_id: int, reply_id: int) -> CannedReply:
    reply = await session.scalar(
        select(CannedReply).where(CannedReply.id == reply_id, CannedReply.merchant_id == merchant_id)
    )
    if reply is None:
        raise AppError(errors.CHAT_CANNED_NOT_FOUND)
    return reply


async def change(
    session: AsyncSession, merchant_id: int, staff_id: int, reply_id: int, *, shortcut: str, body: str
) -> CannedReply:
    reply = await _one(session, merchant_id, reply_id)
    before = {"shortcut": reply.shortcut, "text": reply.body}
    reply.shortcut, reply.body = shortcut, body
    await _saved(session, reply)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="chat.canned.change",
        target=str(reply.id),
        detail={"before": before, "after": {"shortcut": shortcut, "text": body}},
    )
    return reply


async def remove(session: AsyncSession, merchant_id: int, staff_id: int, reply_id: int) -> None:
    reply = await _one(session, merchant_id, reply_id)
    detail = {"shortcut": reply.shortcut, "text": reply.body}
    await session.execute(delete(CannedReply).where(CannedReply.id == reply.id))
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="chat.canned.remove",
        target=str(reply_id),
        detail=detail,
    )
