"""/wps/feedback: a member sends feedback (multipart, with up to three pictures) and reads their own."""

from __future__ import annotations

from typing import Annotated, Protocol

from fastapi import APIRouter, File, Form, Path, UploadFile
from fastapi.responses import Response

from server.content.feedback import schemas, service
from server.content.feedback.images import MAX_IMAGE_BYTES, MAX_IMAGES
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ErrorEnvelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.core.wire_types import WireId
from server.http.edge.auth import AnyMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep

router = APIRouter(tags=["feedback"], responses=ERROR_RESPONSES)
FeedbackId = WireId
Position = Annotated[int, Path(ge=0, le=MAX_IMAGES - 1)]


async def read_pictures(uploads: list[UploadFile]) -> list[bytes]:
    """Each upload's bytes (feedback's and a promotion application's), reading no more of one than it takes to
    know it is too large."""
    if len(uploads) > MAX_IMAGES:
        raise AppError(errors.FEEDBACK_TOO_MANY_IMAGES, value={"max": MAX_IMAGES})
    pictures = []
    for upload in uploads:
        raw = await upload.read(MAX_IMAGE_BYTES + 1)
        if len(raw) > MAX_IMAGE_BYTES:
            raise AppError(errors.FEEDBACK_IMAGE_TOO_LARGE, value={"maxBytes": MAX_IMAGE_BYTES})
        pictures.append(raw)
    return pictures


class StoredPicture(Protocol):
    """A picture as we keep it (FeedbackImage, PromotionImage): our own encoding and its type."""

    @property
    def data(self) -> bytes: ...

    @property
    def content_type(self) -> str: ...


def picture_response(picture: StoredPicture) -> Response:
    """A stored picture as served, to its member and to staff: feedback's and a promotion application's."""
    # Our own encoding, never what was uploaded; private: it is one member's and the staff's business.
    return Response(
        picture.data,
        media_type=picture.content_type,
        headers={"Cache-Control": "private, max-age=3600", "Content-Disposition": "inline"},
    )


@router.put(
    "/wps/feedback",
    operation_id="sendFeedback",
    summary="Send feedback (multipart: category, content, up to 3 png/jpg pictures of at most 5MB); "
    "5 an hour",
    responses={413: {"model": ErrorEnvelope, "description": "A picture is larger than 5MB"}},
)
async def send(
    member: RealMember,
    context: PortalContext,
    session: SessionDep,
    category: Annotated[schemas.Category, Form()],
    content: Annotated[str, Form(min_length=1, max_length=schemas.CONTENT_MAX)],
    images: Annotated[
        list[UploadFile] | None,
        File(description="0 to 3 pictures, png or jpg by content, each at most 5MB and 25 megapixels"),
    ] = None,
) -> Envelope[schemas.FeedbackIdOut]:
    assert member.member_id is not None
    item = await service.submit(
        session,
        context.brand,
        member.member_id,
        category=category,
        content=content,
        pictures=await read_pictures(images or []),
    )
    return ok(schemas.FeedbackIdOut(id=item.id))


@router.get("/wps/feedback", operation_id="listMyFeedback", summary="The member's feedback, newest first")
async def mine(member: AnyMember, session: SessionDep) -> Envelope[schemas.FeedbackListOut]:
    assert member.member_id is not None
    items = await service.of_member(session, member.merchant_id, member.member_id)
    return ok(schemas.FeedbackListOut(list=[schemas.FeedbackOut.of(item) for item in items]))


@router.get(
    "/wps/feedback/{feedback_id}/images/{n}",
    operation_id="feedbackPicture",
    summary="One picture of the member's own feedback, as stored (re-encoded, metadata removed)",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def my_picture(
    feedback_id: FeedbackId, n: Position, member: AnyMember, session: SessionDep
) -> Response:
    picture = await service.image(session, member.merchant_id, feedback_id, n, member_id=member.member_id)
    return picture_response(picture)
