"""/wps/admin: the operator API (the full console comes later). Every action is audited."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from sqlalchemy import select

from server.accounts import login
from server.accounts import schemas as account_schemas
from server.accounts.deps import AccessDep
from server.accounts.models import EmailOutbox, SmsOutbox
from server.admin import schemas, service
from server.db.after_commit import on_commit
from server.db.session import SessionDep
from server.http.auth import Operator, Staff
from server.http.context import SystemContext, brand_cache
from server.http.envelope import ERROR_RESPONSES, Envelope, ok

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


@router.get(
    "/outbox/sms",
    operation_id="readSmsOutbox",
    summary="What the development SMS sender sent (newest first)",
)
async def sms_outbox(
    staff: Staff,
    session: SessionDep,
    phone: Annotated[str | None, Query(max_length=24, description="E.164, e.g. +639171234567")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[schemas.SmsOut]]:
    stmt = select(SmsOutbox).where(SmsOutbox.merchant_id == staff.merchant_id)
    if phone:
        stmt = stmt.where(SmsOutbox.phone == phone)
    rows = await session.scalars(stmt.order_by(SmsOutbox.id.desc()).limit(limit))
    return ok([schemas.SmsOut.model_validate(row) for row in rows])


@router.get(
    "/outbox/email",
    operation_id="readEmailOutbox",
    summary="What the development e-mail sender sent (newest first)",
)
async def email_outbox(
    staff: Staff,
    session: SessionDep,
    to: Annotated[str | None, Query(max_length=254)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[schemas.EmailOut]]:
    stmt = select(EmailOutbox).where(EmailOutbox.merchant_id == staff.merchant_id)
    if to:
        stmt = stmt.where(EmailOutbox.to_address == to)
    rows = await session.scalars(stmt.order_by(EmailOutbox.id.desc()).limit(limit))
    return ok([schemas.EmailOut.model_validate(row) for row in rows])
