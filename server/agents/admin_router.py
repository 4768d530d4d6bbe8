"""The console's Agents page: every agent of the merchant with its upline, team and contract in force; one
agent's uplines, direct members, contracts and settlements; the merchant's own contracts with first-level
agents, offered and ended by operators (audited)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import AGENT_TYPES, Member
from server.admin.service import audit
from server.agents import contracts, schemas
from server.agents.contracts_router import contract_out, contracts_of, offered_terms, settlement_out
from server.agents.models import DAILY_SALARY, IN_FORCE, AgentContract, AgentSettlement
from server.agents.router import member_out
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.wire_types import WireId
from server.http.edge.auth import AgentsManager, AgentsReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/agents", tags=["admin-agents"], responses=ERROR_RESPONSES)
AgentId = WireId


async def _rows(session: AsyncSession, agents: list[Member]) -> list[schemas.AdminAgentRow]:
    ids = [a.id for a in agents]
    uplines = {a.upline_id for a in agents if a.upline_id}
    names = dict(
        (await session.execute(select(Member.id, Member.username).where(Member.id.in_(uplines)))).all()
    )
    direct = dict(
        (
            await session.execute(
                select(Member.upline_id, func.count())
                .where(Member.upline_id.in_(ids))
                .group_by(Member.upline_id)
            )
        ).all()
    )
    held = (
        await session.scalars(
            select(AgentContract).where(
                AgentContract.downline_id.in_(ids), AgentContract.status.in_(IN_FORCE)
            )
        )
    ).all()
    in_force: dict[int, list[schemas.AgentContractOut]] = {}
    for found, shown in zip(held, await contract_out(session, list(held)), strict=True):
        in_force.setdefault(found.downline_id, []).append(shown)
    return [
        schemas.AdminAgentRow(
            id=a.id,
            username=a.username,
            nickname=a.nickname,
            type=a.member_type,
            upline=names.get(a.upline_id) if a.upline_id else None,
            direct_members=int(direct.get(a.id, 0)),
            status=a.status,
            contract=next((c for c in in_force.get(a.id, []) if c.kind == DAILY_SALARY), None),
            contracts=sorted(in_force.get(a.id, []), key=lambda c: c.kind),
            created_at=int(a.created_at.timestamp() * 1000),
        )
        for a in agents
    ]


async def _agent(session: AsyncSession, merchant_id: int, agent_id: int) -> Member:
    found = await session.scalar(
        select(Member).where(
            Member.id == agent_id, Member.merchant_id == merchant_id, Member.member_type.in_(AGENT_TYPES)
        )
    )
    if found is None:
        raise AppError(errors.NOT_FOUND)
    return found


@router.get("", operation_id="adminAgents", summary="The merchant's agents, by username")
async def list_agents(
    reader: AgentsReader,
    session: SessionDep,
    search: Annotated[str, Query(max_length=64)] = "",
    page_num: Annotated[int, Query(alias="pageNum", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.AdminAgentPageOut]:
    query = select(Member).where(
        Member.merchant_id == reader.merchant_id, Member.member_type.in_(AGENT_TYPES)
    )
    if search.strip():
        pattern = f"%{search.strip().lower()}%"
        query = query.where(or_(Member.username.like(pattern), func.lower(Member.nickname).like(pattern)))
    rows, total = await page_of(session, query.order_by(Member.username), page=page_num, page_size=page_size)
    return ok(
        schemas.AdminAgentPageOut(
            list=await _rows(session, [m for (m,) in rows]),
            page_num=page_num,
            total_pages=page_count(total, page_size),
            total=total,
        )
    )


@router.get("/{agent_id}", operation_id="adminAgent", summary="One agent: uplines, members, contracts, pay")
async def agent_detail(
    agent_id: AgentId, reader: AgentsReader, session: SessionDep
) -> Envelope[schemas.AdminAgentDetailOut]:
    agent = await _agent(session, reader.merchant_id, agent_id)
    uplines: list[str] = []
    above, seen = agent.upline_id, {agent.id}
    while above is not None and above not in seen and len(uplines) < 32:
        seen.add(above)
        upline = await session.get(Member, above)
        if upline is None:
            break
        uplines.append(upline.username)
        above = upline.upline_id
    members = (
        await session.scalars(
            select(Member).where(Member.upline_id == agent.id).order_by(Member.created_at.desc()).limit(200)
        )
    ).all()
    held = await contracts_of(session, agent.id)
    paid = (
        await session.scalars(
            select(AgentSettlement)
            .where(AgentSettlement.member_id == agent.id)
            .order_by(AgentSettlement.period_start.desc())
            .limit(100)
        )
    ).all()
    return ok(
        schemas.AdminAgentDetailOut(
            agent=(await _rows(session, [agent]))[0],
            uplines=uplines,
            members=[member_out(m, 1, agent.username) for m in members],
            contracts=await contract_out(session, held),
            settlements=[settlement_out(s) for s in paid],
        )
    )


@router.post(
    "/{agent_id}/contracts",
    operation_id="adminOfferAgentContract",
    summary="Offer the merchant's contract to a first-level agent",
)
async def offer(
    agent_id: AgentId,
    body: schemas.AdminContractIn,
    manager: AgentsManager,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.AgentContractOut]:
    tiers = offered_terms(body.kind, body.tiers, context.brand.switch_on)
    agent = await _agent(session, manager.merchant_id, agent_id)
    made = await contracts.offer(session, manager.merchant_id, None, agent, body.kind, tiers, body.cycle)
    await audit(
        session,
        merchant_id=manager.merchant_id,
        staff_id=manager.staff_id,
        action="agents.contract_offer",
        target=f"member:{agent.id}",
        detail={"contractId": made.id, "kind": made.kind, "tiers": made.tiers, "cycle": made.cycle},
    )
    return ok((await contract_out(session, [made]))[0])


@router.post(
    "/contracts/{contract_id}/terminate",
    operation_id="adminTerminateAgentContract",
    summary="End one of the merchant's own contracts (an offer, or one in force)",
)
async def terminate(
    contract_id: AgentId, manager: AgentsManager, session: SessionDep
) -> Envelope[schemas.AgentContractOut]:
    found = await session.get(AgentContract, contract_id)
    if found is None or found.merchant_id != manager.merchant_id or found.upline_id is not None:
        raise AppError(errors.AGENT_CONTRACT_NOT_FOUND)  # an agent's contract with its own is the agent's
    ended = await contracts.terminate(session, found, None)
    await audit(
        session,
        merchant_id=manager.merchant_id,
        staff_id=manager.staff_id,
        action="agents.contract_terminate",
        target=f"member:{found.downline_id}",
        detail={"contractId": found.id},
    )
    return ok((await contract_out(session, [ended]))[0])
