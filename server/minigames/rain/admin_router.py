"""/wps/admin/minigames: the console's red-envelope rains, one-off sessions and the history (promotions.read
to read, promotions.write to change). Every change is audited in its transaction."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from server.admin.audit_trail import audit
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import PromotionsReader, PromotionsWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.minigames.rain import admin, schemas, service
from server.minigames.rain.models import Rain

router = APIRouter(prefix="/wps/admin/minigames", tags=["admin"], responses=ERROR_RESPONSES)
Page = Annotated[int, Query(ge=1, le=100_000)]
PageSize = Annotated[int, Query(alias="pageSize", ge=1, le=100)]


@router.get("/rains", operation_id="adminListRains", summary="Every red-envelope rain, enabled or not")
async def list_rains(
    reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.RainListOut]:
    return ok(
        schemas.RainListOut(list=[admin.rain_out(r) for r in await admin.rains(session, context.brand.id)])
    )


async def _audit_rain(
    session: SessionDep,
    context: SystemContext,
    staff_id: int | None,
    rain: Rain,
    verb: Literal["create", "update"],
) -> None:
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=staff_id,
        action=f"minigames.rain_{verb}",
        target=f"rain:{rain.id}",
        detail=admin.rain_out(rain).model_dump(by_alias=True, exclude={"id"}),
        ip=context.client.ip,
    )


@router.post("/rains", operation_id="adminCreateRain", summary="A new red-envelope rain (daily sessions)")
async def create_rain(
    body: schemas.RainIn, writer: PromotionsWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.RainOut]:
    rain = await admin.save(session, context.brand.id, None, body, utcnow())
    await _audit_rain(session, context, writer.staff_id, rain, "create")
    return ok(admin.rain_out(rain))


@router.put(
    "/rains/{rain_id}",
    operation_id="adminUpdateRain",
    summary="Change a rain: its daily sessions not started yet are drawn again with the new rules",
)
async def update_rain(
    rain_id: WireId,
    body: schemas.RainIn,
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.RainOut]:
    rain = await admin.rain_of(session, context.brand.id, rain_id)
    rain = await admin.save(session, context.brand.id, rain, body, utcnow())
    await _audit_rain(session, context, writer.staff_id, rain, "update")
    return ok(admin.rain_out(rain))


@router.post(
    "/rains/{rain_id}/sessions",
    operation_id="adminCreateRainSession",
    summary="A one-off session of the rain, now or later",
)
async def create_session(
    rain_id: WireId,
    body: schemas.SessionIn,
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.SessionAdminOut]:
    now = utcnow()
    rain = await admin.rain_of(session, context.brand.id, rain_id)
    created = await admin.add_session(session, rain, body.starts_at, now)
    row = await service.session_of(session, context.brand.id, created)
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=writer.staff_id,
        action="minigames.rain_session_create",
        target=f"rain_session:{created}",
        detail={"rainId": rain.id, "startsAt": service.ms(row.starts_at), "seedHash": row.seed_hash},
        ip=context.client.ip,
    )
    return ok(admin.session_out(row, (await admin.figures(session, [created]))[created], now))


@router.get(
    "/rains/{rain_id}/sessions",
    operation_id="adminListRainSessions",
    summary="A rain's sessions, the latest first, each closed one with its seed",
)
async def list_sessions(
    rain_id: WireId,
    reader: PromotionsReader,
    session: SessionDep,
    context: SystemContext,
    page: Page = 1,
    page_size: PageSize = 20,
) -> Envelope[schemas.SessionAdminPageOut]:
    rain = await admin.rain_of(session, context.brand.id, rain_id)
    rows, total = await admin.history(session, rain, page, page_size, utcnow())
    return ok(schemas.SessionAdminPageOut(list=rows, page=page, page_size=page_size, total=total))


@router.get(
    "/sessions/{session_id}",
    operation_id="adminGetRainSession",
    summary="A session live or past: grabbed, paid, left and every grab (usernames unmasked)",
)
async def get_session(
    session_id: WireId, reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.SessionAdminDetailOut]:
    now = utcnow()
    row = await service.session_of(session, context.brand.id, session_id)
    out = admin.session_out(row, (await admin.figures(session, [row.id]))[row.id], now)
    grabs = [
        schemas.SessionAdminGrabOut(seq=seq, account=user, amount=format_amount(amount), at=service.ms(at))
        for seq, user, amount, at in await service.grabs_of(session, row.id)
    ]
    return ok(schemas.SessionAdminDetailOut(**out.model_dump(), grabs=grabs))
