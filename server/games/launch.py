"""Launching a game (SPEC §4, §7): a short-lived, single-use token the vendor exchanges for a player session
through the seamless-wallet API's authenticate call. Visitors get a demo launch where the vendor allows it."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.sessions import Principal, hash_token
from server.brands.service import Brand
from server.db.base import utcnow
from server.games import catalogue
from server.games.models import GameLaunch
from server.http.core import errors
from server.http.core.errors import AppError

LAUNCH_TOKEN_SECONDS = 60


@dataclass(frozen=True)
class Launched:
    game_url: str
    game_url2: str
    trial: bool


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
) -> Launched:
    if game_id is None and lobby is None:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "gameId", "type": "required"}]})
    game, vendor = await catalogue.playable_game(
        session, brand.id, game_id, lottery_code=lobby.game_code if lobby else None
    )
    if principal is None and not vendor.allows_trial:
        raise AppError(errors.UNAUTHORIZED)
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
    return Launched(game_url=path, game_url2=f"{cdn}{path}" if cdn else path, trial=principal is None)
