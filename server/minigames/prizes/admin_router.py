"""/wps/admin/minigames/games: the console's lucky wheels and golden eggs (promotions.read to read,
promotions.write to change). Every change is audited in its transaction, with the table as stored."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter

from server.admin.audit_trail import audit
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import PromotionsReader, PromotionsWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.minigames.prizes import schemas, service
from server.minigames.prizes.models import PrizeGame

router = APIRouter(prefix="/wps/admin/minigames/games", tags=["admin"], responses=ERROR_RESPONSES)


async def _audit(
    session: SessionDep,
    context: SystemContext,
    staff_id: int | None,
    game: PrizeGame,
    verb: Literal["create", "update"],
) -> None:
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=staff_id,
        action=f"minigames.game_{verb}",
        target=f"prize_game:{game.id}",
        detail={
            "kind": game.kind,
            "names": game.names,
            "enabled": game.enabled,
            "perDeposit": game.per_deposit,
            "perTurnover": game.per_turnover,
            "perCheckin": game.per_checkin,
            "prizes": game.prizes,
        },
        ip=context.client.ip,
    )


@router.get("", operation_id="adminListPrizeGames", summary="Every lucky wheel and golden egg")
async def list_games(
    reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PrizeGameAdminListOut]:
    games = await service.games_of(session, context.brand.id, enabled_only=False)
    return ok(schemas.PrizeGameAdminListOut(list=[await service.admin_out(session, g) for g in games]))


@router.post("", operation_id="adminCreatePrizeGame", summary="A new lucky wheel or golden egg")
async def create_game(
    body: schemas.PrizeGameIn, writer: PromotionsWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PrizeGameAdminOut]:
    game = await service.apply(session, context.brand.id, PrizeGame(), body)
    await _audit(session, context, writer.staff_id, game, "create")
    return ok(await service.admin_out(session, game))


@router.put("/{game_id}", operation_id="adminUpdatePrizeGame", summary="Change a game and its prize table")
async def update_game(
    game_id: WireId,
    body: schemas.PrizeGameIn,
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.PrizeGameAdminOut]:
    game = await service.admin_game(session, context.brand.id, game_id)
    game = await service.apply(session, context.brand.id, game, body)
    await _audit(session, context, writer.staff_id, game, "update")
    return ok(await service.admin_out(session, game))
