"""What the message tests share: logins, members made to measure, a message sent the way staff send one."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import func, select, update

from server.accounts.models import TRIAL, Member
from server.brands.models import Merchant
from server.content.messages import service
from server.content.messages.models import MessageRecipient
from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import ok

MESSAGES = "/wps/member/messages"
CONSOLE = "/wps/admin/messages"
Sent = list[tuple[str, str | None, Any]]


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username, staff=True), merchant)


async def member(db: Database, username: str, merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username), merchant)


async def merchant_id(db: Database, code: str = "demo") -> int:
    async with db.read_session() as session:
        found = await session.scalar(select(Merchant.id).where(Merchant.code == code))
    assert found is not None
    return int(found)


async def add_members(db: Database, merchant: str, prefix: str, count: int, **fields: Any) -> list[int]:
    """`count` members named prefix0, prefix1, ... with the given columns (label, rank, status, type)."""
    owner = await merchant_id(db, merchant)
    async with db.session() as session:
        made = [
            Member(merchant_id=owner, username=f"{prefix}{n}", password_hash="!unusable", **fields)
            for n in range(count)
        ]
        session.add_all(made)
        await session.flush()
        return [m.id for m in made]


async def trial_member(db: Database, merchant: str = "demo") -> dict[str, str]:
    await add_members(db, merchant, "trialmsg", 1, member_type=TRIAL, created_by="TRIAL")
    return await member(db, "trialmsg0", merchant)


async def set_language(db: Database, member: int, language: str | None) -> None:
    async with db.session() as session:
        await session.execute(update(Member).where(Member.id == member).values(language=language))


async def direct(db: Database, to: int, title: str = "Hello", content: str = "<p>Hi</p>") -> int:
    """A staff message to one member, written and committed as the console writes it."""
    async with db.session() as session:
        owner = await session.scalar(select(Member.merchant_id).where(Member.id == to))
        assert owner is not None
        return await service.send_direct(
            session,
            merchant_id=owner,
            member_id=to,
            kind="STAFF",
            title=title,
            content=content,
            sender_staff_id=None,
        )


async def recipients_of(db: Database, message: int) -> list[int]:
    async with db.read_session() as session:
        return sorted(
            await session.scalars(
                select(MessageRecipient.member_id).where(MessageRecipient.message_id == message)
            )
        )


async def row_count(db: Database, message: int) -> int:
    async with db.read_session() as session:
        found = await session.scalar(
            select(func.count()).select_from(MessageRecipient).where(MessageRecipient.message_id == message)
        )
    return int(found or 0)


async def inbox(client: httpx.AsyncClient, headers: dict[str, str], **params: Any) -> dict[str, Any]:
    found: dict[str, Any] = ok(await client.get(MESSAGES, params=params, headers=headers))
    return found


async def unread(client: httpx.AsyncClient, headers: dict[str, str]) -> int:
    return int(ok(await client.get(f"{MESSAGES}/unread", headers=headers))["count"])


def pushes(emitted: Sent, room: str) -> list[Any]:
    return [payload for event, to, payload in emitted if event == "messages:unread" and to == room]
