"""Feedback: a member writes (with up to three pictures), staff answer once, the answer reaches the member as
a platform message. Every read is scoped to the merchant, and a member's to their own feedback."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events
from realtime.publish import publish
from server.accounts.models import Member, Staff
from server.admin.service import audit
from server.brands.service import Brand
from server.content.feedback.images import MAX_IMAGES, CleanImage, clean_images
from server.content.feedback.models import ANSWERED, OPEN, Feedback, FeedbackImage
from server.content.messages import service as messages
from server.content.pictures import PictureTable
from server.content.texts import pick_text
from server.db.base import utcnow
from server.db.locks import take_turns
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.errors import AppError

PER_MEMBER_PER_HOUR = 5
WINDOW = timedelta(hours=1)
MEMBER_LIST_LIMIT = 100
ANSWER_KIND = "FEEDBACK_ANSWER"

# The title of the message that carries an answer, in the member's language (their choice, else the
# merchant's default, else English).
ANSWER_TITLES = {
    "EN": "Re: your feedback",
    "CN": "回复您的反馈",
    "JA": "ご意見への回答",
    "TH": "ตอบกลับความคิดเห็นของคุณ",
    "VI": "Phản hồi góp ý của bạn",
    "PT": "Resposta ao seu feedback",
    "TY": "Tugon sa iyong puna",
}


def _required_text(value: str, field: str) -> str:
    text = value.strip()
    if not text:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "missing"}]})
    return text


async def _check_rate(session: AsyncSession, merchant_id: int, member_id: int) -> None:
    """At most PER_MEMBER_PER_HOUR in any hour. The count and the insert that follows are one turn per
    member: parallel submissions wait for each other (an advisory lock on Postgres; SQLite's write
    transactions run one at a time), so the sixth of six parallel requests sees the other five."""
    await take_turns(session, f"feedback:{merchant_id}:{member_id}")
    recent = await session.scalar(
        select(func.count())
        .select_from(Feedback)
        .where(
            Feedback.merchant_id == merchant_id,
            Feedback.member_id == member_id,
            Feedback.created_at > utcnow() - WINDOW,
        )
    )
    if int(recent or 0) >= PER_MEMBER_PER_HOUR:
        raise AppError(errors.TOO_MANY_REQUEST)


async def submit(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    *,
    category: str,
    content: str,
    pictures: Sequence[bytes],
) -> Feedback:
    """Store a member's feedback with its pictures re-encoded; nothing at all on any refusal. The staff desk
    hears of it after COMMIT."""
    text = _required_text(content, "content")
    if len(pictures) > MAX_IMAGES:
        raise AppError(errors.FEEDBACK_TOO_MANY_IMAGES, value={"max": MAX_IMAGES})
    await _check_rate(session, brand.id, member_id)
    # Decoded only once the member may send: the sixth request of the hour costs no decoding.
    images: list[CleanImage] = await clean_images(pictures)
    item = Feedback(
        merchant_id=brand.id,
        member_id=member_id,
        category=category,
        content=text,
        image_count=len(images),
        status=OPEN,
    )
    session.add(item)
    await session.flush()
    session.add_all(
        FeedbackImage(
            feedback_id=item.id,
            position=position,
            content_type=image.content_type,
            data=image.data,
            width=image.width,
            height=image.height,
        )
        for position, image in enumerate(images)
    )
    await session.flush()
    await publish(
        events.CONSOLE_FEEDBACK, events.feedback_desk_room(brand.code), {"id": item.id}, session=session
    )
    return item


async def of_member(session: AsyncSession, merchant_id: int, member_id: int) -> list[Feedback]:
    rows = await session.scalars(
        select(Feedback)
        .where(Feedback.merchant_id == merchant_id, Feedback.member_id == member_id)
        .order_by(Feedback.id.desc())
        .limit(MEMBER_LIST_LIMIT)
    )
    return list(rows)


# A feedback's pictures, read by the member who sent it and by the desk.
PICTURES = PictureTable(
    picture=FeedbackImage,
    position=FeedbackImage.position,
    link=FeedbackImage.feedback_id,
    owner=Feedback.id,
    owner_merchant=Feedback.merchant_id,
    owner_member=Feedback.member_id,
    not_found=errors.FEEDBACK_NOT_FOUND,
)
# One picture of theirs, scoped to the merchant (and to the member, when a member asks); anyone else's is
# not found, exactly as one that does not exist.
image = PICTURES.read


@dataclass(frozen=True)
class DeskRow:
    item: Feedback
    username: str
    answered_by: str | None


def _desk_query(merchant_id: int) -> Select[Feedback, str, str]:
    # Staff.username is None for an unanswered one (outer join), whatever the type says.
    return (
        select(Feedback, Member.username, Staff.username)
        .join(Member, Member.id == Feedback.member_id)
        .outerjoin(Staff, Staff.id == Feedback.answered_by_staff_id)
        .where(Feedback.merchant_id == merchant_id)
    )


@dataclass(frozen=True)
class DeskPage:
    rows: list[DeskRow]
    page_num: int
    total_pages: int
    total: int


async def desk(
    session: AsyncSession, merchant_id: int, *, status: str | None, page: int, page_size: int
) -> DeskPage:
    """The staff desk's list: newest first, optionally one status."""
    chosen = [Feedback.status == status] if status is not None else []
    query = _desk_query(merchant_id).where(*chosen).order_by(Feedback.id.desc())
    rows, total = await page_of(session, query, page=page, page_size=page_size)
    return DeskPage(
        [DeskRow(item, username, staff) for item, username, staff in rows],
        page,
        page_count(total, page_size),
        total,
    )


async def desk_row(session: AsyncSession, merchant_id: int, feedback_id: int) -> DeskRow:
    found = (
        await session.execute(
            _desk_query(merchant_id)
            .where(Feedback.id == feedback_id)
            .execution_options(populate_existing=True)
        )
    ).first()
    if found is None:
        raise AppError(errors.FEEDBACK_NOT_FOUND)
    item, username, staff = found
    return DeskRow(item, username, staff)


def answer_html(text: str) -> str:
    """The answer as message content: plain text, escaped, its line breaks kept."""
    return "<p>" + html.escape(text).replace("\r\n", "\n").replace("\n", "<br>") + "</p>"


def answer_title(member_language: str | None, brand: Brand) -> str:
    title = pick_text(ANSWER_TITLES, member_language or brand.default_language, brand.default_language)
    return title or ANSWER_TITLES["EN"]


async def answer(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    feedback_id: int,
    text: str,
    ip: str | None,
) -> DeskRow:
    """Answer an open feedback, once: one conditional UPDATE, so of two staff answering at once one wins
    and the other gets FEEDBACK_ANSWERED. The member's message and the audit entry are written in the same
    transaction."""
    body = _required_text(text, "answer")
    now: datetime = utcnow()
    changed = await session.execute(
        update(Feedback)
        .where(Feedback.id == feedback_id, Feedback.merchant_id == brand.id, Feedback.status == OPEN)
        .values(status=ANSWERED, answer=body, answered_at=now, answered_by_staff_id=staff_id)
        .execution_options(synchronize_session=False)
    )
    if not changed.rowcount:  # type: ignore[attr-defined]
        exists = await session.scalar(
            select(Feedback.id).where(Feedback.id == feedback_id, Feedback.merchant_id == brand.id)
        )
        raise AppError(errors.FEEDBACK_ANSWERED if exists is not None else errors.FEEDBACK_NOT_FOUND)
    row = await desk_row(session, brand.id, feedback_id)
    language = await session.scalar(select(Member.language).where(Member.id == row.item.member_id))
    await messages.send_direct(
        session,
        merchant_id=brand.id,
        member_id=row.item.member_id,
        kind=ANSWER_KIND,
        title=answer_title(language, brand),
        content=answer_html(body),
        sender_staff_id=staff_id,
    )
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="feedback.answer",
        target=row.username,
        detail={"feedback": feedback_id, "answer": body},
        ip=ip,
    )
    # Other consoles on the desk move the item from "open" to "answered".
    await publish(
        events.CONSOLE_FEEDBACK,
        events.feedback_desk_room(brand.code),
        {"id": feedback_id, "status": ANSWERED},
        session=session,
    )
    return row
