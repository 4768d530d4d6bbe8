"""The automatic daily cashback (a brand's mode DAILY): the job pays each member the bets settled on the
previous business day (the day before that too, so a day missed while the worker was down is caught up),
with the same cursor the manual claim moves. One aggregation per merchant and day (GROUP BY member and
category over the merchant's settled-at index); each member's cursor moves by a conditional UPDATE from the
value that aggregation read, so a second run, or a run beside another, pays nothing twice. Bets before a
member's cursor were paid (or claimed) already and are not counted again."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.agents.team import BUSINESS_ZONE
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
    """A member's cashback for a day: what accrued, and the cursor the aggregation read (the pay moves it
    from there)."""

    member_id: int
    cursor: datetime | None
    accrual: service.Accrual


async def accrued(session: AsyncSession, brand: Brand, start: datetime, end: datetime) -> list[Due]:
    """Every member's cashback accrued over [start, end) at their level's rates, from one aggregation (bets
    before a member's cursor were paid or claimed already), by member id."""
    levels = await ladders.ladder(session, brand.id)
    level = func.coalesce(VipMember.level, Member.rank_level)
    rows = await session.execute(
        select(
            BetRecord.member_id,
            BetRecord.category,
            func.coalesce(func.sum(BetRecord.bet_amount), 0),
            CashbackCursor.claimed_until,
            level,
        )
        .join(Member, Member.id == BetRecord.member_id)
        .outerjoin(CashbackCursor, CashbackCursor.member_id == BetRecord.member_id)
        .outerjoin(VipMember, VipMember.member_id == BetRecord.member_id)
        .where(
            BetRecord.merchant_id == brand.id,
            BetRecord.settled_at >= start,
            BetRecord.settled_at < end,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
            Member.member_type == PLAYER,
            or_(CashbackCursor.claimed_until.is_(None), BetRecord.settled_at >= CashbackCursor.claimed_until),
        )
        .group_by(BetRecord.member_id, BetRecord.category, CashbackCursor.claimed_until, level)
    )
    turnover: dict[int, dict[str, int]] = defaultdict(dict)
    cursors: dict[int, datetime | None] = {}
    standing: dict[int, int] = {}
    for member_id, category, total, cursor, at_level in rows:
        turnover[int(member_id)][str(category)] = int(total)
        cursors[int(member_id)], standing[int(member_id)] = cursor, int(at_level)
    due = []
    for member_id in sorted(turnover):
        rates = dict(ladders.at(levels, standing[member_id]).cashback_rates)
        read = cursors[member_id]
        accrual = service.Accrual(max(read or start, start), end, service.rows_of(turnover[member_id], rates))
        due.append(Due(member_id, read, accrual))
    return due


async def pay_day(
    session: AsyncSession, brand: Brand, start: datetime, end: datetime, minimum: int, now: datetime
) -> int:
    """Pay what accrued over [start, end) to each member owed at least `minimum`; the members paid."""
    paid = 0
    for due in await accrued(session, brand, start, end):
        if due.accrual.total < max(minimum, 1):
            continue
        member = await session.get(Member, due.member_id)
        assert member is not None
        if due.cursor is None:
            await service.ensure_cursor(session, member, start)
        if not await service.move_cursor(session, due.member_id, due.cursor or start, end):
            continue  # a claim or another run moved it since the read: theirs stands
        await service.pay(session, brand, member, due.accrual, auto=True, now=now)
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
