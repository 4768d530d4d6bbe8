"""What the invite-friends tests share (no tests here): a friend registering from its own address and browser,
depositing and playing the house slot, the job run as the worker runs it, and what the database holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from sqlalchemy import func, select

from server.content.messages.models import PlatformMessage
from server.content.messages.templates import REFERRAL_REWARDED
from server.db.session import Database
from server.loyalty.models import LoyaltyReward
from server.loyalty.referral.job import pay_referral_rewards
from server.loyalty.referral.models import ReferralInvitee
from tests.games.test_house_api import house_headers, open_game
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import deposit_bank

ClientAt = Callable[[str], httpx.AsyncClient]
PASSWORD = "Secret123"


async def referral(portal: Portal) -> dict[str, Any]:
    page: dict[str, Any] = ok(await portal.client.get("/wps/member/referral", headers=portal.headers()))
    return page


async def register(client: httpx.AsyncClient, username: str, code: str | None) -> Portal:
    """Register (and sign in) through the portal's own call, as the registration form does."""
    portal = Portal(client)
    body: dict[str, Any] = {
        "username": username,
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "agreement": True,
        "login": True,
        "challenge": await portal.challenge(),
    }
    if code is not None:
        body["referralCode"] = code
    value = ok(await portal.call("PUT", "/wps/member/register", body, encrypted=True))
    portal.token = value["session"]["token"]
    return portal


def at(client_at: ClientAt, ip: str, browser: str | None = None) -> httpx.AsyncClient:
    """A client at `ip` (through the trusted proxy) whose browser says `browser` (httpx's own otherwise)."""
    client = client_at(ip)
    if browser is not None:
        client.headers["User-Agent"] = browser
    return client


async def deposit_and_play(
    client: httpx.AsyncClient, db: Database, friend: Portal, username: str, deposit: str, spins: int
) -> None:
    """A bank deposit confirmed by staff, then `spins` spins of the house slot at 20.00 each (settled)."""
    await deposit_bank(client, db, friend, deposit, f"ref-{username}")
    opened = await open_game(client, db, "slot-golden-dragon", username)
    for _ in range(spins):
        spin = await client.post("/house/api/round", json={"lineBet": "1.00"}, headers=house_headers(opened))
        assert ok(spin)["bet"] == "20.00"


async def run_job(db: Database) -> dict[str, int]:
    async with db.session() as session:
        return await pay_referral_rewards(session)


async def invitee_row(db: Database, invitee_id: int) -> ReferralInvitee | None:
    async with db.read_session() as session:
        return await session.get(ReferralInvitee, invitee_id)


async def rewards_of(db: Database, inviter_id: int) -> list[tuple[str, int, int]]:
    """(key, amount, wager multiple) of the member's loyalty rewards."""
    async with db.read_session() as session:
        rows = await session.execute(
            select(LoyaltyReward.key, LoyaltyReward.amount, LoyaltyReward.wager_multiple)
            .where(LoyaltyReward.member_id == inviter_id)
            .order_by(LoyaltyReward.id)
        )
        return [(str(k), int(a), int(w)) for k, a, w in rows]


async def messages_to(db: Database, inviter_id: int) -> int:
    async with db.read_session() as session:
        count = await session.scalar(
            select(func.count())
            .select_from(PlatformMessage)
            .where(PlatformMessage.template == REFERRAL_REWARDED, PlatformMessage.target == str(inviter_id))
        )
    return int(count or 0)
