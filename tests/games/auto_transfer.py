"""Playing on demo2, the seeded merchant with a wallet per vendor and automatic transfer: launching as the
portal does, the vendor's calls, leaving the game, and the member's wallets as the ledger holds them."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select, update

from server.accounts.models import Member
from server.brands.models import Merchant
from server.db.session import Database
from server.games.models import Game, GameVendor
from server.wallet.models import MAIN, VENDOR, LedgerAccount
from tests.games.support import game_id, launch_token, vendor_call
from tests.support.accounts import token_for
from tests.support.portal import ok

MERCHANT = "demo2"
SLOT = "slot-golden-dragon"
OTHER_WALLET = "OTHER"  # a second game wallet, of the vendor add_second_vendor opens


async def headers(db: Database, username: str = "player1") -> dict[str, str]:
    return {"Merchant": MERCHANT, "Authorization": await token_for(db, MERCHANT, username)}


async def launch(
    client: httpx.AsyncClient,
    db: Database,
    *,
    code: str = SLOT,
    confirm: int = 0,
    who: dict[str, str] | None = None,
) -> httpx.Response:
    body = {"gameId": await game_id(db, MERCHANT, code), "launchMode": "GLS", "confirmTrans": confirm}
    return await client.post("/wps/game/launchGame", json=body, headers=who or await headers(db))


async def authenticate(client: httpx.AsyncClient, launched: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = ok(
        await vendor_call(
            client, "authenticate", {"launchToken": launch_token(launched["game_url"])}, merchant=MERCHANT
        )
    )
    return player


async def leave(client: httpx.AsyncClient, who: dict[str, str]) -> httpx.Response:
    return await client.post("/wps/game/leaveGame", headers=who)


async def wallets(db: Database, username: str = "player1") -> dict[str, int]:
    """The member's main ('') and vendor wallets by code, as the ledger holds them."""
    async with db.read_session() as session:
        rows = await session.execute(
            select(LedgerAccount.vendor_code, LedgerAccount.balance)
            .join(Member, Member.id == LedgerAccount.member_id)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(
                Merchant.code == MERCHANT,
                Member.username == username,
                LedgerAccount.kind.in_((MAIN, VENDOR)),
            )
        )
        return {code: balance for code, balance in rows}


async def set_auto_transfer(db: Database, on: bool) -> None:
    async with db.session() as session:
        await session.execute(update(Merchant).where(Merchant.code == MERCHANT).values(auto_transfer=on))


async def add_second_vendor(db: Database) -> None:
    """A second vendor on demo2 betting from a wallet of its own (OTHER), with the slot under its code."""
    async with db.session() as session:
        merchant = await session.scalar(select(Merchant).where(Merchant.code == MERCHANT))
        assert merchant is not None
        house = await session.scalar(
            select(GameVendor).where(GameVendor.merchant_id == merchant.id, GameVendor.category == "RNG")
        )
        assert house is not None
        other = GameVendor(
            merchant_id=merchant.id,
            code="OTHERRNG",
            display_name="Other games",
            category="RNG",
            game_type="RNG",
            launch_base=house.launch_base,
            provider=house.provider,
            wallet_code=OTHER_WALLET,
        )
        session.add(other)
        await session.flush()
        session.add(
            Game(
                merchant_id=merchant.id,
                vendor_id=other.id,
                game_code="other-slot",
                name="Other slot",
                game_type="SLOT",
                thumbnail="/game-default.svg",
            )
        )
        merchant.wallet_vendors = [*merchant.wallet_vendors, OTHER_WALLET]
