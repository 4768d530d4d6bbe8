"""Dividends waiting for approval and the approval that pays them (the "dividend process" call): an agent
approves those of the agents directly below it (whose contracts it offered), the merchant's staff those of
first-level agents (the merchant's own contracts, audited)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.admin.service import audit
from server.agents import dividend, schemas
from server.agents.contracts_router import settlement_fields
from server.agents.models import DIVIDEND, PENDING, AgentContract, AgentSettlement
from server.agents.router import Agent
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import AgentsManager, AgentsReader
from server.http.edge.context import PortalContext, SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/agent/dividends", tags=["agent"], responses=ERROR_RESPONSES)
admin_router = APIRouter(
    prefix="/wps/admin/agents/dividends", tags=["admin-agents"], responses=ERROR_RESPONSES
)
SettlementId = WireId
Status = Annotated[Literal["PENDING", "ALL"], Query(description="PENDING: waiting for approval")]
LIMIT = 200


def _owed_by(merchant_id: int, upline_id: int | None) -> Select[AgentSettlement]:
    """The dividends of the contracts this upline (None: the merchant) offered."""
    upline = AgentContract.upline_id.is_(None) if upline_id is None else AgentContract.upline_id == upline_id
    return (
        select(AgentSettlement)
        .join(AgentContract, AgentContract.id == AgentSettlement.contract_id)
        .where(AgentSettlement.merchant_id == merchant_id, AgentSettlement.kind == DIVIDEND, upline)
    )


async def _list(
    session: AsyncSession, merchant_id: int, upline_id: int | None, status: str
) -> schemas.AgentDividendsOut:
    query = _owed_by(merchant_id, upline_id)
    if status == PENDING:
        query = query.where(AgentSettlement.status == PENDING)
    rows = (
        await session.scalars(
            query.order_by(AgentSettlement.period_start.desc(), AgentSettlement.id.desc()).limit(LIMIT)
        )
    ).all()
    names = dict(
        (
            await session.execute(
                select(Member.id, Member.username).where(Member.id.in_({r.member_id for r in rows}))
            )
        ).all()
    )
    waiting = await session.scalar(
        _owed_by(merchant_id, upline_id)
        .where(AgentSettlement.status == PENDING)
        .with_only_columns(func.coalesce(func.sum(AgentSettlement.amount), 0))
    )
    return schemas.AgentDividendsOut(
        list=[
            schemas.AgentDividendOut(**settlement_fields(r), member=names.get(r.member_id, "")) for r in rows
        ],
        total_pending=format_amount(int(waiting or 0)),
    )


async def _owed(
    session: AsyncSession, merchant_id: int, upline_id: int | None, settlement_id: int
) -> AgentSettlement:
    """One of this upline's dividends to approve; AGENT_SETTLEMENT_NOT_FOUND for anyone else's."""
    found = await session.scalar(_owed_by(merchant_id, upline_id).where(AgentSettlement.id == settlement_id))
    if found is None:
        raise AppError(errors.AGENT_SETTLEMENT_NOT_FOUND)
    return found


def _out(found: AgentSettlement, member: str) -> schemas.AgentDividendOut:
    return schemas.AgentDividendOut(**settlement_fields(found), member=member)


@router.get("", operation_id="agentDividends", summary="Dividends of the agents below me, to approve")
async def agent_dividends(
    agent: Agent, session: SessionDep, status: Status = "PENDING"
) -> Envelope[schemas.AgentDividendsOut]:
    return ok(await _list(session, agent.merchant_id, agent.id, status))


@router.post(
    "/{settlement_id}/process",
    operation_id="agentProcessDividend",
    summary="Approve a dividend of an agent below me: it is paid now",
)
async def process(
    settlement_id: SettlementId, agent: Agent, context: PortalContext, session: SessionDep
) -> Envelope[schemas.AgentDividendOut]:
    found = await _owed(session, agent.merchant_id, agent.id, settlement_id)
    paid = await dividend.approve(session, context.brand, found, by=agent.id)
    member = await session.get(Member, paid.member_id)
    return ok(_out(paid, member.username if member else ""))


@admin_router.get(
    "", operation_id="adminAgentDividends", summary="Dividends of first-level agents, to approve"
)
async def admin_dividends(
    reader: AgentsReader, session: SessionDep, status: Status = "PENDING"
) -> Envelope[schemas.AgentDividendsOut]:
    return ok(await _list(session, reader.merchant_id, None, status))


@admin_router.post(
    "/{settlement_id}/approve",
    operation_id="adminApproveAgentDividend",
    summary="Approve a first-level agent's dividend: it is paid now",
)
async def approve(
    settlement_id: SettlementId, manager: AgentsManager, context: SystemContext, session: SessionDep
) -> Envelope[schemas.AgentDividendOut]:
    found = await _owed(session, manager.merchant_id, None, settlement_id)
    paid = await dividend.approve(session, context.brand, found, by=manager.staff_id)
    await audit(
        session,
        merchant_id=manager.merchant_id,
        staff_id=manager.staff_id,
        action="agents.dividend_approve",
        target=f"member:{paid.member_id}",
        detail={"settlementId": paid.id, "amount": format_amount(paid.amount)},
    )
    member = await session.get(Member, paid.member_id)
    return ok(_out(paid, member.username if member else ""))
