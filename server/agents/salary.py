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

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import case, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from server.agents import tree
from server.agents.models import (
    DAILY_SALARY,
    HOURLY_SALARY,
    IN_FORCE,
    REALTIME_SALARY,
    TERMINATED,
    AgentContract,
    AgentSettlement,
)
from server.agents.salary_batch import Due, settle_batch, write_batch
from server.brands.business_day import BUSINESS_ZONE
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
    # Bet by bet: what members lost on the bets they lost (stake - payout), and won on those they won.
    lost: int = 0
    won: int = 0


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


WINDOW = timedelta(minutes=5)


def window_start(at: datetime) -> datetime:
    """A real-time salary's five minutes: on the clock's fives, the same in every zone a whole quarter-hour
    off UTC (as the business zone is)."""
    utc = at.astimezone(ZoneInfo("UTC"))
    return utc.replace(minute=utc.minute - utc.minute % 5, second=0, microsecond=0)


def next_window(start: datetime) -> datetime:
    return start + WINDOW


@dataclass(frozen=True)
class Cadence:
    """How a kind of salary cuts time: where the period holding an instant starts, where the next one starts,
    and how far back a run catches up (a contract accepted long ago and never run). `grace`: how long after
    a period ends it is settled, so that a bet settled at its very end has committed. `resumes`: the kind
    has so many periods that a run reads only each contract's latest one settled and goes on from it (runs
    settle in (period, contract) order, so a contract's settled periods have no hole before its latest)."""

    kind: str
    start_of: Callable[[datetime], datetime]
    after: Callable[[datetime], datetime]
    catch_up: timedelta
    grace: timedelta = timedelta(0)
    resumes: bool = False


CADENCES = {
    DAILY_SALARY: Cadence(DAILY_SALARY, day_start, next_day, timedelta(days=62)),
    HOURLY_SALARY: Cadence(HOURLY_SALARY, hour_start, next_hour, timedelta(days=7)),
    REALTIME_SALARY: Cadence(
        REALTIME_SALARY,
        window_start,
        next_window,
        timedelta(days=1),
        grace=timedelta(minutes=1),
        resumes=True,
    ),
}


def tier_for(tiers: list[dict[str, Any]], figures: PeriodFigures) -> dict[str, Any] | None:
    met = [
        t
        for t in tiers
        if figures.valid_bet >= int(t["minValidBet"]) and figures.active_members >= int(t["minActiveMembers"])
    ]
    return max(met, key=lambda t: int(t["rateBps"])) if met else None


def salary_of(tiers: list[dict[str, Any]], figures: PeriodFigures) -> tuple[int, int]:
    """(rate in basis points, amount in minor units) for a period's figures: the valid bet times the best
    tier's rate, plus (a real-time salary's) what members lost and won times its rates on those, floored
    once, to the minor unit."""
    tier = tier_for(tiers, figures)
    if tier is None:
        return 0, 0
    rate = int(tier["rateBps"])
    owed = figures.valid_bet * rate
    owed += figures.lost * int(tier.get("lossRateBps", 0)) + figures.won * int(tier.get("profitRateBps", 0))
    return rate, owed // BASIS


async def teams_in(
    session: AsyncSession,
    merchant_id: int,
    start: datetime,
    end: datetime,
    upline_of: Mapping[int, int] | None = None,
) -> dict[int, PeriodFigures]:
    """Every agent's team figures for one period at once: one aggregation of the period's bets by member,
    then each member's stake added to every one of its uplines (at most tree.MAX_DEPTH of them). A run costs
    one pass over the period's bets however many contracts it settles."""
    outcome = BetRecord.bet_amount - BetRecord.win_amount  # what the member lost on the bet
    staked = {
        member_id: (int(stake), int(lost), int(won))
        for member_id, stake, lost, won in await session.execute(
            select(
                BetRecord.member_id,
                func.sum(BetRecord.bet_amount),
                func.sum(case((outcome > 0, outcome), else_=0)),
                func.sum(case((outcome < 0, -outcome), else_=0)),
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
    if upline_of is None:
        upline_of = await tree.upline_map(session, merchant_id)
    totals: dict[int, list[int]] = {}
    for member_id, (stake, lost, won) in staked.items():
        for above in tree.uplines(member_id, upline_of):
            team = totals.setdefault(above, [0, 0, 0, 0])
            team[0] += stake
            team[1] += stake > 0  # active: staked real money (a payout without a stake is not play)
            team[2] += lost
            team[3] += won
    return {
        agent: PeriodFigures(bet, active, lost - won, lost, won)
        for agent, (bet, active, lost, won) in totals.items()
    }


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


async def contracts_to_settle(
    session: AsyncSession, kind: str, oldest: datetime, agents: Collection[int] | None
) -> list[AgentContract]:
    """The contracts of the kind (or of these agents') that were accepted and were still in force at
    `oldest` or since: those that may have periods to settle."""
    rows = await session.scalars(
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
    return list(rows.all())


async def _latest_settled(session: AsyncSession, contracts: Collection[int]) -> dict[int, datetime]:
    """Each contract's latest settled period: one look-up of the (contract, period) index per contract."""
    latest: dict[int, datetime] = {}
    for chunk in (list(contracts)[n : n + 1000] for n in range(0, len(contracts), 1000)):
        rows = await session.execute(
            select(AgentSettlement.contract_id, func.max(AgentSettlement.period_start))
            .where(AgentSettlement.contract_id.in_(chunk))
            .group_by(AgentSettlement.contract_id)
        )
        latest.update({contract_id: start for contract_id, start in rows if start is not None})
    return latest


def _periods_due(
    cadence: Cadence,
    contract: AgentContract,
    current: datetime,
    settled: Collection[datetime],
    since: datetime | None = None,
) -> list[datetime]:
    """The periods the contract covers before the current one that have no settlement yet (any of them: a
    run that stopped midway may have left a hole anywhere), or, `since` its latest settled, those after."""
    assert contract.accepted_at is not None
    first = max(cadence.start_of(contract.accepted_at), cadence.start_of(current - cadence.catch_up))
    if since is not None:
        first = max(first, cadence.after(since))
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
    # A real-time salary's own inputs, kept beside the valid bet so that its row explains its amount.
    tier = tier_for(contract.tiers, figures) if contract.kind == REALTIME_SALARY else None
    return Due(
        lost=figures.lost if tier else None,
        won=figures.won if tier else None,
        loss_rate_bps=int(tier.get("lossRateBps", 0)) if tier else None,
        profit_rate_bps=int(tier.get("profitRateBps", 0)) if tier else None,
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
    current = cadence.start_of((now or utcnow()) - cadence.grace)
    oldest = cadence.start_of(current - cadence.catch_up)
    report = Report()
    async with db.read_session() as session:
        contracts = await contracts_to_settle(session, kind, oldest, agents)
        if cadence.resumes:
            latest = await _latest_settled(session, [c.id for c in contracts])
            due = [
                (c, start)
                for c in contracts
                for start in _periods_due(cadence, c, current, (), since=latest.get(c.id))
            ]
        else:
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
