"""Talking to the seamless-wallet API as a vendor does, and setting up players with money."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy import select

from server.accounts.models import Member
from server.brands import service as brands
from server.db.session import Database
from server.games.models import Game
from server.games.provision import default_house_secret
from server.house.config import merchant_secret
from server.seamless.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, sign
from server.wallet import transfers
from server.wallet.reconcile import check_ledger


async def vendor_call(
    client: httpx.AsyncClient,
    action: str,
    body: dict[str, Any],
    *,
    merchant: str = "demo",
    provider: str = "HOUSE",
    secret: str | None = None,
    timestamp: int | None = None,
) -> httpx.Response:
    path = f"/wps/seamless/{merchant}/{provider}/{action}"
    raw = json.dumps(body).encode()
    ts = int(time.time()) if timestamp is None else timestamp
    key = secret if secret is not None else merchant_secret(default_house_secret(), merchant)
    headers = {
        "Content-Type": "application/json",
        TIMESTAMP_HEADER: str(ts),
        SIGNATURE_HEADER: sign(key, ts, "POST", path, raw),
    }
    return await client.post(path, content=raw, headers=headers)


async def fund(db: Database, merchant: str, username: str, amount: int, ref: str) -> int:
    async with db.session() as session:
        brand = await brands.load_brand(session, merchant)
        assert brand is not None
        member_id = await session.scalar(
            select(Member.id).where(Member.merchant_id == brand.id, Member.username == username)
        )
        assert member_id is not None
        await transfers.deposit(session, brand, member_id, amount, ref)
        return member_id


async def game_id(db: Database, merchant: str, code: str) -> int:
    async with db.read_session() as session:
        from server.brands.models import Merchant

        found = await session.scalar(
            select(Game.id)
            .join(Merchant, Merchant.id == Game.merchant_id)
            .where(Merchant.code == merchant, Game.game_code == code)
        )
    assert found is not None
    return int(found)


def launch_token(game_url: str) -> str:
    return parse_qs(urlsplit(game_url).query)["token"][0]


async def ledger_is_clean(db: Database) -> None:
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings
