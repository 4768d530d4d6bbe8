"""Identity checks (KYC): what a member sends, what staff decide, and what a withdrawal asks of them.

- A member sends one submission at a time: a document type and its pictures (front; back, except for a
  passport; a selfie if they like). Each picture is checked by its content and re-encoded as feedback's
  are (server/content/feedback/images.py): png or jpg, 5MB, 25 megapixels, nothing but the pixels kept.
  The pictures are decoded before anything is locked; the submission is then written under the member's row
  lock (the lock a withdrawal takes too), after the member's state is read again: PENDING refuses
  (KYC_PENDING), an APPROVED one refuses (KYC_APPROVED). The partial unique index on the PENDING submission
  makes a second one impossible whatever the code does. Nothing is kept on a refusal.
- Staff decide once: approval and rejection are each one conditional UPDATE from PENDING, so of two
  reviewers (or two clicks) one moves it and the other is told KYC_NOT_PENDING. Both are audited, written
  to the member's protection history, and told to the member as a system message.
- The brand's rule (server/protection/settings.py) is checked by the wallet under the member's row lock
  (`check_withdrawal`, attached by wiring.install()): FIRST_WITHDRAWAL refuses every withdrawal until the
  identity is approved, ABOVE_AMOUNT those above the brand's amount. Both answer KYC_REQUIRED {rule, amount}.
- Every read is scoped to the merchant: another brand's submission is NOT_FOUND, as one that does not
  exist."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import overload

from sqlalchemy import Select, exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member, Staff
from server.admin.audit_trail import audit
from server.brands.service import Brand
from server.content.feedback.images import MAX_IMAGE_BYTES, CleanImage, ImageErrors, clean_image
from server.content.messages import service as messages
from server.db.base import utcnow
from server.db.paging import page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.protection import history
from server.protection import settings as protection_settings
from server.protection.kyc import messages as kyc_messages
from server.protection.kyc.models import (
    APPROVED,
    BACK,
    FRONT,
    PASSPORT,
    PENDING,
    REASON_MAX,
    REJECTED,
    SELFIE,
    KycDocument,
    KycSubmission,
)
from server.protection.models import KYC_ABOVE_AMOUNT, KYC_NONE

NONE = "NONE"  # the status of a member who has sent nothing
# A refused picture is KYC_IMAGE_INVALID however it fails (too large, not a picture, too many pixels); its
# value says which side and why.
KYC_IMAGE_ERRORS = ImageErrors(errors.KYC_IMAGE_INVALID, errors.KYC_IMAGE_INVALID)


@overload
def millis(at: datetime) -> int: ...
@overload
def millis(at: datetime | None) -> int | None: ...
def millis(at: datetime | None) -> int | None:
    """A time on the wire: epoch milliseconds."""
    return None if at is None else int(at.timestamp() * 1000)


def _field(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def too_large(side: str) -> AppError:
    return AppError(
        errors.KYC_IMAGE_INVALID, value={"side": side, "reason": "size", "maxBytes": MAX_IMAGE_BYTES}
    )


async def _clean(side: str, raw: bytes) -> CleanImage:
    """One picture re-encoded (in a worker thread: a big photo takes a while to decode), or
    KYC_IMAGE_INVALID naming the side."""
    if len(raw) > MAX_IMAGE_BYTES:
        raise too_large(side)
    try:
        return await asyncio.to_thread(clean_image, raw, KYC_IMAGE_ERRORS)
    except AppError as refused:
        value = refused.value if isinstance(refused.value, dict) else {}
        raise AppError(errors.KYC_IMAGE_INVALID, value={"side": side, **value}) from None


# --- the member's side ---------------------------------------------------------------------------------


async def latest(session: AsyncSession, member_id: int) -> KycSubmission | None:
    return await session.scalar(
        select(KycSubmission)
        .where(KycSubmission.member_id == member_id)
        .order_by(KycSubmission.id.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )


async def status_of(session: AsyncSession, member_id: int) -> str:
    """NONE, PENDING, APPROVED or REJECTED: the member's latest submission's."""
    found = await latest(session, member_id)
    return NONE if found is None else found.status


async def statuses_of(session: AsyncSession, member_ids: Iterable[int]) -> dict[int, str]:
    """Each member's status (members who sent nothing are NONE), in one read: the console's lists."""
    wanted = sorted(set(member_ids))
    if not wanted:
        return {}
    newest = (
        select(func.max(KycSubmission.id))
        .where(KycSubmission.member_id.in_(wanted))
        .group_by(KycSubmission.member_id)
        .scalar_subquery()
    )
    rows = await session.execute(
        select(KycSubmission.member_id, KycSubmission.status).where(KycSubmission.id.in_(newest))
    )
    found = {int(member_id): str(status) for member_id, status in rows}
    return {member_id: found.get(member_id, NONE) for member_id in wanted}


async def is_approved(session: AsyncSession, member_id: int) -> bool:
    return bool(
        await session.scalar(
            select(exists().where(KycSubmission.member_id == member_id, KycSubmission.status == APPROVED))
        )
    )


@dataclass(frozen=True)
class MemberView:
    submission: KycSubmission | None
    has_selfie: bool
    rule: str
    rule_amount: int | None  # ABOVE_AMOUNT's amount, minor units


async def view(session: AsyncSession, merchant_id: int, member_id: int) -> MemberView:
    submission = await latest(session, member_id)
    has_selfie = submission is not None and bool(
        await session.scalar(
            select(exists().where(KycDocument.submission_id == submission.id, KycDocument.side == SELFIE))
        )
    )
    rules = await protection_settings.of(session, merchant_id)
    amount = rules.kyc_amount if rules.kyc_rule == KYC_ABOVE_AMOUNT else None
    return MemberView(submission, has_selfie, rules.kyc_rule, amount)


async def _refuse_if_open(session: AsyncSession, member_id: int) -> None:
    states = set(
        await session.scalars(
            select(KycSubmission.status).where(
                KycSubmission.member_id == member_id, KycSubmission.status.in_((PENDING, APPROVED))
            )
        )
    )
    if PENDING in states:
        raise AppError(errors.KYC_PENDING)
    if APPROVED in states:
        raise AppError(errors.KYC_APPROVED)


async def submit(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    *,
    document_type: str,
    front: bytes,
    back: bytes | None,
    selfie: bytes | None,
) -> KycSubmission:
    """A new PENDING submission with its pictures, or KYC_PENDING / KYC_APPROVED / KYC_IMAGE_INVALID /
    VALIDATION_ERROR (back, missing: only a passport goes without its back)."""
    # Cheap before costly: a member who may not send anything has no picture decoded.
    await _refuse_if_open(session, member_id)
    if back is None and document_type != PASSPORT:
        raise _field("back", "missing")
    sides = [(FRONT, front), (BACK, back), (SELFIE, selfie)]
    # Every size first, then the decoding: an oversized selfie is refused before the front is decoded.
    for side, raw in sides:
        if raw is not None and len(raw) > MAX_IMAGE_BYTES:
            raise too_large(side)
    images = [(side, await _clean(side, raw)) for side, raw in sides if raw is not None]

    # The member's turn (a withdrawal takes the same lock): the state read again, then written.
    await session.execute(select(Member.id).where(Member.id == member_id).with_for_update())
    await _refuse_if_open(session, member_id)
    submission = KycSubmission(
        merchant_id=brand.id,
        member_id=member_id,
        status=PENDING,
        document_type=document_type,
        submitted_at=utcnow(),
    )
    try:
        async with session.begin_nested():
            session.add(submission)
            await session.flush()
    except IntegrityError:
        # Sent at the same instant from another tab: the index let one through.
        raise AppError(errors.KYC_PENDING) from None
    session.add_all(
        KycDocument(submission_id=submission.id, side=side, content=image.data, media_type=image.content_type)
        for side, image in images
    )
    await session.flush()
    await history.record(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        actor="MEMBER",
        event="KYC_SUBMITTED",
        detail={"submissionId": submission.id, "documentType": document_type},
    )
    return submission


# --- the withdrawal rule ----------------------------------------------------------------------------


async def check_withdrawal(session: AsyncSession, brand: Brand, member: Member, amount: int) -> None:
    """KYC_REQUIRED {rule, amount} when the brand's rule asks for an approved identity before this
    withdrawal and the member has none. Run by the wallet under the member's row lock."""
    rules = await protection_settings.of(session, brand.id)
    if rules.kyc_rule == KYC_NONE:
        return
    if rules.kyc_rule == KYC_ABOVE_AMOUNT and rules.kyc_amount is not None and amount <= rules.kyc_amount:
        return
    if await is_approved(session, member.id):
        return
    above = rules.kyc_amount if rules.kyc_rule == KYC_ABOVE_AMOUNT else None
    raise AppError(
        errors.KYC_REQUIRED,
        value={"rule": rules.kyc_rule, "amount": None if above is None else format_amount(above)},
    )


# --- the console --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    submission: KycSubmission
    username: str
    reviewer: str | None
    sides: tuple[str, ...]


_Reviewer = aliased(Staff)
_SIDE_ORDER = {FRONT: 0, BACK: 1, SELFIE: 2}


def _rows(merchant_id: int) -> Select[KycSubmission, str, str]:
    # The reviewer is None while nobody has reviewed it (outer join), whatever the type says.
    return (
        select(KycSubmission, Member.username, _Reviewer.username)
        .join(Member, Member.id == KycSubmission.member_id)
        .outerjoin(_Reviewer, _Reviewer.id == KycSubmission.reviewed_by)
        .where(KycSubmission.merchant_id == merchant_id)
    )


async def _sides(session: AsyncSession, submission_ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
    found: dict[int, list[str]] = {submission_id: [] for submission_id in submission_ids}
    if submission_ids:
        rows = await session.execute(
            select(KycDocument.submission_id, KycDocument.side).where(
                KycDocument.submission_id.in_(submission_ids)
            )
        )
        for submission_id, side in rows:
            found[submission_id].append(side)
    return {key: tuple(sorted(sides, key=_SIDE_ORDER.__getitem__)) for key, sides in found.items()}


async def queue(
    session: AsyncSession, merchant_id: int, *, status: str | None, page: int, page_size: int
) -> tuple[list[Row], int]:
    """The merchant's submissions (one status, or all): those waiting oldest first, as a queue is worked;
    any other list newest first."""
    query = _rows(merchant_id)
    if status is not None:
        query = query.where(KycSubmission.status == status)
    ordered = query.order_by(KycSubmission.id if status == PENDING else KycSubmission.id.desc())
    rows, total = await page_of(session, ordered, page=page, page_size=page_size)
    sides = await _sides(session, [row[0].id for row in rows])
    return [
        Row(submission, username, reviewer, sides[submission.id]) for submission, username, reviewer in rows
    ], total


async def row_of(session: AsyncSession, merchant_id: int, submission_id: int) -> Row:
    found = (
        await session.execute(
            _rows(merchant_id)
            .where(KycSubmission.id == submission_id)
            .execution_options(populate_existing=True)
        )
    ).first()
    if found is None:
        raise AppError(errors.NOT_FOUND, "no such submission")
    submission, username, reviewer = found
    sides = await _sides(session, [submission.id])
    return Row(submission, username, reviewer, sides[submission.id])


async def document(session: AsyncSession, merchant_id: int, submission_id: int, side: str) -> KycDocument:
    """One picture of a submission of this merchant's: NOT_FOUND for anyone else's, or a side not sent."""
    found = await session.scalar(
        select(KycDocument)
        .join(KycSubmission, KycSubmission.id == KycDocument.submission_id)
        .where(
            KycSubmission.id == submission_id,
            KycSubmission.merchant_id == merchant_id,
            KycDocument.side == side,
        )
    )
    if found is None:
        raise AppError(errors.NOT_FOUND, "no such document")
    return found


def clean_reason(reason: str) -> str:
    text = reason.strip()
    if not text:
        raise _field("reason", "missing")
    if len(text) > REASON_MAX:
        raise _field("reason", "max_length")
    return text


async def _decide(
    session: AsyncSession, brand: Brand, submission_id: int, staff_id: int, *, status: str, reason: str | None
) -> int:
    """One conditional UPDATE from PENDING: the call that moves it wins; the others are told KYC_NOT_PENDING
    (or NOT_FOUND: no such submission of this merchant). The member's id."""
    member_id = await session.scalar(
        update(KycSubmission)
        .where(
            KycSubmission.id == submission_id,
            KycSubmission.merchant_id == brand.id,
            KycSubmission.status == PENDING,
        )
        .values(status=status, reason=reason, reviewed_at=utcnow(), reviewed_by=staff_id)
        .returning(KycSubmission.member_id)
        .execution_options(synchronize_session=False)
    )
    if member_id is None:
        await row_of(session, brand.id, submission_id)  # NOT_FOUND when it is not this merchant's
        raise AppError(errors.KYC_NOT_PENDING)
    return int(member_id)


async def approve(
    session: AsyncSession, brand: Brand, submission_id: int, *, staff_id: int, ip: str | None
) -> Row:
    """PENDING -> APPROVED: the member's identity is verified. Audited, in the history, told to the member."""
    member_id = await _decide(session, brand, submission_id, staff_id, status=APPROVED, reason=None)
    await history.record(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        actor="STAFF",
        event="KYC_APPROVED",
        detail={"submissionId": submission_id},
        staff_id=staff_id,
    )
    await messages.send_system(session, member_id, kyc_messages.KYC_APPROVED)
    row = await row_of(session, brand.id, submission_id)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="protection.kyc_approve",
        target=row.username,
        detail={"submissionId": submission_id},
        ip=ip,
    )
    return row


async def reject(
    session: AsyncSession, brand: Brand, submission_id: int, reason: str, *, staff_id: int, ip: str | None
) -> Row:
    """PENDING -> REJECTED with a reason (1 to 500 characters) the member reads; they may send again.
    Audited, in the history, told to the member."""
    text = clean_reason(reason)
    member_id = await _decide(session, brand, submission_id, staff_id, status=REJECTED, reason=text)
    await history.record(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        actor="STAFF",
        event="KYC_REJECTED",
        detail={"submissionId": submission_id, "reason": text},
        staff_id=staff_id,
    )
    await messages.send_system(session, member_id, kyc_messages.KYC_REJECTED, reason=text)
    row = await row_of(session, brand.id, submission_id)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="protection.kyc_reject",
        target=row.username,
        detail={"submissionId": submission_id, "reason": text},
        ip=ip,
    )
    return row
