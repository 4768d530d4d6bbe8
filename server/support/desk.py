"""The support desk (staff): the queues with their waiting times, an agent's own conversations, claiming,
transferring, answering and closing, the member beside the conversation, search and the supervisor's figures.
Every read and change is scoped to the staff member's merchant."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, String, cast, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.messaging import EmailSender
from server.accounts.models import Member
from server.admin import members_service
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.paging import page_count, page_of
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.support import agents, schemas, storing
from server.support import conversations as chats
from server.support.models import (
    CLOSED,
    NOTE,
    OPEN,
    PLAYER,
    QUEUES,
    STAFF,
    SYSTEM,
    TEXT,
    TICKET,
    WAITING,
    ChatMessage,
    Conversation,
)
from server.wallet import service as wallet_service

LIST_LIMIT = 200


def _with_member() -> Select[Conversation, Member]:
    return select(Conversation, Member).outerjoin(Member, Member.id == Conversation.member_id)


async def _desk_rows(
    session: AsyncSession, rows: Sequence[tuple[Conversation, Member | None]]
) -> list[schemas.ChatDeskConversationOut]:
    if not rows:
        return []
    ids = [conversation.id for conversation, _ in rows]
    names = await chats.staff_names(session, [conversation.staff_id for conversation, _ in rows])
    places = await chats.positions(session, [conversation for conversation, _ in rows])
    last = {
        conversation_id: (body, kind, at)
        for conversation_id, body, kind, at in await session.execute(
            select(ChatMessage.conversation_id, ChatMessage.body, ChatMessage.kind, ChatMessage.created_at)
            .join(Conversation, Conversation.id == ChatMessage.conversation_id)
            .where(ChatMessage.conversation_id.in_(ids), ChatMessage.seq == Conversation.last_seq)
        )
    }
    unread = dict(
        (
            await session.execute(
                select(ChatMessage.conversation_id, func.count())
                .join(Conversation, Conversation.id == ChatMessage.conversation_id)
                .where(
                    ChatMessage.conversation_id.in_(ids),
                    ChatMessage.side == PLAYER,
                    ChatMessage.seq > Conversation.staff_read_seq,
                )
                .group_by(ChatMessage.conversation_id)
            )
        ).all()
    )
    now = utcnow()
    out = []
    for conversation, member in rows:
        body, kind, at = last.get(conversation.id, (None, None, None))
        waited_until = conversation.claimed_at or conversation.closed_at or now
        out.append(
            schemas.ChatDeskConversationOut(
                **chats.conversation_fields(conversation, names, places),
                member=schemas.ChatMemberRef(
                    id=member.id, username=member.username, rank_level=member.rank_level
                )
                if member is not None
                else None,
                visitor_name=conversation.visitor_name,
                visitor_email=conversation.visitor_email,
                waiting_seconds=max(0, int((waited_until - conversation.created_at).total_seconds())),
                last_text=None if kind is None or body is None else chats.preview(kind, body),
                last_at=chats.millis(at),
                unread=int(unread.get(conversation.id, 0)),
            )
        )
    return out


async def desk_row(
    session: AsyncSession, merchant_id: int, conversation_id: int
) -> schemas.ChatDeskConversationOut:
    found = (
        await session.execute(
            _with_member()
            .where(Conversation.id == conversation_id, Conversation.merchant_id == merchant_id)
            .execution_options(populate_existing=True)
        )
    ).first()
    if found is None:
        raise AppError(errors.CHAT_NOT_FOUND)
    return (await _desk_rows(session, [(found[0], found[1])]))[0]


async def desk(
    session: AsyncSession, merchant_id: int, staff_id: int, *, supervise: bool
) -> schemas.ChatDeskOut:
    waiting = (
        await session.execute(
            _with_member()
            .where(Conversation.merchant_id == merchant_id, Conversation.status == WAITING)
            .order_by(Conversation.id)
            .limit(LIST_LIMIT)
        )
    ).all()
    queues: dict[str, list[schemas.ChatDeskConversationOut]] = {queue: [] for queue in QUEUES}
    for row in await _desk_rows(session, [(c, m) for c, m in waiting]):
        queues[row.queue].append(row)
    mine = (
        await session.execute(
            _with_member()
            .where(
                Conversation.merchant_id == merchant_id,
                Conversation.status == OPEN,
                Conversation.staff_id == staff_id,
            )
            .order_by(Conversation.id)
        )
    ).all()
    live: list[tuple[Conversation, Member | None]] = []
    if supervise:
        live = [
            (c, m)
            for c, m in (
                await session.execute(
                    _with_member()
                    .where(Conversation.merchant_id == merchant_id, Conversation.status == OPEN)
                    .order_by(Conversation.id)
                    .limit(LIST_LIMIT)
                )
            ).all()
        ]
    team = await agents.agents(session, merchant_id)
    me = next((a for a in team if a.staff_id == staff_id), None)
    return schemas.ChatDeskOut(
        queues=schemas.ChatDeskQueues(**queues),
        mine=await _desk_rows(session, [(c, m) for c, m in mine]),
        live=await _desk_rows(session, live),
        me=_agent_out(me) if me is not None else _nobody(staff_id),
        agents=[_agent_out(a) for a in team],
    )


def _agent_out(agent: agents.AgentView) -> schemas.ChatAgentOut:
    return schemas.ChatAgentOut(
        id=agent.staff_id,
        name=agent.name,
        presence=agent.presence,
        queues=agent.queues,
        open=agent.open,
        max_open=agent.max_open,
    )


def _nobody(staff_id: int) -> schemas.ChatAgentOut:
    # A reader who may not answer (an auditor): at the desk to look, never routed to.
    return schemas.ChatAgentOut(id=staff_id, name="", presence="OFFLINE", queues=[], open=0, max_open=0)


async def agent_out(session: AsyncSession, merchant_id: int, staff_id: int) -> schemas.ChatAgentOut:
    found = await agents.agent_of(session, merchant_id, staff_id)
    return _agent_out(found) if found is not None else _nobody(staff_id)


async def claim(session: AsyncSession, brand: Brand, conversation_id: int, staff_id: int) -> None:
    """Take a waiting conversation (a live one or a ticket): one conditional UPDATE; a colleague who was
    faster leaves CHAT_ALREADY_CLAIMED."""
    taken = await agents.assign_waiting(session, brand.code, brand.id, conversation_id, staff_id)
    if taken is None:
        conversation = await chats.visible(session, brand.id, conversation_id)
        if conversation.status == CLOSED:
            raise AppError(errors.CHAT_CLOSED)
        if conversation.staff_id != staff_id:
            raise AppError(errors.CHAT_ALREADY_CLAIMED)
        return
    await chats.tell_positions(session, brand.id, taken.queue)


async def transfer(
    session: AsyncSession,
    brand: Brand,
    conversation_id: int,
    *,
    by_staff_id: int,
    to_staff_id: int,
    supervise: bool,
) -> None:
    """Hand an open conversation to a colleague who may answer chats: by the agent holding it, or a
    supervisor; a waiting one is assigned straight to them."""
    colleague = await agents.agent_of(session, brand.id, to_staff_id)
    if colleague is None:
        raise AppError(errors.CHAT_AGENT_NOT_FOUND)
    conversation = await chats.locked(session, brand.id, conversation_id)
    if conversation.status == CLOSED:
        raise AppError(errors.CHAT_CLOSED)
    if not supervise and conversation.staff_id not in (None, by_staff_id):
        raise AppError(errors.CHAT_NOT_ASSIGNEE)
    if conversation.staff_id == to_staff_id:
        return
    was_waiting = conversation.status == WAITING
    conversation.staff_id = to_staff_id
    conversation.status = OPEN
    conversation.claimed_at = conversation.claimed_at or utcnow()
    await chats.append(
        session, brand.code, conversation, side=SYSTEM, kind=SYSTEM, body="TRANSFERRED", staff_id=to_staff_id
    )
    await chats.tell_assigned(session, conversation)
    await chats.tell_desk(session, brand.code, conversation)
    if was_waiting:
        await chats.tell_positions(session, brand.id, conversation.queue)


async def _held(session: AsyncSession, brand: Brand, conversation_id: int) -> Conversation:
    conversation = await chats.locked(session, brand.id, conversation_id)
    if conversation.status == CLOSED:
        raise AppError(errors.CHAT_CLOSED)
    return conversation


async def reply(
    session: AsyncSession,
    brand: Brand,
    conversation_id: int,
    staff_id: int,
    *,
    client_id: str,
    text: str,
    sender: EmailSender,
) -> schemas.ChatMessageOut:
    """An answer from staff. Answering a waiting conversation takes it; a ticket from someone who left an
    address also gets the answer by e-mail (they may not come back to the chat)."""
    # The driver's lock first; a waiting conversation is taken, a change the ORM writes: its object then.
    held = await storing.locked_for_send(session, brand.id, conversation_id, owner=None)
    conversation = (
        held if held is not None and held.status != WAITING else await _held(session, brand, conversation_id)
    )
    if conversation.status == CLOSED:
        raise AppError(errors.CHAT_CLOSED)
    if conversation.status == WAITING:
        conversation.status = OPEN
        conversation.staff_id = staff_id
        conversation.claimed_at = utcnow()
        await chats.tell_assigned(session, conversation)
        await chats.tell_desk(session, brand.code, conversation)
        await chats.tell_positions(session, brand.id, conversation.queue)
    before = conversation.last_seq
    message = await chats.append(
        session,
        brand.code,
        conversation,
        side=STAFF,
        kind=TEXT,
        body=text,
        client_id=client_id,
        staff_id=staff_id,
    )
    resent = conversation.last_seq == before  # the same client id again: answered from what was stored
    if conversation.queue == TICKET and conversation.visitor_email and not resent:
        await sender.send(
            session,
            merchant_id=brand.id,
            to_address=conversation.visitor_email,
            subject=f"{brand.name}: re: your message (#{conversation.id})",
            body=f"{text}\n\n— {message.staff_name or brand.name}",
        )
    return message


async def note(
    session: AsyncSession, brand: Brand, conversation_id: int, staff_id: int, *, text: str
) -> schemas.ChatMessageOut:
    """A private note: staff see it in the conversation; it never reaches the player's room or calls."""
    conversation = await chats.locked(session, brand.id, conversation_id)
    return await chats.append(
        session, brand.code, conversation, side=STAFF, kind=NOTE, body=text, staff_id=staff_id
    )


async def close(session: AsyncSession, brand: Brand, conversation_id: int, staff_id: int) -> None:
    conversation = await chats.locked(session, brand.id, conversation_id)
    freed = conversation.staff_id
    await chats.close(session, brand.code, conversation, staff_id=staff_id)
    if freed is not None:
        # The agent has room for one more: the queue moves.
        await agents.route(session, brand.code, brand.id)


@dataclass(frozen=True)
class SearchPage:
    rows: list[schemas.ChatDeskConversationOut]
    page_num: int
    total_pages: int
    total: int


async def search(
    session: AsyncSession,
    merchant_id: int,
    *,
    text: str | None,
    status: str | None,
    queue: str | None,
    page: int,
    page_size: int,
) -> SearchPage:
    """Past and present conversations, newest first: by member username, visitor name or address, the
    conversation's number, or words said in it (notes included: they are the staff's own)."""
    query = _with_member().where(Conversation.merchant_id == merchant_id)
    if status:
        query = query.where(Conversation.status == status)
    if queue:
        query = query.where(Conversation.queue == queue)
    if text:
        pattern = f"%{text.lower()}%"
        said = (
            select(ChatMessage.conversation_id)
            .where(func.lower(ChatMessage.body).like(pattern))
            .scalar_subquery()
        )
        query = query.where(
            or_(
                func.lower(Member.username).like(pattern),
                func.lower(Conversation.visitor_name).like(pattern),
                func.lower(Conversation.visitor_email).like(pattern),
                cast(Conversation.id, String) == text,
                Conversation.id.in_(said),
            )
        )
    rows, total = await page_of(
        session, query.order_by(Conversation.id.desc()), page=page, page_size=page_size
    )
    return SearchPage(
        await _desk_rows(session, [(c, m) for c, m in rows]), page, page_count(total, page_size), total
    )


async def profile(
    session: AsyncSession, brand: Brand, member_id: int | None
) -> schemas.ChatProfileOut | None:
    """The member beside the conversation: who, what rank, what balance, what moved lately."""
    if member_id is None:
        return None
    member = await members_service.member_of(session, brand.id, member_id)
    balances = await wallet_service.balances(session, member)
    lines = await members_service.statement(session, brand.id, member_id, before_id=None, limit=5)
    return schemas.ChatProfileOut(
        member_id=member.id,
        username=member.username,
        nickname=member.nickname,
        rank_level=member.rank_level,
        club_label_name=member.club_label_name,
        balance=format_amount(balances.sum_balance),
        currency=brand.currency_code,
        registered_at=chats.millis(member.created_at) or 0,
        last_transactions=[
            schemas.ChatTransactionOut(
                id=line.posting_id,
                kind=line.kind,
                amount=format_amount(line.amount),
                created_at=chats.millis(line.at) or 0,
            )
            for line in lines
        ],
    )


def _day_start(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


async def figures(session: AsyncSession, merchant_id: int) -> schemas.ChatFiguresOut:
    """Waiting and open now; first-response time and conversations handled per agent since midnight UTC."""
    counts = dict(
        (
            await session.execute(
                select(Conversation.status, func.count())
                .where(Conversation.merchant_id == merchant_id, Conversation.status.in_((WAITING, OPEN)))
                .group_by(Conversation.status)
            )
        ).all()
    )
    since = _day_start(utcnow())
    today = (
        await session.execute(
            select(Conversation.staff_id, Conversation.created_at, Conversation.first_response_at).where(
                Conversation.merchant_id == merchant_id,
                Conversation.staff_id.is_not(None),
                Conversation.created_at >= since,
            )
        )
    ).all()
    per_agent: dict[int, list[timedelta | None]] = {}
    for staff_id, created, answered in today:
        if staff_id is None:
            continue
        per_agent.setdefault(staff_id, []).append(answered - created if answered else None)
    names = await chats.staff_names(session, list(per_agent))
    everyone = [d for waits in per_agent.values() for d in waits if d is not None]
    return schemas.ChatFiguresOut(
        waiting=int(counts.get(WAITING, 0)),
        open=int(counts.get(OPEN, 0)),
        avg_first_response_seconds=_mean_seconds(everyone),
        handled_today=[
            schemas.ChatHandledOut(
                staff_id=staff_id,
                name=names.get(staff_id, ""),
                handled=len(waits),
                avg_first_response_seconds=_mean_seconds([d for d in waits if d is not None]),
            )
            for staff_id, waits in sorted(per_agent.items(), key=lambda item: -len(item[1]))
        ],
    )


def _mean_seconds(durations: list[timedelta]) -> int | None:
    if not durations:
        return None
    return round(sum(d.total_seconds() for d in durations) / len(durations))
