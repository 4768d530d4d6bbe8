"""House player sessions: opened from a launch token through the wallet's authenticate call; each holds the
commitment (the hash of the next server seed) for its next instant round."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import cast

from sqlalchemy import Table, bindparam, select, update

from server.db.base import utcnow
from server.db.session import Database
from server.house import merchants
from server.house.config import DEMO_BALANCE, GAMES_BY_CODE
from server.house.engine.fair import new_server_seed
from server.house.models import HouseSession
from server.house.wallet_client import WalletClient, WalletError
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.seamless import protocol

SESSION_HOURS = 2


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Opened:
    token: str
    session: HouseSession
    balance: int


async def open_session(db: Database, wallet: WalletClient, merchant_code: str, launch_token: str) -> Opened:
    merchant_id = await merchants.merchant_id_of(db, merchant_code)
    if merchant_id is None:
        raise AppError(errors.LAUNCH_TOKEN_INVALID)
    try:
        player = await wallet.call(merchant_code, protocol.AUTHENTICATE, {"launchToken": launch_token})
    except WalletError as exc:
        raise AppError(errors.LAUNCH_TOKEN_INVALID) from exc
    game = GAMES_BY_CODE.get(player["gameCode"])
    if game is None:
        raise AppError(errors.GAME_NOT_FOUND)
    token = secrets.token_urlsafe(32)
    demo = bool(player["demo"])
    row = HouseSession(
        merchant_id=merchant_id,
        token_hash=_hash(token),
        merchant_code=merchant_code,
        wallet_session=player["sessionToken"],
        player_id=player["playerId"],
        nickname=player["nickname"] or "",
        currency=player["currency"],
        language=player["language"],
        game_code=game.code,
        game_type=game.game_type,
        game_name=player["gameName"],
        demo=demo,
        demo_balance=DEMO_BALANCE if demo else 0,
        server_seed=new_server_seed(),
        client_seed=secrets.token_hex(8),
        nonce=0,
        expires_at=utcnow() + timedelta(hours=SESSION_HOURS),
    )
    async with db.session() as session:
        session.add(row)
    balance = DEMO_BALANCE if demo else parse_amount(player["balance"], allow_zero=True)
    return Opened(token, row, balance)


_SESSIONS = cast(Table, HouseSession.__table__)
# Built once: every request of the game page reads its session, and building the query per call cost more
# than running it.
_FIND = select(_SESSIONS).where(_SESSIONS.c.token_hash == bindparam("token_hash"))


async def find(db: Database, token: str | None) -> HouseSession:
    """The live session of a token, as a detached row (nothing writes through it)."""
    if not token:
        raise AppError(errors.HOUSE_SESSION_INVALID)
    async with db.reading() as connection:
        row = (await connection.execute(_FIND, {"token_hash": _hash(token)})).first()
    if row is None or row.expires_at <= utcnow():
        raise AppError(errors.HOUSE_SESSION_INVALID)
    return HouseSession(**row._mapping)


async def balance_of(db: Database, wallet: WalletClient, hs: HouseSession) -> int:
    if hs.demo:
        async with db.read_session() as read:
            current = await read.scalar(select(HouseSession.demo_balance).where(HouseSession.id == hs.id))
        return int(current or 0)
    try:
        answer = await wallet.call(hs.merchant_code, protocol.BALANCE, {"sessionToken": hs.wallet_session})
    except WalletError as exc:
        raise AppError(errors.HOUSE_SESSION_INVALID) from exc
    return parse_amount(answer["balance"], allow_zero=True)


async def set_client_seed(db: Database, hs: HouseSession, client_seed: str) -> HouseSession:
    async with db.session() as session:
        await session.execute(
            update(HouseSession).where(HouseSession.id == hs.id).values(client_seed=client_seed)
        )
        fresh = await session.get(HouseSession, hs.id)
    assert fresh is not None
    return fresh


def money(amount: int) -> str:
    return format_amount(amount)
