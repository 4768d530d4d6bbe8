"""/wps/admin/loyalty/vip: the console's VIP levels and review settings (loyalty.read to read,
loyalty.write to change; every change audited)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import LoyaltyReader, LoyaltyWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.loyalty.vip import admin, schemas
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.models import LEVEL_MAX
from server.loyalty.vip.router import perks_out

router = APIRouter(prefix="/wps/admin/loyalty", tags=["admin"], responses=ERROR_RESPONSES)
LevelNumber = Annotated[int, Path(ge=0, le=LEVEL_MAX)]


def level_admin_out(level: ladders.Level) -> schemas.LevelAdminOut:
    return schemas.LevelAdminOut(
        level=level.level,
        names=dict(level.names),
        emblem=level.emblem,
        deposit_required=format_amount(level.deposit_required),
        turnover_required=format_amount(level.turnover_required),
        **perks_out(level).model_dump(),
    )


async def _vip(session: SessionDep, merchant_id: int) -> schemas.VipAdminOut:
    settings = await ladders.settings_of(session, merchant_id)
    return schemas.VipAdminOut(
        settings=schemas.SettingsBody(
            window_days=settings.window_days, demote=settings.demote, grace_days=settings.grace_days
        ),
        levels=[level_admin_out(level) for level in await ladders.ladder(session, merchant_id)],
    )


@router.get("/vip", operation_id="adminVip", summary="The VIP levels and review settings")
async def get_vip(
    reader: LoyaltyReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.VipAdminOut]:
    return ok(await _vip(session, context.brand.id))


@router.put("/vip/settings", operation_id="adminSetVipSettings", summary="Change the VIP review settings")
async def set_settings(
    body: schemas.SettingsBody, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.VipAdminOut]:
    assert writer.staff_id is not None
    await admin.set_settings(session, context.brand.id, body, staff_id=writer.staff_id, ip=context.client.ip)
    return ok(await _vip(session, context.brand.id))


@router.put("/vip/levels/{level}", operation_id="adminPutVipLevel", summary="Create or replace a VIP level")
async def put_level(
    level: LevelNumber,
    body: schemas.LevelBody,
    writer: LoyaltyWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.VipAdminOut]:
    assert writer.staff_id is not None
    await admin.put_level(
        session, context.brand.id, level, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(await _vip(session, context.brand.id))


@router.delete("/vip/levels/{level}", operation_id="adminDeleteVipLevel", summary="Remove the highest level")
async def delete_level(
    level: LevelNumber, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.VipAdminOut]:
    assert writer.staff_id is not None
    await admin.delete_level(session, context.brand.id, level, staff_id=writer.staff_id, ip=context.client.ip)
    return ok(await _vip(session, context.brand.id))
