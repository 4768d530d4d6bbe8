"""What an agent sees of its team: the members below it with their level, and the team's figures for a
period (members, new and active members, deposits, withdrawals, stakes, profit and loss), by level.

Money is summed in minor units from the records that are the truth for each: completed deposit orders,
paid-out withdrawals, settled bet records (stakes and the members' result, won minus staked). Trial play is
not money and is left out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import tree
from server.db.base import utcnow
from server.games.models import BetRecord
from server.wallet.cashier_models import DepositOrder, Withdrawal

PERIODS = ("TODAY", "YESTERDAY", "THIS_WEEK", "THIS_MONTH")
PAID_OUT = ("DISBURSED", "RECEIVED", "PARTIAL")


def period_bounds(period: str, zone: ZoneInfo, now: datetime | None = None) -> tuple[datetime, datetime]:
    """[start, end) of a period in the brand's time zone, as UTC instants; weeks start on Monday."""
    local = (now or utcnow()).astimezone(zone)
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "TODAY":
        start, end = midnight, midnight + timedelta(days=1)
    elif period == "YESTERDAY":
        start, end = midnight - timedelta(days=1), midnight
    elif period == "THIS_WEEK":
        start = midnight - timedelta(days=midnight.weekday())
        end = start + timedelta(days=7)
    else:
        start = midnight.replace(day=1)
        end = (start + timedelta(days=32)).replace(day=1)
    # Through the zone again: a period may cross a change of offset.
    return (
        start.replace(tzinfo=None).replace(tzinfo=zone).astimezone(ZoneInfo("UTC")),
        end.replace(tzinfo=None).replace(tzinfo=zone).astimezone(ZoneInfo("UTC")),
    )


@dataclass
class Figures:
    members: int = 0
    new_members: int = 0
    active_members: int = 0
    deposits: int = 0
    withdrawals: int = 0
    stakes: int = 0
    profit_loss: int = 0  # the members' result: won minus staked

    def add(self, other: Figures) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Overview:
    start: datetime
    end: datetime
    total: Figures
    by_level: dict[int, Figures] = field(default_factory=dict)


async def _sums(
    session: AsyncSession, ids: Sequence[int], start: datetime, end: datetime
) -> tuple[dict[int, int], dict[int, int], dict[int, tuple[int, int]]]:
    deposits = dict(
        (
            await session.execute(
                select(DepositOrder.member_id, func.sum(DepositOrder.amount))
                .where(
                    DepositOrder.member_id.in_(ids),
                    DepositOrder.status == "COMPLETED",
                    DepositOrder.decided_at >= start,
                    DepositOrder.decided_at < end,
                )
                .group_by(DepositOrder.member_id)
            )
        ).all()
    )
    paid = func.coalesce(Withdrawal.received_amount, Withdrawal.amount)
    withdrawals = dict(
        (
            await session.execute(
                select(Withdrawal.member_id, func.sum(paid))
                .where(
                    Withdrawal.member_id.in_(ids),
                    Withdrawal.status.in_(PAID_OUT),
                    Withdrawal.disbursed_at >= start,
                    Withdrawal.disbursed_at < end,
                )
                .group_by(Withdrawal.member_id)
            )
        ).all()
    )
    bets = {
        member_id: (int(staked or 0), int(won or 0))
        for member_id, staked, won in await session.execute(
            select(BetRecord.member_id, func.sum(BetRecord.bet_amount), func.sum(BetRecord.win_amount))
            .where(
                BetRecord.member_id.in_(ids),
                BetRecord.status == "SETTLED",
                BetRecord.trial.is_(False),
                BetRecord.settled_at >= start,
                BetRecord.settled_at < end,
            )
            .group_by(BetRecord.member_id)
        )
    }
    return (
        {k: int(v or 0) for k, v in deposits.items()},
        {k: int(v or 0) for k, v in withdrawals.items()},
        bets,
    )


async def overview(
    session: AsyncSession, merchant_id: int, agent_id: int, period: str, zone: ZoneInfo
) -> Overview:
    start, end = period_bounds(period, zone)
    levels = await tree.levels(session, merchant_id, agent_id)
    result = Overview(start=start, end=end, total=Figures())
    if not levels:
        return result
    ids = list(levels)
    joined = dict(
        (await session.execute(select(Member.id, Member.created_at).where(Member.id.in_(ids)))).all()
    )
    deposits, withdrawals, bets = await _sums(session, ids, start, end)
    for member_id, level in levels.items():
        staked, won = bets.get(member_id, (0, 0))
        created = joined.get(member_id)
        one = Figures(
            members=1,
            new_members=int(created is not None and start <= created < end),
            active_members=int(staked > 0),
            deposits=deposits.get(member_id, 0),
            withdrawals=withdrawals.get(member_id, 0),
            stakes=staked,
            profit_loss=won - staked,
        )
        result.by_level.setdefault(level, Figures()).add(one)
        result.total.add(one)
    return result


@dataclass(frozen=True)
class TeamRow:
    member: Member
    level: int
    upline: str | None


async def members(
    session: AsyncSession,
    merchant_id: int,
    agent_id: int,
    *,
    search: str,
    status: str | None,
    level: int | None,
    page: int,
    size: int,
) -> tuple[list[TeamRow], int]:
    """A page of the agent's team, newest first, by username or nickname, status and level."""
    levels = await tree.levels(session, merchant_id, agent_id)
    wanted = [m for m, n in levels.items() if level is None or n == level]
    if not wanted:
        return [], 0
    upline = Member.__table__.alias("upline")
    query = (
        select(Member, upline.c.username)
        .outerjoin(upline, upline.c.id == Member.upline_id)
        .where(Member.id.in_(wanted))
    )
    if search:
        pattern = f"%{search.lower()}%"
        query = query.where(or_(Member.username.like(pattern), func.lower(Member.nickname).like(pattern)))
    if status is not None:
        query = query.where(Member.status == status)
    total = int(await session.scalar(select(func.count()).select_from(query.subquery())) or 0)
    rows = await session.execute(
        query.order_by(Member.created_at.desc(), Member.id.desc()).offset((page - 1) * size).limit(size)
    )
    return [TeamRow(member, levels[member.id], up) for member, up in rows], total
