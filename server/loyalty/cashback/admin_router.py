"""/wps/admin/loyalty/cashback: the brand's cashback mode and minimum (the rates live on the VIP levels)."""

from __future__ import annotations

from fastapi import APIRouter

from server.admin.audit_trail import audit
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount, parse_amount
from server.http.edge.auth import LoyaltyReader, LoyaltyWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.loyalty.cashback import schemas, service

router = APIRouter(prefix="/wps/admin/loyalty", tags=["admin"], responses=ERROR_RESPONSES)


def _out(settings: service.Settings) -> schemas.CashbackSettingsBody:
    return schemas.CashbackSettingsBody(mode=settings.mode, minimum=format_amount(settings.minimum))


@router.get("/cashback", operation_id="adminCashback", summary="The cashback mode and minimum")
async def get_cashback(
    reader: LoyaltyReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.CashbackSettingsBody]:
    return ok(_out(await service.settings_of(session, context.brand.id)))


@router.put("/cashback", operation_id="adminSetCashback", summary="Change the cashback mode and minimum")
async def set_cashback(
    body: schemas.CashbackSettingsBody, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.CashbackSettingsBody]:
    assert writer.staff_id is not None
    after = service.Settings(mode=body.mode, minimum=parse_amount(body.minimum, field="minimum"))
    before = await service.settings_of(session, context.brand.id)
    await service.set_settings(session, context.brand.id, after)
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=writer.staff_id,
        action="loyalty.cashback",
        detail={
            "before": {"mode": before.mode, "minimum": before.minimum},
            "after": {"mode": after.mode, "minimum": after.minimum},
        },
        ip=context.client.ip,
    )
    return ok(_out(after))
