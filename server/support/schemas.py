"""The chat's wire shapes, shared by the player's calls, the console's and the pushes (a pushed message is
the same object the sender's call answered)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId

Queue = Literal["VIP", "LIVECHAT", "TICKET"]
Status = Literal["WAITING", "OPEN", "CLOSED"]
Side = Literal["PLAYER", "STAFF", "SYSTEM"]
Kind = Literal["TEXT", "IMAGE", "NOTE", "SYSTEM"]
Presence = Literal["ONLINE", "AWAY", "OFFLINE"]

TEXT_MAX = 4000
ClientId = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
MessageText = Annotated[str, StringConstraints(min_length=1, max_length=TEXT_MAX)]
Shortcut = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=r"^[a-z0-9_-]+$")]


class ChatStaffRef(WireModel):
    id: int
    name: str


class ChatImageSize(WireModel):
    width: int
    height: int


class ChatMessageOut(WireModel):
    conversation_id: int
    seq: int = Field(description="1, 2, 3… within the conversation: the order, and the point to resume from")
    client_id: str | None
    side: Side
    kind: Kind
    text: str = Field(
        description="Plain text (never HTML); for SYSTEM lines a code: ASSIGNED, TRANSFERRED, CLOSED"
    )
    staff_name: str | None
    image: ChatImageSize | None
    created_at: int = Field(description="Milliseconds since 1970")


class ChatConversationOut(WireModel):
    id: int
    queue: Queue
    status: Status
    staff: ChatStaffRef | None
    position: int | None = Field(description="Place in its queue while WAITING (1 is next), else null")
    last_seq: int
    member_read_seq: int
    staff_read_seq: int
    rating: int | None
    created_at: int
    closed_at: int | None


class ChatMemberRef(WireModel):
    id: int
    username: str
    rank_level: int


class ChatDeskConversationOut(ChatConversationOut):
    member: ChatMemberRef | None
    visitor_name: str | None
    visitor_email: str | None
    waiting_seconds: int
    last_text: str | None
    last_at: int | None
    unread: int = Field(description="The player's messages after the staff's read mark")


# --- the player's calls ---


class ChatEntryOut(WireModel):
    type: Literal["3"] = "3"
    cs_type: Literal["VIP", "LIVECHAT"]
    path: str


class ChatEntriesOut(WireModel):
    list: list[ChatEntryOut]


class ChatHoursOut(WireModel):
    opens: str
    closes: str
    time_zone: str


class ChatStatusOut(WireModel):
    online: bool
    queue: Literal["VIP", "LIVECHAT"]
    hours: ChatHoursOut | None
    conversation: ChatConversationOut | None


class ChatSendIn(WireModel):
    client_id: ClientId
    text: MessageText


class ChatStartOut(WireModel):
    conversation: ChatConversationOut
    message: ChatMessageOut
    visitor_token: str | None = Field(
        description="Issued once to a visitor who had none: send it as Chat-Visitor"
    )


class ChatTicketIn(WireModel):
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    email: Annotated[str, StringConstraints(strip_whitespace=True, max_length=254)] | None = None
    text: MessageText


class ChatTicketOut(WireModel):
    conversation: ChatConversationOut
    visitor_token: str | None


class ChatMessagesOut(WireModel):
    conversation: ChatConversationOut
    list: list[ChatMessageOut]


class ChatReadIn(WireModel):
    seq: int = Field(ge=0, le=2**31 - 1)


class ChatOkOut(WireModel):
    ok: bool = True


class ChatRatingIn(WireModel):
    score: int = Field(ge=1, le=5)
    comment: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)] | None = None


class ChatTranscriptIn(WireModel):
    email: Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=254)]


class ChatClaimedOut(WireModel):
    claimed: int


# --- the console's calls ---


class ChatAgentOut(WireModel):
    id: int
    name: str
    presence: Presence
    queues: list[Literal["VIP", "LIVECHAT"]]
    open: int
    max_open: int


class ChatDeskQueues(WireModel):
    VIP: list[ChatDeskConversationOut] = Field(alias="VIP")
    LIVECHAT: list[ChatDeskConversationOut] = Field(alias="LIVECHAT")
    TICKET: list[ChatDeskConversationOut] = Field(alias="TICKET")


class ChatDeskOut(WireModel):
    queues: ChatDeskQueues
    mine: list[ChatDeskConversationOut]
    live: list[ChatDeskConversationOut]
    me: ChatAgentOut
    agents: list[ChatAgentOut]


class ChatPresenceIn(WireModel):
    presence: Presence
    queues: list[Literal["VIP", "LIVECHAT"]] | None = Field(default=None, min_length=1, max_length=2)


class ChatConversationPageOut(WireModel):
    list: list[ChatDeskConversationOut]
    page_num: int
    total_pages: int
    total: int


class ChatTransactionOut(WireModel):
    id: int
    kind: str
    amount: str
    created_at: int


class ChatProfileOut(WireModel):
    member_id: int
    username: str
    nickname: str | None
    rank_level: int
    club_label_name: str | None
    balance: str
    currency: str
    registered_at: int
    last_transactions: list[ChatTransactionOut]


class ChatConversationDetailOut(WireModel):
    conversation: ChatDeskConversationOut
    profile: ChatProfileOut | None


class ChatDeskMessagesOut(WireModel):
    conversation: ChatDeskConversationOut
    list: list[ChatMessageOut]


class ChatAssignIn(WireModel):
    staff_id: WireId


class ChatNoteIn(WireModel):
    text: MessageText


class ChatCannedIn(WireModel):
    shortcut: Shortcut
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TEXT_MAX)]


class ChatCannedOut(WireModel):
    id: int
    shortcut: str
    text: str


class ChatCannedListOut(WireModel):
    list: list[ChatCannedOut]


class ChatHandledOut(WireModel):
    staff_id: int
    name: str
    handled: int
    avg_first_response_seconds: int | None


class ChatFiguresOut(WireModel):
    waiting: int
    open: int
    avg_first_response_seconds: int | None
    handled_today: list[ChatHandledOut]
