"""/wps/admin/kyc: the console's identity checks. protection.read lists them and shows their pictures;
protection.manage approves or rejects (with a reason the member reads), each audited."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from server.http.core.envelope import ERROR_RESPONSES, Envelope, binary_answer, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import ProtectionManager, ProtectionReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.protection.kyc import schemas, service

router = APIRouter(prefix="/wps/admin/kyc", tags=["admin"], responses=ERROR_RESPONSES)


def submission_out(row: service.Row) -> schemas.KycSubmissionOut:
    submission = row.submission
    return schemas.KycSubmissionOut(
        id=submission.id,
        member_id=submission.member_id,
        username=row.username,
        status=submission.status,
        document_type=submission.document_type,
        submitted_at=service.millis(submission.submitted_at),
        reviewed_at=service.millis(submission.reviewed_at),
        reviewed_by=row.reviewer,
        reason=submission.reason,
        sides=list(row.sides),
    )


@router.get(
    "",
    operation_id="adminListKyc",
    summary="Members' identity submissions: PENDING oldest first (the queue), any other list newest first",
)
async def list_submissions(
    reader: ProtectionReader,
    session: SessionDep,
    context: SystemContext,
    status: Annotated[schemas.KycReviewStatus | None, Query()] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    size: Annotated[int, Query(ge=1, le=100)] = 20,
) -> Envelope[schemas.KycSubmissionListOut]:
    rows, total = await service.queue(session, context.brand.id, status=status, page=page, page_size=size)
    return ok(schemas.KycSubmissionListOut(list=[submission_out(row) for row in rows], total=total))


@router.get(
    "/{submission_id}/documents/{side}",
    operation_id="adminKycDocument",
    summary="One picture of a submission, as we re-encoded it (never cached)",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def document(
    submission_id: WireId,
    side: schemas.KycSide,
    reader: ProtectionReader,
    session: SessionDep,
    context: SystemContext,
) -> Response:
    found = await service.document(session, context.brand.id, submission_id, side)
    # An identity document: kept by no cache, the browser's included.
    return Response(
        found.content,
        media_type=found.media_type,
        headers={"Cache-Control": "no-store", "Content-Disposition": "inline"},
    )


@router.post(
    "/{submission_id}/approve",
    operation_id="adminApproveKyc",
    summary="Approve a waiting submission (409 KYC_NOT_PENDING once reviewed); the member is told",
)
async def approve(
    submission_id: WireId, manager: ProtectionManager, session: SessionDep, context: SystemContext
) -> Envelope[schemas.KycSubmissionOut]:
    assert manager.staff_id is not None
    row = await service.approve(
        session, context.brand, submission_id, staff_id=manager.staff_id, ip=context.client.ip
    )
    return ok(submission_out(row))


@router.post(
    "/{submission_id}/reject",
    operation_id="adminRejectKyc",
    summary="Reject a waiting submission with a reason (1 to 500 characters) the member reads; they may "
    "send again",
)
async def reject(
    submission_id: WireId,
    body: schemas.KycRejectIn,
    manager: ProtectionManager,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.KycSubmissionOut]:
    assert manager.staff_id is not None
    row = await service.reject(
        session, context.brand, submission_id, body.reason, staff_id=manager.staff_id, ip=context.client.ip
    )
    return ok(submission_out(row))
