"""/wps/member/messages: the member's inbox (messageV2), its unread count, read, read all, delete.

Reading (the inbox, the count) is open to every member session, trial accounts included: the header asks
for the count on every page, and a trial account simply has no messages. Changes need a real member
(RealMember: not a trial, no password change pending)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.content.messages import service
from server.content.messages.schemas import InboxOut, UnreadAfterOut, UnreadOut
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.wire_types import WireId
from server.http.edge.auth import AnyMember, RealMember
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/member/messages", tags=["content"], responses=ERROR_RESPONSES)
MessageId = WireId


@router.get("", operation_id="getMessages", summary="The member's platform messages, newest first")
async def inbox(
    member: AnyMember,
    session: SessionDep,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=50)] = 10,
    unread: Annotated[bool, Query(description="Only the unread ones")] = False,
) -> Envelope[InboxOut]:
    assert member.member_id is not None
    found = await service.inbox(
        session, member.member_id, unread_only=unread, page=page_no, page_size=page_size
    )
    return ok(InboxOut.of(found))


@router.get(
    "/unread", operation_id="getUnreadMessageCount", summary="How many messages the member has not read"
)
async def unread(member: AnyMember, session: SessionDep) -> Envelope[UnreadOut]:
    assert member.member_id is not None
    return ok(UnreadOut(count=await service.unread_count(session, member.member_id)))


@router.put("/read-all", operation_id="readAllMessages", summary="Mark every message read")
async def read_all(member: RealMember, session: SessionDep) -> Envelope[UnreadAfterOut]:
    assert member.member_id is not None
    return ok(UnreadAfterOut(unread=await service.mark_all_read(session, member.member_id)))


@router.put("/{message_id}/read", operation_id="readMessage", summary="Mark a message read (again is fine)")
async def read(message_id: MessageId, member: RealMember, session: SessionDep) -> Envelope[UnreadAfterOut]:
    assert member.member_id is not None
    return ok(UnreadAfterOut(unread=await service.mark_read(session, member.member_id, message_id)))


@router.delete("/{message_id}", operation_id="deleteMessage", summary="Delete a message from the inbox")
async def delete(message_id: MessageId, member: RealMember, session: SessionDep) -> Envelope[UnreadAfterOut]:
    assert member.member_id is not None
    return ok(UnreadAfterOut(unread=await service.delete(session, member.member_id, message_id)))
