"""Agents at the support desk: presence (kept alive by the desk's heartbeat), the queues each serves, and
routing a waiting conversation to the least busy ONLINE agent of its queue.

An agent the desk has not heard from for HEARTBEAT_TIMEOUT counts as offline whatever they last chose, so a
closed laptop does not keep the chat "online" for players. ONLINE agents get conversations routed to them;
AWAY agents are at the desk (the chat is online) and take conversations by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Staff
from server.admin.roles import Permission, may
from server.db.base import utcnow
from server.db.locks import take_turns
from server.support import conversations as chats
from server.support.models import (
    AWAY,
    LIVE_QUEUES,
    OFFLINE,
    ONLINE,
    OPEN,
    SYSTEM,
    WAITING,
    ChatAgent,
    Conversation,
)

HEARTBEAT_TIMEOUT = timedelta(seconds=90)
# One routing pass assigns at most this many (the rest wait for the next event that routes).
ROUTE_BATCH = 50


@dataclass(frozen=True)
class AgentView:
    staff_id: int
    name: str
    presence: str  # as it counts now: OFFLINE when the heartbeat stopped
    queues: list[str]
    open: int
    max_open: int


def _fresh() -> ColumnElement[bool]:
    return ChatAgent.last_seen_at > utcnow() - HEARTBEAT_TIMEOUT


def _serves(queue: str) -> ColumnElement[bool]:
    return ChatAgent.queues.contains(queue)


async def desk_online(session: AsyncSession, merchant_id: int, queue: str) -> bool:
    """Someone is at the desk for this queue now (ONLINE or AWAY, heard from lately)."""
    found = await session.scalar(
        select(ChatAgent.staff_id)
        .where(
            ChatAgent.merchant_id == merchant_id,
            ChatAgent.presence.in_((ONLINE, AWAY)),
            _fresh(),
            _serves(queue),
        )
        .limit(1)
    )
    return found is not None


def _open_counts() -> ColumnElement[int]:
    return (
        select(func.count())
        .select_from(Conversation)
        .where(Conversation.staff_id == ChatAgent.staff_id, Conversation.status == OPEN)
        .scalar_subquery()
    )


async def agents(session: AsyncSession, merchant_id: int) -> list[AgentView]:
    """Every staff member of the merchant who may answer chats, with presence as it counts now."""
    open_count = _open_counts()
    rows = await session.execute(
        select(Staff, ChatAgent, open_count.label("open"))
        .outerjoin(ChatAgent, ChatAgent.staff_id == Staff.id)
        .where(Staff.merchant_id == merchant_id, Staff.disabled_at.is_(None))
        .order_by(Staff.username)
    )
    views = []
    for staff, agent, count in rows:
        if not may(staff.role, Permission.CHAT_ANSWER):
            continue
        views.append(_view(staff, agent, int(count or 0)))
    return views


def _view(staff: Staff, agent: ChatAgent | None, open_count: int) -> AgentView:
    now = utcnow()
    presence = OFFLINE
    if agent is not None and agent.last_seen_at is not None and agent.last_seen_at > now - HEARTBEAT_TIMEOUT:
        presence = agent.presence
    return AgentView(
        staff_id=staff.id,
        name=staff.nickname or staff.username,
        presence=presence,
        queues=agent.queues.split(",") if agent is not None else list(LIVE_QUEUES),
        open=open_count,
        max_open=agent.max_open if agent is not None else 5,
    )


async def agent_of(session: AsyncSession, merchant_id: int, staff_id: int) -> AgentView | None:
    return next((a for a in await agents(session, merchant_id) if a.staff_id == staff_id), None)


async def set_presence(
    session: AsyncSession,
    brand_code: str,
    merchant_id: int,
    staff_id: int,
    *,
    presence: str,
    queues: Sequence[str] | None,
) -> None:
    """The desk's heartbeat and presence switch. Turning ONLINE routes waiting conversations at once."""
    agent = await session.get(ChatAgent, staff_id, with_for_update=True)
    if agent is None:
        agent = ChatAgent(
            staff_id=staff_id, merchant_id=merchant_id, presence=OFFLINE, queues=",".join(LIVE_QUEUES)
        )
        session.add(agent)
    agent.presence = presence
    agent.last_seen_at = utcnow()
    if queues:
        agent.queues = ",".join(q for q in LIVE_QUEUES if q in queues)
    await session.flush()
    if presence == ONLINE:
        await route(session, brand_code, merchant_id)


async def _pick(session: AsyncSession, merchant_id: int, queue: str) -> int | None:
    """The ONLINE agent of this queue with room for one more and the fewest open conversations (the one
    routed to longest ago among equals)."""
    open_count = _open_counts()
    return await session.scalar(
        select(ChatAgent.staff_id)
        .where(
            ChatAgent.merchant_id == merchant_id,
            ChatAgent.presence == ONLINE,
            _fresh(),
            _serves(queue),
            open_count < ChatAgent.max_open,
        )
        .order_by(
            open_count, ChatAgent.last_routed_at.is_not(None), ChatAgent.last_routed_at, ChatAgent.staff_id
        )
        .limit(1)
    )


async def route(session: AsyncSession, brand_code: str, merchant_id: int) -> int:
    """Hand waiting live conversations, oldest first, to ONLINE agents with room. One routing pass per
    merchant at a time (a transaction-long lock), so two passes never both fill an agent's last place.
    Returns how many were assigned."""
    await take_turns(session, f"chat-route:{merchant_id}")
    waiting = list(
        await session.scalars(
            select(Conversation.id)
            .where(
                Conversation.merchant_id == merchant_id,
                Conversation.status == WAITING,
                Conversation.queue.in_(LIVE_QUEUES),
            )
            .order_by(Conversation.id)
            .limit(ROUTE_BATCH)
        )
    )
    assigned = 0
    touched: set[str] = set()
    for conversation_id in waiting:
        conversation = await chats.visible(session, merchant_id, conversation_id)
        staff_id = await _pick(session, merchant_id, conversation.queue)
        if staff_id is None:
            continue
        taken = await assign_waiting(session, brand_code, merchant_id, conversation_id, staff_id)
        if taken is not None:
            assigned += 1
            touched.add(taken.queue)
            await session.execute(
                update(ChatAgent).where(ChatAgent.staff_id == staff_id).values(last_routed_at=utcnow())
            )
    for queue in touched:
        await chats.tell_positions(session, merchant_id, queue)
    return assigned


async def assign_waiting(
    session: AsyncSession, brand_code: str, merchant_id: int, conversation_id: int, staff_id: int
) -> Conversation | None:
    """Give a WAITING conversation to an agent in one conditional UPDATE: None when it is no longer waiting
    (a colleague, or routing, took it first)."""
    now = utcnow()
    result = await session.execute(
        update(Conversation)
        .where(
            Conversation.id == conversation_id,
            Conversation.merchant_id == merchant_id,
            Conversation.status == WAITING,
        )
        .values(status=OPEN, staff_id=staff_id, claimed_at=now)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount == 0:  # type: ignore[attr-defined]
        return None
    # The UPDATE holds the row's lock; this reads it back to append the line everyone sees.
    conversation = await chats.locked(session, merchant_id, conversation_id)
    await chats.append(
        session, brand_code, conversation, side=SYSTEM, kind=SYSTEM, body="ASSIGNED", staff_id=staff_id
    )
    await chats.tell_assigned(session, conversation)
    await chats.tell_desk(session, brand_code, conversation)
    return conversation
