"""The daily salary: for each contract in force and each business day since it was accepted (or since its
last settled day) up to yesterday, the valid bet of the agent's team that day (stakes of settled, real-money
bets, by the day they settled) and its active members (members with such a stake) pick the best tier met;
the salary is the valid bet times the tier's rate, floored to the minor unit, paid by the wallet's public
API (`grant`, from the merchant's promotion expense, transfer kind AGENT_SALARY).

Exactly once: each (contract, day) is one transaction that writes the settlement row (unique per contract
and period start) and pays under an idempotency key of the same two, so a second run, an overlapping run, a
crash midway and a late run (catching up every missed day) all pay each day once. A day with nothing earned
is settled too, with amount 0, so the row explains it. The contract in force when a day closes pays that
day: a contract covers the days from the one it was accepted on to the one before it ended."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import tree
from server.agents.models import DAILY_SALARY, IN_FORCE, TERMINATED, AgentContract, AgentSettlement
from server.agents.team import BUSINESS_ZONE
from server.brands.service import load_brand_by_id
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord
from server.wallet import service as wallet_service

BASIS = 10_000
CATCH_UP_DAYS = 62  # a run never reaches further back than this (a contract accepted long ago, never run)


@dataclass(frozen=True)
class DayFigures:
    valid_bet: int
    active_members: int


def day_start(at: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    local = at.astimezone(zone).replace(hour=0, minute=0, second=0, microsecond=0)
    return local.astimezone(ZoneInfo("UTC"))


def next_day(start: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    local = start.astimezone(zone)
    following = (local + timedelta(days=1, hours=2)).replace(hour=0, minute=0, second=0, microsecond=0)
    return following.astimezone(ZoneInfo("UTC"))


def tier_for(tiers: list[dict[str, Any]], figures: DayFigures) -> dict[str, Any] | None:
    met = [
        t
        for t in tiers
        if figures.valid_bet >= int(t["minValidBet"]) and figures.active_members >= int(t["minActiveMembers"])
    ]
    return max(met, key=lambda t: int(t["rateBps"])) if met else None


def salary_of(tiers: list[dict[str, Any]], figures: DayFigures) -> tuple[int, int]:
    """(rate in basis points, amount in minor units) for a day's figures."""
    tier = tier_for(tiers, figures)
    if tier is None:
        return 0, 0
    rate = int(tier["rateBps"])
    return rate, figures.valid_bet * rate // BASIS


async def teams_day(
    session: AsyncSession, merchant_id: int, start: datetime, end: datetime
) -> dict[int, DayFigures]:
    """Every agent's team figures for one day at once: one aggregation of the day's bets by member, then
    each member's stake added to every one of its uplines (at most tree.MAX_DEPTH of them). A run costs
    one pass over the day's bets however many contracts it settles."""
    staked = dict(
        (
            await session.execute(
                select(BetRecord.member_id, func.sum(BetRecord.bet_amount))
                .where(
                    BetRecord.merchant_id == merchant_id,
                    BetRecord.status == "SETTLED",
                    BetRecord.trial.is_(False),
                    BetRecord.bet_amount > 0,
                    BetRecord.settled_at >= start,
                    BetRecord.settled_at < end,
                )
                .group_by(BetRecord.member_id)
            )
        ).all()
    )
    if not staked:
        return {}
    upline_of = dict(
        (
            await session.execute(
                select(Member.id, Member.upline_id).where(
                    Member.merchant_id == merchant_id, Member.upline_id.is_not(None)
                )
            )
        ).all()
    )
    totals: dict[int, list[int]] = {}
    for member_id, amount in staked.items():
        above, steps = upline_of.get(member_id), 0
        while above is not None and steps < tree.MAX_DEPTH:
            team = totals.setdefault(above, [0, 0])
            team[0] += int(amount)
            team[1] += 1
            above, steps = upline_of.get(above), steps + 1
    return {agent: DayFigures(bet, active) for agent, (bet, active) in totals.items()}


@dataclass
class Report:
    settled: int = 0
    paid: int = 0
    already: int = 0


async def _days_due(session: AsyncSession, contract: AgentContract, today: datetime) -> list[datetime]:
    """The days the contract covers up to yesterday that have no settlement yet (any of them: a run that
    stopped midway may have left a hole anywhere)."""
    assert contract.accepted_at is not None
    first = max(day_start(contract.accepted_at), today - timedelta(days=CATCH_UP_DAYS))
    # The contract in force when a day closes pays that day: one that ended covers the days before the one
    # it ended on (a contract replacing it, accepted that day, covers that one).
    until = today if contract.ended_at is None else min(today, day_start(contract.ended_at))
    settled = set(
        await session.scalars(
            select(AgentSettlement.period_start).where(
                AgentSettlement.contract_id == contract.id, AgentSettlement.period_start >= first
            )
        )
    )
    days = []
    day = first
    while day < until:
        if day not in settled:
            days.append(day)
        day = next_day(day)
    return days


async def settle_day(
    db: Database, contract_id: int, start: datetime, figures: DayFigures | None = None
) -> bool | None:
    """One (contract, day) in its own transaction: True paid, False settled with nothing to pay, None
    settled already (by this run before, or another). `figures`: the team's day, when the run has them."""
    async with db.session() as session:
        contract = await session.get(AgentContract, contract_id)
        assert contract is not None
        end = next_day(start)
        if figures is None:
            teams = await teams_day(session, contract.merchant_id, start, end)
            figures = teams.get(contract.downline_id, DayFigures(0, 0))
        rate, amount = salary_of(contract.tiers, figures)
        settlement = AgentSettlement(
            merchant_id=contract.merchant_id,
            contract_id=contract.id,
            member_id=contract.downline_id,
            kind=contract.kind,
            period_start=start,
            period_end=end,
            valid_bet=figures.valid_bet,
            active_members=figures.active_members,
            rate_bps=rate,
            amount=amount,
        )
        try:
            async with session.begin_nested():
                session.add(settlement)
                await session.flush()
        except IntegrityError:
            return None
        if amount == 0:
            return False
        brand = await load_brand_by_id(session, contract.merchant_id)
        member = await session.get(Member, contract.downline_id)
        assert brand is not None
        assert member is not None
        posted = await wallet_service.grant(
            session,
            brand,
            member,
            amount=amount,
            kind="AGENT_SALARY",
            reference=f"agent-settlement:{settlement.id}",
            idempotency_key=f"agent-salary:{contract.id}:{start.isoformat()}",
            meta={"contractId": contract.id, "periodStart": start.isoformat(), "validBet": figures.valid_bet},
        )
        settlement.transfer_id = posted.transfer_id
        return True


async def settle_daily_salaries(db: Database, now: datetime | None = None) -> Report:
    """Every day due of every daily-salary contract, oldest day first; each (merchant, day)'s team figures
    read once for all its contracts."""
    today = day_start(now or utcnow())
    report = Report()
    async with db.read_session() as session:
        contracts = (
            await session.scalars(
                select(AgentContract)
                .where(
                    AgentContract.kind == DAILY_SALARY,
                    AgentContract.accepted_at.is_not(None),
                    AgentContract.status.in_((*IN_FORCE, TERMINATED)),
                    (AgentContract.ended_at.is_(None))
                    | (AgentContract.ended_at >= today - timedelta(days=CATCH_UP_DAYS)),
                )
                .order_by(AgentContract.id)
            )
        ).all()
        due = [(c, day) for c in contracts for day in await _days_due(session, c, today)]
        days = {(c.merchant_id, day) for c, day in due}
        figures = {key: await teams_day(session, key[0], key[1], next_day(key[1])) for key in sorted(days)}
    for contract, day in sorted(due, key=lambda item: (item[1], item[0].id)):
        found = figures[(contract.merchant_id, day)].get(contract.downline_id, DayFigures(0, 0))
        outcome = await settle_day(db, contract.id, day, found)
        if outcome is None:
            report.already += 1
        else:
            report.settled += 1
            report.paid += int(outcome)
    return report
