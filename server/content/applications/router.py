"""/wps/join: the affiliate / agent application, for visitors and members alike."""

from __future__ import annotations

from fastapi import APIRouter

from server.content.applications import schemas, service
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import MaybeMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep

router = APIRouter(tags=["join"], responses=ERROR_RESPONSES)


@router.post(
    "/wps/join/apply",
    operation_id="applyToJoin",
    summary="Apply as an affiliate or agent (visitor or member); 3 an hour from one address",
)
async def apply(
    body: schemas.ApplyIn, member: MaybeMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.ApplicationIdOut]:
    item = await service.apply(
        session,
        context.brand,
        service.Applying(
            kind=body.kind,
            name=body.name,
            contact_type=body.contact_type,
            contact=body.contact,
            message=body.message,
        ),
        ip=context.client.ip,
        member_id=member.member_id if member else None,
    )
    return ok(schemas.ApplicationIdOut(id=item.id))
