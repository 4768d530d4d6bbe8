"""/wps/admin/messages: staff send platform messages (messages.send) to one member, a club label, a rank
or everyone of the merchant, and read what was sent. Every send is audited."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.content.messages import sending
from server.content.messages.schemas import SendIn, SentOut, SentPageOut, SentRowOut, millis
from server.content.texts import dump_texts
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import MessageSender
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/messages", tags=["admin"], responses=ERROR_RESPONSES)


@router.post(
    "",
    operation_id="adminSendMessage",
    summary="Send a message: to one member at once, to a label, a rank or everyone by the fan-out job",
)
async def send(
    body: SendIn, sender: MessageSender, context: SystemContext, session: SessionDep
) -> Envelope[SentOut]:
    assert sender.staff_id is not None
    message = await sending.send(
        session,
        context.brand,
        staff_id=sender.staff_id,
        audience=body.audience,
        member_id=body.member_id,
        label=body.label,
        rank=body.rank,
        texts=dump_texts(body.texts),
        ip=context.client.ip,
    )
    return ok(
        SentOut(
            id=message.id,
            audience=body.audience,
            status=message.status,
            recipients=message.recipients,
            created_at=millis(message.created_at),
        )
    )


@router.get(
    "", operation_id="adminSentMessages", summary="Messages staff sent, newest first, with read counts"
)
async def sent(
    sender: MessageSender,
    context: SystemContext,
    session: SessionDep,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[SentPageOut]:
    found = await sending.sent(session, context.brand, page=page_no, page_size=page_size)
    return ok(
        SentPageOut(
            list=[
                SentRowOut(
                    id=row.id,
                    audience=row.audience,
                    target=row.target,
                    title=row.title,
                    status=row.status,
                    recipients=row.recipients,
                    read=row.read,
                    created_at=millis(row.created_at),
                    sent_by=row.sent_by,
                )
                for row in found.rows
            ],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
    )
