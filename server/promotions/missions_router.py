"""Missions on the portal: SPEC §7's mission summary and mission leaderboard relays, and a task's claim.

The leaderboards answer visitors too (the promotion's page shows its board to everyone); the reader's own
standing comes with them when a member asks."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.deps import member_row
from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import AnyMember, MaybeMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.promotions import leaderboards, missions, missions_view, schemas, service
from server.promotions.leaderboards import Board
from server.promotions.live_boards import LiveBoards
from server.promotions.missions_schemas import (
    BoardListOut,
    BoardOut,
    BoardRowOut,
    MissionSummaryOut,
    StandingOut,
)
from server.promotions.models import MISSION, Promotion, PromotionEntry
from server.promotions.router import _act, _states, _title, card

router = APIRouter(tags=["promotions"], responses=ERROR_RESPONSES)


@router.get("/wps/relay/missionSummary", operation_id="getMissionSummary", summary="The member's missions")
async def mission_summary(
    context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[MissionSummaryOut]:
    member = await member_row(session, who)
    now = utcnow()
    running = await missions.running_missions(session, context.brand.id, now)
    states = await _states(session, member, running, now)
    shown = [
        await missions_view.mission_out(
            session, promotion, member.id, card(promotion, context.brand, context.language, state), now
        )
        for promotion, state in zip(running, states, strict=True)
    ]
    ready = sum(1 for mission in shown for task in mission.tasks if task.done and not task.claimed)
    return ok(MissionSummaryOut(count=ready, list=shown))


@router.post(
    "/wps/promotions/{promotion_id}/tasks/{index}/claim",
    operation_id="claimMissionTask",
    summary="Claim a done task's reward",
)
async def claim_task(
    promotion_id: WireId,
    index: Annotated[int, Path(ge=0, le=9)],
    context: PortalContext,
    session: SessionDep,
    who: AnyMember,
) -> Envelope[schemas.ActionOut]:
    async def act(
        session: AsyncSession, brand: Brand, member: Member, promotion: Promotion, **client: Any
    ) -> PromotionEntry:
        return await missions.claim_task(session, brand, member, promotion, index, **client)

    return await _act(act, promotion_id, context, session, who)


def _live(request: Request) -> LiveBoards:
    live: LiveBoards = request.app.state.live_boards
    return live


async def _board_out(
    live: LiveBoards, board: Board, promotion: Promotion, context: PortalContext, member_id: int | None
) -> BoardOut:
    rows = await live.rows(board)
    me = None
    if member_id is not None:
        rank, score, tag = await live.standing(board, member_id)
        me = StandingOut(rank=rank, score=format_amount(score), tag=tag)
    return BoardOut(
        promotion_id=promotion.id,
        title=_title(promotion, context.brand, context.language),
        period_key=board.window.key,
        starts_at=int(board.window.starts_at.timestamp() * 1000),
        ends_at=None if board.window.ends_at is None else int(board.window.ends_at.timestamp() * 1000),
        prizes=[format_amount(p) for p in board.prizes],
        category=board.category,
        rows=[BoardRowOut.model_validate(row.wire()) for row in rows],
        me=me,
        room=leaderboards.room(context.brand.code, promotion.id),
    )


@router.get(
    "/wps/relay/missionLeaderboard", operation_id="getMissionLeaderboard", summary="A mission's leaderboard"
)
async def mission_leaderboard(
    request: Request,
    context: PortalContext,
    session: SessionDep,
    who: MaybeMember,
    promotion_id: Annotated[WireId, Query(alias="promotionId")],
) -> Envelope[BoardOut]:
    promotion = await service.one(session, context.brand.id, promotion_id)
    now = utcnow()
    board = leaderboards.board_of(promotion, now)
    if board is None or not service.is_running(promotion, now):
        raise AppError(errors.PROMOTION_NOT_FOUND)
    member_id = None if who is None else who.member_id
    return ok(await _board_out(_live(request), board, promotion, context, member_id))


@router.get(
    "/wps/relay/missionLeaderboards",
    operation_id="listMissionLeaderboards",
    summary="The running missions' leaderboards",
)
async def mission_leaderboards(
    request: Request, context: PortalContext, session: SessionDep, who: MaybeMember
) -> Envelope[BoardListOut]:
    now = utcnow()
    live = _live(request)
    member_id = None if who is None else who.member_id
    shown = []
    for promotion in await missions.running_missions(session, context.brand.id, now):
        board = leaderboards.board_of(promotion, now)
        if board is not None and promotion.kind == MISSION:
            shown.append(await _board_out(live, board, promotion, context, member_id))
    return ok(BoardListOut(list=shown))
