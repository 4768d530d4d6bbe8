"""/wps/kyc: the member's identity check, read and sent (multipart: the document type and its pictures).
Real members only: a trial account is answered 403 in_need_true_account."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, UploadFile

from server.content.feedback.images import MAX_IMAGE_BYTES
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.protection.kyc import schemas, service
from server.protection.kyc.models import BACK, FRONT, SELFIE

router = APIRouter(tags=["protection"], responses=ERROR_RESPONSES)
PICTURE = "png or jpg by content, at most 5MB and 25 megapixels; re-encoded, its metadata dropped"


def status_out(found: service.MemberView) -> schemas.KycStatusOut:
    submission = found.submission
    return schemas.KycStatusOut(
        status=service.NONE if submission is None else submission.status,
        document_type=None if submission is None else submission.document_type,
        reason=None if submission is None else submission.reason,
        submitted_at=None if submission is None else service.millis(submission.submitted_at),
        reviewed_at=None if submission is None else service.millis(submission.reviewed_at),
        rule=found.rule,
        rule_amount=None if found.rule_amount is None else format_amount(found.rule_amount),
        has_selfie=found.has_selfie,
    )


async def read_picture(side: str, upload: UploadFile | None, *, required: bool) -> bytes | None:
    """An upload's bytes, reading no more of it than it takes to know it is too large; an optional side
    sent empty (a form's file input left alone) counts as not sent."""
    if upload is None:
        return None
    raw = await upload.read(MAX_IMAGE_BYTES + 1)
    if len(raw) > MAX_IMAGE_BYTES:
        raise service.too_large(side)
    if not raw and not required:
        return None
    return raw


@router.get(
    "/wps/kyc",
    operation_id="kycStatus",
    summary="The member's identity check (their latest submission) and the brand's withdrawal rule",
)
async def status(member: RealMember, session: SessionDep) -> Envelope[schemas.KycStatusOut]:
    assert member.member_id is not None
    return ok(status_out(await service.view(session, member.merchant_id, member.member_id)))


@router.post(
    "/wps/kyc",
    operation_id="submitKyc",
    summary="Send identity documents (multipart: documentType, front, back (not for a passport), selfie "
    "(optional)); 409 KYC_PENDING while one waits, KYC_APPROVED once approved; 422 KYC_IMAGE_INVALID",
)
async def submit(
    member: RealMember,
    context: PortalContext,
    session: SessionDep,
    document_type: Annotated[schemas.KycDocumentType, Form(alias="documentType")],
    front: Annotated[UploadFile, File(description=f"The document's front: {PICTURE}")],
    back: Annotated[
        UploadFile | None, File(description=f"Its back (required but for a passport): {PICTURE}")
    ] = None,
    selfie: Annotated[
        UploadFile | None, File(description=f"Optional, holding the document: {PICTURE}")
    ] = None,
) -> Envelope[schemas.KycStatusOut]:
    assert member.member_id is not None
    front_raw = await read_picture(FRONT, front, required=True)
    assert front_raw is not None
    await service.submit(
        session,
        context.brand,
        member.member_id,
        document_type=document_type,
        front=front_raw,
        back=await read_picture(BACK, back, required=False),
        selfie=await read_picture(SELFIE, selfie, required=False),
    )
    return ok(status_out(await service.view(session, context.brand.id, member.member_id)))
