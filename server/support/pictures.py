"""Pictures in a chat, either side: checked by content and re-encoded (the feedback desk's rules: png or jpg,
5 MB, 25 megapixels, metadata dropped), served back only to those who may read the conversation."""

from __future__ import annotations

import asyncio

from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.service import Brand
from server.content.feedback.images import ImageErrors, clean_image
from server.http.core import errors
from server.http.core.errors import AppError
from server.support import conversations as chats
from server.support import schemas
from server.support.models import CLOSED, IMAGE, ChatImage, ChatMessage, Conversation

CHAT_IMAGE_ERRORS = ImageErrors(errors.CHAT_IMAGE_TOO_LARGE, errors.CHAT_IMAGE_INVALID)


async def send_image(
    session: AsyncSession,
    brand: Brand,
    conversation_id: int,
    *,
    side: str,
    owner: ColumnElement[bool] | None,
    client_id: str,
    raw: bytes,
    staff_id: int | None = None,
) -> schemas.ChatMessageOut:
    """A picture, checked by content and re-encoded (off the event loop) before the row is locked."""
    image = await asyncio.to_thread(clean_image, raw, CHAT_IMAGE_ERRORS)
    where = (owner,) if owner is not None else ()
    conversation = await chats.locked(session, brand.id, conversation_id, *where)
    if conversation.status == CLOSED:
        raise AppError(errors.CHAT_CLOSED)
    return await chats.append(
        session,
        brand.code,
        conversation,
        side=side,
        kind=IMAGE,
        body="",
        client_id=client_id,
        staff_id=staff_id,
        image=image,
    )


async def image_of(
    session: AsyncSession,
    merchant_id: int,
    conversation_id: int,
    seq: int,
    *,
    owner: ColumnElement[bool] | None,
) -> tuple[str, bytes]:
    where = [owner] if owner is not None else []
    row = (
        await session.execute(
            select(ChatImage.content_type, ChatImage.data)
            .join(ChatMessage, ChatMessage.id == ChatImage.message_id)
            .join(Conversation, Conversation.id == ChatMessage.conversation_id)
            .where(
                Conversation.id == conversation_id,
                Conversation.merchant_id == merchant_id,
                ChatMessage.seq == seq,
                *where,
            )
        )
    ).first()
    if row is None:
        raise AppError(errors.CHAT_NOT_FOUND)
    return row[0], row[1]
