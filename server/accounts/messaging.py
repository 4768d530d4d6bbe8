"""Sending SMS and e-mail. Real gateways are outside the product; these senders write a development
outbox that operators and tests read. A gateway adapter implements the same Protocol."""

from __future__ import annotations

from typing import Protocol

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
