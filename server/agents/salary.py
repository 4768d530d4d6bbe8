"""The daily and hourly salaries: for each contract in force and each period (a business day, or an hour of
one) since it was accepted (or since its last settled period) up to the last one closed, the valid bet of the
agent's team in that period (stakes of settled, real-money bets, by when they settled) and its active members
(members with such a stake) pick the best tier met; the salary is the valid bet times the tier's rate, floored
to the minor unit, paid by the wallet's public API (`grant_many`, from the merchant's promotion expense,
transfer kind AGENT_SALARY).

Exactly once: each (contract, period) has one settlement row (unique per contract and period start), written
in the same transaction as its payment, under an idempotency key of the same two. A run settles its periods
due in batches of up to BATCH (contract, period)s, in (period, contract) order, one transaction each
(server/agents/salary_batch.py): the rows in one INSERT that skips those another run wrote (waiting for it
when it is still writing them), then the payments of the rows it wrote. So a second run, an overlapping run,
a crash midway (a batch commits its rows and payments together or not at all) and a late run (catching up
every missed period) all pay each period once. A period with nothing earned is settled too, with amount 0,
so the row explains it. The contract in force when a period closes pays that period: a contract covers the
periods from the one it was accepted in to the one before it ended."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import tree
from server.agents.models import (
    DAILY_SALARY,
    HOURLY_SALARY,
    IN_FORCE,
    TERMINATED,
    AgentContract,
    AgentSettlement,
)
from server.agents.salary_batch import Due, settle_batch, write_batch
from server.agents.team import BUSINESS_ZONE
from server.brands.service import Brand, load_brand_by_id
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord

BASIS = 10_000
BATCH = 500  # (contract, period)s settled in one transaction


@dataclass(frozen=True)
class PeriodFigures:
    valid_bet: int
    active_members: int
    # Stakes minus payouts of the period's settled bets: what the team lost (negative: what it won).
    net_loss: int = 0


def day_start(at: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    local = at.astimezone(zone).replace(hour=0, minute=0, second=0, microsecond=0)
    return local.astimezone(ZoneInfo("UTC"))


def next_day(start: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    local = start.astimezone(zone)
    following = (local + timedelta(days=1, hours=2)).replace(hour=0, minute=0, second=0, microsecond=0)
    return following.astimezone(ZoneInfo("UTC"))


def hour_start(at: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    # In the business zone: a zone half an hour off UTC has its hours start at half past.
    local = at.astimezone(zone).replace(minute=0, second=0, microsecond=0)
    return local.astimezone(ZoneInfo("UTC"))


def next_hour(start: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    return hour_start(start + timedelta(minutes=90), zone)


@dataclass(frozen=True)
class Cadence:
    """How a kind of salary cuts time: where the period holding an instant starts, where the next one starts,
    and how far back a run catches up (a contract accepted long ago and never run)."""

    kind: str
    start_of: Callable[[datetime], datetime]
    after: Callable[[datetime], datetime]
    catch_up: timedelta


CADENCES = {
    DAILY_SALARY: Cadence(DAILY_SALARY, day_start, next_day, timedelta(days=62)),
    HOURLY_SALARY: Cadence(HOURLY_SALARY, hour_start, next_hour, timedelta(days=7)),
}


def tier_for(tiers: list[dict[str, Any]], figures: PeriodFigures) -> dict[str, Any] | None:
    met = [
        t
        for t in tiers
        if figures.valid_bet >= int(t["minValidBet"]) and figures.active_members >= int(t["minActiveMembers"])
    ]
    return max(met, key=lambda t: int(t["rateBps"])) if met else None


def salary_of(tiers: list[dict[str, Any]], figures: PeriodFigures) -> tuple[int, int]:
    """(rate in basis points, amount in minor units) for a day's figures."""
    tier = tier_for(tiers, figures)
    if tier is None:
        return 0, 0
    rate = int(tier["rateBps"])
    return rate, figures.valid_bet * rate // BASIS


async def teams_in(
    session: AsyncSession, merchant_id: int, start: datetime, end: datetime
) -> dict[int, PeriodFigures]:
    """Every agent's team figures for one period at once: one aggregation of the period's bets by member,
    then each member's stake added to every one of its uplines (at most tree.MAX_DEPTH of them). A run costs
    one pass over the period's bets however many contracts it settles."""
    staked = {
        member_id: (int(stake), int(lost))
        for member_id, stake, lost in await session.execute(
            select(
                BetRecord.member_id,
                func.sum(BetRecord.bet_amount),
                func.sum(BetRecord.bet_amount - BetRecord.win_amount),
            )
            .where(
                BetRecord.merchant_id == merchant_id,
                BetRecord.status == "SETTLED",
                BetRecord.trial.is_(False),
                BetRecord.settled_at >= start,
                BetRecord.settled_at < end,
            )
            .group_by(BetRecord.member_id)
        )
    }
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
    for member_id, (stake, lost) in staked.items():
        above, steps = upline_of.get(member_id), 0
        while above is not None and steps < tree.MAX_DEPTH:
            team = totals.setdefault(above, [0, 0, 0])
            team[0] += stake
            team[1] += stake > 0  # active: staked real money (a payout without a stake is not play)
            team[2] += lost
            above, steps = upline_of.get(above), steps + 1
    return {agent: PeriodFigures(*figures) for agent, figures in totals.items()}


@dataclass
class Report:
    settled: int = 0
    paid: int = 0
    already: int = 0


async def _settled_periods(session: AsyncSession, kind: str, oldest: datetime) -> dict[int, set[datetime]]:
    """The periods since `oldest` each contract of the kind has a settlement for: one query for the run."""
    settled: dict[int, set[datetime]] = {}
    rows = await session.execute(
        select(AgentSettlement.contract_id, AgentSettlement.period_start).where(
            AgentSettlement.kind == kind, AgentSettlement.period_start >= oldest
        )
    )
    for contract_id, start in rows:
        settled.setdefault(contract_id, set()).add(start)
    return settled


def _periods_due(
    cadence: Cadence, contract: AgentContract, current: datetime, settled: set[datetime]
) -> list[datetime]:
    """The periods the contract covers before the current one that have no settlement yet (any of them: a
    run that stopped midway may have left a hole anywhere)."""
    assert contract.accepted_at is not None
    first = max(cadence.start_of(contract.accepted_at), cadence.start_of(current - cadence.catch_up))
    # The contract in force when a period closes pays it: one that ended covers the periods before the one
    # it ended in (a contract replacing it, accepted in that one, covers that one).
    until = current if contract.ended_at is None else min(current, cadence.start_of(contract.ended_at))
    periods = []
    start = first
    while start < until:
        if start not in settled:
            periods.append(start)
        start = cadence.after(start)
    return periods


def _due(contract: AgentContract, start: datetime, end: datetime, figures: PeriodFigures) -> Due:
    rate, amount = salary_of(contract.tiers, figures)
    return Due(
        merchant_id=contract.merchant_id,
        contract_id=contract.id,
        member_id=contract.downline_id,
        kind=contract.kind,
        start=start,
        end=end,
        valid_bet=figures.valid_bet,
        active_members=figures.active_members,
        rate_bps=rate,
        amount=amount,
    )


async def settle_period(
    db: Database,
    contract_id: int,
    start: datetime,
    figures: PeriodFigures | None = None,
    brand: Brand | None = None,
) -> bool | None:
    """One (contract, period) in its own transaction: True paid, False settled with nothing to pay, None
    settled already (by this run before, or another). `figures` and `brand`: when the caller has them."""
    async with db.session() as session:
        contract = await session.get(AgentContract, contract_id)
        assert contract is not None
        end = CADENCES[contract.kind].after(start)
        if figures is None:
            teams = await teams_in(session, contract.merchant_id, start, end)
            figures = teams.get(contract.downline_id, PeriodFigures(0, 0))
        brand = brand or await load_brand_by_id(session, contract.merchant_id)
        assert brand is not None
        (outcome,) = await write_batch(session, [_due(contract, start, end, figures)], {brand.id: brand})
        return outcome


async def settle_salaries(
    db: Database, kind: str, now: datetime | None = None, *, agents: Collection[int] | None = None
) -> Report:
    """Every period due of every contract of the kind (or of these agents' contracts), oldest first, BATCH
    at a time; each (merchant, period)'s team figures read once for all its contracts."""
    cadence = CADENCES[kind]
    current = cadence.start_of(now or utcnow())
    oldest = cadence.start_of(current - cadence.catch_up)
    report = Report()
    async with db.read_session() as session:
        contracts = (
            await session.scalars(
                select(AgentContract)
                .where(
                    AgentContract.kind == kind,
                    AgentContract.accepted_at.is_not(None),
                    AgentContract.status.in_((*IN_FORCE, TERMINATED)),
                    (AgentContract.ended_at.is_(None)) | (AgentContract.ended_at >= oldest),
                    true() if agents is None else AgentContract.downline_id.in_(agents),
                )
                .order_by(AgentContract.id)
            )
        ).all()
        settled = await _settled_periods(session, kind, oldest)
        due = [
            (c, start)
            for c in contracts
            for start in _periods_due(cadence, c, current, settled.get(c.id, set()))
        ]
        periods = {(c.merchant_id, start) for c, start in due}
        figures = {
            key: await teams_in(session, key[0], key[1], cadence.after(key[1])) for key in sorted(periods)
        }
        # The brand once per merchant for the run: a payment needs its wallet rules, not a fresh read each.
        brands: dict[int, Brand] = {}
        for merchant_id in sorted({c.merchant_id for c, _ in due}):
            brand = await load_brand_by_id(session, merchant_id)
            assert brand is not None
            brands[merchant_id] = brand
    # One order for every run, (period, contract): two runs at once meet the same rows in the same order.
    work = [
        _due(
            contract,
            start,
            cadence.after(start),
            figures[(contract.merchant_id, start)].get(contract.downline_id, PeriodFigures(0, 0)),
        )
        for contract, start in sorted(due, key=lambda item: (item[1], item[0].id))
    ]
    for first in range(0, len(work), BATCH):
        for outcome in await settle_batch(db, work[first : first + BATCH], brands):
            if outcome is None:
                report.already += 1
            else:
                report.settled += 1
                report.paid += int(outcome)
    return report
