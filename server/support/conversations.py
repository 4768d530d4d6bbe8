"""What both sides of a chat share: who may see a conversation, the row lock every change takes, appending a
message (numbered under that lock, so that seq order is commit order), read marks, closing, and the shapes and
pushes that tell both sides.

Every push leaves after COMMIT (realtime.publish with the session): a message is stored before anyone hears of
it, and a client that missed a push finds it again by asking for what came after its last seq."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events
from realtime.publish import publish
from server.accounts.models import Staff
from server.content.feedback.images import CleanImage
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.support import schemas, storing
from server.support.models import (
    CLOSED,
    IMAGE,
    NOTE,
    OPEN,
    PLAYER,
    STAFF,
    SYSTEM,
    WAITING,
    ChatImage,
    ChatMessage,
    Conversation,
)

# Per side of a conversation: more than this in the window is someone pasting, or a script. A person typing
# short lines fast sends one a second for a while; the limit leaves room for that, and its jitter.
RATE_LIMIT = 15
RATE_WINDOW = timedelta(seconds=10)
PAGE_MAX = 200


def visitor_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Player:
    """The player side of a request: a member, or a visitor known by the hash of their chat token."""

    merchant_id: int
    member_id: int | None
    visitor: str | None  # visitor_hash(token)

    def owns(self) -> ColumnElement[bool]:
        """The conversations this player may see: a member's own; a visitor's while no member has them."""
        if self.member_id is not None:
            return Conversation.member_id == self.member_id
        if self.visitor is not None:
            return (Conversation.member_id.is_(None)) & (Conversation.visitor_hash == self.visitor)
        return Conversation.id.is_(None)  # nobody yet: nothing


def preview(kind: str, body: str) -> str:
    """A message as a list or a transcript shows it in one line: a picture by name."""
    return "[picture]" if kind == IMAGE else body


def millis(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


async def _one(
    session: AsyncSession,
    merchant_id: int,
    conversation_id: int,
    where: tuple[ColumnElement[bool], ...],
    *,
    lock: bool,
) -> Conversation:
    query = select(Conversation).where(
        Conversation.id == conversation_id, Conversation.merchant_id == merchant_id, *where
    )
    found = await session.scalar(
        (query.with_for_update() if lock else query).execution_options(populate_existing=True)
    )
    if found is None:
        raise AppError(errors.CHAT_NOT_FOUND)
    return found


async def locked(
    session: AsyncSession, merchant_id: int, conversation_id: int, *where: ColumnElement[bool]
) -> Conversation:
    """The conversation, row-locked until this transaction ends (every change to a conversation and every
    message appended to it takes this lock first); CHAT_NOT_FOUND when it is not there for this caller."""
    return await _one(session, merchant_id, conversation_id, where, lock=True)


async def visible(
    session: AsyncSession, merchant_id: int, conversation_id: int, *where: ColumnElement[bool]
) -> Conversation:
    return await _one(session, merchant_id, conversation_id, where, lock=False)


async def exists(
    session: AsyncSession, merchant_id: int, conversation_id: int, *where: ColumnElement[bool]
) -> bool:
    found = await session.scalar(
        select(Conversation.id).where(
            Conversation.id == conversation_id, Conversation.merchant_id == merchant_id, *where
        )
    )
    return found is not None


async def staff_names(session: AsyncSession, ids: Sequence[int | None]) -> dict[int, str]:
    wanted = {i for i in ids if i is not None}
    if not wanted:
        return {}
    rows = await session.execute(select(Staff.id, Staff.nickname, Staff.username).where(Staff.id.in_(wanted)))
    return {staff_id: nickname or username for staff_id, nickname, username in rows}


def message_out(message: ChatMessage, staff_name: str | None) -> schemas.ChatMessageOut:
    image = (
        schemas.ChatImageSize(width=message.image_width, height=message.image_height)
        if message.kind == IMAGE and message.image_width is not None and message.image_height is not None
        else None
    )
    return schemas.ChatMessageOut(
        conversation_id=message.conversation_id,
        seq=message.seq,
        client_id=message.client_id,
        side=message.side,
        kind=message.kind,
        text=message.body,
        staff_name=staff_name if message.staff_id is not None else None,
        image=image,
        created_at=millis(message.created_at) or 0,
    )


async def positions(session: AsyncSession, conversations: Sequence[Conversation]) -> dict[int, int]:
    """Each waiting conversation's place in its queue (1 = next), in one query however many are asked for
    (conversations of one merchant)."""
    waiting = [c for c in conversations if c.status == WAITING]
    if not waiting:
        return {}
    place = (
        select(
            Conversation.id,
            func.row_number().over(partition_by=Conversation.queue, order_by=Conversation.id).label("place"),
        )
        .where(
            Conversation.merchant_id == waiting[0].merchant_id,
            Conversation.status == WAITING,
            Conversation.queue.in_({c.queue for c in waiting}),
            Conversation.id <= max(c.id for c in waiting),
        )
        .subquery()
    )
    rows = await session.execute(
        select(place.c.id, place.c.place).where(place.c.id.in_([c.id for c in waiting]))
    )
    return {conversation_id: int(n) for conversation_id, n in rows}


async def conversation_out(session: AsyncSession, conversation: Conversation) -> schemas.ChatConversationOut:
    names = await staff_names(session, [conversation.staff_id])
    places = await positions(session, [conversation])
    return schemas.ChatConversationOut(**conversation_fields(conversation, names, places))


def conversation_fields(
    conversation: Conversation, names: dict[int, str], places: dict[int, int]
) -> dict[str, Any]:
    staff = (
        schemas.ChatStaffRef(id=conversation.staff_id, name=names.get(conversation.staff_id, ""))
        if conversation.staff_id is not None
        else None
    )
    return {
        "id": conversation.id,
        "queue": conversation.queue,
        "status": conversation.status,
        "staff": staff,
        "position": places.get(conversation.id),
        "last_seq": conversation.last_seq,
        "member_read_seq": conversation.member_read_seq,
        "staff_read_seq": conversation.staff_read_seq,
        "rating": conversation.rating,
        "created_at": millis(conversation.created_at) or 0,
        "closed_at": millis(conversation.closed_at),
    }


async def messages_after(
    session: AsyncSession, conversation_id: int, *, after: int, limit: int, notes: bool
) -> list[schemas.ChatMessageOut]:
    """The conversation's messages after seq `after`, oldest first; private notes only for staff."""
    query = (
        select(ChatMessage, Staff.nickname, Staff.username)
        .outerjoin(Staff, Staff.id == ChatMessage.staff_id)
        .where(ChatMessage.conversation_id == conversation_id, ChatMessage.seq > after)
        .order_by(ChatMessage.seq)
        .limit(min(limit, PAGE_MAX))
    )
    if not notes:
        query = query.where(ChatMessage.kind != NOTE)
    rows = await session.execute(query)
    return [message_out(message, nickname or username) for message, nickname, username in rows]


async def append(
    session: AsyncSession,
    brand_code: str,
    conversation: Conversation,
    *,
    side: str,
    kind: str,
    body: str,
    client_id: str | None = None,
    staff_id: int | None = None,
    image: CleanImage | None = None,
) -> schemas.ChatMessageOut:
    """Add a message to a conversation whose row this transaction has locked (locked()). A client id seen
    before in this conversation answers the message stored then, unchanged and not pushed again.

    The hot path of every send: after the row lock, one statement looks up (earlier, rate, name) and one
    stores (Postgres), then the pushes queue for after COMMIT."""
    earlier_id, recent, staff_name = await storing.looked_up(
        session, conversation.id, side, client_id, staff_id, since=utcnow() - RATE_WINDOW
    )
    if earlier_id is not None:
        earlier = await session.get_one(ChatMessage, earlier_id)
        names = await staff_names(session, [earlier.staff_id])
        return message_out(earlier, names.get(earlier.staff_id) if earlier.staff_id else None)
    if recent >= RATE_LIMIT:
        raise AppError(errors.TOO_MANY_REQUEST)
    now = utcnow()
    fields: dict[str, Any] = {
        "conversation_id": conversation.id,
        "seq": conversation.last_seq + 1,
        "client_id": client_id,
        "side": side,
        "kind": kind,
        "staff_id": staff_id,
        "body": body,
        "image_width": image.width if image else None,
        "image_height": image.height if image else None,
        "created_at": now,
    }
    first_response = side == STAFF and kind != NOTE and conversation.first_response_at is None
    message = ChatMessage(id=await storing.store(session, conversation, fields, first_response), **fields)
    if image is not None:
        session.add(ChatImage(message_id=message.id, content_type=image.content_type, data=image.data))
        await session.flush()
    out = message_out(message, staff_name)
    room = (
        events.conversation_staff_room(conversation.id)
        if kind == NOTE
        else events.conversation_room(conversation.id)
    )
    await publish(events.CHAT_MESSAGE, room, out.model_dump(by_alias=True), session=session)
    if side == PLAYER:
        await tell_desk_message(session, brand_code, conversation, out)
    return out


def _desk_news(conversation: Conversation) -> dict[str, Any]:
    return {
        "conversationId": conversation.id,
        "queue": conversation.queue,
        "status": conversation.status,
        "assigneeId": conversation.staff_id,
    }


async def tell_desk(session: AsyncSession, brand_code: str, conversation: Conversation) -> None:
    """The support desk re-reads what moved: a new conversation, a claim, a transfer, a close."""
    await publish(
        events.CONSOLE_CHAT, events.chat_desk_room(brand_code), _desk_news(conversation), session=session
    )


async def tell_desk_message(
    session: AsyncSession, brand_code: str, conversation: Conversation, message: schemas.ChatMessageOut
) -> None:
    """A player's message, with what a desk row shows of it, so that consoles mend their lists in place.
    While the conversation waits in a queue every desk lists it; once an agent has it, only that agent and
    the supervisors do: the whole desk hearing every message of every conversation would grow with agents
    times conversations."""
    news = _desk_news(conversation) | {
        "message": {
            "seq": message.seq,
            "side": message.side,
            "lastText": preview(message.kind, message.text),
            "at": message.created_at,
        }
    }
    if conversation.status == OPEN and conversation.staff_id is not None:
        rooms = [events.staff_room(conversation.staff_id), events.chat_supervisors_room(brand_code)]
    else:
        rooms = [events.chat_desk_room(brand_code)]
    for room in rooms:
        await publish(events.CONSOLE_CHAT, room, news, session=session)


async def tell_assigned(session: AsyncSession, conversation: Conversation) -> None:
    names = await staff_names(session, [conversation.staff_id])
    staff = (
        {"id": conversation.staff_id, "name": names.get(conversation.staff_id, "")}
        if conversation.staff_id is not None
        else None
    )
    await publish(
        events.CHAT_ASSIGNED,
        events.conversation_room(conversation.id),
        {"conversationId": conversation.id, "status": conversation.status, "staff": staff},
        session=session,
    )


async def tell_positions(session: AsyncSession, merchant_id: int, queue: str) -> None:
    """Each waiting conversation of the queue hears its place (the first hundred: past that, the player's
    page asks every few seconds anyway)."""
    waiting = await session.scalars(
        select(Conversation.id)
        .where(
            Conversation.merchant_id == merchant_id,
            Conversation.status == WAITING,
            Conversation.queue == queue,
        )
        .order_by(Conversation.id)
        .limit(100)
    )
    for place, conversation_id in enumerate(waiting, start=1):
        await publish(
            events.CHAT_QUEUE,
            events.conversation_room(conversation_id),
            {"conversationId": conversation_id, "position": place},
            session=session,
        )


async def mark_read(session: AsyncSession, conversation: Conversation, *, side: str, seq: int) -> bool:
    """Move one side's read mark forward to seq (never back, never past the last message) in one
    conditional UPDATE; both sides hear of it."""
    column = Conversation.member_read_seq if side == PLAYER else Conversation.staff_read_seq
    result = await session.execute(
        update(Conversation)
        .where(Conversation.id == conversation.id, column < seq, Conversation.last_seq >= seq)
        .values({column: seq})
        .execution_options(synchronize_session=False)
    )
    if result.rowcount == 0:  # type: ignore[attr-defined]
        return False
    await publish(
        events.CHAT_READ,
        events.conversation_room(conversation.id),
        {"conversationId": conversation.id, "side": side, "seq": seq},
        session=session,
    )
    return True


async def close(
    session: AsyncSession, brand_code: str, conversation: Conversation, *, staff_id: int | None
) -> Conversation:
    """End a conversation (on a locked row): once; a second close changes nothing and says nothing."""
    if conversation.status == CLOSED:
        return conversation
    was_waiting = conversation.status == WAITING
    conversation.status = CLOSED
    conversation.closed_at = utcnow()
    await append(
        session, brand_code, conversation, side=SYSTEM, kind=SYSTEM, body="CLOSED", staff_id=staff_id
    )
    await publish(
        events.CHAT_CLOSED,
        events.conversation_room(conversation.id),
        {"conversationId": conversation.id, "status": CLOSED},
        session=session,
    )
    await tell_desk(session, brand_code, conversation)
    if was_waiting:
        await tell_positions(session, conversation.merchant_id, conversation.queue)
    return conversation
