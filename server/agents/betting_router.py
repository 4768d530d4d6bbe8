"""The team's betting (every round of the agent's subtree, filtered, with totals), the members' profit and
loss over a period, and the team's wallet movements: the games' own bet records and the ledger's account
records, read for the agent's subtree only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import schemas, tree
from server.agents.router import Agent
from server.db.paging import page_count
from server.games import bets
from server.games.router import Category, Code, EndDate, StartDate
from server.games.schemas import BetsOut
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.core.wire_types import IsoDateTime
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.wallet import records
from server.wallet.cashier_schemas import RecordOut

router = APIRouter(prefix="/wps/agent/team", tags=["agent"], responses=ERROR_RESPONSES)
Username = Annotated[str | None, Query(max_length=64)]


async def _team(
    session: AsyncSession, merchant_id: int, agent_id: int, username: str | None
) -> dict[int, int]:
    """The subtree's members and levels, or the one named (AGENT_DOWNLINE_NOT_FOUND when not in it)."""
    levels = await tree.levels(session, merchant_id, agent_id)
    if not username or not username.strip():
        return levels
    found = await session.scalar(
        select(Member.id).where(
            Member.merchant_id == merchant_id, Member.username == username.strip().lower()
        )
    )
    if found is None or found not in levels:
        raise AppError(errors.AGENT_DOWNLINE_NOT_FOUND)
    return {found: levels[found]}


async def _names(session: AsyncSession, ids: list[int]) -> dict[int, str]:
    return dict((await session.execute(select(Member.id, Member.username).where(Member.id.in_(ids)))).all())


@router.get("/bets", operation_id="agentTeamBets", summary="The team's rounds, newest first, with totals")
async def team_bets(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    username: Username = None,
    category: Category = None,
    vassalage: Code = None,
    start_date: StartDate = None,
    end_date: EndDate = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.AgentTeamBetsOut]:
    start, end = bets.record_period(start_date, end_date)
    team = await _team(session, context.brand.id, agent.id, username)
    query = bets.BetQuery(tuple(team), start, end, category, vassalage or None)
    rows, count, totals = await bets.history(
        session, query, page=page_no, page_size=page_size, language=context.language
    )
    page = BetsOut.of(rows, count, totals, page_no=page_no, page_size=page_size)
    names = await _names(session, [record.member_id for record, _, _ in rows])
    return ok(
        schemas.AgentTeamBetsOut(
            list=[
                schemas.AgentTeamBetOut(
                    **shown.model_dump(),
                    username=names.get(record.member_id, ""),
                    level=team[record.member_id],
                )
                for shown, (record, _, _) in zip(page.list, rows, strict=True)
            ],
            page_num=page_no,
            total_pages=page_count(count, page_size),
            total=count,
            totals=page.totals,
        )
    )


def _profit(member_id: int, username: str, level: int, totals: bets.Totals) -> schemas.AgentMemberProfitOut:
    return schemas.AgentMemberProfitOut(
        member_id=member_id,
        username=username,
        level=level,
        bet_amount=format_amount(totals.bet),
        valid_bet=format_amount(totals.valid_bet),
        win_amount=format_amount(totals.win),
        profit=format_amount(totals.profit),
        count=totals.count,
    )


@router.get("/profit", operation_id="agentTeamProfit", summary="Each member's profit and loss over a period")
async def team_profit(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    username: Username = None,
    start_date: StartDate = None,
    end_date: EndDate = None,
) -> Envelope[schemas.AgentTeamProfitOut]:
    start, end = bets.record_period(start_date, end_date)
    team = await _team(session, context.brand.id, agent.id, username)
    found = await bets.profit_by_member(session, bets.BetQuery(tuple(team), start, end))
    names = await _names(session, list(found))
    total = bets.Totals(
        sum(t.bet for t in found.values()),
        sum(t.valid_bet for t in found.values()),
        sum(t.win for t in found.values()),
        sum(t.count for t in found.values()),
    )
    rows = sorted(found.items(), key=lambda item: (item[1].profit, item[0]))
    return ok(
        schemas.AgentTeamProfitOut(
            rows=[_profit(m, names.get(m, ""), team[m], t) for m, t in rows],
            total=_profit(0, "", 0, total),
        )
    )


@router.get(
    "/transactions",
    operation_id="agentTeamTransactions",
    summary="Downline transaction details: every movement of the team's wallets, newest first",
)
async def team_transactions(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    username: Username = None,
    record_type: Annotated[str | None, Query(alias="type", pattern=r"^[A-Z]+$", max_length=16)] = None,
    start: Annotated[IsoDateTime | None, Query(alias="from")] = None,
    end: Annotated[IsoDateTime | None, Query(alias="to")] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.AgentTeamRecordsOut]:
    team = await _team(session, context.brand.id, agent.id, username)
    found = await records.history(
        session, tuple(team), record_type=record_type, start=start, end=end, page=page, page_size=page_size
    )
    names = await _names(session, [r.member_id for r in found.records])
    return ok(
        schemas.AgentTeamRecordsOut(
            list=[
                schemas.AgentTeamRecordOut(
                    **RecordOut.of(r).model_dump(),
                    username=names.get(r.member_id, ""),
                    level=team[r.member_id],
                )
                for r in found.records
            ],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
    )
