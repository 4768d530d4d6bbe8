"""The automatic daily cashback (a brand's mode DAILY): the job pays each member the bets settled on the
previous business day (the day before that too, so a day missed while the worker was down is caught up),
with the same cursor the manual claim moves. One aggregation per merchant and day (GROUP BY member and
category over the merchant's settled-at index); each member's cursor moves by a conditional UPDATE from the
value that aggregation read, so a second run, or a run beside another, pays nothing twice. Bets before a
member's cursor were paid (or claimed) already and are not counted again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, and_, case, cast, func, literal, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand, load_brand_by_id
from server.db.base import utcnow
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.loyalty.cashback import service
from server.loyalty.cashback.models import DAILY, CashbackCursor, CashbackSettings
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.models import VipMember

CATCH_UP = 2  # business days each run looks at, oldest first


def _start(day: date) -> datetime:
    return datetime.combine(day, time(), BUSINESS_ZONE).astimezone(UTC)


@dataclass(frozen=True)
class Due:
    """A member's cashback for a day: what accrued over [since, until) at their level's rates, and the cursor
    the aggregation read (the pay moves it from there)."""

    member_id: int
    cursor: datetime | None
    since: datetime
    until: datetime
    amount: int


def _rate(levels: list[ladders.Level], level: ColumnElement[int], category: ColumnElement[str]) -> Any:
    """The basis points for a member standing at `level` in `category`, as SQL: the highest level defined at
    or below theirs, as `ladders.at` picks it (a rank set above the ladder keeps the top level's rates)."""

    def by_category(definition: ladders.Level) -> Any:
        rates = {c: r for c, r in dict(definition.cashback_rates).items() if r > 0}
        if not rates:
            return literal(0)
        return case(*[(category == c, literal(r)) for c, r in sorted(rates.items())], else_=literal(0))

    ordered = sorted(levels, key=lambda d: d.level, reverse=True)
    if len(ordered) == 1:
        return by_category(ordered[0])
    return case(*[(level >= d.level, by_category(d)) for d in ordered[:-1]], else_=by_category(ordered[-1]))


async def accrued(session: AsyncSession, brand: Brand, start: datetime, end: datetime) -> list[Due]:
    """Every player's cashback accrued over [start, end) at their level's rates, by member id, computed in
    the database: the day's bets aggregated by (member, category) exactly as a plain report would (no join
    per bet), less what members whose cursor falls inside the day claimed already (their own bets, by the
    member index), each category rounded down at the member's rate, summed per member. Members whose cursor
    is at or past `end` are left out."""
    levels = list(await ladders.ladder(session, brand.id))
    settled = (BetRecord.status == SETTLED, BetRecord.trial.is_(False))
    stakes = (
        select(
            BetRecord.member_id,
            BetRecord.category,
            cast(func.sum(BetRecord.bet_amount), BigInteger).label("stake"),
        )
        .where(
            BetRecord.merchant_id == brand.id,
            BetRecord.settled_at >= start,
            BetRecord.settled_at < end,
            *settled,
        )
        .group_by(BetRecord.member_id, BetRecord.category)
        .subquery()
    )
    inside = and_(CashbackCursor.claimed_until > start, CashbackCursor.claimed_until < end)
    claimed = (
        select(
            BetRecord.member_id,
            BetRecord.category,
            cast(func.sum(BetRecord.bet_amount), BigInteger).label("stake"),
        )
        .join(CashbackCursor, CashbackCursor.member_id == BetRecord.member_id)
        .where(
            CashbackCursor.merchant_id == brand.id,
            inside,
            BetRecord.settled_at >= start,
            BetRecord.settled_at < CashbackCursor.claimed_until,
            *settled,
        )
        .group_by(BetRecord.member_id, BetRecord.category)
        .subquery()
    )
    level = func.coalesce(VipMember.level, Member.rank_level)
    unpaid = stakes.c.stake - func.coalesce(claimed.c.stake, 0)
    amount = func.sum((unpaid * _rate(levels, level, stakes.c.category)) // 10_000)
    rows = await session.execute(
        select(stakes.c.member_id, CashbackCursor.claimed_until, amount)
        .join(Member, Member.id == stakes.c.member_id)
        .outerjoin(VipMember, VipMember.member_id == stakes.c.member_id)
        .outerjoin(CashbackCursor, CashbackCursor.member_id == stakes.c.member_id)
        .outerjoin(
            claimed,
            and_(claimed.c.member_id == stakes.c.member_id, claimed.c.category == stakes.c.category),
        )
        .where(
            Member.member_type == PLAYER,
            or_(CashbackCursor.claimed_until.is_(None), CashbackCursor.claimed_until < end),
        )
        .group_by(stakes.c.member_id, CashbackCursor.claimed_until)
        .order_by(stakes.c.member_id)
    )
    return [
        Due(int(member_id), cursor, max(cursor or start, start), end, int(total or 0))
        for member_id, cursor, total in rows
    ]


async def pay_day(
    session: AsyncSession, brand: Brand, start: datetime, end: datetime, minimum: int, now: datetime
) -> int:
    """Pay what accrued over [start, end) to each member owed at least `minimum`; the members paid."""
    paid = 0
    for due in await accrued(session, brand, start, end):
        if due.amount < max(minimum, 1):
            continue
        member = await session.get(Member, due.member_id)
        assert member is not None
        if due.cursor is None:
            await service.ensure_cursor(session, member, start)
        if not await service.move_cursor(session, due.member_id, due.cursor or start, end):
            continue  # a claim or another run moved it since the read: theirs stands
        await service.pay(session, brand, member, due.since, due.until, due.amount, auto=True, now=now)
        paid += 1
    return paid


async def daily_cashback(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: every DAILY merchant with the cashback switch on, its last closed business days paid."""
    now = now or utcnow()
    today = now.astimezone(BUSINESS_ZONE).date()
    merchants = await session.execute(
        select(CashbackSettings.merchant_id, CashbackSettings.minimum).where(CashbackSettings.mode == DAILY)
    )
    paid = 0
    for merchant_id, minimum in list(merchants):
        brand = await load_brand_by_id(session, int(merchant_id))
        if brand is None or not brand.switch_on(service.SWITCH):
            continue
        for back in range(CATCH_UP, 0, -1):
            day = today - timedelta(days=back)
            paid += await pay_day(
                session, brand, _start(day), _start(day + timedelta(days=1)), int(minimum), now
            )
    return {"paid": paid}
