"""What the chat tests share: logins, a visitor, the desk's presence, sending."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
from sqlalchemy import select

from server.accounts.models import Member, Staff
from server.brands.models import Merchant
from server.db.session import Database
from server.support.models import ChatMessage
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import ok

CHAT = "/wps/chat"
DESK = "/wps/admin/chat"
_ids = itertools.count(1)


def client_id() -> str:
    return f"test-{next(_ids):08d}"


def visitor(merchant: str = "demo", token: str | None = None) -> dict[str, str]:
    headers = {"Merchant": merchant}
    if token:
        headers["Chat-Visitor"] = token
    return headers


async def member(db: Database, username: str = "player1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username), merchant)


async def staff(db: Database, username: str = "support1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username, staff=True), merchant)


async def at_desk(client: httpx.AsyncClient, headers: dict[str, str], presence: str = "AWAY") -> Any:
    return ok(await client.put(f"{DESK}/presence", json={"presence": presence}, headers=headers))


async def start(client: httpx.AsyncClient, headers: dict[str, str], text: str = "Hello, I need help") -> Any:
    return ok(
        await client.post(
            f"{CHAT}/conversations", json={"clientId": client_id(), "text": text}, headers=headers
        )
    )


async def say(client: httpx.AsyncClient, headers: dict[str, str], conversation_id: int, text: str) -> Any:
    return ok(
        await client.post(
            f"{CHAT}/conversations/{conversation_id}/messages",
            json={"clientId": client_id(), "text": text},
            headers=headers,
        )
    )


async def answer(client: httpx.AsyncClient, headers: dict[str, str], conversation_id: int, text: str) -> Any:
    return ok(
        await client.post(
            f"{DESK}/conversations/{conversation_id}/messages",
            json={"clientId": client_id(), "text": text},
            headers=headers,
        )
    )


async def history(
    client: httpx.AsyncClient, headers: dict[str, str], conversation_id: int, after: int = 0
) -> Any:
    found = ok(
        await client.get(
            f"{CHAT}/conversations/{conversation_id}/messages", params={"after": after}, headers=headers
        )
    )
    return found["list"]


async def account_id(db: Database, username: str, merchant: str = "demo", *, of_staff: bool = False) -> int:
    """The id of a demo member (or, with of_staff, a staff member) of the merchant."""
    model = Staff if of_staff else Member
    async with db.read_session() as session:
        found = await session.scalar(
            select(model.id)
            .join(Merchant, Merchant.id == model.merchant_id)
            .where(Merchant.code == merchant, model.username == username)
        )
    assert found is not None, f"no {username} on {merchant}"
    return found


async def stored_messages(db: Database, conversation_id: int) -> list[ChatMessage]:
    """Every message of the conversation as stored (notes and system lines included), by seq."""
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(ChatMessage)
                .where(ChatMessage.conversation_id == conversation_id)
                .order_by(ChatMessage.seq)
            )
        )


async def more_agents(db: Database, count: int, merchant: str = "demo") -> list[str]:
    """`count` more SUPPORT staff on the merchant (support2, support3, ...), for races between distinct
    agents (one agent's several logins claiming are one claimant: its second claim is a repeat)."""
    async with db.session() as session:
        model = await session.scalar(
            select(Staff)
            .join(Merchant, Merchant.id == Staff.merchant_id)
            .where(Merchant.code == merchant, Staff.username == "support1")
        )
        assert model is not None
        names = [f"support{n}" for n in range(2, count + 2)]
        session.add_all(
            [
                Staff(
                    merchant_id=model.merchant_id,
                    username=name,
                    password_hash=model.password_hash,
                    role="SUPPORT",
                    nickname=f"Support {name[7:]}",
                )
                for name in names
            ]
        )
    return names
