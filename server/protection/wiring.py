"""What player protection attaches at start-up, so that no path around it exists: the wallet's play counter
(every game's stakes, wins and reversals), the cashier's deposit check, the wallet's bonus check and login's
check. The domains it guards import nothing of it. Every composition root (the API processes, the worker)
calls install(); a second call changes nothing."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import login
from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.protection import exclusions, limits
from server.protection.models import DEPOSIT, PERIODS, limit_column
from server.protection.policy import LimitCounter, excluded_error, exclusion_active, row_of
from server.wallet import deposits, play_counter
from server.wallet import service as wallet_service

_COUNTER = LimitCounter()


async def check_deposit(session: AsyncSession, brand: Brand, member_id: int, amount: int) -> None:
    """Under the member's row lock (deposits.create_order): the deposits asked for this day, week and
    month, plus this one, against the limits in force (due changes applied first)."""
    member = await session.get(Member, member_id)
    if member is None or not member.play_protected:
        return
    now = utcnow()
    await limits.apply_due(session, member_id=member_id, now=now)
    row = await row_of(session, member)
    if row is None:
        return
    if exclusion_active(row, now):
        raise excluded_error(row)
    limited = [(p, getattr(row, limit_column(DEPOSIT, p))) for p in PERIODS]
    if all(limit is None for _, limit in limited):
        return
    usage = await limits.deposit_usage(session, member_id, now)
    for period, limit in limited:
        if limit is None:
            continue
        used = usage[period]
        if used + amount > limit:
            raise AppError(
                errors.LIMIT_DEPOSIT,
                value={
                    "period": period,
                    "limit": format_amount(limit),
                    "left": format_amount(max(0, limit - used)),
                },
            )


async def check_grant(session: AsyncSession, member: Member) -> None:
    row = await row_of(session, member)
    if row is not None and exclusion_active(row, utcnow()):
        raise excluded_error(row)


def install() -> None:
    play_counter.attach(_COUNTER)
    deposits.on_request(check_deposit)
    wallet_service.on_grant(check_grant)
    login.on_sign_in(exclusions.check_sign_in)
