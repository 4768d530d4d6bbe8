"""/wps/admin/protection: the console's player protection (protection.read to read: OPERATOR, AUDITOR,
SUPPORT; protection.manage to change: OPERATOR). Every change is audited in its transaction. Staff cannot
lift an exclusion: no call here does.

`public_router`: GET /wps/protection/organisations, the brand's support organisations for the Responsible
Gaming page (visitors too)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import ProtectionManager, ProtectionReader
from server.http.edge.context import PortalContext, SystemContext
from server.http.edge.db import SessionDep
from server.protection.admin import schemas, service
from server.protection.settings import of as settings_of

router = APIRouter(prefix="/wps/admin/protection", tags=["admin"], responses=ERROR_RESPONSES)
public_router = APIRouter(prefix="/wps/protection", tags=["protection"], responses=ERROR_RESPONSES)

Page = Annotated[int, Query(ge=1, le=100_000)]
Size = Annotated[int, Query(ge=1, le=100)]


@router.get(
    "/members",
    operation_id="adminListProtectionMembers",
    summary="Members with a limit, an exclusion, a KYC submission or an open risk marker, by username",
)
async def list_members(
    reader: ProtectionReader,
    session: SessionDep,
    context: SystemContext,
    username: Annotated[str | None, Query(max_length=64, description="The username's beginning")] = None,
    page: Page = 1,
    size: Size = 20,
) -> Envelope[schemas.ProtectionAdminMemberListOut]:
    return ok(await service.members(session, context.brand.id, username, page, size, utcnow()))


@router.get(
    "/members/{member_id}",
    operation_id="adminGetProtectionMember",
    summary="A member's limits, exclusion and KYC status as they stand, and their protection history",
)
async def get_member(
    member_id: WireId, reader: ProtectionReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.ProtectionAdminMemberOut]:
    return ok(await service.member_detail(session, context.brand.id, member_id, utcnow()))


@router.get("/markers", operation_id="adminListRiskMarkers", summary="The risk markers, newest first")
async def list_markers(
    reader: ProtectionReader,
    session: SessionDep,
    context: SystemContext,
    status: Annotated[schemas.MarkerStatus | None, Query()] = None,
    page: Page = 1,
    size: Size = 20,
) -> Envelope[schemas.ProtectionAdminMarkerListOut]:
    return ok(await service.markers(session, context.brand.id, status, page, size))


@router.post(
    "/markers/{marker_id}/review",
    operation_id="adminReviewRiskMarker",
    summary="Mark an open risk marker reviewed, with a note (once: a second review is a CONFLICT)",
)
async def review_marker(
    marker_id: WireId,
    body: schemas.ProtectionAdminReviewIn,
    manager: ProtectionManager,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.ProtectionAdminMarkerOut]:
    assert manager.staff_id is not None
    return ok(
        await service.review(
            session, context.brand.id, marker_id, body.note, staff_id=manager.staff_id, ip=context.client.ip
        )
    )


@router.get("/settings", operation_id="adminGetProtectionSettings", summary="The brand's protection settings")
async def get_settings(
    reader: ProtectionReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.ProtectionAdminSettingsIO]:
    return ok(await service.settings(session, context.brand.id))


@router.put(
    "/settings",
    operation_id="adminSetProtectionSettings",
    summary="Change the reality check's default, the KYC rule and the support organisations",
)
async def set_settings(
    body: schemas.ProtectionAdminSettingsIO,
    manager: ProtectionManager,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.ProtectionAdminSettingsIO]:
    return ok(
        await service.save_settings(
            session, context.brand.id, body, staff_id=manager.staff_id, ip=context.client.ip
        )
    )


@public_router.get(
    "/organisations",
    operation_id="getProtectionOrganisations",
    summary="The brand's support organisations for the Responsible Gaming page (visitors too)",
)
async def organisations(
    context: PortalContext, session: SessionDep
) -> Envelope[schemas.ProtectionOrganisationListOut]:
    found = await settings_of(session, context.brand.id)
    return ok(schemas.ProtectionOrganisationListOut(list=service.organisations_of(found)))
