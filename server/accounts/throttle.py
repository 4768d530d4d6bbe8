"""Login throttling. Failures are counted per account name and per address over a window; the name is
counted whether or not an account has it, so neither the answers nor the limits reveal which names
exist. After one failure the next try needs a captcha; after several the name (or address) is locked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import LoginAttempt
from server.db.base import utcnow
from server.http import errors
from server.http.errors import AppError


@dataclass(frozen=True)
class ThrottlePolicy:
    window: timedelta = timedelta(minutes=15)
    captcha_after: int = 1
    lock_name_after: int = 5
    lock_ip_after: int = 20


DEFAULT_POLICY = ThrottlePolicy()


@dataclass(frozen=True)
class Guard:
    captcha_required: bool


async def _failures(session: AsyncSession, merchant_id: int, policy: ThrottlePolicy, **where: str) -> int:
    """Failures inside the window and after the last success for the same key."""
    scope = [LoginAttempt.merchant_id == merchant_id]
    scope += [getattr(LoginAttempt, column) == value for column, value in where.items()]
    since = utcnow() - policy.window
    last_success = await session.scalar(
        select(func.max(LoginAttempt.created_at)).where(*scope, LoginAttempt.succeeded.is_(True))
    )
    if last_success is not None and last_success > since:
        since = last_success
    count = await session.scalar(
        select(func.count())
        .select_from(LoginAttempt)
        .where(*scope, LoginAttempt.succeeded.is_(False), LoginAttempt.created_at > since)
    )
    return int(count or 0)


async def check(
    session: AsyncSession, *, merchant_id: int, name: str, ip: str, policy: ThrottlePolicy = DEFAULT_POLICY
) -> Guard:
    by_name = await _failures(session, merchant_id, policy, username_key=name)
    by_ip = await _failures(session, merchant_id, policy, ip=ip)
    if by_name >= policy.lock_name_after or by_ip >= policy.lock_ip_after:
        raise AppError(errors.LOGIN_LOCKED, value={"captcha": True})
    return Guard(captcha_required=max(by_name, by_ip) >= policy.captcha_after)


async def record(session: AsyncSession, *, merchant_id: int, name: str, ip: str, succeeded: bool) -> None:
    session.add(LoginAttempt(merchant_id=merchant_id, username_key=name, ip=ip, succeeded=succeeded))
    await session.flush()
