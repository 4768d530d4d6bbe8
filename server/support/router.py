"""/wps/chat: the player's customer-service chat, for members and visitors alike. A visitor is known by
the chat token the first conversation issued them (header Chat-Visitor); after login their conversations
become the member's (POST /wps/chat/claim). Answers during maintenance too: the maintenance page's "contact
us" leads here."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Header, Path, Query, Request, UploadFile
from fastapi.responses import Response

from server.accounts.deps import EmailSenderDep
from server.content.feedback.images import MAX_IMAGE_BYTES
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ErrorEnvelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.edge.auth import MaybeMember
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.http.edge.rate_limit import Limit, client_key, spend
from server.support import agents, pictures, player, schemas
from server.support import conversations as chats
from server.support.conversations import Player
from server.support.models import PLAYER
from server.support.turn import ConversationId, in_conversation_turn

router = APIRouter(prefix="/wps/chat", tags=["chat"], responses=ERROR_RESPONSES)
Seq = Annotated[int, Path(ge=1, le=2**31 - 1)]
CHAT_PATH = "/chat"


async def _player(
    member: MaybeMember,
    context: SystemContext,
    chat_visitor: Annotated[
        str | None,
        Header(
            alias="Chat-Visitor", description="A visitor's chat token (issued by their first conversation)"
        ),
    ] = None,
) -> Player:
    visitor = chat_visitor.strip() if chat_visitor else ""
    if len(visitor) > 128:
        raise AppError(
            errors.VALIDATION_ERROR, value={"fields": [{"field": "Chat-Visitor", "type": "too_long"}]}
        )
    return Player(
        merchant_id=context.brand.id,
        member_id=member.member_id if member is not None else None,
        visitor=chats.visitor_hash(visitor) if visitor else None,
    )


PlayerDep = Annotated[Player, Depends(_player)]

# Opening a conversation (live or a ticket) has no conversation yet to count against, and a visitor without
# a chat token is a new visitor each time: these count per address (visitors only: the members behind an
# office's or a carrier's address are counted as themselves), per chat token and per member. Ten an hour is
# several times what a person writes; a flood of 120 from one address got through before. A transcript is
# an e-mail to any address: a few per conversation, and few conversations, keep it from being a relay.
TICKETS = Limit("chat-ticket", calls=10, seconds=3600)
STARTS = Limit("chat-start", calls=10, seconds=3600)
TRANSCRIPTS = Limit("chat-transcript", calls=5, seconds=3600)


async def _counted(request: Request, limit: Limit, who: Player, ip: str) -> None:
    if who.member_id is not None:
        await spend(request, limit, f"member:{who.member_id}")
    elif who.visitor is not None:
        await spend(request, limit, f"ip:{client_key(ip)}", f"visitor:{who.visitor}")
    else:
        await spend(request, limit, f"ip:{client_key(ip)}")


async def read_picture(upload: UploadFile) -> bytes:
    raw = await upload.read(MAX_IMAGE_BYTES + 1)
    if len(raw) > MAX_IMAGE_BYTES:
        raise AppError(errors.CHAT_IMAGE_TOO_LARGE, value={"maxBytes": MAX_IMAGE_BYTES})
    return raw


def picture_response(found: tuple[str, bytes]) -> Response:
    content_type, data = found
    return Response(
        data,
        media_type=content_type,
        headers={"Cache-Control": "private, max-age=3600", "Content-Disposition": "inline"},
    )


@router.get(
    "/entries",
    operation_id="chatEntries",
    summary="The customer-service entry for this caller (type 3: the chat's path; VIP above rank level 4)",
)
async def entries(
    who: PlayerDep, context: SystemContext, session: SessionDep
) -> Envelope[schemas.ChatEntriesOut]:
    queue = await player.queue_for(session, who)
    configured = {entry.cs_type: entry.path for entry in context.brand.customer_service}
    path = configured.get(queue) or configured.get("LIVECHAT") or CHAT_PATH
    return ok(schemas.ChatEntriesOut(list=[schemas.ChatEntryOut(cs_type=queue, path=path)]))


@router.get(
    "/status", operation_id="chatStatus", summary="Is the desk staffed, its hours, the caller's conversation"
)
async def status(who: PlayerDep, session: SessionDep) -> Envelope[schemas.ChatStatusOut]:
    queue = await player.queue_for(session, who)
    hours = await player.hours(session, who.merchant_id)
    conversation = await player.current(session, who)
    return ok(
        schemas.ChatStatusOut(
            online=await agents.desk_online(session, who.merchant_id, queue),
            queue=queue,
            hours=schemas.ChatHoursOut(opens=hours.opens, closes=hours.closes, time_zone=hours.time_zone)
            if hours is not None
            else None,
            conversation=await chats.conversation_out(session, conversation) if conversation else None,
        )
    )


@router.post(
    "/conversations",
    operation_id="chatStart",
    summary="Start a live conversation with its first message (or add it to the one in progress); "
    "409 CHAT_OFFLINE when nobody is at the desk",
)
async def start(
    body: schemas.ChatSendIn, who: PlayerDep, context: SystemContext, session: SessionDep, request: Request
) -> Envelope[schemas.ChatStartOut]:
    await _counted(request, STARTS, who, context.client.ip)
    started = await player.start(
        session, context.brand, who, client_id=body.client_id, text=body.text, language=context.language
    )
    return ok(
        schemas.ChatStartOut(
            conversation=await chats.conversation_out(session, started.conversation),
            message=started.message,
            visitor_token=started.visitor_token,
        )
    )


@router.post(
    "/tickets",
    operation_id="chatLeaveMessage",
    summary="The offline form: a message that becomes a ticket answered later "
    "(visitors give a name and e-mail)",
)
async def leave_message(
    body: schemas.ChatTicketIn, who: PlayerDep, context: SystemContext, session: SessionDep, request: Request
) -> Envelope[schemas.ChatTicketOut]:
    await _counted(request, TICKETS, who, context.client.ip)
    conversation, token = await player.leave_message(
        session,
        context.brand,
        who,
        name=body.name,
        email=body.email,
        text=body.text,
        language=context.language,
    )
    return ok(
        schemas.ChatTicketOut(
            conversation=await chats.conversation_out(session, conversation), visitor_token=token
        )
    )


@router.get(
    "/conversations/{conversation_id}/messages",
    operation_id="chatMessages",
    summary="Messages after a seq (to resume after a reconnect), oldest first",
)
async def messages(
    conversation_id: ConversationId,
    who: PlayerDep,
    session: SessionDep,
    after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, Query(ge=1, le=chats.PAGE_MAX)] = 100,
) -> Envelope[schemas.ChatMessagesOut]:
    conversation = await chats.visible(session, who.merchant_id, conversation_id, who.owns())
    found = await chats.messages_after(session, conversation.id, after=after, limit=limit, notes=False)
    return ok(
        schemas.ChatMessagesOut(conversation=await chats.conversation_out(session, conversation), list=found)
    )


@router.post(
    "/conversations/{conversation_id}/messages",
    operation_id="chatSend",
    summary="Send a text (stored before it is answered; the same clientId again answers the same message)",
)
@in_conversation_turn
async def send(
    conversation_id: ConversationId,
    body: schemas.ChatSendIn,
    who: PlayerDep,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ChatMessageOut]:
    return ok(
        await player.send_text(
            session, context.brand, who, conversation_id, client_id=body.client_id, text=body.text
        )
    )


@router.post(
    "/conversations/{conversation_id}/images",
    operation_id="chatSendImage",
    summary="Send a picture (multipart: clientId, image; png or jpg by content, at most 5MB)",
    responses={413: {"model": ErrorEnvelope, "description": "The picture is larger than 5MB"}},
)
@in_conversation_turn
async def send_image(
    conversation_id: ConversationId,
    who: PlayerDep,
    context: SystemContext,
    session: SessionDep,
    client_id: Annotated[schemas.ClientId, Form(alias="clientId")],
    image: Annotated[UploadFile, File(description="png or jpg, at most 5MB and 25 megapixels")],
) -> Envelope[schemas.ChatMessageOut]:
    return ok(
        await pictures.send_image(
            session,
            context.brand,
            conversation_id,
            side=PLAYER,
            owner=who.owns(),
            client_id=client_id,
            raw=await read_picture(image),
        )
    )


@router.get(
    "/conversations/{conversation_id}/images/{seq}",
    operation_id="chatImage",
    summary="A picture of the conversation, as stored (re-encoded, metadata removed)",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def image(conversation_id: ConversationId, seq: Seq, who: PlayerDep, session: SessionDep) -> Response:
    return picture_response(
        await pictures.image_of(session, who.merchant_id, conversation_id, seq, owner=who.owns())
    )


@router.post(
    "/conversations/{conversation_id}/read", operation_id="chatRead", summary="The player has read up to seq"
)
async def read(
    conversation_id: ConversationId, body: schemas.ChatReadIn, who: PlayerDep, session: SessionDep
) -> Envelope[schemas.ChatOkOut]:
    conversation = await chats.visible(session, who.merchant_id, conversation_id, who.owns())
    await chats.mark_read(session, conversation, side=PLAYER, seq=body.seq)
    return ok(schemas.ChatOkOut())


@router.post(
    "/conversations/{conversation_id}/close", operation_id="chatClose", summary="End the conversation"
)
@in_conversation_turn
async def close(
    conversation_id: ConversationId, who: PlayerDep, context: SystemContext, session: SessionDep
) -> Envelope[schemas.ChatConversationOut]:
    conversation = await chats.locked(session, who.merchant_id, conversation_id, who.owns())
    await chats.close(session, context.brand.code, conversation, staff_id=None)
    return ok(await chats.conversation_out(session, conversation))


@router.post(
    "/conversations/{conversation_id}/rating",
    operation_id="chatRate",
    summary="Rate an ended conversation, once",
)
async def rate(
    conversation_id: ConversationId, body: schemas.ChatRatingIn, who: PlayerDep, session: SessionDep
) -> Envelope[schemas.ChatConversationOut]:
    conversation = await player.rate(session, who, conversation_id, score=body.score, comment=body.comment)
    return ok(await chats.conversation_out(session, conversation))


@router.post(
    "/conversations/{conversation_id}/transcript",
    operation_id="chatTranscript",
    summary="E-mail the conversation (3 times per conversation at most)",
)
async def transcript(
    conversation_id: ConversationId,
    body: schemas.ChatTranscriptIn,
    who: PlayerDep,
    context: SystemContext,
    session: SessionDep,
    sender: EmailSenderDep,
    request: Request,
) -> Envelope[schemas.ChatOkOut]:
    await _counted(request, TRANSCRIPTS, who, context.client.ip)
    await player.email_transcript(
        session, context.brand, who, conversation_id, to_address=body.email, sender=sender
    )
    return ok(schemas.ChatOkOut())


@router.post(
    "/claim",
    operation_id="chatClaimVisitor",
    summary="After login: the visitor's conversations (Chat-Visitor) become the member's",
)
async def claim(
    who: PlayerDep, context: SystemContext, session: SessionDep
) -> Envelope[schemas.ChatClaimedOut]:
    if who.member_id is None:
        raise AppError(errors.UNAUTHORIZED)
    if who.visitor is None:
        return ok(schemas.ChatClaimedOut(claimed=0))
    moved = await player.claim_visitor(session, context.brand, who.member_id, who.visitor)
    return ok(schemas.ChatClaimedOut(claimed=moved))
