"""A settlement explained line by line: the bets of the agent's team that settled in its period, which are
the bets it was worked out from, with their figures as the settlement counts them (server/agents/salary.py
`teams_in`, the one aggregation every settlement uses). The agent reads its own settlements' and those of the
contracts it offered (the dividends it approves); the merchant's staff every one of theirs.

The team is today's: a member moved to another upline since the period settled is read under its new one."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import schemas, tree
from server.agents.contracts_router import settlement_out
from server.agents.models import AgentContract, AgentSettlement
from server.agents.router import Agent
from server.agents.salary import PeriodFigures, teams_in
from server.db.paging import page_count
from server.games import bets
from server.games.schemas import BetsOut
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import AgentsReader
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/agent/income", tags=["agent"], responses=ERROR_RESPONSES)
admin_router = APIRouter(
    prefix="/wps/admin/agents/settlements", tags=["admin-agents"], responses=ERROR_RESPONSES
)
SettlementId = WireId
PageNo = Annotated[int, Query(alias="pageNo", ge=1, le=10_000)]
PageSize = Annotated[int, Query(alias="pageSize", ge=1, le=100)]


async def _explained(
    session: AsyncSession, settlement: AgentSettlement, page_no: int, page_size: int
) -> schemas.AgentSettlementBetsOut:
    team = await tree.levels(session, settlement.merchant_id, settlement.member_id)
    query = bets.BetQuery(tuple(team), settlement.period_start, settlement.period_end, as_settled=True)
    rows, count, totals = await bets.history(session, query, page=page_no, page_size=page_size)
    page = BetsOut.of(rows, count, totals, page_no=page_no, page_size=page_size)
    names = dict(
        (
            await session.execute(
                select(Member.id, Member.username).where(Member.id.in_({r.member_id for r, _, _ in rows}))
            )
        ).all()
    )
    figures = (
        await teams_in(session, settlement.merchant_id, settlement.period_start, settlement.period_end)
    ).get(settlement.member_id, PeriodFigures(0, 0))
    return schemas.AgentSettlementBetsOut(
        settlement=settlement_out(settlement),
        list=[
            schemas.AgentTeamBetOut(
                **shown.model_dump(), username=names.get(record.member_id, ""), level=team[record.member_id]
            )
            for shown, (record, _, _) in zip(page.list, rows, strict=True)
        ],
        page_num=page_no,
        total_pages=page_count(count, page_size),
        total=count,
        totals=page.totals,
        valid_bet=format_amount(figures.valid_bet),
        active_members=figures.active_members,
        net_loss=format_amount(figures.net_loss),
        lost=format_amount(figures.lost),
        won=format_amount(figures.won),
    )


@router.get(
    "/{settlement_id}/bets",
    operation_id="agentSettlementBets",
    summary="The bets a settlement of mine (or of a contract I offered) was worked out from",
)
async def agent_settlement_bets(
    settlement_id: SettlementId,
    agent: Agent,
    session: SessionDep,
    page_no: PageNo = 1,
    page_size: PageSize = 20,
) -> Envelope[schemas.AgentSettlementBetsOut]:
    found = await session.scalar(
        select(AgentSettlement)
        .join(AgentContract, AgentContract.id == AgentSettlement.contract_id)
        .where(
            AgentSettlement.id == settlement_id,
            AgentSettlement.merchant_id == agent.merchant_id,
            or_(AgentSettlement.member_id == agent.id, AgentContract.upline_id == agent.id),
        )
    )
    if found is None:
        raise AppError(errors.AGENT_SETTLEMENT_NOT_FOUND)
    return ok(await _explained(session, found, page_no, page_size))


@admin_router.get(
    "/{settlement_id}/bets",
    operation_id="adminAgentSettlementBets",
    summary="The bets one of the merchant's agent settlements was worked out from",
)
async def admin_settlement_bets(
    settlement_id: SettlementId,
    reader: AgentsReader,
    session: SessionDep,
    page_no: PageNo = 1,
    page_size: PageSize = 20,
) -> Envelope[schemas.AgentSettlementBetsOut]:
    found = await session.get(AgentSettlement, settlement_id)
    if found is None or found.merchant_id != reader.merchant_id:
        raise AppError(errors.AGENT_SETTLEMENT_NOT_FOUND)
    return ok(await _explained(session, found, page_no, page_size))
