"""Time-outs, self-exclusion and account closure.

An exclusion ends every session of the member at once (`session:revoked` reaches each tab and socket after
COMMIT) and every game session a vendor holds, cancels the limit changes still waiting (a raised limit must
not be waiting on the other side of a break), and from then on login, bets, deposits and bonuses are refused
until it ends: a time-out after its days, a self-exclusion after its months or never, a closure never. Nobody
can end one early: there is no call that does, for the member or for staff. A new exclusion never shortens
one that runs. The only way in while excluded is `withdraw_remaining`, which checks the credentials as a login
does and opens no session."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import login, passwords, sessions
from server.accounts.access import Access
from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.games.models import VendorSession
from server.http.core import errors
from server.http.core.errors import AppError
from server.protection import history
from server.protection.limits import ensure_row
from server.protection.models import CANCELLED, CLOSED, PENDING, SELF_EXCLUSION, TIME_OUT, PendingLimit
from server.protection.policy import excluded_error, exclusion_active, row_of
from server.wallet import withdrawals
from server.wallet.cashier_models import MemberBankAccount, Withdrawal

TIME_OUT_DAYS = (1, 3, 7, 14, 30, 42)  # 24 hours to six weeks
SELF_EXCLUSION_MONTHS = (6, 12, 60)  # and None: for ever
REVOKE_REASON = "SELF_EXCLUDED"


def until_of(kind: str, now: datetime, *, days: int | None, months: int | None) -> datetime | None:
    if kind == TIME_OUT:
        if days not in TIME_OUT_DAYS:
            raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "days", "type": "choice"}]})
        return now + timedelta(days=days)
    if kind == SELF_EXCLUSION:
        if months is not None and months not in SELF_EXCLUSION_MONTHS:
            raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "months", "type": "choice"}]})
        return None if months is None else add_months(now, months)
    if kind == CLOSED:
        return None
    raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "kind", "type": "choice"}]})


def add_months(at: datetime, months: int) -> datetime:
    """The same day and time `months` later (the month's last day when it is shorter)."""
    index = at.month - 1 + months
    year, month = at.year + index // 12, index % 12 + 1
    return at.replace(year=year, month=month, day=min(at.day, calendar.monthrange(year, month)[1]))


def _later(current: datetime | None, new: datetime | None) -> datetime | None:
    if current is None or new is None:
        return None
    return max(current, new)


@dataclass(frozen=True)
class Excluded:
    kind: str
    since: datetime
    until: datetime | None


async def exclude(
    session: AsyncSession,
    member: Member,
    kind: str,
    *,
    password: str,
    days: int | None = None,
    months: int | None = None,
    now: datetime | None = None,
) -> Excluded:
    """The member's own time-out, self-exclusion or closure, confirmed with their login password."""
    if not await passwords.verify_password_async(member.password_hash, password):
        raise AppError(errors.OLD_PASSWORD_WRONG)
    now = now or utcnow()
    until = until_of(kind, now, days=days, months=months)
    row = await ensure_row(session, member, now)
    if exclusion_active(row, now):  # a session opened just before a parallel exclusion: never shorten it
        until = _later(row.excluded_until, until)
        if row.excluded_kind == CLOSED:
            kind = CLOSED
    row.excluded_kind, row.excluded_from, row.excluded_until = kind, now, until
    cancelled = await session.scalars(
        update(PendingLimit)
        .where(PendingLimit.member_id == member.id, PendingLimit.status == PENDING)
        .values(status=CANCELLED)
        .returning(PendingLimit.kind)
    )
    await history.record(
        session,
        merchant_id=member.merchant_id,
        member_id=member.id,
        actor="MEMBER",
        event=kind,
        detail={
            "until": None if until is None else int(until.timestamp() * 1000),
            "days": days,
            "months": months,
            "pendingCancelled": len(list(cancelled)),
        },
    )
    await session.execute(
        update(VendorSession)
        .where(VendorSession.member_id == member.id, VendorSession.expires_at > now)
        .values(expires_at=now)
    )
    await sessions.end(session, await sessions.live_sessions_of(session, member.id), REVOKE_REASON)
    return Excluded(kind, now, until)


async def withdrawable(session: AsyncSession, brand: Brand, member: Member) -> int:
    return (await withdrawals.limits(session, brand, member)).available


async def check_sign_in(session: AsyncSession, access: Access, member: Member) -> None:
    """Login's check (login.on_sign_in): an excluded member opens no session; a session time limit starts."""
    row = await row_of(session, member, lock=True)
    if row is None:
        return
    now = utcnow()
    if exclusion_active(row, now):
        raise excluded_error(row, await withdrawable(session, access.brand, member))
    if row.session_minutes is not None:
        row.play_ends_at = now + timedelta(minutes=row.session_minutes)


async def withdraw_remaining(
    session: AsyncSession,
    access: Access,
    *,
    username: str,
    password: str,
    payment_password: str,
    request_id: str,
    captcha: str | None = None,
) -> Withdrawal:
    """An excluded or closed member takes out what is left: the whole balance to the first bank account they
    bound, with the withdrawal's own checks (payment password and its lock-out, its limits)."""
    member = await login.check_password_login(
        session, access, username=username, password=password, captcha=captcha
    )
    row = await row_of(session, member)
    if row is None or not exclusion_active(row, utcnow()):
        raise AppError(errors.FORBIDDEN)
    bank = await session.scalar(
        select(MemberBankAccount)
        .where(MemberBankAccount.member_id == member.id)
        .order_by(MemberBankAccount.id)
        .limit(1)
    )
    if bank is None:
        raise AppError(errors.NO_BANK_ACCOUNT)
    amount = await withdrawable(session, access.brand, member)
    if amount <= 0:
        raise AppError(errors.NOTHING_TO_WITHDRAW)
    ask = withdrawals.WithdrawalRequest(
        bank_account_id=bank.id, amount=amount, payment_password=payment_password, request_id=request_id
    )
    return await withdrawals.request(session, access.brand, member, ask, ip=access.ip)
