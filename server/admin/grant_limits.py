"""The brand's limits on bonuses operators grant by hand (issue 29): the most one grant may be, the most a
business day's grants may add up to, and the amount above which a grant waits for a second staff member.
Read from the merchant's row at every grant (never from the brand cache: a lowered ceiling holds at once),
changed in the console's brand settings, audited with what they replaced. The day's running total is one
row per merchant and business day, raised by a single conditional statement."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.audit_trail import audit
from server.admin.models import BonusGrantDay
from server.brands.business_day import business_day as business_day
from server.brands.models import Merchant
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount

_DAYS = cast(Table, BonusGrantDay.__table__)


@dataclass(frozen=True)
class Limits:
    grant_max: int  # minor units, each
    daily_max: int
    approval_above: int

    def wire(self) -> dict[str, str]:
        """As the console reads and sends them (and the audit log keeps them): decimal strings, camelCase."""
        return {
            "grantMax": format_amount(self.grant_max),
            "dailyMax": format_amount(self.daily_max),
            "approvalAbove": format_amount(self.approval_above),
        }


async def limits_of(session: AsyncSession, merchant_id: int) -> Limits:
    row = (
        await session.execute(
            select(Merchant.bonus_grant_max, Merchant.bonus_daily_max, Merchant.bonus_approval_above).where(
                Merchant.id == merchant_id
            )
        )
    ).one()
    return Limits(int(row[0]), int(row[1]), int(row[2]))


def check(limits: Limits) -> None:
    """A grant's ceiling within the day's, the four-eyes threshold at most the grant's ceiling (at it,
    no grant waits: the brand has chosen so, in the audit log)."""
    if not 0 < limits.grant_max <= limits.daily_max:
        raise AppError(
            errors.BONUS_LIMITS_INVALID,
            "The ceiling per grant must be above zero and at most the ceiling per day",
            value={"field": "grantMax"},
        )
    if not 0 <= limits.approval_above <= limits.grant_max:
        raise AppError(
            errors.BONUS_LIMITS_INVALID,
            "The approval threshold must be at most the ceiling per grant",
            value={"field": "approvalAbove"},
        )


async def set_limits(
    session: AsyncSession, merchant_id: int, limits: Limits, *, staff_id: int, ip: str | None
) -> Limits:
    check(limits)
    before = await limits_of(session, merchant_id)
    await session.execute(
        update(Merchant)
        .where(Merchant.id == merchant_id)
        .values(
            bonus_grant_max=limits.grant_max,
            bonus_daily_max=limits.daily_max,
            bonus_approval_above=limits.approval_above,
        )
        .execution_options(synchronize_session=False)
    )
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="merchant.bonus_limits",
        detail={**limits.wire(), "before": before.wire()},
        ip=ip,
    )
    return limits


async def granted_on(session: AsyncSession, merchant_id: int, day: date) -> int:
    found = await session.scalar(
        select(BonusGrantDay.granted).where(
            BonusGrantDay.merchant_id == merchant_id, BonusGrantDay.day == day
        )
    )
    return int(found or 0)


def over_grant_ceiling(limits: Limits, *, keep_audit: bool = False) -> AppError:
    """BONUS_GRANT_LIMIT naming the ceiling; `keep_audit`: the unit of work wrote only the refusal's audit
    entry, which is committed all the same."""
    limit = format_amount(limits.grant_max)
    return AppError(
        errors.BONUS_GRANT_LIMIT,
        f"A bonus grant may be at most {limit}",
        value={"limit": limit},
        commit_changes=keep_audit,
    )


async def count_against_day(
    session: AsyncSession, merchant_id: int, amount: int, limits: Limits, at: datetime
) -> int:
    """Adds `amount` to the business day's total, unless the total would pass the daily ceiling
    (BONUS_DAILY_LIMIT, nothing added). One INSERT .. ON CONFLICT DO UPDATE .. WHERE: under any number of
    parallel grants the check and the addition are one step on the day's row. Answers the new total."""
    day = business_day(at)
    if amount > limits.daily_max:
        raise _over_day(limits, await granted_on(session, merchant_id, day))
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    stmt = insert_for(_DAYS).values(merchant_id=merchant_id, day=day, granted=amount)
    raised = _DAYS.c.granted + stmt.excluded.granted
    total = await session.scalar(
        stmt.on_conflict_do_update(
            index_elements=["merchant_id", "day"],
            set_={"granted": raised},
            where=raised <= limits.daily_max,
        ).returning(_DAYS.c.granted)
    )
    if total is None:
        raise _over_day(limits, await granted_on(session, merchant_id, day))
    return int(total)


def _over_day(limits: Limits, granted: int) -> AppError:
    limit, left = format_amount(limits.daily_max), format_amount(max(limits.daily_max - granted, 0))
    return AppError(
        errors.BONUS_DAILY_LIMIT,
        f"Today's bonus grants may add up to at most {limit}; {left} is left",
        value={"limit": limit, "left": left},
    )
