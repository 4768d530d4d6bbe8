"""The application activity's calls: the member applies (multipart: remark, up to three pictures) and reads
their own pictures; the console (promotions.read to see, promotions.write to act) reads the queue and the
pictures, approves (the bonus is paid) or rejects with a reason."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import Response
from pydantic import Field

from server.accounts.deps import member_row
from server.content.feedback.router import Position, picture_response, read_pictures
from server.content.texts import pick_text
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ErrorEnvelope, WireModel, binary_answer, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import AnyMember, PromotionsReader, PromotionsWriter
from server.http.edge.context import PortalContext, SystemContext
from server.http.edge.db import SessionDep
from server.promotions import applications, entries, schemas, service
from server.promotions.applications import REASON_MAX, Order
from server.promotions.models import APPLYING, REMARK_MAX
from server.promotions.router import _acted

router = APIRouter(tags=["promotions"], responses=ERROR_RESPONSES)
admin_router = APIRouter(
    prefix="/wps/admin/promotions/applications", tags=["admin"], responses=ERROR_RESPONSES
)
ReviewStatus = Literal["APPLYING", "ISSUED", "REJECTED"]


@router.post(
    "/wps/promotions/{promotion_id}/apply",
    operation_id="applyPromotion",
    summary="Apply (multipart: remark of at most 140 characters, up to 3 png/jpg pictures of at most 5MB)",
    responses={413: {"model": ErrorEnvelope, "description": "A picture is larger than 5MB"}},
)
async def apply(
    promotion_id: WireId,
    context: PortalContext,
    session: SessionDep,
    who: AnyMember,
    # At most 140 characters once trimmed (the service checks it and names the field); this bounds the read.
    remark: Annotated[str, Form(max_length=REMARK_MAX * 8)] = "",
    images: Annotated[
        list[UploadFile] | None,
        File(description="0 to 3 pictures, png or jpg by content, each at most 5MB and 25 megapixels"),
    ] = None,
) -> Envelope[schemas.ActionOut]:
    member = await member_row(session, who)
    promotion = await service.one(session, context.brand.id, promotion_id)
    client = context.client
    entry = await applications.apply(
        session,
        context.brand,
        member,
        promotion,
        remark=remark,
        pictures=await read_pictures(images or []),
        ip=client.ip,
        device=entries.device_of(client.user_agent, client.ip),
    )
    return ok(await _acted(session, context, member, promotion, entry))


@router.get(
    "/wps/promotions/applications/{entry_id}/images/{n}",
    operation_id="promotionApplicationPicture",
    summary="One picture of the member's own application, as stored (re-encoded, metadata removed)",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def my_picture(entry_id: WireId, n: Position, who: AnyMember, session: SessionDep) -> Response:
    assert who.member_id is not None
    picture = await applications.image(session, who.merchant_id, entry_id, n, member_id=who.member_id)
    return picture_response(picture)


# --- the console --------------------------------------------------------------------------------------


class PromotionApplicationOut(WireModel):
    id: int
    promotion_id: int
    promotion_title: str
    member_id: int
    username: str
    status: ReviewStatus
    period_key: str
    remark: str | None
    images: int = Field(description="How many pictures: GET .../applications/{id}/images/{0..images-1}")
    amount: str = Field(
        description="Paid on approval: the promotion's amount while it waits, then what was paid"
    )
    review_reason: str | None
    reviewed_at: datetime | None
    reviewed_by: str | None
    created_at: datetime
    paid_at: datetime | None


class PromotionApplicationPageOut(WireModel):
    list: list[PromotionApplicationOut]
    page_num: int
    total_pages: int
    total: int


class ApplicationRejectIn(WireModel):
    reason: Annotated[str, Field(min_length=1, max_length=REASON_MAX)]


def _out(row: applications.Row, default_language: str) -> PromotionApplicationOut:
    entry, promotion = row.entry, row.promotion
    text = pick_text(promotion.texts, default_language, default_language) or {}
    waiting = entry.status == APPLYING
    return PromotionApplicationOut(
        id=entry.id,
        promotion_id=promotion.id,
        promotion_title=str(text.get("title", "")),
        member_id=entry.member_id,
        username=row.username,
        status=entry.status,
        period_key=entry.period_key,
        remark=entry.remark,
        images=entry.image_count,
        amount=format_amount(int(promotion.params.get("amount", 0)) if waiting else entry.amount),
        review_reason=entry.review_reason,
        reviewed_at=entry.reviewed_at,
        reviewed_by=row.reviewer,
        created_at=entry.created_at,
        paid_at=entry.paid_at,
    )


@admin_router.get(
    "", operation_id="adminListPromotionApplications", summary="Members' applications to review"
)
async def list_applications(
    reader: PromotionsReader,
    session: SessionDep,
    context: SystemContext,
    status: Annotated[ReviewStatus | None, Query()] = None,
    promotion_id: Annotated[WireId | None, Query(alias="promotionId")] = None,
    order: Annotated[Order, Query()] = "oldest",
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[PromotionApplicationPageOut]:
    found = await applications.queue(
        session,
        context.brand.id,
        status=status,
        promotion_id=promotion_id,
        order=order,
        page=page,
        page_size=page_size,
    )
    language = context.brand.default_language
    return ok(
        PromotionApplicationPageOut(
            list=[_out(row, language) for row in found.rows],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
    )


@admin_router.get(
    "/{entry_id}/images/{n}",
    operation_id="adminPromotionApplicationPicture",
    summary="One picture of a member's application",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def picture(
    entry_id: WireId, n: Position, reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Response:
    return picture_response(await applications.image(session, context.brand.id, entry_id, n, member_id=None))


@admin_router.post(
    "/{entry_id}/approve",
    operation_id="adminApprovePromotionApplication",
    summary="Approve an application: its bonus is paid (409 PROMOTION_APPLICATION_REVIEWED once reviewed)",
)
async def approve(
    entry_id: WireId, writer: PromotionsWriter, session: SessionDep, context: SystemContext
) -> Envelope[PromotionApplicationOut]:
    assert writer.staff_id is not None
    row = await applications.approve(
        session, context.brand, entry_id, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(_out(row, context.brand.default_language))


@admin_router.post(
    "/{entry_id}/reject",
    operation_id="adminRejectPromotionApplication",
    summary="Reject an application with a reason; the member gets it as a message",
)
async def reject(
    entry_id: WireId,
    body: ApplicationRejectIn,
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[PromotionApplicationOut]:
    assert writer.staff_id is not None
    row = await applications.reject(
        session, context.brand, entry_id, body.reason, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(_out(row, context.brand.default_language))
