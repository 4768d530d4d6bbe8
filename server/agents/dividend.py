"""Dividends: an agent's share of its team's net loss over a period of its contract's cycle (a business day, a
week from Monday, half a month from the 1st or the 16th, a month), settled by a job and paid when its upline
approves it (the merchant's staff for a first-level agent).

For one (contract, period), with the team's figures of the period (every member below the agent: stakes
minus payouts of their settled real-money bets, by when they settled):
  base      = net loss + carry-in, where carry-in is what a losing stretch left: the agent's previous
              dividend period's min(0, its base). A team that won 500 one week must lose 500 more before
              the next dividend is owed.
  share     = base * rate (the best tier met on the period's valid bet and active members, in basis points),
              floored to the minor unit; 0 when base <= 0.
  lower     = what the dividends of the agents below it already take of the same losses: the amounts of the
              nearest agents below with a dividend for the same period (nearest: no dividend agent between).
  amount    = max(0, share - lower).
The rate rule keeps a chain's rates falling downwards, so the top's share is what the whole chain costs the
merchant, and each agent keeps the difference its own rate makes.

Periods align along a chain: a dividend offered by an agent has that agent's own cycle, so an agent's period
is its agents' period too. Settling a period goes deepest first, so an agent's lower dividends are there
when its own is computed; all of a (merchant, period)'s rows are written in one transaction, and one that
meets rows another run wrote first starts that period again on what is committed (the rows are the same).
A settlement pays nothing itself: a positive amount waits PENDING until `approve` pays it through the
wallet's `grant` once (a conditional UPDATE from PENDING, an idempotency key per settlement)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import tree
from server.agents.models import (
    DIVIDEND,
    PAID,
    PENDING,
    AgentContract,
    AgentSettlement,
)
from server.agents.salary import (
    BASIS,
    Cadence,
    PeriodFigures,
    Report,
    _periods_due,
    _settled_periods,
    contracts_to_settle,
    day_start,
    next_day,
    teams_in,
    tier_for,
)
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.session import Database
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet import service as wallet_service

CATCH_UP = timedelta(days=100)  # three monthly periods and a little
ATTEMPTS = 3


def _local_midnight(at: datetime, zone: ZoneInfo, *, day: int | None = None, back: int = 0) -> datetime:
    local = (at.astimezone(zone) - timedelta(days=back)).replace(hour=0, minute=0, second=0, microsecond=0)
    if day is not None:
        local = local.replace(day=day)
    return local.astimezone(ZoneInfo("UTC"))


def cycle_start(cycle: str, at: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    """Where the period of the cycle holding `at` starts, in the business zone."""
    if cycle == "DAILY":
        return day_start(at, zone)
    if cycle == "WEEKLY":
        return _local_midnight(at, zone, back=at.astimezone(zone).weekday())
    if cycle == "SEMIMONTHLY":
        return _local_midnight(at, zone, day=1 if at.astimezone(zone).day < 16 else 16)
    if cycle == "MONTHLY":
        return _local_midnight(at, zone, day=1)
    raise ValueError(cycle)


# A day past the longest period of each cycle lands in the next one, whatever the month's length.
_STRIDE = {
    "WEEKLY": timedelta(days=7, hours=2),
    "SEMIMONTHLY": timedelta(days=17),
    "MONTHLY": timedelta(days=32),
}


def cycle_after(cycle: str, start: datetime, zone: ZoneInfo = BUSINESS_ZONE) -> datetime:
    if cycle == "DAILY":
        return next_day(start, zone)
    return cycle_start(cycle, start + _STRIDE[cycle], zone)


def cadence(cycle: str) -> Cadence:
    return Cadence(DIVIDEND, partial(cycle_start, cycle), partial(cycle_after, cycle), CATCH_UP)


def dividend_of(
    tiers: list[dict[str, Any]], figures: PeriodFigures, carry_in: int, lower: int
) -> tuple[int, int]:
    """(rate in basis points, amount in minor units) for a period's figures, carry-in and lower dividends."""
    tier = tier_for(tiers, figures)
    rate = int(tier["rateBps"]) if tier else 0
    base = figures.net_loss + carry_in
    share = base * rate // BASIS if base > 0 else 0
    return rate, max(0, share - lower)


def carry_out(settlement: AgentSettlement) -> int:
    return min(0, (settlement.net_loss or 0) + (settlement.carry_in or 0))


async def _carry_ins(session: AsyncSession, members: Collection[int], before: datetime) -> dict[int, int]:
    """Each member's carry from its latest dividend period ending by `before`."""
    rows = await session.scalars(
        select(AgentSettlement)
        .where(
            AgentSettlement.kind == DIVIDEND,
            AgentSettlement.member_id.in_(members),
            AgentSettlement.period_end <= before,
        )
        .order_by(AgentSettlement.member_id, AgentSettlement.period_start.desc())
    )
    found: dict[int, int] = {}
    for row in rows:
        found.setdefault(row.member_id, carry_out(row))
    return found


def _depth(member_id: int, upline_of: Mapping[int, int]) -> int:
    return sum(1 for _ in tree.uplines(member_id, upline_of))


def _nearest_above(member_id: int, upline_of: Mapping[int, int], among: Collection[int]) -> int | None:
    return next((above for above in tree.uplines(member_id, upline_of) if above in among), None)


async def settle_period(
    db: Database, merchant_id: int, start: datetime, end: datetime, contracts: list[AgentContract]
) -> tuple[int, int, int]:
    """The dividends of one (merchant, period) for these contracts, in one transaction: (settled, pending,
    already)."""
    for _attempt in range(ATTEMPTS):
        try:
            return await _settle_period_once(db, merchant_id, start, end, contracts)
        except IntegrityError:
            continue  # another run wrote some of these rows first: again, on what it committed
    raise RuntimeError(f"dividends of {merchant_id} for {start.isoformat()} kept meeting another run")


async def _settle_period_once(
    db: Database, merchant_id: int, start: datetime, end: datetime, contracts: list[AgentContract]
) -> tuple[int, int, int]:
    async with db.session() as session:
        existing = (
            await session.scalars(
                select(AgentSettlement).where(
                    AgentSettlement.merchant_id == merchant_id,
                    AgentSettlement.kind == DIVIDEND,
                    AgentSettlement.period_start == start,
                    AgentSettlement.period_end == end,
                )
            )
        ).all()
        settled_contracts = {s.contract_id for s in existing}
        due = [c for c in contracts if c.id not in settled_contracts]
        if not due:
            return 0, 0, len(contracts)
        upline_of = await tree.upline_map(session, merchant_id)
        figures = await teams_in(session, merchant_id, start, end, upline_of)
        carries = await _carry_ins(session, {c.downline_id for c in due}, start)
        holders = {s.member_id for s in existing} | {c.downline_id for c in due}
        lower: dict[int, int] = defaultdict(int)

        def passes_up(member_id: int, amount: int) -> None:
            above = _nearest_above(member_id, upline_of, holders)
            if above is not None:
                lower[above] += amount

        for row in existing:
            passes_up(row.member_id, row.amount)
        pending, now, rows = 0, utcnow(), []
        for contract in sorted(due, key=lambda c: (-_depth(c.downline_id, upline_of), c.id)):
            found = figures.get(contract.downline_id, PeriodFigures(0, 0))
            carry = carries.get(contract.downline_id, 0)
            rate, amount = dividend_of(contract.tiers, found, carry, lower[contract.downline_id])
            rows.append(
                {
                    "merchant_id": merchant_id,
                    "contract_id": contract.id,
                    "member_id": contract.downline_id,
                    "kind": DIVIDEND,
                    "period_start": start,
                    "period_end": end,
                    "valid_bet": found.valid_bet,
                    "active_members": found.active_members,
                    "rate_bps": rate,
                    "amount": amount,
                    "status": PENDING if amount else PAID,
                    "net_loss": found.net_loss,
                    "carry_in": carry,
                    "lower_dividends": lower[contract.downline_id],
                    "created_at": now,
                }
            )
            pending += amount > 0
            passes_up(contract.downline_id, amount)
        await _write(session, rows)
    return len(due), pending, len(contracts) - len(due)


async def _write(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """One INSERT of a period's rows (a row another run wrote first fails it all: see settle_period)."""
    await session.execute(insert(AgentSettlement), rows)


async def settle_dividends(
    db: Database, now: datetime | None = None, *, agents: Collection[int] | None = None
) -> Report:
    """Every period due of every dividend contract (or of these agents'), oldest first. `Report.paid`
    counts the dividends now waiting for approval."""
    now = now or utcnow()
    oldest = day_start(now - CATCH_UP)
    report = Report()
    async with db.read_session() as session:
        contracts = await contracts_to_settle(session, DIVIDEND, oldest, agents)
        settled = await _settled_periods(session, DIVIDEND, oldest)
    groups: dict[tuple[datetime, datetime, int], list[AgentContract]] = defaultdict(list)
    for contract in contracts:
        assert contract.cycle is not None
        rhythm = cadence(contract.cycle)
        for start in _periods_due(rhythm, contract, rhythm.start_of(now), settled.get(contract.id, set())):
            groups[(rhythm.after(start), start, contract.merchant_id)].append(contract)
    for (end, start, merchant_id), members in sorted(groups.items()):
        written, pending, already = await settle_period(db, merchant_id, start, end, members)
        report.settled += written
        report.paid += pending
        report.already += already
    return report


async def approve(
    session: AsyncSession, brand: Brand, settlement: AgentSettlement, *, by: int | None
) -> AgentSettlement:
    """Pays a dividend waiting for approval, once: AGENT_SETTLEMENT_STATE when it is not waiting (paid by
    a click a moment ago, or nothing to pay)."""
    result = await session.execute(
        update(AgentSettlement)
        .where(
            AgentSettlement.id == settlement.id,
            AgentSettlement.kind == DIVIDEND,
            AgentSettlement.status == PENDING,
        )
        .values(status=PAID, approved_by=by, approved_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise AppError(errors.AGENT_SETTLEMENT_STATE)
    member = await session.get(Member, settlement.member_id)
    assert member is not None
    posted = await wallet_service.grant(
        session,
        brand,
        member,
        amount=settlement.amount,
        kind="AGENT_DIVIDEND",
        reference=f"agent-settlement:{settlement.id}",
        idempotency_key=f"agent-dividend:{settlement.id}",
        meta={
            "contractId": settlement.contract_id,
            "kind": DIVIDEND,
            "periodStart": settlement.period_start.isoformat(),
            "netLoss": settlement.net_loss,
        },
    )
    await session.execute(
        update(AgentSettlement)
        .where(AgentSettlement.id == settlement.id)
        .values(transfer_id=posted.transfer_id)
        .execution_options(synchronize_session=False)
    )
    found = await session.get(AgentSettlement, settlement.id, populate_existing=True)
    assert found is not None
    return found
