"""/wps/admin: the operator API (the full console comes later). Every action is audited."""

from __future__ import annotations

from fastapi import APIRouter, Request

from server.accounts import login
from server.accounts import schemas as account_schemas
from server.accounts.deps import AccessDep
from server.admin import schemas, service
from server.db.after_commit import on_commit
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import Operator
from server.http.edge.context import SystemContext, brand_cache
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
    operator: Operator,
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
        ip=context.client.ip,
    )
    cache = brand_cache(request)

    async def refresh_brand_cache() -> None:
        cache.invalidate()

    on_commit(session, refresh_brand_cache)
    return ok(schemas.MaintenanceOut(on=body.on, start=body.start, end=body.end, announced=announced))


@router.post(
    "/session/login",
    operation_id="staffLogin",
    summary="Back-office login for customer service and operators",
)
async def staff_login(
    body: account_schemas.StaffLoginIn, session: SessionDep, access: AccessDep
) -> Envelope[account_schemas.StaffLoginOut]:
    token, staff = await login.login_staff(
        session, access, username=body.username, password=body.password, captcha=body.captcha
    )
    return ok(
        account_schemas.StaffLoginOut(token=token, role=staff.role, nickname=staff.nickname or staff.username)
    )
