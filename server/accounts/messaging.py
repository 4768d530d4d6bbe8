"""Sending SMS and e-mail. Real gateways are outside the product; these senders write a development
outbox that operators and tests read. A gateway adapter implements the same Protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import EmailOutbox, SmsOutbox


class SmsSender(Protocol):
    async def send(
        self, session: AsyncSession, *, merchant_id: int, phone: str, purpose: str, text: str
    ) -> None: ...


class EmailSender(Protocol):
    async def send(
        self, session: AsyncSession, *, merchant_id: int, to_address: str, subject: str, body: str
    ) -> None: ...


class OutboxSms:
    async def send(
        self, session: AsyncSession, *, merchant_id: int, phone: str, purpose: str, text: str
    ) -> None:
        session.add(SmsOutbox(merchant_id=merchant_id, phone=phone, purpose=purpose, text=text))
        await session.flush()


class OutboxEmail:
    async def send(
        self, session: AsyncSession, *, merchant_id: int, to_address: str, subject: str, body: str
    ) -> None:
        session.add(EmailOutbox(merchant_id=merchant_id, to_address=to_address, subject=subject, body=body))
        await session.flush()


async def sent_sms(
    session: AsyncSession, *, merchant_id: int, phone: str | None, limit: int
) -> Sequence[SmsOutbox]:
    """What the development SMS sender sent for this merchant, newest first (to one number if given)."""
    stmt = select(SmsOutbox).where(SmsOutbox.merchant_id == merchant_id)
    if phone:
        stmt = stmt.where(SmsOutbox.phone == phone)
    return (await session.scalars(stmt.order_by(SmsOutbox.id.desc()).limit(limit))).all()


async def sent_emails(
    session: AsyncSession, *, merchant_id: int, to_address: str | None, limit: int
) -> Sequence[EmailOutbox]:
    """What the development e-mail sender sent for this merchant, newest first (to one address if given)."""
    stmt = select(EmailOutbox).where(EmailOutbox.merchant_id == merchant_id)
    if to_address:
        stmt = stmt.where(EmailOutbox.to_address == to_address)
    return (await session.scalars(stmt.order_by(EmailOutbox.id.desc()).limit(limit))).all()
