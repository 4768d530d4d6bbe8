"""Login throttling. Failures are counted per account name and per address over a window; the name is
counted whether or not an account has it, so neither the answers nor the limits reveal which names
exist. After one failure of a name, the next try of that name needs a captcha; an address needs one for
every name only after failures across names (what credential stuffing looks like), so that members
sharing a connection do not pay for a stranger's typo. After several failures the name (or address) is
locked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import LoginAttempt
from server.db.base import utcnow
from server.db.locks import take_turns
from server.http.core import errors
from server.http.core.errors import AppError


@dataclass(frozen=True)
class ThrottlePolicy:
    window: timedelta = timedelta(minutes=15)
    captcha_after: int = 1
    captcha_ip_after: int = 5
    lock_name_after: int = 5
    lock_ip_after: int = 20


DEFAULT_POLICY = ThrottlePolicy()


@dataclass(frozen=True)
class Guard:
    captcha_required: bool


@dataclass(frozen=True)
class _Failures:
    in_window: int
    since_success: int


async def _failures(
    session: AsyncSession, merchant_id: int, policy: ThrottlePolicy, **where: str
) -> _Failures:
    """Failures inside the window: all of them, and those after the last success for the same key."""
    scope = [LoginAttempt.merchant_id == merchant_id]
    scope += [getattr(LoginAttempt, column) == value for column, value in where.items()]
    since = utcnow() - policy.window
    last_success: datetime | None = await session.scalar(
        select(func.max(LoginAttempt.created_at)).where(
            *scope, LoginAttempt.succeeded.is_(True), LoginAttempt.created_at > since
        )
    )
    failures = select(LoginAttempt.created_at).where(
        *scope, LoginAttempt.succeeded.is_(False), LoginAttempt.created_at > since
    )
    in_window = int(await session.scalar(select(func.count()).select_from(failures.subquery())) or 0)
    if last_success is None:
        return _Failures(in_window, in_window)
    after = failures.where(LoginAttempt.created_at > last_success).subquery()
    return _Failures(in_window, int(await session.scalar(select(func.count()).select_from(after)) or 0))


async def check(
    session: AsyncSession, *, merchant_id: int, name: str, ip: str, policy: ThrottlePolicy = DEFAULT_POLICY
) -> Guard:
    # Parallel guesses must not all be counted before any of them is recorded: each takes its turn for the
    # name and the address until its transaction, with its attempt recorded, ends.
    await take_turns(session, f"login-name:{merchant_id}:{name}", f"login-ip:{merchant_id}:{ip}")
    by_name = await _failures(session, merchant_id, policy, username_key=name)
    by_ip = await _failures(session, merchant_id, policy, ip=ip)
    if by_name.since_success >= policy.lock_name_after or by_ip.since_success >= policy.lock_ip_after:
        raise AppError(errors.LOGIN_LOCKED, value={"captcha": True})
    # A success at the address does not lift its captcha: one account of one's own would otherwise
    # wave every few guesses at other names through.
    return Guard(
        captcha_required=by_name.since_success >= policy.captcha_after
        or by_ip.in_window >= policy.captcha_ip_after
    )


async def record(session: AsyncSession, *, merchant_id: int, name: str, ip: str, succeeded: bool) -> None:
    session.add(LoginAttempt(merchant_id=merchant_id, username_key=name, ip=ip, succeeded=succeeded))
    await session.flush()
