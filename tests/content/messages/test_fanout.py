"""The fan-out job: a label, a rank or everyone of one merchant gets the message (active, non-trial members
only, never another merchant's), in batches; a crash mid-way resumes without duplicates; the pushes."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts.models import TRIAL, Member
from server.content.messages import fanout
from server.content.messages.models import PlatformMessage
from server.db.base import utcnow
from server.db.session import Database
from tasks.runner import run_job
from tests.content.messages.support import (
    CONSOLE,
    Sent,
    add_members,
    direct,
    inbox,
    member,
    merchant_id,
    pushes,
    recipients_of,
    row_count,
    staff,
)
from tests.support.accounts import member_id
from tests.support.portal import ok

pytestmark = pytest.mark.usefixtures("demo")


async def send(client: httpx.AsyncClient, db: Database, merchant: str = "demo", **audience: object) -> int:
    body = {**audience, "texts": {"EN": {"title": "To many", "content": "<p>Hello all</p>"}}}
    sent = ok(await client.post(CONSOLE, json=body, headers=await staff(db, "admin1", merchant)))
    assert sent["status"] == "PENDING"
    return int(sent["id"])


async def message(db: Database, message_id: int) -> PlatformMessage:
    async with db.read_session() as session:
        found = await session.get(PlatformMessage, message_id)
    assert found is not None
    return found


async def everyone_who_counts(db: Database, merchant: str = "demo") -> list[int]:
    owner = await merchant_id(db, merchant)
    async with db.read_session() as session:
        return sorted(
            await session.scalars(
                select(Member.id).where(
                    Member.merchant_id == owner, Member.status == "ACTIVE", Member.member_type != TRIAL
                )
            )
        )


async def test_a_label_reaches_its_members_only_with_their_counts(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    gold = [await member_id(db, "agent1"), *await add_members(db, "demo", "gold", 4, club_label_name="Gold")]
    await add_members(db, "demo", "goldoff", 1, club_label_name="Gold", status="DISABLED")
    await add_members(
        db, "demo", "goldtrial", 1, club_label_name="Gold", member_type=TRIAL, created_by="TRIAL"
    )
    await add_members(db, "demo", "silver", 2, club_label_name="Silver")
    await add_members(db, "demo2", "gold", 2, club_label_name="Gold")
    earlier = await direct(db, gold[1], "Earlier")  # this one's count is 2 after the fan-out
    sent = await send(client, db, audience="LABEL", label="Gold")
    emitted.clear()

    report = await fanout.fan_out(db, batch_size=2)
    assert (report.messages, report.batches, report.delivered) == (1, 3, 5)
    assert await recipients_of(db, sent) == sorted(gold)
    done = await message(db, sent)
    assert (done.status, done.recipients, done.cursor, done.claimed_until) == ("SENT", 5, max(gold), None)
    for reached in gold:
        assert pushes(emitted, f"user:{reached}") == [{"count": 2 if reached == gold[1] else 1}]
    assert len(pushes(emitted, "merchant:demo")) == 0
    assert len(emitted) == 5

    headers = await member(db, "gold0")  # gold[1]
    assert [m["id"] for m in (await inbox(client, headers))["list"]] == [sent, earlier]
    # Sent is sent: the next run finds nothing to do.
    assert (await fanout.fan_out(db, batch_size=2)).messages == 0


async def test_a_rank_reaches_its_members_of_this_merchant(client: httpx.AsyncClient, db: Database) -> None:
    ranked = [await member_id(db, "player2"), *await add_members(db, "demo", "rank1_", 2, rank_level=1)]
    await add_members(db, "demo", "rank2_", 2, rank_level=2)
    sent = await send(client, db, audience="RANK", rank=1)  # demo2's player1 is rank 1 too
    await fanout.fan_out(db)
    assert await recipients_of(db, sent) == sorted(ranked)


async def test_everyone_gets_it_and_the_merchant_room_one_push(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    await add_members(db, "demo", "many", 7)
    await add_members(db, "demo", "off", 1, status="DISABLED")
    await add_members(db, "demo2", "many", 3)
    sent = await send(client, db, audience="ALL")
    emitted.clear()
    assert await run_job(db, "content.fan_out_messages", runner="test") == {
        "messages": 1,
        "batches": 1,
        "delivered": 11,  # agent1, player1..3 and the seven
    }
    assert await recipients_of(db, sent) == await everyone_who_counts(db)
    assert emitted == [("messages:unread", "merchant:demo", {"count": None})]
    player = await member(db, "many6")
    assert ok(await client.get("/wps/member/messages/unread", headers=player)) == {"count": 1}
    assert (await inbox(client, await member(db, "player1", "demo2")))["list"] == []


async def test_a_crash_mid_way_resumes_without_duplicates(client: httpx.AsyncClient, db: Database) -> None:
    silver = [
        await member_id(db, "player1"),
        *await add_members(db, "demo", "silver", 6, club_label_name="Silver"),
    ]
    sent = await send(client, db, audience="LABEL", label="Silver")

    # A worker writes one batch and dies, its lease still running.
    assert (await fanout.fan_out(db, batch_size=3, max_batches=1)).delivered == 3
    half = await message(db, sent)
    assert (half.status, half.recipients, half.cursor) == ("SENDING", 3, sorted(silver)[2])
    # Another worker leaves it alone while the lease runs...
    assert (await fanout.fan_out(db, batch_size=3)).messages == 0
    assert await row_count(db, sent) == 3
    # ...and takes over where the cursor stands once it has run out.
    async with db.session() as session:
        await session.execute(
            update(PlatformMessage)
            .where(PlatformMessage.id == sent)
            .values(claimed_until=utcnow() - timedelta(seconds=1))
        )
    assert (await fanout.fan_out(db, batch_size=3)).delivered == 4
    assert await recipients_of(db, sent) == sorted(silver)

    # Even a cursor set back (the worst a bug could do) writes nothing twice: the pair is unique.
    async with db.session() as session:
        await session.execute(
            update(PlatformMessage).where(PlatformMessage.id == sent).values(status="SENDING", cursor=0)
        )
    assert (await fanout.fan_out(db, batch_size=3)).delivered == 0
    again = await message(db, sent)
    assert (again.status, again.recipients, await row_count(db, sent)) == ("SENT", 7, 7)


async def test_the_job_is_registered_to_run_every_two_seconds() -> None:
    from tasks.jobs import JOBS, DatabaseJob

    job = JOBS["content.fan_out_messages"]
    assert isinstance(job, DatabaseJob)
    assert job.every == timedelta(seconds=2)
