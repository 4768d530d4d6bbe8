"""A member's VIP figures over the rolling window: completed deposits by credit time and valid turnover
(the stakes of settled real-money rounds, by settle time). For the review job, every member of a merchant
in one statement (GROUP BY member over the merchant's settled-at index and the deposits), never a query
per member."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.wallet.cashier_models import DepositOrder


@dataclass(frozen=True)
class Figures:
    deposits: int = 0
    turnover: int = 0


async def window_figures(
    session: AsyncSession, merchant_id: int, start: datetime, end: datetime, member_id: int | None = None
) -> dict[int, Figures]:
    deposits = select(
        DepositOrder.member_id.label("member_id"),
        DepositOrder.amount.label("deposits"),
        literal(0).label("turnover"),
    ).where(
        DepositOrder.merchant_id == merchant_id,
        DepositOrder.status == "COMPLETED",
        DepositOrder.decided_at >= start,
        DepositOrder.decided_at < end,
    )
    bets = select(
        BetRecord.member_id.label("member_id"),
        literal(0).label("deposits"),
        BetRecord.bet_amount.label("turnover"),
    ).where(
        BetRecord.merchant_id == merchant_id,
        BetRecord.settled_at >= start,
        BetRecord.settled_at < end,
        BetRecord.status == SETTLED,
        BetRecord.trial.is_(False),
    )
    if member_id is not None:
        deposits = deposits.where(DepositOrder.member_id == member_id)
        bets = bets.where(BetRecord.member_id == member_id)
    both = union_all(deposits, bets).subquery()
    query = (
        select(
            both.c.member_id,
            func.coalesce(func.sum(both.c.deposits), 0),
            func.coalesce(func.sum(both.c.turnover), 0),
        )
        .join(Member, Member.id == both.c.member_id)
        .where(Member.member_type == PLAYER)
        .group_by(both.c.member_id)
    )
    return {int(m): Figures(int(d), int(t)) for m, d, t in await session.execute(query)}
