"""/wps/admin: the operator API (the full console comes later). Every action is audited."""

from __future__ import annotations

from fastapi import APIRouter, Request

from server.admin import schemas, service
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import BrandWriter
from server.http.edge.context import SystemContext, refresh_brands_after_commit
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)


@router.put(
    "/merchant/maintenance",
    operation_id="setMaintenance",
    summary="Switch the merchant's maintenance on or off, or schedule a window",
)
async def set_maintenance(
    body: schemas.MaintenanceIn,
    request: Request,
    session: SessionDep,
    context: SystemContext,
    operator: BrandWriter,
) -> Envelope[schemas.MaintenanceOut]:
    assert operator.staff_id is not None
    announced = await service.set_maintenance(
        session,
        merchant_id=context.brand.id,
        merchant_code=context.brand.code,
        staff_id=operator.staff_id,
        on=body.on,
        start=body.start,
        end=body.end,
        message=body.message,
        ip=context.client.ip,
    )
    refresh_brands_after_commit(request, session)
    return ok(
        schemas.MaintenanceOut(
            on=body.on, start=body.start, end=body.end, message=body.message, announced=announced
        )
    )
