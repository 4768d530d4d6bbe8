"""An agent's contracts (offered to it, offered by it) and its income (every settlement paid to it, with the
figures it was computed from)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import contracts, schemas, tree
from server.agents.models import (
    DAILY_SALARY,
    DIVIDEND,
    HOURLY_SALARY,
    IN_FORCE,
    OFFERED,
    PAID,
    PENDING,
    REALTIME_SALARY,
    AgentContract,
    AgentSettlement,
)
from server.agents.router import Agent
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/agent", tags=["agent"], responses=ERROR_RESPONSES)
member_router = APIRouter(tags=["agent"], responses=ERROR_RESPONSES)
ContractId = WireId
# The brand's switch that offers each kind (contracts already in force are honoured whatever it says).
SWITCHES = {
    DAILY_SALARY: "DAILYSALARY3",
    HOURLY_SALARY: "HOURLYSALARY3",
    DIVIDEND: "DIVIDEND3",
    REALTIME_SALARY: "REALTIMESALARY3",
}


def _ms(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


async def contract_out(session: AsyncSession, found: list[AgentContract]) -> list[schemas.AgentContractOut]:
    ids = {c.upline_id for c in found if c.upline_id} | {c.downline_id for c in found}
    names = dict((await session.execute(select(Member.id, Member.username).where(Member.id.in_(ids)))).all())
    return [
        schemas.AgentContractOut(
            id=c.id,
            kind=c.kind,
            status=c.status,
            upline=names.get(c.upline_id) if c.upline_id else None,
            downline=names.get(c.downline_id, ""),
            downline_id=c.downline_id,
            tiers=[
                schemas.AgentTierOut(
                    min_valid_bet=format_amount(int(t["minValidBet"])),
                    min_active_members=int(t["minActiveMembers"]),
                    rate_bps=int(t["rateBps"]),
                    loss_rate_bps=int(t.get("lossRateBps", 0)),
                    profit_rate_bps=int(t.get("profitRateBps", 0)),
                )
                for t in c.tiers
            ],
            cycle=c.cycle,
            created_at=_ms(c.created_at) or 0,
            accepted_at=_ms(c.accepted_at),
            ended_at=_ms(c.ended_at),
        )
        for c in found
    ]


def _amount(value: int | None) -> str | None:
    return None if value is None else format_amount(value)


def settlement_fields(s: AgentSettlement) -> dict[str, Any]:
    return dict(
        id=s.id,
        contract_id=s.contract_id,
        kind=s.kind,
        period_start=_ms(s.period_start) or 0,
        period_end=_ms(s.period_end) or 0,
        valid_bet=format_amount(s.valid_bet),
        active_members=s.active_members,
        rate_bps=s.rate_bps,
        amount=format_amount(s.amount),
        transfer_id=s.transfer_id,
        status=s.status,
        net_loss=_amount(s.net_loss),
        carry_in=_amount(s.carry_in),
        lower_dividends=_amount(s.lower_dividends),
        approved_at=_ms(s.approved_at),
        lost=_amount(s.lost),
        won=_amount(s.won),
        loss_rate_bps=s.loss_rate_bps,
        profit_rate_bps=s.profit_rate_bps,
    )


def settlement_out(s: AgentSettlement) -> schemas.AgentSettlementOut:
    return schemas.AgentSettlementOut(**settlement_fields(s))


async def contracts_of(session: AsyncSession, member_id: int) -> list[AgentContract]:
    """The member's contracts either way (offered to it, offered by it), newest first, the last 200."""
    rows = await session.scalars(
        select(AgentContract)
        .where(or_(AgentContract.downline_id == member_id, AgentContract.upline_id == member_id))
        .order_by(AgentContract.id.desc())
        .limit(200)
    )
    return list(rows.all())


def offered_terms(
    kind: str, tiers: list[schemas.AgentTierIn], brand_switch_on: Callable[[str], bool]
) -> list[dict[str, int]]:
    """An offer's tiers in minor units, once the brand's switch for the kind is on (MODULE_DISABLED else)."""
    switch = SWITCHES[kind]
    if not brand_switch_on(switch):
        raise AppError(errors.MODULE_DISABLED, value={"modId": switch})
    return [
        {
            "minValidBet": parse_amount(t.min_valid_bet, field="minValidBet", allow_zero=True),
            "minActiveMembers": t.min_active_members,
            "rateBps": t.rate_bps,
            # Kept only where given: contracts.check_tiers refuses them on any kind but the real-time salary.
            **({"lossRateBps": t.loss_rate_bps} if t.loss_rate_bps else {}),
            **({"profitRateBps": t.profit_rate_bps} if t.profit_rate_bps else {}),
        }
        for t in tiers
    ]


@router.get("/contracts", operation_id="agentContracts", summary="Contracts offered to me and by me")
async def list_contracts(agent: Agent, session: SessionDep) -> Envelope[schemas.AgentContractsOut]:
    rows = await contracts_of(session, agent.id)
    mine = [c for c in rows if c.downline_id == agent.id]
    offered = [c for c in rows if c.upline_id == agent.id]
    return ok(
        schemas.AgentContractsOut(
            mine=await contract_out(session, mine), offered=await contract_out(session, offered)
        )
    )


@router.post("/contracts", operation_id="agentOfferContract", summary="Offer a contract to an agent below me")
async def offer(
    body: schemas.AgentContractIn, agent: Agent, context: PortalContext, session: SessionDep
) -> Envelope[schemas.AgentContractOut]:
    tiers = offered_terms(body.kind, body.tiers, context.brand.switch_on)
    downline, _level = await tree.downline(session, context.brand.id, agent.id, body.member_id)
    made = await contracts.offer(session, context.brand.id, agent, downline, body.kind, tiers, body.cycle)
    return ok((await contract_out(session, [made]))[0])


async def _contract(session: AsyncSession, contract_id: int, agent: Member, *, as_: str) -> AgentContract:
    """The contract, if this agent is its downline ("downline"), its upline ("upline") or either ("party")."""
    found = await session.get(AgentContract, contract_id)
    if found is None or found.merchant_id != agent.merchant_id:
        raise AppError(errors.AGENT_CONTRACT_NOT_FOUND)
    allowed = {
        "downline": found.downline_id == agent.id,
        "upline": found.upline_id == agent.id,
        "party": agent.id in (found.downline_id, found.upline_id),
    }[as_]
    if not allowed:
        raise AppError(errors.AGENT_CONTRACT_NOT_FOUND)
    return found


@router.post("/contracts/{contract_id}/accept", operation_id="agentAcceptContract", summary="Accept an offer")
async def accept(
    contract_id: ContractId,
    agent: Agent,
    session: SessionDep,
    body: schemas.AgentAcceptIn | None = None,
) -> Envelope[schemas.AgentContractOut]:
    found = await _contract(session, contract_id, agent, as_="downline")
    confirm = body is not None and body.confirm
    return ok(
        (await contract_out(session, [await contracts.accept(session, found, agent.id, confirm=confirm)]))[0]
    )


@router.post("/contracts/{contract_id}/reject", operation_id="agentRejectContract", summary="Reject an offer")
async def reject(
    contract_id: ContractId, agent: Agent, session: SessionDep
) -> Envelope[schemas.AgentContractOut]:
    found = await _contract(session, contract_id, agent, as_="downline")
    return ok((await contract_out(session, [await contracts.reject(session, found, agent.id)]))[0])


@router.post(
    "/contracts/{contract_id}/termination-request",
    operation_id="agentRequestTermination",
    summary="Ask to end a contract in force (either side); the upline confirms",
)
async def request_termination(
    contract_id: ContractId, agent: Agent, session: SessionDep
) -> Envelope[schemas.AgentContractOut]:
    found = await _contract(session, contract_id, agent, as_="party")
    return ok(
        (await contract_out(session, [await contracts.request_termination(session, found, agent.id)]))[0]
    )


@router.post(
    "/contracts/{contract_id}/terminate",
    operation_id="agentTerminateContract",
    summary="End a contract (the upline: withdrawing an offer, or ending one in force)",
)
async def terminate(
    contract_id: ContractId, agent: Agent, session: SessionDep
) -> Envelope[schemas.AgentContractOut]:
    found = await _contract(session, contract_id, agent, as_="upline")
    return ok((await contract_out(session, [await contracts.terminate(session, found, agent.id)]))[0])


@member_router.get(
    "/wps/member/info/funds/consolidated",
    operation_id="getConsolidated",
    summary="Contract offers waiting for me and contracts in force, by kind (with AGENTPOLICY3)",
)
async def consolidated(
    member: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.AgentConsolidatedOut]:
    if not context.brand.switch_on("AGENTPOLICY3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "AGENTPOLICY3"})
    rows = await session.execute(
        select(AgentContract.kind, AgentContract.status, func.count())
        .where(AgentContract.downline_id == member.member_id)
        .group_by(AgentContract.kind, AgentContract.status)
    )
    counts = {(kind, status): int(n) for kind, status, n in rows}

    def waiting(kind: str) -> int:
        return counts.get((kind, OFFERED), 0)

    def held(kind: str) -> int:
        return int(any(counts.get((kind, status), 0) for status in IN_FORCE))

    return ok(
        schemas.AgentConsolidatedOut(
            dailysalreqtype=waiting(DAILY_SALARY),
            divtypereq=waiting(DIVIDEND),
            contracthoursalreq=waiting(HOURLY_SALARY),
            realtimesalreqtype=waiting(REALTIME_SALARY),
            contractmrdailysalinfotype=0,
            contracthoursalinfo=held(HOURLY_SALARY),
            dailysalinfotype=held(DAILY_SALARY),
            realtimesalinfotype=held(REALTIME_SALARY),
            divtypeinfo=held(DIVIDEND),
        )
    )


@router.get("/income", operation_id="agentIncome", summary="What my contracts paid me, newest day first")
async def income(
    agent: Agent,
    session: SessionDep,
    page_num: Annotated[int, Query(alias="pageNum", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.AgentIncomePageOut]:
    query = (
        select(AgentSettlement)
        .where(AgentSettlement.member_id == agent.id)
        .order_by(AgentSettlement.period_start.desc(), AgentSettlement.id.desc())
    )
    rows, total = await page_of(session, query, page=page_num, page_size=page_size)
    totals = dict(
        (
            await session.execute(
                select(AgentSettlement.status, func.sum(AgentSettlement.amount))
                .where(AgentSettlement.member_id == agent.id)
                .group_by(AgentSettlement.status)
            )
        ).all()
    )
    return ok(
        schemas.AgentIncomePageOut(
            list=[settlement_out(s) for (s,) in rows],
            page_num=page_num,
            total_pages=page_count(total, page_size),
            total=total,
            total_paid=format_amount(int(totals.get(PAID) or 0)),
            total_pending=format_amount(int(totals.get(PENDING) or 0)),
        )
    )
