"""/wps/admin/staff: the merchant's staff accounts. Reading them is for operators and auditors; changing
them for operators only. Every change is audited."""

from __future__ import annotations

from fastapi import APIRouter

from server.accounts.models import Staff
from server.admin import staff_service
from server.admin.staff_schemas import StaffIn, StaffOut, StaffRoleIn, StaffStatusIn
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import StaffManager, StaffReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/staff", tags=["admin"], responses=ERROR_RESPONSES)
StaffId = WireId


def _out(staff: Staff) -> StaffOut:
    return StaffOut(
        id=staff.id,
        username=staff.username,
        nickname=staff.nickname,
        role=staff.role,
        disabled=staff.disabled_at is not None,
        otp_enabled=staff.otp_enabled_at is not None,
        created_at=staff.created_at,
    )


@router.get("", operation_id="adminListStaff", summary="The merchant's staff accounts")
async def list_staff(reader: StaffReader, session: SessionDep) -> Envelope[list[StaffOut]]:
    return ok([_out(staff) for staff in await staff_service.list_staff(session, reader.merchant_id)])


@router.post("", operation_id="adminCreateStaff", summary="Open a staff account")
async def create_staff(
    body: StaffIn, manager: StaffManager, context: SystemContext, session: SessionDep
) -> Envelope[StaffOut]:
    assert manager.staff_id is not None
    staff = await staff_service.create_staff(
        session,
        merchant_id=manager.merchant_id,
        actor_id=manager.staff_id,
        username=body.username,
        password=body.password,
        role=body.role,
        nickname=body.nickname,
        ip=context.client.ip,
    )
    return ok(_out(staff))


@router.put("/{staff_id}/role", operation_id="adminSetStaffRole", summary="Give a staff account another role")
async def set_role(
    staff_id: StaffId, body: StaffRoleIn, manager: StaffManager, context: SystemContext, session: SessionDep
) -> Envelope[StaffOut]:
    assert manager.staff_id is not None
    staff = await staff_service.set_role(
        session,
        merchant_id=manager.merchant_id,
        actor_id=manager.staff_id,
        staff_id=staff_id,
        role=body.role,
        ip=context.client.ip,
    )
    return ok(_out(staff))


@router.put(
    "/{staff_id}/status",
    operation_id="adminSetStaffStatus",
    summary="Disable a staff account (its sessions end at once) or enable it again",
)
async def set_status(
    staff_id: StaffId, body: StaffStatusIn, manager: StaffManager, context: SystemContext, session: SessionDep
) -> Envelope[StaffOut]:
    assert manager.staff_id is not None
    staff = await staff_service.set_disabled(
        session,
        merchant_id=manager.merchant_id,
        actor_id=manager.staff_id,
        staff_id=staff_id,
        disabled=body.disabled,
        ip=context.client.ip,
    )
    return ok(_out(staff))


@router.post(
    "/{staff_id}/2fa/reset",
    operation_id="adminResetStaffOtp",
    summary="Switch a staff account's second factor off (a lost phone): it enrols again at its next login",
)
async def reset_second_factor(
    staff_id: StaffId, manager: StaffManager, context: SystemContext, session: SessionDep
) -> Envelope[StaffOut]:
    assert manager.staff_id is not None
    staff = await staff_service.reset_second_factor(
        session,
        merchant_id=manager.merchant_id,
        actor_id=manager.staff_id,
        staff_id=staff_id,
        ip=context.client.ip,
    )
    return ok(_out(staff))
