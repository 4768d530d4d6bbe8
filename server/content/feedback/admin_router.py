"""/wps/admin/feedback: the feedback desk. Reading for feedback.read, answering for feedback.answer; every
answer is audited and reaches the member as a platform message."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from server.content.feedback import schemas, service
from server.content.feedback.router import FeedbackId, Position, picture_response
from server.content.feedback.service import DeskRow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, binary_answer, ok
from server.http.edge.auth import FeedbackAnswerer, FeedbackReader
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/feedback", tags=["admin"], responses=ERROR_RESPONSES)


def _out(row: DeskRow) -> schemas.FeedbackAdminOut:
    base = schemas.FeedbackOut.of(row.item)
    return schemas.FeedbackAdminOut(
        **base.model_dump(),
        member_id=row.item.member_id,
        username=row.username,
        answered_by=row.answered_by,
    )


@router.get("", operation_id="adminListFeedback", summary="Members' feedback, newest first")
async def list_feedback(
    reader: FeedbackReader,
    session: SessionDep,
    status: Annotated[schemas.Status | None, Query()] = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.FeedbackPageOut]:
    found = await service.desk(session, reader.merchant_id, status=status, page=page_no, page_size=page_size)
    return ok(
        schemas.FeedbackPageOut(
            list=[_out(row) for row in found.rows],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
    )


@router.get(
    "/{feedback_id}/images/{n}",
    operation_id="adminFeedbackPicture",
    summary="One picture of a member's feedback",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def picture(
    feedback_id: FeedbackId, n: Position, reader: FeedbackReader, session: SessionDep
) -> Response:
    return picture_response(await service.image(session, reader.merchant_id, feedback_id, n, member_id=None))


@router.post(
    "/{feedback_id}/answer",
    operation_id="adminAnswerFeedback",
    summary="Answer a feedback once (409 FEEDBACK_ANSWERED after); the member gets it as a message",
)
async def answer(
    feedback_id: FeedbackId,
    body: schemas.AnswerIn,
    staff: FeedbackAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.FeedbackAdminOut]:
    assert staff.staff_id is not None
    row = await service.answer(
        session,
        context.brand,
        staff_id=staff.staff_id,
        feedback_id=feedback_id,
        text=body.answer,
        ip=context.client.ip,
    )
    return ok(_out(row))
