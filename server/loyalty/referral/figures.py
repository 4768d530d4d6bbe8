"""What invitees did within their windows, for many invitees at once: two aggregations, whatever their number
(the job reads a merchant's open invitees, the page one inviter's).

- The first deposit: the invitee's earliest completed deposit order (by completion, then id), counted only
  when it was completed before the window closed.
- Valid turnover: the stakes of the invitee's settled real-money rounds placed within its window (through the
  bet records' (member, placed_at) index)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.loyalty.referral.models import ReferralInvitee
from server.loyalty.referral.rules import Rules
from server.wallet.cashier_models import DepositOrder


@dataclass(frozen=True)
class Figures:
    deposit: int  # the first deposit within the window (minor units; 0 when none)
    turnover: int  # valid turnover within the window

    def qualifies(self, rules: Rules) -> bool:
        return self.deposit > 0 and self.deposit >= rules.deposit and self.turnover >= rules.turnover


NONE = Figures(0, 0)


async def figures(
    session: AsyncSession, merchant_id: int, *conditions: ColumnElement[bool]
) -> dict[int, Figures]:
    """invitee id -> Figures, for the merchant's invitee rows meeting `conditions`."""
    invitees = (
        select(ReferralInvitee.invitee_id)
        .where(ReferralInvitee.merchant_id == merchant_id, *conditions)
        .scalar_subquery()
    )
    ranked = (
        select(
            DepositOrder.member_id,
            DepositOrder.amount,
            DepositOrder.decided_at,
            func.row_number()
            .over(
                partition_by=DepositOrder.member_id,
                order_by=(DepositOrder.decided_at, DepositOrder.id),
            )
            .label("rank"),
        )
        .where(
            DepositOrder.merchant_id == merchant_id,
            DepositOrder.status == "COMPLETED",
            DepositOrder.member_id.in_(invitees),
        )
        .subquery()
    )
    deposits = await session.execute(
        select(ReferralInvitee.invitee_id, ranked.c.amount)
        .join(ranked, ranked.c.member_id == ReferralInvitee.invitee_id)
        .where(
            ReferralInvitee.merchant_id == merchant_id,
            *conditions,
            ranked.c.rank == 1,
            ranked.c.decided_at < ReferralInvitee.window_ends_at,
        )
    )
    first = {int(member_id): int(amount) for member_id, amount in deposits}
    turnovers = await session.execute(
        select(ReferralInvitee.invitee_id, func.coalesce(func.sum(BetRecord.bet_amount), 0))
        .join(BetRecord, BetRecord.member_id == ReferralInvitee.invitee_id)
        .where(
            ReferralInvitee.merchant_id == merchant_id,
            *conditions,
            BetRecord.merchant_id == merchant_id,
            BetRecord.placed_at >= ReferralInvitee.registered_at,
            BetRecord.placed_at < ReferralInvitee.window_ends_at,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
        )
        .group_by(ReferralInvitee.invitee_id)
    )
    staked = {int(member_id): int(total) for member_id, total in turnovers}
    return {
        member_id: Figures(first.get(member_id, 0), staked.get(member_id, 0))
        for member_id in first.keys() | staked.keys()
    }
