"""The seamless protocol's combined bet-and-win (`betWin`): an instant game's whole round in one call and one
transaction, where the two-call path (server.games.seamless: bet, then win) takes two.

It is recorded as those two calls would be: the bet under the vendor's transaction id and its win under the
same id with "#win" after it (an id no vendor can send: '#' is outside the protocol's alphabet). So the rules
are the two calls' rules, with no new kind to learn: a replay gets the first answer back; the same id with
another request (another stake, another win, a two-call bet's id) is refused VENDOR_TX_CONFLICT and flagged;
a rollback of the id is refused ROUND_SETTLED (its round has a win), and a rollback that came first leaves
the tombstone that refuses the round (BET_ROLLED_BACK).

No member lock: every decision rests on a unique key. Two calls with one id meet at the stake's ledger key
(the second waits for the first's COMMIT and replays it); a call and a rollback tombstone of its id meet at
the vendor transaction's key (whoever commits second decides on what the first wrote). Statements are Core,
with one joined read for the session, the player and the vendor."""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from sqlalchemy import Table, TextClause, bindparam, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.accounts.sessions import hash_token
from server.db.base import utcnow
from server.games import bets, settled, winners
from server.games.models import GameVendor, VendorSession, VendorTransaction
from server.games.seamless import (
    BET,
    PLAY_REFUSALS,
    WIN,
    Caller,
    MoneyCall,
    _answer_replay,
    _bet_game_id,
    _earlier,
    _ledger_key,
    insufficient,
)
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import rounds
from server.wallet import vendor as wallet_vendor

WIN_SUFFIX = "#win"
_TRANSACTIONS = cast(Table, VendorTransaction.__table__)


def _digest(call: MoneyCall, win: int, member_id: int) -> str:
    canonical = {
        "kind": "BET_WIN",
        "member": member_id,
        "round": call.round_id,
        "amount": call.amount,
        "win": win,
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


# Built once, with bound parameters: building it per call cost more than running it.
_SESSION_PLAYER_VENDOR = (
    select(VendorSession, Member, GameVendor)
    .join(GameVendor, GameVendor.id == VendorSession.vendor_id)
    .join(Member, Member.id == VendorSession.member_id)
    .where(
        VendorSession.token_hash == bindparam("token_hash"),
        VendorSession.merchant_id == bindparam("merchant_id"),
        GameVendor.provider == bindparam("provider"),
    )
)


async def _session_player_vendor(
    session: AsyncSession, caller: Caller, token: str | None
) -> tuple[VendorSession, Member, GameVendor]:
    """The live session, its player and its vendor in one read."""
    if not token:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    found = (
        await session.execute(
            _SESSION_PLAYER_VENDOR,
            {
                "token_hash": hash_token(token),
                "merchant_id": caller.brand.id,
                "provider": caller.provider.code,
            },
        )
    ).one_or_none()
    if found is None:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    live, member, vendor = found
    if live.expires_at <= utcnow() or member.merchant_id != caller.brand.id:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    return live, member, vendor


async def _as_first_call_did(
    session: AsyncSession, caller: Caller, call: MoneyCall, digest: str
) -> dict[str, Any]:
    earlier = await _earlier(session, caller, call.tx_id)
    if earlier is None:  # the key's owner is gone again (rolled back meanwhile): the vendor may retry
        raise AppError(errors.CONFLICT)
    return await _answer_replay(earlier, BET, digest)


_ROW_COLUMNS = (
    "merchant_id",
    "provider",
    "tx_id",
    "kind",
    "member_id",
    "vendor_id",
    "game_id",
    "round_id",
    "amount",
    "transfer_id",
    "related_tx_id",
    "rolled_back",
    "flagged",
    "request_digest",
    "answer",
    "created_at",
)


def _claim_statement() -> TextClause:
    """The bet's row and its win's in one INSERT, as text with typed parameters "{column}_{n}": SQLAlchemy
    compiles a multi-row VALUES construct anew on every execution (no compiled cache for it), which cost the
    round more than the INSERT itself. The statement reads the same on Postgres and SQLite."""
    columns = ", ".join(_ROW_COLUMNS)
    rows = ", ".join("(" + ", ".join(f":{c}_{n}" for c in _ROW_COLUMNS) + ")" for n in range(2))
    return text(
        f"INSERT INTO {_TRANSACTIONS.name} ({columns}) VALUES {rows} "  # noqa: S608 (names are ours)
        "ON CONFLICT (merchant_id, provider, tx_id) DO NOTHING RETURNING id"
    ).bindparams(
        *(bindparam(f"{c}_{n}", type_=_TRANSACTIONS.c[c].type) for n in range(2) for c in _ROW_COLUMNS)
    )


_CLAIM = _claim_statement()


async def _claim(session: AsyncSession, rows: list[dict[str, Any]]) -> int:
    """Insert the call's two rows unless their ids are taken; how many went in."""
    connection = await session.connection()
    values = {f"{column}_{n}": row[column] for n, row in enumerate(rows) for column in _ROW_COLUMNS}
    return len((await connection.execute(_CLAIM, values)).all())


async def bet_win(session: AsyncSession, caller: Caller, call: MoneyCall, win: int) -> dict[str, Any]:
    live, member, vendor = await _session_player_vendor(session, caller, call.session_token)
    digest = _digest(call, win, member.id)
    game_id = await _bet_game_id(session, live, call)
    key = _ledger_key(caller, call.tx_id)
    try:
        moved = await rounds.stake_and_win(
            session,
            caller.brand,
            member,
            wallet_code=vendor.wallet_code,
            stake=call.amount,
            win=win,
            idempotency_key=key,
            reference=f"game:{vendor.code}:{call.round_id}",
            meta={"vendor": vendor.code, "round": call.round_id},
        )
    except AppError as exc:
        if exc.code == errors.IDEMPOTENCY_CONFLICT.code:  # the id's stake was another amount
            return await _as_first_call_did(session, caller, call, digest)
        if exc.code == errors.INSUFFICIENT_FUNDS.code:
            value = exc.value if isinstance(exc.value, dict) else {}
            raise AppError(
                errors.INSUFFICIENT_FUNDS, value={"balance": format_amount(int(value.get("balance", 0)))}
            ) from None
        if exc.code in PLAY_REFUSALS:
            balance = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
            raise insufficient(balance, exc) from None
        raise
    if moved.replayed:
        return await _as_first_call_did(session, caller, call, digest)
    answer = {
        "txId": call.tx_id,
        "balance": format_amount(moved.balance),
        "currency": caller.brand.currency_code,
    }
    common = {
        "merchant_id": caller.brand.id,
        "provider": caller.provider.code,
        "member_id": member.id,
        "vendor_id": vendor.id,
        "game_id": game_id,
        "round_id": call.round_id,
        "rolled_back": False,
        "flagged": False,
        "request_digest": digest,
        "answer": answer,
        "created_at": utcnow(),
    }
    rows = [
        common
        | {
            "tx_id": call.tx_id,
            "kind": BET,
            "amount": call.amount,
            "transfer_id": moved.stake_transfer_id,
            "related_tx_id": None,
        },
        common
        | {
            "tx_id": call.tx_id + WIN_SUFFIX,
            "kind": WIN,
            "amount": win,
            "transfer_id": moved.win_transfer_id,
            "related_tx_id": call.tx_id,
        },
    ]
    if await _claim(session, rows) != len(rows):
        # The id was taken by a call that moved no money under it (a rollback's tombstone, a lost round's
        # win): undo this one's postings and balance push, then answer as that call decides.
        await session.rollback()
        return await _as_first_call_did(session, caller, call, digest)
    record = await bets.settle_round(
        session, caller.brand.id, vendor, member, game_id, call.round_id, call.amount, win
    )
    settled.publish_record(session, vendor, record)
    if win > 0:
        await winners.announce_if_big(session, caller.brand, member, vendor, record)
    return answer
