"""Contracts between an upline and an agent directly below it: offered, then accepted or rejected by the
agent; in force until ended (either side asks, the upline confirms). Every change of state is one
conditional UPDATE on the state it starts from, so two clicks at once change it once.

The rate rule: an offer's every tier pays at most the upline's own best rate of that kind (the upline's own
contract in force), so a chain never pays out more than its top was promised. The merchant (upline None)
offers the first level. An agent accepting a contract that pays less than contracts below it (offered or in
force) must confirm, and those contracts end with the acceptance (SPEC §4). Offering and accepting take the
agent's member row first, so an offer made while its maker accepts a lower rate waits for that to finish."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import AGENT_TYPES, Member
from server.agents import tree
from server.agents.models import (
    ACTIVE,
    CYCLES,
    DAILY_SALARY,
    DIVIDEND,
    IN_FORCE,
    OFFERED,
    REALTIME_SALARY,
    REJECTED,
    TERMINATED,
    TERMINATION_REQUESTED,
    AgentContract,
)
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError

MAX_RATE_BPS = 10_000  # 100 % of the valid bet: past it a salary pays more than was staked
MAX_TIERS = 10
EXTRA_RATES = ("lossRateBps", "profitRateBps")  # a real-time salary's, besides rateBps on every stake


def check_tiers(tiers: list[dict[str, int]], kind: str = DAILY_SALARY) -> list[dict[str, int]]:
    """Tiers sorted by their thresholds, each threshold and rate higher than the last's. A real-time salary
    has one tier, whose rates on members' losses and wins (0 to 100 %) only it may have."""
    if not 1 <= len(tiers) <= (1 if kind == REALTIME_SALARY else MAX_TIERS):
        raise _invalid("tiers", "count")
    ordered = sorted(tiers, key=lambda t: (t["minValidBet"], t["minActiveMembers"]))
    for n, tier in enumerate(ordered):
        if tier["minValidBet"] < 0 or tier["minActiveMembers"] < 0 or not 0 < tier["rateBps"] <= MAX_RATE_BPS:
            raise _invalid("tiers", "range")
        extra = [tier.get(k, 0) for k in EXTRA_RATES]
        if (kind != REALTIME_SALARY and any(extra)) or not all(0 <= r <= MAX_RATE_BPS for r in extra):
            raise _invalid("tiers", "range")
        if n and (tier["rateBps"] <= ordered[n - 1]["rateBps"] or tier == ordered[n - 1]):
            raise _invalid("tiers", "order")
    return ordered


def best_rate(tiers: list[dict[str, Any]]) -> int:
    return max(int(t["rateBps"]) for t in tiers)


def rates_of(tiers: list[dict[str, Any]]) -> tuple[int, int, int]:
    """The best of each rate a contract pays: on stakes, and (a real-time salary's) on losses and wins."""
    loss, profit = (max(int(t.get(k, 0)) for t in tiers) for k in EXTRA_RATES)
    return best_rate(tiers), loss, profit


def pays_more(tiers: list[dict[str, Any]], than: list[dict[str, Any]]) -> bool:
    return any(mine > theirs for mine, theirs in zip(rates_of(tiers), rates_of(than), strict=True))


def _invalid(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


async def in_force(session: AsyncSession, member_id: int, kind: str) -> AgentContract | None:
    found: AgentContract | None = await session.scalar(
        select(AgentContract).where(
            AgentContract.downline_id == member_id,
            AgentContract.kind == kind,
            AgentContract.status.in_(IN_FORCE),
        )
    )
    return found


async def offer(
    session: AsyncSession,
    merchant_id: int,
    upline: Member | None,
    downline: Member,
    kind: str,
    tiers: list[dict[str, int]],
    cycle: str | None = None,
) -> AgentContract:
    """An offer to an agent directly below `upline` (None: the merchant, to a first-level agent). A dividend
    has a cycle, the upline's own dividend's (periods align along a chain: see server/agents/dividend.py)."""
    if downline.merchant_id != merchant_id or downline.member_type not in AGENT_TYPES:
        raise AppError(errors.AGENT_CONTRACT_NOT_AGENT)
    if downline.upline_id != (upline.id if upline else None):
        raise AppError(errors.AGENT_DOWNLINE_NOT_FOUND)
    ordered = check_tiers(tiers, kind)
    if (kind == DIVIDEND) != (cycle is not None) or (cycle is not None and cycle not in CYCLES):
        raise _invalid("cycle", "required" if kind == DIVIDEND else "unexpected")
    if upline is not None:
        await _hold(session, upline.id)
        own = await in_force(session, upline.id, kind)
        if own is None or pays_more(ordered, own.tiers):
            limit = rates_of(own.tiers) if own else (0, 0, 0)
            raise AppError(
                errors.AGENT_RATE_ABOVE_UPLINE,
                value={
                    "uplineRateBps": limit[0],
                    "uplineLossRateBps": limit[1],
                    "uplineProfitRateBps": limit[2],
                },
            )
        if own.cycle != cycle:
            raise AppError(errors.AGENT_DIVIDEND_CYCLE, value={"cycle": own.cycle})
    contract = AgentContract(
        merchant_id=merchant_id,
        upline_id=upline.id if upline else None,
        downline_id=downline.id,
        kind=kind,
        status=OFFERED,
        tiers=ordered,
        cycle=cycle,
    )
    try:
        async with session.begin_nested():
            session.add(contract)
            await session.flush()
    except IntegrityError:
        raise AppError(errors.AGENT_CONTRACT_PENDING) from None  # an offer of this kind already waits
    return contract


async def _move(
    session: AsyncSession, contract_id: int, *, where: dict[str, Any], to: str, by: int | None
) -> AgentContract:
    """One conditional UPDATE from the states in `where`; AGENT_CONTRACT_STATE when it was not in one."""
    values: dict[str, Any] = {"status": to}
    if to == ACTIVE:
        values["accepted_at"] = utcnow()
    if to in (TERMINATED, REJECTED):
        values["ended_at"], values["ended_by"] = utcnow(), by
    conditions = [AgentContract.id == contract_id]
    conditions += [getattr(AgentContract, column).in_(allowed) for column, allowed in where.items()]
    result = await session.execute(
        update(AgentContract).where(*conditions).values(values).execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise AppError(errors.AGENT_CONTRACT_STATE)
    found = await session.get(AgentContract, contract_id, populate_existing=True)
    assert found is not None
    return found


async def _hold(session: AsyncSession, member_id: int) -> None:
    await session.execute(select(Member.id).where(Member.id == member_id).with_for_update())


async def undercut(session: AsyncSession, contract: AgentContract) -> list[AgentContract]:
    """The contracts of its kind below the agent (in force, or offered and waiting) whose best rate is above
    the contract's, or, for a dividend, whose cycle is another: accepting it would leave them paying more
    than their chain's top, or on periods that no longer align with it."""
    below = await tree.levels(session, contract.merchant_id, contract.downline_id)
    if not below:
        return []
    rows = await session.scalars(
        select(AgentContract)
        .where(
            AgentContract.merchant_id == contract.merchant_id,
            AgentContract.kind == contract.kind,
            AgentContract.downline_id.in_(below),
            AgentContract.status.in_((OFFERED, *IN_FORCE)),
        )
        .order_by(AgentContract.id)
    )
    return [c for c in rows if pays_more(c.tiers, contract.tiers) or c.cycle != contract.cycle]


async def accept(
    session: AsyncSession, contract: AgentContract, by: int, *, confirm: bool = False
) -> AgentContract:
    """The agent takes the offer; the contract of that kind it had ends now (terms never change: a new
    contract replaces the old). Contracts below it that pay more than the offer end too, once confirmed:
    AGENT_CONTRACT_CONFIRM (with them) until then."""
    await _hold(session, contract.downline_id)
    ending = await undercut(session, contract)
    if ending and not confirm:
        names = dict(
            (
                await session.execute(
                    select(Member.id, Member.username).where(Member.id.in_({c.downline_id for c in ending}))
                )
            ).all()
        )
        affected = [
            {
                "id": c.id,
                "downline": names.get(c.downline_id, ""),
                "status": c.status,
                "rateBps": best_rate(c.tiers),
            }
            for c in ending
        ]
        raise AppError(errors.AGENT_CONTRACT_CONFIRM, value={"contracts": affected})
    previous = await in_force(session, contract.downline_id, contract.kind)
    if previous is not None:
        await _move(session, previous.id, where={"status": IN_FORCE}, to=TERMINATED, by=by)
    accepted = await _move(session, contract.id, where={"status": (OFFERED,)}, to=ACTIVE, by=by)
    if ending:
        # Whatever of them is still open ends; one that ended meanwhile stays as it ended.
        await session.execute(
            update(AgentContract)
            .where(
                AgentContract.id.in_([c.id for c in ending]),
                AgentContract.status.in_((OFFERED, *IN_FORCE)),
            )
            .values(status=TERMINATED, ended_at=utcnow(), ended_by=by)
            .execution_options(synchronize_session=False)
        )
    return accepted


async def reject(session: AsyncSession, contract: AgentContract, by: int) -> AgentContract:
    return await _move(session, contract.id, where={"status": (OFFERED,)}, to=REJECTED, by=by)


async def request_termination(session: AsyncSession, contract: AgentContract, by: int) -> AgentContract:
    return await _move(session, contract.id, where={"status": (ACTIVE,)}, to=TERMINATION_REQUESTED, by=by)


async def terminate(session: AsyncSession, contract: AgentContract, by: int | None) -> AgentContract:
    """The upline ends it (at once, or confirming the agent's request); an offer it withdraws ends too."""
    return await _move(
        session, contract.id, where={"status": (OFFERED, ACTIVE, TERMINATION_REQUESTED)}, to=TERMINATED, by=by
    )
