"""/wps/admin/chat: the support desk. chat.read to look, chat.answer to take part (presence, claim, answer,
notes, transfer, close), chat.supervise for every live conversation, the figures, any transfer and the canned
replies."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import Response

from server.accounts.deps import EmailSenderDep
from server.accounts.sessions import Principal
from server.admin.roles import Permission, may
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ErrorEnvelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.edge.auth import ChatAnswerer, ChatReader, ChatSupervisor
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.support import agents, canned, desk, pictures, schemas
from server.support import conversations as chats
from server.support.models import STAFF
from server.support.router import Seq, picture_response, read_picture
from server.support.turn import ConversationId, in_conversation_turn

router = APIRouter(prefix="/wps/admin/chat", tags=["admin"], responses=ERROR_RESPONSES)


def _brand(context: SystemContext, staff: Principal) -> Brand:
    # A staff session belongs to one merchant: the header cannot point it at another's desk.
    if context.brand.id != staff.merchant_id:
        raise AppError(errors.CHAT_NOT_FOUND)
    return context.brand


def _supervises(staff: Principal) -> bool:
    return may(staff.staff_role, Permission.CHAT_SUPERVISE)


@router.get("/desk", operation_id="adminChatDesk", summary="The queues, my conversations, the team")
async def get_desk(reader: ChatReader, session: SessionDep) -> Envelope[schemas.ChatDeskOut]:
    assert reader.staff_id is not None
    return ok(await desk.desk(session, reader.merchant_id, reader.staff_id, supervise=_supervises(reader)))


@router.put(
    "/presence",
    operation_id="adminChatPresence",
    summary="Presence at the desk (ONLINE gets conversations routed); the desk's 30-second heartbeat",
)
async def presence(
    body: schemas.ChatPresenceIn, agent: ChatAnswerer, context: SystemContext, session: SessionDep
) -> Envelope[schemas.ChatAgentOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    await agents.set_presence(
        session, brand.code, brand.id, agent.staff_id, presence=body.presence, queues=body.queues
    )
    return ok(await desk.agent_out(session, brand.id, agent.staff_id))


@router.get(
    "/conversations", operation_id="adminChatSearch", summary="Past and present conversations, newest first"
)
async def search(
    reader: ChatReader,
    session: SessionDep,
    q: Annotated[str | None, Query(max_length=100)] = None,
    status: Annotated[schemas.Status | None, Query()] = None,
    queue: Annotated[schemas.Queue | None, Query()] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.ChatConversationPageOut]:
    found = await desk.search(
        session,
        reader.merchant_id,
        text=q.strip() if q and q.strip() else None,
        status=status,
        queue=queue,
        page=page,
        page_size=page_size,
    )
    return ok(
        schemas.ChatConversationPageOut(
            list=found.rows, page_num=found.page_num, total_pages=found.total_pages, total=found.total
        )
    )


@router.get(
    "/conversations/{conversation_id}",
    operation_id="adminChatConversation",
    summary="A conversation with the member beside it (profile, rank, balance, last transactions)",
)
async def conversation(
    conversation_id: ConversationId, reader: ChatReader, context: SystemContext, session: SessionDep
) -> Envelope[schemas.ChatConversationDetailOut]:
    brand = _brand(context, reader)
    row = await desk.desk_row(session, brand.id, conversation_id)
    member_id = row.member.id if row.member is not None else None
    return ok(
        schemas.ChatConversationDetailOut(
            conversation=row, profile=await desk.profile(session, brand, member_id)
        )
    )


@router.get(
    "/conversations/{conversation_id}/messages",
    operation_id="adminChatMessages",
    summary="Messages after a seq, private notes included",
)
async def messages(
    conversation_id: ConversationId,
    reader: ChatReader,
    session: SessionDep,
    after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, Query(ge=1, le=chats.PAGE_MAX)] = 100,
) -> Envelope[schemas.ChatDeskMessagesOut]:
    row = await desk.desk_row(session, reader.merchant_id, conversation_id)
    found = await chats.messages_after(session, conversation_id, after=after, limit=limit, notes=True)
    return ok(schemas.ChatDeskMessagesOut(conversation=row, list=found))


@router.post(
    "/conversations/{conversation_id}/claim",
    operation_id="adminChatClaim",
    summary="Take a waiting conversation (409 CHAT_ALREADY_CLAIMED when a colleague was faster)",
)
@in_conversation_turn
async def claim(
    conversation_id: ConversationId,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ChatDeskConversationOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    await desk.claim(session, brand, conversation_id, agent.staff_id)
    return ok(await desk.desk_row(session, brand.id, conversation_id))


@router.post(
    "/conversations/{conversation_id}/assign",
    operation_id="adminChatAssign",
    summary="Transfer to a colleague (the agent holding it, or a supervisor)",
)
@in_conversation_turn
async def assign(
    conversation_id: ConversationId,
    body: schemas.ChatAssignIn,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ChatDeskConversationOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    await desk.transfer(
        session,
        brand,
        conversation_id,
        by_staff_id=agent.staff_id,
        to_staff_id=body.staff_id,
        supervise=_supervises(agent),
    )
    return ok(await desk.desk_row(session, brand.id, conversation_id))


@router.post(
    "/conversations/{conversation_id}/messages",
    operation_id="adminChatSend",
    summary="Answer (answering a waiting conversation takes it; a ticket's answer is also e-mailed)",
)
@in_conversation_turn
async def send(
    conversation_id: ConversationId,
    body: schemas.ChatSendIn,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
    sender: EmailSenderDep,
) -> Envelope[schemas.ChatMessageOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    return ok(
        await desk.reply(
            session,
            brand,
            conversation_id,
            agent.staff_id,
            client_id=body.client_id,
            text=body.text,
            sender=sender,
        )
    )


@router.post(
    "/conversations/{conversation_id}/images",
    operation_id="adminChatSendImage",
    summary="Send a picture (multipart: clientId, image)",
    responses={413: {"model": ErrorEnvelope, "description": "The picture is larger than 5MB"}},
)
@in_conversation_turn
async def send_image(
    conversation_id: ConversationId,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
    client_id: Annotated[schemas.ClientId, Form(alias="clientId")],
    image: Annotated[UploadFile, File(description="png or jpg, at most 5MB and 25 megapixels")],
) -> Envelope[schemas.ChatMessageOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    return ok(
        await pictures.send_image(
            session,
            brand,
            conversation_id,
            side=STAFF,
            owner=None,
            client_id=client_id,
            raw=await read_picture(image),
            staff_id=agent.staff_id,
        )
    )


@router.get(
    "/conversations/{conversation_id}/images/{seq}",
    operation_id="adminChatImage",
    summary="A picture of the conversation",
    response_class=Response,
    responses=binary_answer("image/png", "image/jpeg", description="The picture"),
)
async def image(
    conversation_id: ConversationId, seq: Seq, reader: ChatReader, session: SessionDep
) -> Response:
    return picture_response(
        await pictures.image_of(session, reader.merchant_id, conversation_id, seq, owner=None)
    )


@router.post(
    "/conversations/{conversation_id}/notes",
    operation_id="adminChatNote",
    summary="A private note (staff only; never reaches the player)",
)
@in_conversation_turn
async def add_note(
    conversation_id: ConversationId,
    body: schemas.ChatNoteIn,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ChatMessageOut]:
    assert agent.staff_id is not None
    return ok(
        await desk.note(session, _brand(context, agent), conversation_id, agent.staff_id, text=body.text)
    )


@router.post(
    "/conversations/{conversation_id}/read", operation_id="adminChatRead", summary="Staff have read up to seq"
)
async def read(
    conversation_id: ConversationId, body: schemas.ChatReadIn, agent: ChatAnswerer, session: SessionDep
) -> Envelope[schemas.ChatOkOut]:
    conversation = await chats.visible(session, agent.merchant_id, conversation_id)
    await chats.mark_read(session, conversation, side=STAFF, seq=body.seq)
    return ok(schemas.ChatOkOut())


@router.post(
    "/conversations/{conversation_id}/close", operation_id="adminChatClose", summary="End a conversation"
)
@in_conversation_turn
async def close(
    conversation_id: ConversationId,
    agent: ChatAnswerer,
    context: SystemContext,
    session: SessionDep,
) -> Envelope[schemas.ChatDeskConversationOut]:
    assert agent.staff_id is not None
    brand = _brand(context, agent)
    await desk.close(session, brand, conversation_id, agent.staff_id)
    return ok(await desk.desk_row(session, brand.id, conversation_id))


@router.get("/canned", operation_id="adminChatCanned", summary="Canned replies, by shortcut")
async def canned_list(reader: ChatReader, session: SessionDep) -> Envelope[schemas.ChatCannedListOut]:
    rows = await canned.listing(session, reader.merchant_id)
    return ok(
        schemas.ChatCannedListOut(
            list=[schemas.ChatCannedOut(id=r.id, shortcut=r.shortcut, text=r.body) for r in rows]
        )
    )


@router.post("/canned", operation_id="adminChatCannedCreate", summary="Add a canned reply")
async def canned_create(
    body: schemas.ChatCannedIn, supervisor: ChatSupervisor, session: SessionDep
) -> Envelope[schemas.ChatCannedOut]:
    assert supervisor.staff_id is not None
    reply = await canned.create(
        session, supervisor.merchant_id, supervisor.staff_id, shortcut=body.shortcut, body=body.text
    )
    return ok(schemas.ChatCannedOut(id=reply.id, shortcut=reply.shortcut, text=reply.body))


@router.put("/canned/{reply_id}", operation_id="adminChatCannedChange", summary="Change a canned reply")
async def canned_change(
    reply_id: ConversationId, body: schemas.ChatCannedIn, supervisor: ChatSupervisor, session: SessionDep
) -> Envelope[schemas.ChatCannedOut]:
    assert supervisor.staff_id is not None
    reply = await canned.change(
        session, supervisor.merchant_id, supervisor.staff_id, reply_id, shortcut=body.shortcut, body=body.text
    )
    return ok(schemas.ChatCannedOut(id=reply.id, shortcut=reply.shortcut, text=reply.body))


@router.delete("/canned/{reply_id}", operation_id="adminChatCannedRemove", summary="Remove a canned reply")
async def canned_remove(
    reply_id: ConversationId, supervisor: ChatSupervisor, session: SessionDep
) -> Envelope[schemas.ChatOkOut]:
    assert supervisor.staff_id is not None
    await canned.remove(session, supervisor.merchant_id, supervisor.staff_id, reply_id)
    return ok(schemas.ChatOkOut())


@router.get(
    "/figures", operation_id="adminChatFigures", summary="Waiting, open, first response, handled today"
)
async def figures(supervisor: ChatSupervisor, session: SessionDep) -> Envelope[schemas.ChatFiguresOut]:
    return ok(await desk.figures(session, supervisor.merchant_id))
