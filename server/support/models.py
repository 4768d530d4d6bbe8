"""Customer-service chat: conversations between a player (a member or a visitor) and staff, their
messages (numbered per conversation), pictures, the agents' presence at the desk, canned replies and the
desk's hours."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

VIP, LIVECHAT, TICKET = "VIP", "LIVECHAT", "TICKET"
QUEUES = (VIP, LIVECHAT, TICKET)
LIVE_QUEUES = (VIP, LIVECHAT)
WAITING, OPEN, CLOSED = "WAITING", "OPEN", "CLOSED"
PLAYER, STAFF, SYSTEM = "PLAYER", "STAFF", "SYSTEM"
TEXT, IMAGE, NOTE = "TEXT", "IMAGE", "NOTE"
ONLINE, AWAY, OFFLINE = "ONLINE", "AWAY", "OFFLINE"

_NOT_CLOSED = text("status <> 'CLOSED'")


class Conversation(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "chat_conversations"
    __table_args__ = (
        CheckConstraint("queue IN ('VIP', 'LIVECHAT', 'TICKET')", name="queue"),
        CheckConstraint("status IN ('WAITING', 'OPEN', 'CLOSED')", name="status"),
        CheckConstraint("member_id IS NOT NULL OR visitor_hash IS NOT NULL", name="owner"),
        CheckConstraint("rating IS NULL OR rating BETWEEN 1 AND 5", name="rating"),
        # One conversation in progress per member and per visitor: the database says no to a second, however
        # many tabs ask at once.
        Index(
            "uq_chat_conversations_member_open",
            "member_id",
            unique=True,
            sqlite_where=_NOT_CLOSED,
            postgresql_where=_NOT_CLOSED,
        ),
        Index(
            "uq_chat_conversations_visitor_open",
            "visitor_hash",
            unique=True,
            sqlite_where=_NOT_CLOSED,
            postgresql_where=_NOT_CLOSED,
        ),
        # The desk: a merchant's queues by status, oldest first; search and the past by id.
        Index("ix_chat_conversations_desk", "merchant_id", "status", "queue", "id"),
        Index("ix_chat_conversations_member", "member_id", "id"),
        Index("ix_chat_conversations_visitor", "visitor_hash", "id"),
        Index("ix_chat_conversations_staff", "staff_id", "status"),
    )

    queue: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(8), default=WAITING)
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), nullable=True
    )
    # sha256 of the visitor's token: the token itself is only ever in the visitor's browser.
    visitor_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    visitor_name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    visitor_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    language: Mapped[str] = mapped_column(String(8), default="EN")
    staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    member_read_seq: Mapped[int] = mapped_column(Integer, default=0)
    staff_read_seq: Mapped[int] = mapped_column(Integer, default=0)
    last_message_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    first_response_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    rating: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    rating_comment: Mapped[str | None] = mapped_column(Text, nullable=True)
    transcripts_sent: Mapped[int] = mapped_column(SmallInteger, default=0)


class ChatMessage(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "chat_messages"
    __table_args__ = (
        CheckConstraint("side IN ('PLAYER', 'STAFF', 'SYSTEM')", name="side"),
        CheckConstraint("kind IN ('TEXT', 'IMAGE', 'NOTE', 'SYSTEM')", name="kind"),
        # seq orders a conversation; a client's id makes a resent message the same message.
        UniqueConstraint("conversation_id", "seq", name="uq_chat_messages_seq"),
        UniqueConstraint("conversation_id", "client_id", name="uq_chat_messages_client"),
        # The per-sender rate limit counts one side's recent messages.
        Index("ix_chat_messages_side_time", "conversation_id", "side", "created_at"),
    )

    conversation_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("chat_conversations.id", ondelete="CASCADE")
    )
    seq: Mapped[int] = mapped_column(Integer)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    side: Mapped[str] = mapped_column(String(8))
    kind: Mapped[str] = mapped_column(String(8))
    staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="SET NULL"), nullable=True
    )
    body: Mapped[str] = mapped_column(Text, default="")
    image_width: Mapped[int | None] = mapped_column(Integer, nullable=True)
    image_height: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ChatImage(Base):
    """A picture sent in a chat, as we re-encoded it; apart from its message so that listing stays light."""

    __tablename__ = "chat_images"

    message_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("chat_messages.id", ondelete="CASCADE"), primary_key=True
    )
    content_type: Mapped[str] = mapped_column(String(16))
    data: Mapped[bytes] = mapped_column(LargeBinary)


class ChatAgent(Base):
    """A staff member at the support desk: presence, the queues they serve and how many chats at once."""

    __tablename__ = "chat_agents"
    __table_args__ = (
        CheckConstraint("presence IN ('ONLINE', 'AWAY', 'OFFLINE')", name="presence"),
        CheckConstraint("max_open BETWEEN 1 AND 50", name="max_open"),
        Index("ix_chat_agents_merchant", "merchant_id", "presence"),
    )

    staff_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="CASCADE"), primary_key=True
    )
    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), index=False
    )
    presence: Mapped[str] = mapped_column(String(8), default=OFFLINE)
    queues: Mapped[str] = mapped_column(String(32), default="VIP,LIVECHAT")
    max_open: Mapped[int] = mapped_column(SmallInteger, default=5)
    last_seen_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    last_routed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class CannedReply(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "chat_canned_replies"
    __table_args__ = (UniqueConstraint("merchant_id", "shortcut", name="uq_chat_canned_replies_shortcut"),)

    shortcut: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text)


class DeskHours(Base):
    """When the merchant's desk is staffed, shown to a player who finds it offline."""

    __tablename__ = "chat_desk_hours"

    merchant_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("merchants.id", ondelete="CASCADE"), primary_key=True
    )
    opens: Mapped[str] = mapped_column(String(5))
    closes: Mapped[str] = mapped_column(String(5))
    time_zone: Mapped[str] = mapped_column(String(64))
