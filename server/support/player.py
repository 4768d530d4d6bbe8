"""The player's side of the chat: which entry the side bar opens, whether the desk is staffed, starting a
live conversation or leaving an offline message (a ticket), rating, the transcript, and a visitor's
conversations becoming the member's after login."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.messaging import EmailSender
from server.accounts.models import Member
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError
from server.support import agents, schemas, storing
from server.support import conversations as chats
from server.support.conversations import Player
from server.support.models import (
    CLOSED,
    LIVECHAT,
    PLAYER,
    TEXT,
    TICKET,
    VIP,
    WAITING,
    Conversation,
    DeskHours,
)

# SPEC §6: rank level above 4 is served by the VIP desk.
VIP_RANK_ABOVE = 4
TRANSCRIPTS_PER_CONVERSATION = 3


async def queue_for(session: AsyncSession, player: Player) -> str:
    if player.member_id is None:
        return LIVECHAT
    rank = await session.scalar(select(Member.rank_level).where(Member.id == player.member_id))
    return VIP if (rank or 0) > VIP_RANK_ABOVE else LIVECHAT


async def hours(session: AsyncSession, merchant_id: int) -> DeskHours | None:
    return await session.get(DeskHours, merchant_id)


async def current(session: AsyncSession, player: Player) -> Conversation | None:
    """The player's newest conversation, whatever its status."""
    return await session.scalar(
        select(Conversation)
        .where(Conversation.merchant_id == player.merchant_id, player.owns())
        .order_by(Conversation.id.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )


@dataclass(frozen=True)
class Started:
    conversation: Conversation
    message: schemas.ChatMessageOut
    visitor_token: str | None


def _identity(player: Player) -> tuple[Player, str | None]:
    """A visitor without a chat token gets one now (only its hash is stored)."""
    if player.member_id is not None or player.visitor is not None:
        return player, None
    token = secrets.token_urlsafe(32)
    return Player(player.merchant_id, None, chats.visitor_hash(token)), token


async def _open_conversation(
    session: AsyncSession, player: Player, queue: str, *, language: str, name: str | None, email: str | None
) -> Conversation:
    """The player's conversation in progress, or a new one. Two tabs starting at once make one: the partial
    unique index refuses the second insert, which then takes the first's."""
    for _ in range(2):
        existing = await session.scalar(
            select(Conversation.id).where(
                Conversation.merchant_id == player.merchant_id, player.owns(), Conversation.status != CLOSED
            )
        )
        if existing is not None:
            return await chats.locked(session, player.merchant_id, existing)
        conversation = Conversation(
            merchant_id=player.merchant_id,
            queue=queue,
            status=WAITING,
            member_id=player.member_id,
            visitor_hash=player.visitor if player.member_id is None else None,
            visitor_name=name,
            visitor_email=email,
            language=language,
        )
        try:
            async with session.begin_nested():
                session.add(conversation)
                await session.flush()
        except IntegrityError:
            continue
        return await chats.locked(session, player.merchant_id, conversation.id)
    raise AppError(errors.CHAT_NOT_FOUND)  # pragma: no cover - the second look always finds the first's


async def start(
    session: AsyncSession, brand: Brand, player: Player, *, client_id: str, text: str, language: str
) -> Started:
    """The first message of a live conversation (or the next one of the conversation in progress). Refused
    with CHAT_OFFLINE when nobody is at the desk for the player's queue: the page offers the offline form."""
    player, token = _identity(player)
    queue = await queue_for(session, player)
    in_progress = await session.scalar(
        select(Conversation.id).where(
            Conversation.merchant_id == player.merchant_id, player.owns(), Conversation.status != CLOSED
        )
    )
    if in_progress is None and not await agents.desk_online(session, brand.id, queue):
        raise AppError(errors.CHAT_OFFLINE)
    conversation = await _open_conversation(session, player, queue, language=language, name=None, email=None)
    created = conversation.last_seq == 0
    message = await chats.append(
        session, brand.code, conversation, side=PLAYER, kind=TEXT, body=text, client_id=client_id
    )
    if created:
        await agents.route(session, brand.code, brand.id)
    return Started(conversation, message, token)


async def leave_message(
    session: AsyncSession,
    brand: Brand,
    player: Player,
    *,
    name: str | None,
    email: str | None,
    text: str,
    language: str,
) -> tuple[Conversation, str | None]:
    """The offline form: a TICKET that waits for staff (or, when the player has a conversation in progress,
    the message joins it). A visitor leaves an address for the answer."""
    if player.member_id is None:
        missing = [field for field, value in (("name", name), ("email", email)) if not value]
        if missing:
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": f, "type": "missing"} for f in missing]}
            )
    if email and ("@" not in email or email.startswith("@") or email.endswith("@") or " " in email):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "email", "type": "value_error"}]})
    player, token = _identity(player)
    conversation = await _open_conversation(
        session, player, TICKET, language=language, name=name or None, email=email or None
    )
    await chats.append(session, brand.code, conversation, side=PLAYER, kind=TEXT, body=text)
    return conversation, token


async def send_text(
    session: AsyncSession, brand: Brand, player: Player, conversation_id: int, *, client_id: str, text: str
) -> schemas.ChatMessageOut:
    owner = (player.member_id, player.visitor)
    conversation = await storing.locked_for_send(
        session, brand.id, conversation_id, owner=owner
    ) or await chats.locked(session, brand.id, conversation_id, player.owns())
    if conversation.status == CLOSED:
        raise AppError(errors.CHAT_CLOSED)
    return await chats.append(
        session, brand.code, conversation, side=PLAYER, kind=TEXT, body=text, client_id=client_id
    )


async def rate(
    session: AsyncSession, player: Player, conversation_id: int, *, score: int, comment: str | None
) -> Conversation:
    """Once, after the conversation ended: one conditional UPDATE."""
    result = await session.execute(
        update(Conversation)
        .where(
            Conversation.id == conversation_id,
            Conversation.merchant_id == player.merchant_id,
            player.owns(),
            Conversation.status == CLOSED,
            Conversation.rating.is_(None),
        )
        .values(rating=score, rating_comment=comment or None)
        .execution_options(synchronize_session=False)
    )
    conversation = await chats.visible(session, player.merchant_id, conversation_id, player.owns())
    if result.rowcount == 0:  # type: ignore[attr-defined]
        if conversation.status != CLOSED:
            raise AppError(errors.CHAT_NOT_CLOSED)
        raise AppError(errors.CHAT_ALREADY_RATED)
    return conversation


async def email_transcript(
    session: AsyncSession,
    brand: Brand,
    player: Player,
    conversation_id: int,
    *,
    to_address: str,
    sender: EmailSender,
) -> None:
    """The conversation as plain text to an address (a few times per conversation: it is a mail relay
    otherwise)."""
    if "@" not in to_address or " " in to_address:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "email", "type": "value_error"}]})
    result = await session.execute(
        update(Conversation)
        .where(
            Conversation.id == conversation_id,
            Conversation.merchant_id == brand.id,
            player.owns(),
            Conversation.transcripts_sent < TRANSCRIPTS_PER_CONVERSATION,
        )
        .values(transcripts_sent=Conversation.transcripts_sent + 1)
        .execution_options(synchronize_session=False)
    )
    conversation = await chats.visible(session, brand.id, conversation_id, player.owns())
    if result.rowcount == 0:  # type: ignore[attr-defined]
        raise AppError(errors.TOO_MANY_REQUEST)
    lines = await chats.messages_after(session, conversation.id, after=0, limit=chats.PAGE_MAX, notes=False)
    body = "\n".join(_transcript_line(line) for line in lines)
    await sender.send(
        session,
        merchant_id=brand.id,
        to_address=to_address,
        subject=f"{brand.name}: conversation #{conversation.id}",
        body=body,
    )


def _transcript_line(message: schemas.ChatMessageOut) -> str:
    at = datetime.fromtimestamp(message.created_at / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M:%S")
    who = {"PLAYER": "You", "STAFF": message.staff_name or "Support", "SYSTEM": "—"}[message.side]
    return f"[{at} UTC] {who}: {chats.preview(message.kind, message.text)}"


async def claim_visitor(session: AsyncSession, brand: Brand, member_id: int, visitor: str) -> int:
    """After login: the visitor's conversations become the member's, never another member's (only those with
    no member yet). When the member already has a conversation in progress, the unique index refuses to move
    the visitor's one in progress too: then only the ended ones move."""
    query = (
        update(Conversation)
        .where(
            Conversation.merchant_id == brand.id,
            Conversation.member_id.is_(None),
            Conversation.visitor_hash == visitor,
        )
        .values(member_id=member_id)
        .execution_options(synchronize_session=False)
    )
    try:
        async with session.begin_nested():
            result = await session.execute(query)
    except IntegrityError:
        result = await session.execute(query.where(Conversation.status == CLOSED))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
