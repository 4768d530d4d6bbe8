"""A member's inbox: the list in the member's language, read, read all, delete; another member's or
merchant's message is a 404; every change of the unread count is pushed to the member's room, after COMMIT."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.content.messages import service
from server.content.messages.models import MessageRecipient
from server.db.session import Database
from tests.content.messages.support import (
    MESSAGES,
    Sent,
    direct,
    inbox,
    member,
    merchant_id,
    pushes,
    set_language,
    trial_member,
    unread,
)
from tests.support.accounts import member_id
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def test_list_read_read_all_and_delete(client: httpx.AsyncClient, db: Database, emitted: Sent) -> None:
    me = await member_id(db, "player1")
    player = await member(db, "player1")
    first = await direct(db, me, "First", "<p>one</p>")
    second = await direct(db, me, "Second", "<p>two</p>")
    third = await direct(db, me, "Third", "<p>three</p>")
    assert pushes(emitted, f"user:{me}") == [{"count": 1}, {"count": 2}, {"count": 3}]

    found = await inbox(client, player)
    assert [m["id"] for m in found["list"]] == [third, second, first]  # newest first
    assert (found["total"], found["unread"], found["pageNum"], found["totalPages"]) == (3, 3, 1, 1)
    newest = found["list"][0]
    assert (newest["title"], newest["content"], newest["kind"], newest["read"]) == (
        "Third",
        "<p>three</p>",
        "STAFF",
        False,
    )
    assert isinstance(newest["createdAt"], int)
    assert newest["createdAt"] > 1_700_000_000_000
    assert await unread(client, player) == 3

    emitted.clear()
    assert ok(await client.put(f"{MESSAGES}/{second}/read", headers=player)) == {"unread": 2}
    assert pushes(emitted, f"user:{me}") == [{"count": 2}]
    # Reading it again answers the same count and pushes nothing: the count did not move.
    assert ok(await client.put(f"{MESSAGES}/{second}/read", headers=player)) == {"unread": 2}
    assert pushes(emitted, f"user:{me}") == [{"count": 2}]
    assert [m["read"] for m in (await inbox(client, player))["list"]] == [False, True, False]
    assert [m["id"] for m in (await inbox(client, player, unread="true"))["list"]] == [third, first]

    page = await inbox(client, player, pageNo=2, pageSize=2)
    assert ([m["id"] for m in page["list"]], page["totalPages"], page["total"]) == ([first], 2, 3)
    failed(await client.get(MESSAGES, params={"pageSize": 51}, headers=player), 422, "VALIDATION_ERROR")

    # Deleting an unread message moves the count; deleting a read one does not (and pushes nothing).
    emitted.clear()
    assert ok(await client.delete(f"{MESSAGES}/{first}", headers=player)) == {"unread": 1}
    assert ok(await client.delete(f"{MESSAGES}/{second}", headers=player)) == {"unread": 1}
    assert pushes(emitted, f"user:{me}") == [{"count": 1}]
    failed(await client.delete(f"{MESSAGES}/{first}", headers=player), 404, "MESSAGE_NOT_FOUND")
    failed(await client.put(f"{MESSAGES}/{first}/read", headers=player), 404, "MESSAGE_NOT_FOUND")
    assert [m["id"] for m in (await inbox(client, player))["list"]] == [third]

    emitted.clear()
    assert ok(await client.put(f"{MESSAGES}/read-all", headers=player)) == {"unread": 0}
    assert ok(await client.put(f"{MESSAGES}/read-all", headers=player)) == {"unread": 0}
    assert pushes(emitted, f"user:{me}") == [{"count": 0}]  # once: the second moved nothing
    assert await unread(client, player) == 0


async def test_another_members_or_merchants_message_is_not_found(
    client: httpx.AsyncClient, db: Database
) -> None:
    mine = await direct(db, await member_id(db, "player1"), "Mine")
    theirs = await direct(db, await member_id(db, "player1", "demo2"), "Brand two")
    player2 = await member(db, "player2")
    elsewhere = await member(db, "player1", "demo2")
    for headers, message in ((player2, mine), (elsewhere, mine), (player2, theirs)):
        failed(await client.put(f"{MESSAGES}/{message}/read", headers=headers), 404, "MESSAGE_NOT_FOUND")
        failed(await client.delete(f"{MESSAGES}/{message}", headers=headers), 404, "MESSAGE_NOT_FOUND")
    failed(await client.put(f"{MESSAGES}/999999/read", headers=player2), 404, "MESSAGE_NOT_FOUND")
    assert (await inbox(client, player2))["list"] == []
    assert [m["title"] for m in (await inbox(client, elsewhere))["list"]] == ["Brand two"]
    # Nothing was changed by the refused calls.
    async with db.read_session() as session:
        rows = (await session.execute(select(MessageRecipient.read_at, MessageRecipient.deleted_at))).all()
    assert rows
    assert all(r.read_at is None and r.deleted_at is None for r in rows)
    failed(await client.get(MESSAGES, headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")


async def test_pushes_leave_only_after_commit(db: Database, emitted: Sent) -> None:
    me = await member_id(db, "player2")
    demo = await merchant_id(db)
    message = await direct(db, me)
    emitted.clear()
    async with db.session() as session:
        assert await service.mark_read(session, me, message) == 0
        assert emitted == []
    assert emitted == [("messages:unread", f"user:{me}", {"count": 0})]

    # A rolled-back change pushes nothing.
    emitted.clear()

    async def send_then_fail() -> None:
        async with db.session() as session:
            await service.send_direct(
                session,
                merchant_id=demo,
                member_id=me,
                kind="STAFF",
                title="x",
                content="y",
                sender_staff_id=None,
            )
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        await send_then_fail()
    assert emitted == []
    async with db.read_session() as session:
        assert await service.unread_count(session, me) == 0


async def test_each_member_reads_in_their_language(client: httpx.AsyncClient, db: Database) -> None:
    me = await member_id(db, "player3")
    player = await member(db, "player3")
    async with db.session() as session:
        await service.deliver(
            session,
            merchant_id=await merchant_id(db),
            member_id=me,
            kind="STAFF",
            texts={"EN": {"title": "Hello", "content": ""}, "VI": {"title": "Xin chào", "content": ""}},
            sender_staff_id=None,
        )
    assert [m["title"] for m in (await inbox(client, player))["list"]] == ["Hello"]  # the merchant's default
    await set_language(db, me, "VI")
    assert [m["title"] for m in (await inbox(client, player))["list"]] == ["Xin chào"]
    await set_language(db, me, "JA")  # no Japanese text: the merchant's default, English
    assert [m["title"] for m in (await inbox(client, player))["list"]] == ["Hello"]


async def test_trial_accounts_read_an_empty_inbox_and_change_nothing(
    client: httpx.AsyncClient, db: Database
) -> None:
    trial = await trial_member(db)
    assert (await inbox(client, trial))["list"] == []
    assert await unread(client, trial) == 0
    failed(await client.put(f"{MESSAGES}/read-all", headers=trial), 403, "in_need_true_account")
    failed(await client.put(f"{MESSAGES}/1/read", headers=trial), 403, "in_need_true_account")
