"""The two statements that store a chat message under its conversation's row lock (conversations.append):
what must be looked up first, and the numbered INSERT with the conversation's UPDATE.

On Postgres both go straight to the driver's connection, inside the session's transaction, as fixed SQL that
asyncpg prepares once per connection: they run for every message, and SQLAlchemy's statement building,
caching and result handling cost as much CPU as the round trip itself (py-spy on the chat bench). Elsewhere
(SQLite) the same statements are built with SQLAlchemy Core."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, literal, null, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from server.accounts.models import Staff
from server.http.core import errors
from server.http.core.errors import AppError
from server.support.models import SYSTEM, ChatMessage, Conversation

# The row lock of a send (conversations.locked's), with only the columns a send reads; the owner's condition
# as locked() puts it (a member's own; a visitor's while no member has it), so a stranger locks nothing.
_LOCK = """
SELECT id, queue, status, staff_id, last_seq, first_response_at, visitor_email
FROM chat_conversations WHERE id = $1 AND merchant_id = $2{owner}
FOR UPDATE
"""
_LOCK_ANY = _LOCK.format(owner="")
_LOCK_MEMBER = _LOCK.format(owner=" AND member_id = $3")
_LOCK_VISITOR = _LOCK.format(owner=" AND member_id IS NULL AND visitor_hash = $3")
_COLUMNS = ("id", "queue", "status", "staff_id", "last_seq", "first_response_at", "visitor_email")

_LOOK_UP = """
SELECT
  (SELECT id FROM chat_messages WHERE conversation_id = $1 AND client_id = $2),
  (SELECT count(*) FROM chat_messages WHERE conversation_id = $1 AND side = $3 AND created_at > $4),
  (SELECT coalesce(nullif(nickname, ''), username) FROM staff WHERE id = $5)
"""
_STORE = """
WITH bump AS (
  UPDATE chat_conversations
  SET last_seq = $2, last_message_at = $10,
      first_response_at = CASE WHEN $11::boolean THEN $10 ELSE first_response_at END
  WHERE id = $1
  RETURNING id
)
INSERT INTO chat_messages
  (conversation_id, seq, client_id, side, kind, staff_id, body, image_width, image_height, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING id
"""


async def _driver(session: AsyncSession) -> Any:
    """The asyncpg connection under the session's transaction, after the session's pending changes are
    written (the driver's statements must see them, and come after them); None on another database."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    if session.dirty or session.new or session.deleted:
        await session.flush()
    connection = await session.connection()
    return (await connection.get_raw_connection()).driver_connection


async def locked_for_send(
    session: AsyncSession,
    merchant_id: int,
    conversation_id: int,
    *,
    owner: tuple[int | None, str | None] | None,
) -> Conversation | None:
    """On Postgres, the conversation row locked as conversations.locked() locks it (owner = (member id,
    visitor hash) for a player, None for staff), read with the driver instead of the ORM's SELECT, which was a
    quarter of a socket send's CPU (py-spy, chat bench). What comes back is a detached Conversation with only
    the columns a send reads (append, reply): nothing else may be read from it, and changes to it are not
    written (a send writes through storing.store). CHAT_NOT_FOUND as locked(); None on another database."""
    driver = await _driver(session)
    if driver is None:
        return None
    if owner is None:
        row = await driver.fetchrow(_LOCK_ANY, conversation_id, merchant_id)
    elif owner[0] is not None:
        row = await driver.fetchrow(_LOCK_MEMBER, conversation_id, merchant_id, owner[0])
    elif owner[1] is not None:
        row = await driver.fetchrow(_LOCK_VISITOR, conversation_id, merchant_id, owner[1])
    else:
        row = None  # nobody yet: nothing (Player.owns)
    if row is None:
        raise AppError(errors.CHAT_NOT_FOUND)
    return Conversation(merchant_id=merchant_id, **dict(zip(_COLUMNS, row, strict=True)))


async def looked_up(
    session: AsyncSession,
    conversation_id: int,
    side: str,
    client_id: str | None,
    staff_id: int | None,
    *,
    since: datetime,
) -> tuple[int | None, int, str | None]:
    """In one statement, under the conversation's row lock: the message a client id was stored as before, the
    side's messages in the rate window (counted under the lock, so that parallel sends of one side take turns
    and the eleventh of eleven sees the other ten), and the sending staff member's name."""
    driver = await _driver(session)
    if driver is not None:
        row = await driver.fetchrow(_LOOK_UP, conversation_id, client_id, side, since, staff_id)
        assert row is not None
        return row[0], int(row[1]) if side != SYSTEM else 0, row[2]
    earlier = (
        select(ChatMessage.id)
        .where(ChatMessage.conversation_id == conversation_id, ChatMessage.client_id == client_id)
        .scalar_subquery()
        if client_id is not None
        else null()
    )
    recent = (
        select(func.count())
        .select_from(ChatMessage)
        .where(
            ChatMessage.conversation_id == conversation_id,
            ChatMessage.side == side,
            ChatMessage.created_at > since,
        )
        .scalar_subquery()
        if side != SYSTEM
        else literal(0)
    )
    name = (
        select(func.coalesce(func.nullif(Staff.nickname, ""), Staff.username))
        .where(Staff.id == staff_id)
        .scalar_subquery()
        if staff_id is not None
        else null()
    )
    found = (await session.execute(select(earlier, recent, name))).one()
    return found[0], int(found[1] or 0), found[2]


async def store(
    session: AsyncSession, conversation: Conversation, fields: dict[str, Any], first_response: bool
) -> int:
    """Number the message and store it; its id. On Postgres one statement (the conversation's UPDATE as a
    CTE of the INSERT: it runs once, whether or not the INSERT reads it); elsewhere two. The conversation
    object is told the values as committed, so that the session does not write them again."""
    now = fields["created_at"]
    values: dict[str, Any] = {"last_seq": fields["seq"], "last_message_at": now}
    if first_response:
        values["first_response_at"] = now
    driver = await _driver(session)
    if driver is not None:
        message_id = await driver.fetchval(
            _STORE,
            fields["conversation_id"],
            fields["seq"],
            fields["client_id"],
            fields["side"],
            fields["kind"],
            fields["staff_id"],
            fields["body"],
            fields["image_width"],
            fields["image_height"],
            now,
            first_response,
        )
    else:
        bump = update(Conversation).where(Conversation.id == conversation.id).values(values)
        stored = insert(ChatMessage).values(fields).returning(ChatMessage.id)
        await session.execute(bump.execution_options(synchronize_session=False))
        message_id = await session.scalar(stored)
    for key, value in values.items():
        set_committed_value(conversation, key, value)
    assert message_id is not None
    return int(message_id)
