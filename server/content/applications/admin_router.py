"""/wps/admin/applications: the /join applications on the feedback desk. Reading for feedback.read,
changing the status for feedback.answer; every change audited."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.content.applications import schemas, service
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import FeedbackAnswerer, FeedbackReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/applications", tags=["admin"], responses=ERROR_RESPONSES)
ApplicationId = WireId


@router.get("", operation_id="adminListApplications", summary="Affiliate / agent applications, newest first")
async def list_applications(
    reader: FeedbackReader,
    session: SessionDep,
    status: Annotated[schemas.Status | None, Query()] = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.ApplicationPageOut]:
    found = await service.desk(session, reader.merchant_id, status=status, page=page_no, page_size=page_size)
    return ok(
        schemas.ApplicationPageOut(
            list=[schemas.ApplicationOut.of(row) for row in found.rows],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
    )


@router.post(
    "/{application_id}/status",
    operation_id="adminSetApplicationStatus",
    summary="Move an application to NEW, CONTACTED or CLOSED (409 if someone changed it meanwhile)",
)
async def set_status(
    application_id: ApplicationId,
    body: schemas.StatusIn,
    staff: FeedbackAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ApplicationOut]:
    assert staff.staff_id is not None
    row = await service.set_status(
        session,
        context.brand,
        staff_id=staff.staff_id,
        application_id=application_id,
        status=body.status,
        ip=context.client.ip,
    )
    return ok(schemas.ApplicationOut.of(row))
