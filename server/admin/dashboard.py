"""The operator's day at a glance: money in and out, stakes, wins and GGR, new members and players active
now, for each of the last days (UTC), summed in the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, AuthSession, Member
from server.db.base import utcnow
from server.games.models import BetRecord
from server.wallet.cashier_models import DepositOrder, Withdrawal

ACTIVE_WITHIN = timedelta(minutes=5)


@dataclass
class Day:
    day: date
    deposits: int = 0
    withdrawals: int = 0
    stakes: int = 0
    wins: int = 0
    new_members: int = 0

    @property
    def ggr(self) -> int:
        return self.stakes - self.wins


@dataclass(frozen=True)
class Dashboard:
    days: list[Day] = field(default_factory=list)  # oldest first; the last is today
    players_active: int = 0  # members seen in the last ACTIVE_WITHIN


def _utc_day(column: Any, dialect: str) -> ColumnElement[Any]:
    # SQLite keeps UTC ISO strings; Postgres keeps timestamptz and dates it in the session's zone.
    return func.date(column) if dialect == "sqlite" else func.date(func.timezone("UTC", column))


async def _by_day(
    session: AsyncSession, column: Any, total: Any, since: datetime, *where: Any
) -> dict[date, int]:
    """`total` (an aggregate) of the rows whose `column` falls on each UTC day since `since`."""
    day = _utc_day(column, (await session.connection()).dialect.name)
    rows = await session.execute(select(day, total).where(column >= since, *where).group_by(day))
    return {date.fromisoformat(str(d)): int(total or 0) for d, total in rows.all()}


async def dashboard(session: AsyncSession, merchant_id: int, days: int) -> Dashboard:
    now = utcnow()
    first = now.date() - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time(), tzinfo=now.tzinfo)
    series = {first + timedelta(days=n): Day(first + timedelta(days=n)) for n in range(days)}
    figures = {
        "deposits": await _by_day(
            session,
            DepositOrder.decided_at,
            func.sum(DepositOrder.amount),
            since,
            DepositOrder.merchant_id == merchant_id,
            DepositOrder.status == "COMPLETED",
        ),
        "withdrawals": await _by_day(
            session,
            Withdrawal.disbursed_at,
            func.sum(Withdrawal.amount),
            since,
            Withdrawal.merchant_id == merchant_id,
        ),
        "stakes": await _by_day(
            session,
            BetRecord.placed_at,
            func.sum(BetRecord.bet_amount),
            since,
            BetRecord.merchant_id == merchant_id,
            BetRecord.trial.is_(False),
            BetRecord.status != "CANCELLED",
        ),
        "wins": await _by_day(
            session,
            BetRecord.settled_at,
            func.sum(BetRecord.win_amount),
            since,
            BetRecord.merchant_id == merchant_id,
            BetRecord.trial.is_(False),
            BetRecord.status == "SETTLED",
        ),
        "new_members": await _by_day(
            session,
            Member.created_at,
            func.count(),
            since,
            Member.merchant_id == merchant_id,
            Member.member_type != TRIAL,
        ),
    }
    for name, by_day in figures.items():
        for day, total in by_day.items():
            if day in series:
                setattr(series[day], name, total)
    active = await session.scalar(
        select(func.count(func.distinct(AuthSession.member_id))).where(
            AuthSession.merchant_id == merchant_id,
            AuthSession.member_id.is_not(None),
            AuthSession.revoked_at.is_(None),
            AuthSession.last_seen_at >= now - ACTIVE_WITHIN,
        )
    )
    return Dashboard(list(series.values()), int(active or 0))
