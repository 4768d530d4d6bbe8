"""The seamless-wallet API's rules (ARCHITECTURE rule 7): a vendor authenticates a launch, reads the balance,
debits bets, credits wins and rolls bets back. Every money call is idempotent by the vendor's transaction id:
a replay gets the first answer back, the same id with another request is refused and flagged for review, and
a rollback of a bet we never saw leaves a tombstone so that the bet, arriving late, is refused. The money
itself moves through the wallet's vendor API (server.wallet.vendor): it picks the accounts and pushes the
balance."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.accounts.sessions import hash_token
from server.brands.service import Brand
from server.db.base import utcnow
from server.games import bets, settled, winners
from server.games.models import Game, GameLaunch, GameProvider, GameVendor, VendorSession, VendorTransaction
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import vendor as wallet_vendor

BET, WIN, ROLLBACK, TOMBSTONE = "BET", "WIN", "ROLLBACK", "TOMBSTONE"
# A limit the player set, their session time or their exclusion refused the stake: a vendor hears
# INSUFFICIENT_FUNDS (every vendor handles it) with the reason, which the house's games show in words.
PLAY_REFUSALS = frozenset(
    code.code for code in (errors.LIMIT_LOSS, errors.LIMIT_WAGER, errors.SESSION_LIMIT, errors.SELF_EXCLUDED)
)


def insufficient(balance: int, refused: AppError) -> AppError:
    value: dict[str, Any] = {"balance": format_amount(balance)}
    if refused.code in PLAY_REFUSALS:
        value["reason"] = refused.code
        if isinstance(refused.value, dict):
            value["detail"] = refused.value
    return AppError(errors.INSUFFICIENT_FUNDS, value=value)


@dataclass(frozen=True)
class Caller:
    brand: Brand
    provider: GameProvider


@dataclass(frozen=True)
class MoneyCall:
    tx_id: str
    round_id: str
    amount: int
    session_token: str | None = None
    player_id: str | None = None
    bet_tx_id: str | None = None
    game_code: str | None = None


async def provider(session: AsyncSession, brand: Brand, code: str) -> GameProvider | None:
    """The provider a signed call names in its path; the router checks the signature with its secret."""
    return await session.scalar(
        select(GameProvider).where(GameProvider.merchant_id == brand.id, GameProvider.code == code)
    )


def _ledger_key(caller: Caller, tx_id: str) -> str:
    """The posting's idempotency key is the vendor's transaction id: one money call, one transfer."""
    return f"vendor:{caller.provider.code}:{tx_id}"


def _digest(kind: str, call: MoneyCall, member_id: int) -> str:
    canonical = {
        "kind": kind,
        "member": member_id,
        "round": call.round_id,
        "amount": call.amount,
        "bet": call.bet_tx_id,
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


async def _member(session: AsyncSession, caller: Caller, member_id: int, *, lock: bool = False) -> Member:
    """With `lock`, the player's money calls take turns from here on: a win and a rollback of one round, two
    rollbacks of one bet, a bet and its own rollback each decide on what the other writes, so whichever
    comes second must see the first one committed (the row lock; SQLite serialises writers anyway)."""
    query = select(Member).where(Member.id == member_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    member = await session.scalar(query)
    if member is None or member.merchant_id != caller.brand.id:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    return member


async def _live_session(session: AsyncSession, caller: Caller, token: str | None) -> VendorSession:
    if not token:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    found = await session.scalar(
        select(VendorSession)
        .join(GameVendor, GameVendor.id == VendorSession.vendor_id)
        .where(
            VendorSession.token_hash == hash_token(token),
            VendorSession.merchant_id == caller.brand.id,
            GameVendor.provider == caller.provider.code,
        )
    )
    if found is None or found.expires_at <= utcnow():
        raise AppError(errors.VENDOR_SESSION_INVALID)
    return found


async def _player(session: AsyncSession, caller: Caller, call: MoneyCall) -> Member:
    """The player of a win or a rollback, locked: these arrive after the session has expired too, naming
    the player."""
    if call.session_token:
        try:
            live = await _live_session(session, caller, call.session_token)
            return await _member(session, caller, live.member_id, lock=True)
        except AppError:
            if not call.player_id:
                raise
    if not call.player_id or not call.player_id.isdigit() or len(call.player_id) > 18:
        raise AppError(errors.VENDOR_SESSION_INVALID)
    return await _member(session, caller, int(call.player_id), lock=True)


async def _earlier(session: AsyncSession, caller: Caller, tx_id: str) -> VendorTransaction | None:
    return await session.scalar(
        select(VendorTransaction)
        .where(
            VendorTransaction.merchant_id == caller.brand.id,
            VendorTransaction.provider == caller.provider.code,
            VendorTransaction.tx_id == tx_id,
        )
        # After a lost race the row may be in the session already, as it was before the other one wrote.
        .execution_options(populate_existing=True)
    )


async def _answer_replay(earlier: VendorTransaction, kind: str, digest: str) -> dict[str, Any]:
    if earlier.kind == TOMBSTONE and kind == BET:
        raise AppError(errors.BET_ROLLED_BACK)
    if earlier.kind != kind or earlier.request_digest != digest:
        earlier.flagged = True
        raise AppError(errors.VENDOR_TX_CONFLICT, value={"txId": earlier.tx_id}, commit_changes=True)
    return dict(earlier.answer)


async def authenticate(session: AsyncSession, caller: Caller, launch_token: str) -> dict[str, Any]:
    now = utcnow()
    claimed = await session.execute(
        update(GameLaunch)
        .where(
            GameLaunch.token_hash == hash_token(launch_token),
            GameLaunch.merchant_id == caller.brand.id,
            GameLaunch.used_at.is_(None),
            GameLaunch.expires_at > now,
        )
        .values(used_at=now)
        .returning(GameLaunch.id)
    )
    launch_id = claimed.scalar()
    launch = await session.get(GameLaunch, launch_id) if launch_id is not None else None
    vendor = await session.get(GameVendor, launch.vendor_id) if launch is not None else None
    if launch is None or vendor is None or vendor.provider != caller.provider.code:
        raise AppError(errors.LAUNCH_TOKEN_INVALID)
    game = await session.get(Game, launch.game_id)
    assert game is not None
    answer: dict[str, Any] = {
        "gameCode": game.game_code,
        "gameType": game.game_type,
        "gameName": game.names.get(launch.language) or game.name,
        "vassalage": vendor.code,
        "language": launch.language,
        "currency": caller.brand.currency_code,
    }
    if launch.member_id is None:
        return answer | {
            "demo": True,
            "sessionToken": None,
            "playerId": None,
            "nickname": "",
            "balance": None,
        }
    member = await _member(session, caller, launch.member_id)
    token = secrets.token_urlsafe(32)
    session.add(
        VendorSession(
            merchant_id=caller.brand.id,
            token_hash=hash_token(token),
            vendor_id=vendor.id,
            member_id=member.id,
            game_id=game.id,
            expires_at=now + timedelta(minutes=caller.provider.session_minutes),
        )
    )
    await session.flush()
    current = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
    return answer | {
        "demo": False,
        "sessionToken": token,
        "playerId": str(member.id),
        "nickname": member.nickname or member.username,
        "balance": format_amount(current),
    }


async def balance(session: AsyncSession, caller: Caller, session_token: str) -> dict[str, Any]:
    live = await _live_session(session, caller, session_token)
    member = await _member(session, caller, live.member_id)
    vendor = await session.get(GameVendor, live.vendor_id)
    assert vendor is not None
    current = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
    return {"balance": format_amount(current), "currency": caller.brand.currency_code}


async def _record(
    session: AsyncSession,
    caller: Caller,
    kind: str,
    call: MoneyCall,
    member: Member,
    vendor: GameVendor,
    game_id: int | None,
    digest: str,
    transfer_id: int | None,
    answer: dict[str, Any],
) -> VendorTransaction:
    row = VendorTransaction(
        merchant_id=caller.brand.id,
        provider=caller.provider.code,
        tx_id=call.tx_id,
        kind=kind,
        member_id=member.id,
        vendor_id=vendor.id,
        game_id=game_id,
        round_id=call.round_id,
        amount=call.amount,
        transfer_id=transfer_id,
        related_tx_id=call.bet_tx_id,
        request_digest=digest,
        answer=answer,
    )
    session.add(row)
    await session.flush()
    return row


async def _bet_game_id(session: AsyncSession, live: VendorSession, call: MoneyCall) -> int | None:
    """The game a bet is on: the one it names, when the vendor offers it here (a lottery session bets on any
    of its games), else the game the session was launched for."""
    if call.game_code:
        named = await session.scalar(
            select(Game.id).where(
                Game.merchant_id == live.merchant_id,
                Game.vendor_id == live.vendor_id,
                Game.game_code == call.game_code,
            )
        )
        if named is not None:
            return int(named)
    return live.game_id


async def bet(session: AsyncSession, caller: Caller, call: MoneyCall) -> dict[str, Any]:
    live = await _live_session(session, caller, call.session_token)
    member = await _member(session, caller, live.member_id, lock=True)
    digest = _digest(BET, call, member.id)
    earlier = await _earlier(session, caller, call.tx_id)
    if earlier is not None:
        return await _answer_replay(earlier, BET, digest)
    vendor = await session.get(GameVendor, live.vendor_id)
    assert vendor is not None
    game_id = await _bet_game_id(session, live, call)
    try:
        # One savepoint for the money, the record of the call and the stake: a lost race on the call's id
        # (IntegrityError) takes all three back, the balance push with them.
        async with session.begin_nested():
            moved = await wallet_vendor.vendor_debit(
                session,
                caller.brand,
                member,
                wallet_code=vendor.wallet_code,
                amount=call.amount,
                idempotency_key=_ledger_key(caller, call.tx_id),
                reference=f"game:{vendor.code}:{call.round_id}",
                meta={"vendor": vendor.code, "round": call.round_id},
            )
            answer = {
                "txId": call.tx_id,
                "balance": format_amount(moved.balance),
                "currency": caller.brand.currency_code,
            }
            await _record(
                session, caller, BET, call, member, vendor, game_id, digest, moved.posted.transfer_id, answer
            )
            await bets.add_stake(
                session, caller.brand.id, vendor, member, game_id, call.round_id, call.amount
            )
    except AppError as exc:
        if exc.code != errors.INSUFFICIENT_FUNDS.code and exc.code not in PLAY_REFUSALS:
            raise
        current = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
        raise insufficient(current, exc) from None
    except IntegrityError:
        # The same transaction id raced in from another request: answer as that one did.
        earlier = await _earlier(session, caller, call.tx_id)
        if earlier is None:
            raise
        return await _answer_replay(earlier, BET, digest)
    return answer


async def _round_bets(
    session: AsyncSession, caller: Caller, member_id: int, round_id: str
) -> list[VendorTransaction]:
    return list(
        await session.scalars(
            select(VendorTransaction).where(
                VendorTransaction.merchant_id == caller.brand.id,
                VendorTransaction.provider == caller.provider.code,
                VendorTransaction.member_id == member_id,
                VendorTransaction.round_id == round_id,
                VendorTransaction.kind.in_((BET, WIN)),
            )
        )
    )


async def win(session: AsyncSession, caller: Caller, call: MoneyCall) -> dict[str, Any]:
    member = await _player(session, caller, call)
    digest = _digest(WIN, call, member.id)
    earlier = await _earlier(session, caller, call.tx_id)
    if earlier is not None:
        return await _answer_replay(earlier, WIN, digest)
    stakes = [tx for tx in await _round_bets(session, caller, member.id, call.round_id) if tx.kind == BET]
    live_stakes = [tx for tx in stakes if not tx.rolled_back]
    if not live_stakes:
        raise AppError(errors.BET_ROLLED_BACK if stakes else errors.BET_NOT_FOUND)
    vendor = await session.get(GameVendor, live_stakes[0].vendor_id)
    assert vendor is not None
    try:
        async with session.begin_nested():
            transfer_id = None
            if call.amount > 0:
                moved = await wallet_vendor.vendor_credit(
                    session,
                    caller.brand,
                    member,
                    wallet_code=vendor.wallet_code,
                    amount=call.amount,
                    idempotency_key=_ledger_key(caller, call.tx_id),
                    reference=f"game:{vendor.code}:{call.round_id}",
                    meta={"vendor": vendor.code, "round": call.round_id},
                )
                transfer_id, current = moved.posted.transfer_id, moved.balance
            else:  # a lost round: nothing moves, the answer still carries the balance
                current = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
            answer = {
                "txId": call.tx_id,
                "balance": format_amount(current),
                "currency": caller.brand.currency_code,
            }
            game_id = live_stakes[0].game_id
            await _record(session, caller, WIN, call, member, vendor, game_id, digest, transfer_id, answer)
            record = await bets.add_win(session, vendor, member, call.round_id, call.amount)
    except IntegrityError:
        earlier = await _earlier(session, caller, call.tx_id)
        if earlier is None:
            raise
        return await _answer_replay(earlier, WIN, digest)
    settled.publish_record(session, vendor, record)
    if call.amount > 0:
        await winners.announce_if_big(session, caller.brand, member, vendor, record)
    return answer


async def rollback(
    session: AsyncSession, caller: Caller, call: MoneyCall, *, retried: bool = False
) -> dict[str, Any]:
    member = await _player(session, caller, call)
    digest = _digest(ROLLBACK, call, member.id)
    earlier = await _earlier(session, caller, call.tx_id)
    if earlier is not None:
        return await _answer_replay(earlier, ROLLBACK, digest)
    if not call.bet_tx_id:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "betTxId", "type": "required"}]})
    target = await _earlier(session, caller, call.bet_tx_id)
    if target is not None and target.kind == TOMBSTONE:
        raise AppError(errors.BET_ROLLED_BACK)
    if target is not None and (target.kind != BET or target.member_id != member.id):
        raise AppError(errors.BET_NOT_FOUND)
    if target is not None and target.rolled_back:
        raise AppError(errors.BET_ROLLED_BACK)
    if target is not None and any(
        tx.kind == WIN for tx in await _round_bets(session, caller, member.id, target.round_id)
    ):
        raise AppError(errors.ROUND_SETTLED)
    vendor_id = target.vendor_id if target is not None else None
    vendor = await session.get(GameVendor, vendor_id) if vendor_id is not None else None
    if vendor is None:
        vendor = await session.scalar(
            select(GameVendor)
            .where(GameVendor.merchant_id == caller.brand.id, GameVendor.provider == caller.provider.code)
            .order_by(GameVendor.id)
        )
    if vendor is None:
        raise AppError(errors.BET_NOT_FOUND)
    try:
        async with session.begin_nested():
            transfer_id = None
            if target is None:
                # The bet never reached us (or has not yet): its id is taken now, so it is refused if it
                # comes.
                tombstone = MoneyCall(tx_id=call.bet_tx_id, round_id=call.round_id, amount=0)
                await _record(session, caller, TOMBSTONE, tombstone, member, vendor, None, "", None, {})
                current = await wallet_vendor.game_balance(session, caller.brand, member, vendor.wallet_code)
            else:
                assert target.transfer_id is not None
                moved = await wallet_vendor.vendor_reverse(
                    session,
                    caller.brand,
                    member,
                    wallet_code=vendor.wallet_code,
                    transfer_id=target.transfer_id,
                    idempotency_key=_ledger_key(caller, call.tx_id),
                    reason=f"vendor rollback {call.tx_id}",
                )
                transfer_id, current = moved.posted.transfer_id, moved.balance
                target.rolled_back = True
                await bets.remove_stake(session, vendor, member, target.round_id, target.amount)
            answer = {
                "txId": call.tx_id,
                "balance": format_amount(current),
                "currency": caller.brand.currency_code,
            }
            await _record(session, caller, ROLLBACK, call, member, vendor, None, digest, transfer_id, answer)
    except IntegrityError:
        # Only without the member lock's turn-taking (a second process on SQLite): another request took this
        # id, or the bet's id for the tombstone, first. Decide again on what it wrote.
        if retried:
            raise
        return await rollback(session, caller, call, retried=True)
    return answer
