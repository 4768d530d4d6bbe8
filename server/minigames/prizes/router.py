"""/wps/minigames: the floating widget's list (visitors too), and the member's wheel and egg calls (a real
account: a visitor is asked to log in, a trial account to open a real one)."""

from __future__ import annotations

from fastapi import APIRouter

from server.accounts.deps import member_row
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import MaybeMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.minigames.prizes import play as plays
from server.minigames.prizes import schemas, service
from server.minigames.rain import service as rain_service

router = APIRouter(prefix="/wps/minigames", tags=["minigames"], responses=ERROR_RESPONSES)


@router.get("", operation_id="listMiniGames", summary="The rain sessions live or next, and the prize games")
async def list_minigames(
    who: MaybeMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.MiniGamesOut]:
    now = utcnow()
    member = await member_row(session, who) if who is not None and who.member_id is not None else None
    rains = await rain_service.portal_sessions(session, context.brand, member, context.language, now)
    games = await service.portal_games(
        session,
        context.brand.id,
        member.id if member is not None else None,
        context.language,
        context.brand.default_language,
        now,
    )
    return ok(schemas.MiniGamesOut(rains=rains, games=games))


@router.post("/games/{game_id}/play", operation_id="playPrizeGame", summary="Spin the wheel or crack an egg")
async def play(
    game_id: WireId, body: schemas.PlayIn, who: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.PlayOut]:
    member = await member_row(session, who)
    done = await plays.play(session, context.brand, member, game_id, body.client_seed)
    row = done.play
    language, fallback = context.language, context.brand.default_language
    return ok(
        schemas.PlayOut(
            play_id=row.id,
            prize_index=row.prize_index,
            prize=service.prize_out(row.prize_index, row.prize, language, fallback),
            nonce=row.nonce,
            seed_hash=row.seed_hash,
            plays_left=done.plays_left,
        )
    )


@router.post(
    "/games/{game_id}/seed",
    operation_id="rotatePrizeGameSeed",
    summary="Reveal the member's seed for this game and start a new one",
)
async def rotate_seed(
    game_id: WireId, who: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.SeedOut]:
    member = await member_row(session, who)
    game = await plays.game_of(session, context.brand.id, game_id)
    done = await plays.rotate(session, game, member.id)
    return ok(
        schemas.SeedOut(
            previous_seed=done.previous_seed,
            previous_seed_hash=done.previous_seed_hash,
            seed_hash=done.seed_hash,
            client_seed=done.client_seed,
            nonce=done.nonce,
        )
    )


@router.post("/checkin", operation_id="miniGamesCheckIn", summary="Check in for today's plays")
async def check_in(
    body: schemas.CheckInIn, who: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.CheckInOut]:
    member = await member_row(session, who)
    day = await service.check_in(session, context.brand.id, member.id, utcnow())
    return ok(schemas.CheckInOut(day=day, checked_in=True))
