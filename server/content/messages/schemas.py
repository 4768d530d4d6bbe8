"""The wire shapes of platform messages: the member's inbox and the console's sends."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from server.content.messages.service import Inbox, InboxItem
from server.content.texts import Texts
from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId

Audience = Literal["MEMBER", "LABEL", "RANK", "ALL"]
Kind = Literal["SYSTEM", "STAFF", "FEEDBACK_ANSWER"]
Status = Literal["PENDING", "SENDING", "SENT"]


def millis(at: datetime) -> int:
    return int(at.timestamp() * 1000)


class MessageOut(WireModel):
    id: int
    title: str
    content: str = Field(description="Sanitised HTML")
    kind: Kind
    created_at: int = Field(description="Milliseconds since 1970")
    read: bool

    @classmethod
    def of(cls, item: InboxItem) -> MessageOut:
        return cls(
            id=item.id,
            title=item.title,
            content=item.content,
            kind=item.kind,
            created_at=millis(item.created_at),
            read=item.read,
        )


class InboxOut(WireModel):
    list: list[MessageOut]
    page_num: int
    total_pages: int
    total: int
    unread: int

    @classmethod
    def of(cls, found: Inbox) -> InboxOut:
        return cls(
            list=[MessageOut.of(item) for item in found.items],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
            unread=found.unread,
        )


class UnreadOut(WireModel):
    count: int


class UnreadAfterOut(WireModel):
    unread: int = Field(description="The member's unread count after the change")


class SendIn(WireModel):
    audience: Audience
    member_id: WireId | None = Field(default=None, description="For MEMBER")
    label: str | None = Field(
        default=None, min_length=1, max_length=64, description="For LABEL: a club label"
    )
    rank: int | None = Field(default=None, ge=0, le=10_000, description="For RANK: a rank level")
    texts: Texts


class SentOut(WireModel):
    id: int
    audience: Audience
    status: Status
    recipients: int
    created_at: int = Field(description="Milliseconds since 1970")


class SentRowOut(WireModel):
    id: int
    audience: Audience
    target: str | None = Field(description="The member id, label or rank; null for ALL")
    title: str = Field(description="In English, else the merchant's default language")
    status: Status
    recipients: int
    read: int = Field(description="Recipients who have read it")
    created_at: int = Field(description="Milliseconds since 1970")
    sent_by: str | None = Field(description="The staff username")


class SentPageOut(WireModel):
    list: list[SentRowOut]
    page_num: int
    total_pages: int
    total: int
