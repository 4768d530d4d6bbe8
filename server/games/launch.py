"""Launching a game (SPEC §4, §7): a short-lived, single-use token the vendor exchanges for a player session
through the seamless-wallet API's authenticate call. Visitors get a demo launch where the vendor allows it.

On a merchant with a wallet per vendor the game plays from its vendor wallet: with automatic transfer the
launch fills it (server.wallet.game_money); without, a launch that has not confirmed the transfer step
(confirmTrans 0, SPEC §7) answers with a transfer offer instead of an address, and the portal asks the player
how much to move before launching again with confirmTrans 1."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.accounts.sessions import Principal, hash_token
from server.brands.service import Brand
from server.db.base import utcnow
from server.games import catalogue
from server.games.models import GameLaunch, GameVendor
from server.http.core import errors
from server.http.core.errors import AppError
from server.protection import policy
from server.wallet import game_money
from server.wallet import service as wallet_service
from server.wallet.models import MAIN, VENDOR

LAUNCH_TOKEN_SECONDS = 60


@dataclass(frozen=True)
class TransferOffer:
    """What the portal shows before a game on a merchant without automatic transfer: the game's wallet and
    the main wallet, whose balance it offers to move."""

    wallet_code: str
    wallet_name: str
    wallet_balance: int
    main_balance: int


@dataclass(frozen=True)
class Launched:
    game_url: str
    game_url2: str
    trial: bool
    # Automatic transfer: the game's wallet was filled (moved_in, minor units) and is emptied when the
    # portal says the player left.
    auto_transfer: bool = False
    moved_in: int = 0
    offer: TransferOffer | None = None


@dataclass(frozen=True)
class LotteryLobby:
    """SPEC §7 lottery lobby payload: which game, prize mode and view the lottery page opens on."""

    game_code: str
    prize_mode: str | None
    view: str | None


async def launch(
    session: AsyncSession,
    brand: Brand,
    principal: Principal | None,
    game_id: int | None,
    language: str,
    lobby: LotteryLobby | None = None,
    *,
    confirmed: bool = True,
) -> Launched:
    if game_id is None and lobby is None:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "gameId", "type": "required"}]})
    game, vendor = await catalogue.playable_game(
        session, brand.id, game_id, lottery_code=lobby.game_code if lobby else None
    )
    if principal is None and not vendor.allows_trial:
        raise AppError(errors.UNAUTHORIZED)
    if principal is not None and principal.is_trial and not vendor.allows_trial:
        raise AppError(errors.TRIAL_ACCOUNT)  # play money only where the vendor offers free play
    member = await _transfer_wallet_member(session, brand, principal)
    if principal is not None and principal.member_id is not None and not principal.is_trial:
        player = member or await session.get(Member, principal.member_id)
        if player is not None:
            await policy.refuse_play(session, player)
    # The lottery pages launch by themselves at a bet (no dialog there): they are never offered the step.
    lottery = vendor.category in ("LOTT", "ELOTT")
    if member is not None and not brand.auto_transfer and not confirmed and not lottery:
        return Launched(
            game_url="", game_url2="", trial=False, offer=await _offer(session, brand, member, vendor)
        )
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.add(
        GameLaunch(
            merchant_id=brand.id,
            token_hash=hash_token(token),
            vendor_id=vendor.id,
            game_id=game.id,
            member_id=principal.member_id if principal else None,
            language=language,
            expires_at=now + timedelta(seconds=LAUNCH_TOKEN_SECONDS),
        )
    )
    if principal is not None and principal.member_id is not None:
        await catalogue.touch_recent(session, principal.member_id, game.id, now)
    await session.flush()
    moved_in = 0
    if member is not None and brand.auto_transfer:
        moved_in = await game_money.fill_game_wallet(session, brand, member, vendor.wallet_code)
    params: dict[str, str | None] = {
        "token": token,
        "lang": language,
        "game": game.game_code,
        "merchant": brand.code,
    }
    if vendor.category in ("LOTT", "ELOTT"):
        # The portal's lottery page reads these (SPEC §2.1: /lottery?gameCode&playType).
        params |= {"gameCode": game.game_code, "prizeMode": lobby.prize_mode if lobby else None}
        params |= {"view": lobby.view if lobby else None}
    query = urlencode({k: v for k, v in params.items() if v})
    path = f"{vendor.launch_base}?{query}"
    # The second address goes through a launch CDN when the brand has some (SPEC §9: picked at random).
    cdns = brand.launch_game_cdns
    cdn = random.choice(cdns).rstrip("/") if cdns else ""  # noqa: S311 - spreading load, not a secret
    return Launched(
        game_url=path,
        game_url2=f"{cdn}{path}" if cdn else path,
        trial=principal is None,
        auto_transfer=member is not None and brand.auto_transfer,
        moved_in=moved_in,
    )


async def _transfer_wallet_member(
    session: AsyncSession, brand: Brand, principal: Principal | None
) -> Member | None:
    """The launching member where the game plays from a vendor wallet (real money, a wallet per vendor)."""
    if brand.single_wallet or principal is None or principal.member_id is None or principal.is_trial:
        return None
    return await session.get_one(Member, principal.member_id)


async def _offer(session: AsyncSession, brand: Brand, member: Member, vendor: GameVendor) -> TransferOffer:
    current = {
        (w.kind, w.vendor_code): w.balance for w in (await wallet_service.balances(session, member)).wallets
    }
    names = await catalogue.wallet_names(session, brand.id, [vendor.wallet_code])
    return TransferOffer(
        wallet_code=vendor.wallet_code,
        wallet_name=names.get(vendor.wallet_code, vendor.wallet_code),
        wallet_balance=current.get((VENDOR, vendor.wallet_code), 0),
        main_balance=current.get((MAIN, ""), 0),
    )
