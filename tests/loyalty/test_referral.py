"""Invite friends end to end over HTTP (issue 32): a player's page with its code and link, a friend
registering from the link's code on its own device, depositing and playing, the job paying the inviter once
however often it runs (a ledger transfer with its wagering lock, a platform message); friends from the
inviter's address or device earning nothing; players only; the switch REFERRAL3 honoured."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import update

from server.accounts.models import TRIAL, Member
from server.brands import service as brands
from server.db.session import Database
from server.loyalty.referral import invitees
from server.loyalty.referral.models import (
    AGENT_INVITER,
    SAME_ADDRESS,
    SAME_DEVICE,
    SELF,
    TRIAL_INVITEE,
    ReferralInvitee,
)
from server.promotions.entries import device_of
from tests.loyalty.test_referral_support import (
    ClientAt,
    at,
    deposit_and_play,
    invitee_row,
    messages_to,
    referral,
    register,
    rewards_of,
    run_job,
)
from tests.promotions.support import admin
from tests.support.accounts import member_id, token_for
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")

RULES = {
    "enabled": True,
    "reward": "25.00",
    "deposit": "100.00",
    "turnover": "30.00",
    "days": 30,
    "wagerMultiple": 1,
}


async def set_rules(client: httpx.AsyncClient, db: Database, **changes: object) -> None:
    ok(await client.put("/wps/admin/loyalty/referral", json={**RULES, **changes}, headers=await admin(db)))


async def test_a_friend_who_qualifies_pays_the_inviter_once(
    client: httpx.AsyncClient, client_at: ClientAt, db: Database
) -> None:
    inviter = await player(client)
    page = await referral(inviter)
    code = page["code"]
    assert len(code) == 8
    # The link is the portal's home page with the code, on the address the page was read on.
    assert page["link"] == f"http://127.0.0.1/?referralCode={code}"
    assert page["rules"] == {
        "enabled": True,
        "reward": "10.00",
        "deposit": "100.00",
        "turnover": "500.00",
        "days": 30,
        "wagerMultiple": 1,
    }
    assert (page["earned"], page["invitees"]) == ("0.00", [])
    assert (await referral(inviter))["code"] == code  # issued once
    await set_rules(client, db)
    balance_before = await sum_balance(client, inviter)

    async with at(client_at, "203.0.113.20", "FriendPhone/1.0") as phone:
        friend = await register(phone, "friend01", code)
        listed = (await referral(inviter))["invitees"]
        assert [(i["name"], i["status"], i["deposit"], i["reward"]) for i in listed] == [
            ("fr***1", "REGISTERED", "0.00", None)
        ]
        await deposit_and_play(client, db, friend, "friend01", "150.00", spins=2)
    friend_id, inviter_id = await member_id(db, "friend01"), await member_id(db, "player1")
    row = await invitee_row(db, friend_id)
    assert row is not None
    assert (row.inviter_id, row.ip, row.outcome) == (inviter_id, "203.0.113.20", None)
    assert row.device == device_of("FriendPhone/1.0", "203.0.113.20")
    [waiting] = (await referral(inviter))["invitees"]
    assert (waiting["status"], waiting["deposit"], waiting["turnover"]) == ("QUALIFIED", "150.00", "40.00")

    assert (await run_job(db))["paid"] == 1
    assert (await run_job(db))["paid"] == 0  # safe to run twice
    assert await rewards_of(db, inviter_id) == [(f"referral:{inviter_id}:{friend_id}", 25_00, 1)]
    assert await messages_to(db, inviter_id) == 1
    after = await referral(inviter)
    assert after["earned"] == "25.00"
    assert [(i["status"], i["reward"]) for i in after["invitees"]] == [("REWARDED", "25.00")]
    # Paid as bonus money with its wagering lock: the balance holds it, the reward centre lists it.
    assert await sum_balance(client, inviter) == f"{float(balance_before) + 25:.2f}"
    rewards = ok(await client.get("/wps/member/rewards", headers=inviter.headers()))
    assert [(r["kind"], r["amount"]) for r in rewards["loyalty"]] == [("REFERRAL", "25.00")]
    await ledger_is_clean(db)


async def test_friends_from_the_inviters_address_or_device_earn_nothing(
    client: httpx.AsyncClient, client_at: ClientAt, db: Database
) -> None:
    await set_rules(client, db)
    async with at(client_at, "198.51.100.10") as home:
        inviter = Portal(home)
        ok(await inviter.login("player2"))
        code = (await referral(inviter))["code"]
        # The same address as the inviter's last sign-in, another browser.
        async with at(client_at, "198.51.100.10", "OtherBrowser/2.0") as same_address:
            twin = await register(same_address, "twin01", code)
            await deposit_and_play(client, db, twin, "twin01", "150.00", spins=2)
        # The same browser from the same network, another address in it.
        async with at(client_at, "198.51.100.11") as same_device:
            clone = await register(same_device, "clone01", code)
            await deposit_and_play(client, db, clone, "clone01", "150.00", spins=2)
        listed = (await referral(inviter))["invitees"]
        assert sorted((i["name"], i["status"]) for i in listed) == [
            ("cl***1", "INELIGIBLE"),
            ("tw***1", "INELIGIBLE"),
        ]
    inviter.client = client  # its own client is closed: the page is read on the test's
    twin_row, clone_row = (
        await invitee_row(db, await member_id(db, "twin01")),
        await invitee_row(db, await member_id(db, "clone01")),
    )
    assert twin_row is not None
    assert clone_row is not None
    assert (twin_row.outcome, twin_row.reason) == ("INELIGIBLE", SAME_ADDRESS)
    assert (clone_row.outcome, clone_row.reason) == ("INELIGIBLE", SAME_DEVICE)
    assert (await run_job(db))["paid"] == 0
    assert await rewards_of(db, await member_id(db, "player2")) == []
    assert [i["status"] for i in (await referral(inviter))["invitees"]] == ["INELIGIBLE", "INELIGIBLE"]
    await ledger_is_clean(db)


async def test_self_referral_trial_invitees_and_agent_inviters_earn_nothing(
    client: httpx.AsyncClient, client_at: ClientAt, db: Database
) -> None:
    """Pairs the registration cannot make (it takes players' codes only, and never a member's own), written
    into the members table as an older release or a data import could have: the job notes them (without a
    device) and refuses them."""
    await set_rules(client, db, deposit="0.00", turnover="0.00")
    async with at(client_at, "203.0.113.30", "Phone/3") as phone:
        trial = await register(phone, "trial01", None)
        await deposit_and_play(client, db, trial, "trial01", "100.00", spins=0)
    async with at(client_at, "203.0.113.31", "Phone/4") as phone:
        own = await register(phone, "self01", None)
        await deposit_and_play(client, db, own, "self01", "100.00", spins=0)
    async with at(client_at, "203.0.113.32", "Phone/5") as phone:
        agents_friend = await register(phone, "agentsfriend", None)
        await deposit_and_play(client, db, agents_friend, "agentsfriend", "100.00", spins=0)
    player1, agent1 = await member_id(db, "player1"), await member_id(db, "agent1")
    trial_id, self_id = await member_id(db, "trial01"), await member_id(db, "self01")
    friend_id = await member_id(db, "agentsfriend")
    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.id == trial_id).values(referred_by_id=player1, member_type=TRIAL)
        )
        await session.execute(update(Member).where(Member.id == self_id).values(referred_by_id=self_id))
        await session.execute(update(Member).where(Member.id == friend_id).values(referred_by_id=agent1))

    report = await run_job(db)
    assert (report["noted"], report["ineligible"], report["paid"]) == (3, 3, 0)
    reasons = {}
    for invitee_id in (trial_id, self_id, friend_id):
        row = await invitee_row(db, invitee_id)
        assert row is not None
        assert row.device is None
        reasons[invitee_id] = (row.outcome, row.reason)
    assert reasons == {
        trial_id: ("INELIGIBLE", TRIAL_INVITEE),
        self_id: ("INELIGIBLE", SELF),
        friend_id: ("INELIGIBLE", AGENT_INVITER),
    }
    assert (await run_job(db))["noted"] == 0
    for member in (player1, agent1, self_id):
        assert await rewards_of(db, member) == []
    await ledger_is_clean(db)


async def test_players_only_and_the_switch(client: httpx.AsyncClient, db: Database) -> None:
    failed(await client.get("/wps/member/referral", headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")
    agent = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "agent1")}
    failed(await client.get("/wps/member/referral", headers=agent), 403, "FORBIDDEN")
    failed(await client.get("/wps/member/referral/qr.svg", headers=agent), 403, "FORBIDDEN")
    inviter = await player(client)
    await referral(inviter)
    async with db.session() as session:
        await brands.set_switch(session, "demo", "REFERRAL3", enabled=False)
    assert failed(
        await client.get("/wps/member/referral", headers=inviter.headers()), 403, "MODULE_DISABLED"
    ) == {"modId": "REFERRAL3"}
    failed(await client.get("/wps/member/referral", headers=agent), 403, "MODULE_DISABLED")


async def test_nothing_is_paid_while_the_switch_is_off(
    client: httpx.AsyncClient, client_at: ClientAt, db: Database
) -> None:
    await set_rules(client, db, deposit="100.00", turnover="0.00")
    inviter = await player(client)
    code = (await referral(inviter))["code"]
    async with at(client_at, "203.0.113.40", "Tablet/1") as tablet:
        friend = await register(tablet, "friend02", code)
        await deposit_and_play(client, db, friend, "friend02", "100.00", spins=0)
    async with db.session() as session:
        await brands.set_switch(session, "demo", "REFERRAL3", enabled=False)
    assert (await run_job(db))["paid"] == 0
    async with db.session() as session:
        await brands.set_switch(session, "demo", "REFERRAL3", enabled=True)
    await set_rules(client, db, enabled=False, deposit="100.00", turnover="0.00")
    assert (await run_job(db))["paid"] == 0  # the programme paused by staff
    await set_rules(client, db, deposit="100.00", turnover="0.00")
    assert (await run_job(db))["paid"] == 1  # its window still open: paid once the programme is back
    await ledger_is_clean(db)


async def test_the_link_follows_the_brands_address(client: httpx.AsyncClient) -> None:
    inviter = await player(client)
    code = (await referral(inviter))["code"]
    on_domain = await client.get(
        "/wps/member/referral", headers={**inviter.headers(), "Host": "demo.localhost:5173"}
    )
    assert ok(on_domain)["link"] == f"http://demo.localhost:5173/?referralCode={code}"
    # A host that is not the brand's never makes the link point elsewhere: the bare path, which the portal
    # completes with its own address.
    forged = await client.get("/wps/member/referral", headers={**inviter.headers(), "Host": "evil.example"})
    assert ok(forged)["link"] == f"/?referralCode={code}"
    # The QR code is the link's, for a link a phone can open; none for the bare path.
    assert ok(on_domain)["qrUrl"] == "/wps/member/referral/qr.svg"
    assert ok(forged)["qrUrl"] is None
    qr = await client.get(
        "/wps/member/referral/qr.svg", headers={**inviter.headers(), "Host": "demo.localhost:5173"}
    )
    assert qr.status_code == 200
    assert qr.headers["content-type"] == "image/svg+xml"
    assert qr.headers["cache-control"] == "private, max-age=300"
    assert b"<svg" in qr.content[:300]
    failed(
        await client.get(
            "/wps/member/referral/qr.svg", headers={**inviter.headers(), "Host": "evil.example"}
        ),
        404,
        "NOT_FOUND",
    )


def test_the_device_fingerprint_is_the_promotions_one() -> None:
    for agent, ip in (("A/1", "10.1.2.3"), ("B", "2001:db8::1"), (None, "10.0.0.1"), ("C", None)):
        assert invitees.device_of(agent, ip) == device_of(agent, ip)


async def test_what_comes_after_the_window_does_not_count(
    client: httpx.AsyncClient, client_at: ClientAt, db: Database
) -> None:
    await set_rules(client, db, days=1)
    inviter = await player(client)
    code = (await referral(inviter))["code"]
    async with at(client_at, "203.0.113.50", "Laptop/1") as laptop:
        late = await register(laptop, "late01", code)
        late_id = await member_id(db, "late01")
        row = await invitee_row(db, late_id)
        assert row is not None
        assert row.window_ends_at - row.registered_at == timedelta(days=1)  # the rules' days at registration
        # Its day is over (moved back, as if it registered two days ago) before it deposits and plays.
        async with db.session() as session:
            await session.execute(
                update(ReferralInvitee)
                .where(ReferralInvitee.invitee_id == late_id)
                .values(
                    registered_at=row.registered_at - timedelta(days=2),
                    window_ends_at=row.window_ends_at - timedelta(days=2),
                )
            )
        await deposit_and_play(client, db, late, "late01", "150.00", spins=2)
    [listed] = (await referral(inviter))["invitees"]
    assert (listed["status"], listed["deposit"], listed["turnover"]) == ("REGISTERED", "0.00", "0.00")
    assert (await run_job(db))["paid"] == 0
    await ledger_is_clean(db)
