"""Session tokens: 256 random bits, handed out once, stored hashed, with idle and absolute expiry."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import AuthSession, Member, Staff
from server.db.base import utcnow

# Writing last_seen_at on every request would turn every read into a write; a minute is precise enough.
_TOUCH_EVERY = timedelta(seconds=60)


@dataclass(frozen=True)
class SessionPolicy:
    idle: timedelta
    absolute: timedelta


@dataclass(frozen=True)
class Principal:
    session_id: int
    merchant_id: int
    member_id: int | None
    staff_id: int | None
    member_type: int | None
    staff_role: str | None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def issue(
    session: AsyncSession,
    policy: SessionPolicy,
    *,
    merchant_id: int,
    member_id: int | None = None,
    staff_id: int | None = None,
    ip: str | None = None,
    user_agent: str | None = None,
) -> str:
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.add(
        AuthSession(
            merchant_id=merchant_id,
            token_hash=hash_token(token),
            member_id=member_id,
            staff_id=staff_id,
            last_seen_at=now,
            expires_at=now + policy.absolute,
            ip=ip,
            user_agent=(user_agent or "")[:255] or None,
        )
    )
    await session.flush()
    return token


async def authenticate(
    session: AsyncSession,
    policy: SessionPolicy,
    token: str,
    *,
    merchant_id: int | None = None,
    now: datetime | None = None,
) -> Principal | None:
    """The principal behind a live token of this merchant, or None (unknown, revoked or expired)."""
    if not token or len(token) > 128:
        return None
    now = now or utcnow()
    row = await session.scalar(select(AuthSession).where(AuthSession.token_hash == hash_token(token)))
    if row is None or row.revoked_at is not None:
        return None
    if merchant_id is not None and row.merchant_id != merchant_id:
        return None
    if now >= row.expires_at or now >= row.last_seen_at + policy.idle:
        return None
    if now - row.last_seen_at >= _TOUCH_EVERY:
        row.last_seen_at = now
    member_type = staff_role = None
    if row.member_id is not None:
        member_type = await session.scalar(select(Member.member_type).where(Member.id == row.member_id))
    else:
        staff_role = await session.scalar(select(Staff.role).where(Staff.id == row.staff_id))
    return Principal(row.id, row.merchant_id, row.member_id, row.staff_id, member_type, staff_role)
