"""Cashback (manualRebate): a share of the member's valid turnover, per category at the rates of the
member's VIP level, for the bets settled since the member's cursor.

The accrual is read from the bet records by the member's index (settled real-money rounds, by settle time)
and never counted on the bet path. A claim moves the cursor by one conditional UPDATE from the `since` the
claimer read to `until`, then pays through pay_reward under `cashback:{member}:{untilMs}`: of two tabs (or a
tab and the daily job) only the one whose UPDATE moved the cursor pays. `until` stays SETTLE_LAG behind the
clock, so a round whose transaction is still committing is counted by the next claim rather than skipped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, TRIAL, Member
from server.brands.service import Brand
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.loyalty.cashback.models import MANUAL, CashbackClaim, CashbackCursor, CashbackSettings
from server.loyalty.models import CASHBACK
from server.loyalty.rewards import pay_reward
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.rates import cashback

SWITCH = "MANPLAYREB3"
DEFAULT_MINIMUM = 100  # 1.00
SETTLE_LAG = timedelta(seconds=2)
_CURSORS = cast(Table, CashbackCursor.__table__)


@dataclass(frozen=True)
class Row:
    category: str
    turnover: int
    rate: int  # basis points
    amount: int


@dataclass(frozen=True)
class Accrual:
    since: datetime
    until: datetime
    rows: list[Row]

    @property
    def total(self) -> int:
        return sum(row.amount for row in self.rows)


@dataclass(frozen=True)
class Settings:
    mode: str = MANUAL
    minimum: int = DEFAULT_MINIMUM


def require_switch(brand: Brand) -> None:
    if not brand.switch_on(SWITCH):
        raise AppError(errors.MODULE_DISABLED, value={"modId": SWITCH})


async def settings_of(session: AsyncSession, merchant_id: int) -> Settings:
    row = await session.get(CashbackSettings, merchant_id)
    return Settings() if row is None else Settings(mode=row.mode, minimum=row.minimum)


async def set_settings(session: AsyncSession, merchant_id: int, settings: Settings) -> None:
    row = await session.get(CashbackSettings, merchant_id)
    if row is None:
        row = CashbackSettings(merchant_id=merchant_id)
        session.add(row)
    row.mode, row.minimum = settings.mode, settings.minimum
    await session.flush()


def rows_of(turnover: dict[str, int], rates: dict[str, int] | None) -> list[Row]:
    """Per category, rounded down to the minor unit each (the member is never paid a fraction)."""
    rates = rates or {}
    return [
        Row(category, amount, rates.get(category, 0), cashback(amount, rates.get(category, 0)))
        for category, amount in sorted(turnover.items())
        if amount > 0
    ]


async def turnover_by_category(
    session: AsyncSession, member_id: int, since: datetime, until: datetime
) -> dict[str, int]:
    rows = await session.execute(
        select(BetRecord.category, func.coalesce(func.sum(BetRecord.bet_amount), 0))
        .where(
            BetRecord.member_id == member_id,
            BetRecord.settled_at >= since,
            BetRecord.settled_at < until,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
        )
        .group_by(BetRecord.category)
    )
    return {str(category): int(total) for category, total in rows}


async def cursor_of(session: AsyncSession, member: Member) -> datetime:
    """Where the member's unpaid bets start: the cursor, or the account's creation before any claim."""
    found = await session.scalar(
        select(CashbackCursor.claimed_until).where(CashbackCursor.member_id == member.id)
    )
    return found if found is not None else member.created_at


async def rates_of(session: AsyncSession, member: Member) -> dict[str, int]:
    if member.member_type != PLAYER:
        return {}  # trial accounts and agents earn no cashback
    levels = await ladders.ladder(session, member.merchant_id)
    return dict(ladders.at(levels, await ladders.member_level(session, member)).cashback_rates)


async def accrued(session: AsyncSession, member: Member, now: datetime) -> Accrual:
    since = await cursor_of(session, member)
    until = max(now - SETTLE_LAG, since)
    turnover = await turnover_by_category(session, member.id, since, until) if until > since else {}
    return Accrual(since, until, rows_of(turnover, await rates_of(session, member)))


async def last_claim(session: AsyncSession, member_id: int) -> CashbackClaim | None:
    found: CashbackClaim | None = await session.scalar(
        select(CashbackClaim)
        .where(CashbackClaim.member_id == member_id)
        .order_by(CashbackClaim.created_at.desc(), CashbackClaim.id.desc())
        .limit(1)
    )
    return found


async def ensure_cursor(session: AsyncSession, member: Member, at: datetime) -> None:
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(_CURSORS)
        .values(member_id=member.id, merchant_id=member.merchant_id, claimed_until=at)
        .on_conflict_do_nothing(index_elements=["member_id"])
    )


async def move_cursor(session: AsyncSession, member_id: int, since: datetime, until: datetime) -> bool:
    result = await session.execute(
        update(CashbackCursor)
        .where(CashbackCursor.member_id == member_id, CashbackCursor.claimed_until == since)
        .values(claimed_until=until)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1


async def pay(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    since: datetime,
    until: datetime,
    amount: int,
    *,
    auto: bool,
    now: datetime,
) -> CashbackClaim:
    """What accrued over [since, until) paid: the claim row and the ledger transfer. The caller has moved
    the cursor."""
    until_ms = int(until.timestamp() * 1000)
    reward = await pay_reward(
        session,
        brand,
        member,
        kind=CASHBACK,
        key=f"cashback:{member.id}:{until_ms}",
        amount=amount,
        meta={"since": int(since.timestamp() * 1000), "until": until_ms},
        now=now,
    )
    claim = CashbackClaim(
        merchant_id=brand.id,
        member_id=member.id,
        since=since,
        until=until,
        amount=amount,
        auto=auto,
        reward_id=None if reward is None else reward.id,
        created_at=now,
    )
    session.add(claim)
    await session.flush()
    return claim


async def claim(session: AsyncSession, brand: Brand, member: Member, now: datetime) -> CashbackClaim:
    require_switch(brand)
    if member.member_type == TRIAL:
        raise AppError(errors.TRIAL_ACCOUNT)
    settings = await settings_of(session, brand.id)
    if settings.mode != MANUAL:
        raise AppError(errors.CASHBACK_AUTOMATIC)
    await ensure_cursor(session, member, member.created_at)
    found = await accrued(session, member, now)
    minimum = max(settings.minimum, 1)
    if found.total < minimum:
        raise AppError(
            errors.NOTHING_TO_CLAIM,
            value={"amount": format_amount(found.total), "minimum": format_amount(minimum)},
        )
    if not await move_cursor(session, member.id, found.since, found.until):
        # Another tab claimed this period first: what it paid is what there was.
        raise AppError(errors.NOTHING_TO_CLAIM, value={"amount": "0.00", "minimum": format_amount(minimum)})
    return await pay(session, brand, member, found.since, found.until, found.total, auto=False, now=now)


async def claims_page(
    session: AsyncSession, member_id: int, page: int, page_size: int
) -> tuple[list[CashbackClaim], int]:
    total = await session.scalar(
        select(func.count()).select_from(CashbackClaim).where(CashbackClaim.member_id == member_id)
    )
    rows = await session.scalars(
        select(CashbackClaim)
        .where(CashbackClaim.member_id == member_id)
        .order_by(CashbackClaim.created_at.desc(), CashbackClaim.id.desc())
        .offset((page - 1) * page_size)
        .limit(page_size)
    )
    return list(rows), int(total or 0)
