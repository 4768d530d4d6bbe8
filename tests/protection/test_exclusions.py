"""Time-outs, self-exclusion and closure over real HTTP, on SQLite and Postgres (issue 34): every session and
game session ends at once; login, bets, deposits and bonuses are refused until the end (never, for a
permanent one), and nobody can lift it early; the only way in is the last withdrawal, with no session."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select, update

from server.content.messages import fanout
from server.db.session import Database
from server.protection.models import MemberProtection, PendingLimit
from tests.content.messages.support import recipients_of
from tests.content.messages.test_fanout import send
from tests.games.support import fund, ledger_is_clean
from tests.protection.support import protection, set_limit, vendor_bet, vendor_session
from tests.protection.test_limits import refused
from tests.support.accounts import member_id
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import operator, player, prepare_withdrawals

pytestmark = pytest.mark.usefixtures("demo")


async def test_self_exclusion_ends_every_session_and_refuses_everything(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-excl")
    tab_one, tab_two = await player(client), await player(client)
    token = await vendor_session(client, db, tab_one)
    ok(await set_limit(tab_one, "LOSS", "DAY", "50.00"))
    ok(await set_limit(tab_one, "LOSS", "DAY", "500.00"))  # a raise, waiting its 24 hours
    wrong = {"kind": "SELF_EXCLUSION", "months": 6, "password": "not-mine"}
    refused(await tab_one.call("POST", "/wps/protection/exclusion", wrong), 422, "OLD_PASSWORD_WRONG")
    for body in (
        {"kind": "SELF_EXCLUSION", "months": 7, "password": "Demo1234"},
        {"kind": "TIME_OUT", "days": 2, "password": "Demo1234"},
    ):
        refused(await tab_one.call("POST", "/wps/protection/exclusion", body), 422, "VALIDATION_ERROR")

    done = ok(await tab_one.call("POST", "/wps/protection/exclusion", wrong | {"password": "Demo1234"}))
    assert done["kind"] == "SELF_EXCLUSION"
    assert done["until"] > done["from"]
    # Both tabs' tokens are dead at once; the vendor's game session too.
    for tab in (tab_one, tab_two):
        assert (await tab.call("GET", "/wps/member/info")).status_code == 401
    refused(await vendor_bet(client, token, "x1", "1.00"), 401, "VENDOR_SESSION_INVALID")
    # Login is refused, saying until when and what is left to withdraw.
    again = Portal(client)
    value = refused(await again.login("player1"), 403, "SELF_EXCLUDED")
    assert value == {"kind": "SELF_EXCLUSION", "until": done["until"], "withdrawable": "100.00"}
    # No bonus from staff either.
    grant = {"amount": "5.00", "requestId": "excl-bonus-1", "reason": "goodwill"}
    staff = await operator(client, db)
    refused(
        await client.post("/wps/admin/members/player1/bonus", json=grant, headers=staff), 403, "SELF_EXCLUDED"
    )
    # The raise that was waiting is gone.
    member = await member_id(db, "player1")
    async with db.read_session() as session:
        statuses = list(
            await session.scalars(select(PendingLimit.status).where(PendingLimit.member_id == member))
        )
    assert statuses == ["CANCELLED"]
    await ledger_is_clean(db)


async def test_a_time_out_ends_when_its_days_are_over_and_not_before(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = await player(client, "player2")
    ok(
        await portal.call(
            "POST", "/wps/protection/exclusion", {"kind": "TIME_OUT", "days": 1, "password": "Demo1234"}
        )
    )
    refused(await Portal(client).login("player2"), 403, "SELF_EXCLUDED")
    member = await member_id(db, "player2")
    async with db.session() as session:
        await session.execute(
            update(MemberProtection)
            .where(MemberProtection.member_id == member)
            .values(excluded_until=MemberProtection.excluded_from)
        )
    back = await player(client, "player2")
    assert (await protection(back))["exclusion"] is None


async def test_a_closed_account_withdraws_what_is_left_without_a_session(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = await player(client)
    await prepare_withdrawals(client, db, portal)  # 3000.00, a payment password and a bank account
    refused(
        await portal.call("POST", "/wps/protection/closure", {"password": "nope"}), 422, "OLD_PASSWORD_WRONG"
    )
    closed = ok(await portal.call("POST", "/wps/protection/closure", {"password": "Demo1234"}))
    assert (closed["kind"], closed["until"]) == ("CLOSED", None)
    value = refused(await Portal(client).login("player1"), 403, "SELF_EXCLUDED")
    assert value == {"kind": "CLOSED", "until": None, "withdrawable": "3000.00"}
    ask = {
        "username": "player1",
        "password": "Demo1234",
        "paymentPassword": "246810",
        "requestId": "last-wd-1",
    }
    taken = ok(
        await client.post("/wps/protection/withdraw-remaining", json=ask, headers={"Merchant": "demo"})
    )
    assert taken["amount"] == "3000.00"
    refused(
        await client.post(
            "/wps/protection/withdraw-remaining",
            json=ask | {"requestId": "last-wd-2"},
            headers={"Merchant": "demo"},
        ),
        409,
        "NOTHING_TO_WITHDRAW",
    )
    # A wrong password counts toward the login's lock-out (the next try needs a captcha).
    wrong = ask | {"password": "Demo12345"}
    refused(
        await client.post("/wps/protection/withdraw-remaining", json=wrong, headers={"Merchant": "demo"}),
        401,
        "INVALID_CREDENTIALS",
    )
    # Someone not excluded logs in as usual instead.
    not_excluded = ask | {"username": "player2", "requestId": "p2-wd-1"}
    refused(
        await client.post(
            "/wps/protection/withdraw-remaining", json=not_excluded, headers={"Merchant": "demo"}
        ),
        403,
        "FORBIDDEN",
    )
    await ledger_is_clean(db)


async def test_a_message_to_everyone_skips_the_excluded(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client, "player3")
    ok(
        await portal.call(
            "POST", "/wps/protection/exclusion", {"kind": "TIME_OUT", "days": 7, "password": "Demo1234"}
        )
    )
    sent = await send(client, db, audience="ALL")
    await fanout.fan_out(db)
    reached = await recipients_of(db, sent)
    excluded = await member_id(db, "player3")
    assert excluded not in reached
    assert await member_id(db, "player1") in reached
    # Once the break is over, the next message reaches them again.
    async with db.session() as session:
        await session.execute(
            update(MemberProtection)
            .where(MemberProtection.member_id == excluded)
            .values(excluded_until=MemberProtection.excluded_from)
        )
    again = await send(client, db, audience="ALL")
    await fanout.fan_out(db)
    assert excluded in await recipients_of(db, again)
