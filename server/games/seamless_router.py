"""The seamless-wallet API that game vendors call (ARCHITECTURE rule 7), under
/wps/seamless/{merchant}/{provider}/…: signed requests, decimal-string amounts, our usual envelope. It answers
during maintenance too: a round that started before it must still be paid. The wire models are the protocol's
(server.seamless.protocol), shared with the vendors' side."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Request
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.datastructures import State

from server.brands.cache import BrandCache
from server.brands.service import Brand
from server.games import seamless, seamless_round
from server.games.models import GameProvider
from server.games.seamless import Caller, MoneyCall
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.http.edge.db import SessionDep
from server.seamless import protocol
from server.seamless.protocol import (
    AuthenticateIn,
    BalanceIn,
    BetIn,
    BetWinIn,
    MoneyOut,
    PlayerOut,
    RollbackIn,
    WinIn,
)
from server.seamless.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, Signed, verify

router = APIRouter(
    prefix=protocol.PATH_TEMPLATE,
    tags=["seamless wallet (vendors)"],
    responses=ERROR_RESPONSES,
)


# A provider row is written once, when the portal provisions the merchant, and changed by nothing in the
# product; a vendor's every call names it. Found rows are kept a short while per app (an edit made by hand in
# the database takes effect within PROVIDER_TTL); a miss is not kept, so a provider provisioned now is found
# at once. The rows are detached from the request's session, so its rollback never expires them.
PROVIDER_TTL = 30.0


async def _provider(state: State, session: AsyncSession, brand: Brand, code: str) -> GameProvider | None:
    kept: dict[tuple[int, str], tuple[float, GameProvider]] | None = getattr(
        state, "seamless_providers", None
    )
    if kept is None:
        kept = state.seamless_providers = {}
    now = time.monotonic()
    hit = kept.get((brand.id, code))
    if hit is not None and hit[0] > now:
        return hit[1]
    found = await seamless.provider(session, brand, code)
    if found is not None:
        session.expunge(found)
        kept[(brand.id, code)] = (now + PROVIDER_TTL, found)
    return found


async def verified_caller(
    state: State,
    session: AsyncSession,
    merchant: str,
    provider: str,
    signed: Signed,
) -> Caller:
    """The merchant and provider a signed call names, once its signature checks out: for the HTTP routes
    and for the house's calls inside this process (server.games.seamless_direct) alike."""
    brands: BrandCache = state.brands
    brand = await brands.by_code(merchant)
    found = await _provider(state, session, brand, provider) if brand is not None else None
    if (
        brand is None
        or found is None
        or not found.enabled
        or not verify(
            found.api_secret,
            signed.timestamp,
            signed.signature,
            signed.method,
            signed.path,
            signed.body,
            time.time(),
        )
    ):
        # One answer for every failure: a caller probing for merchants or providers learns nothing.
        raise AppError(errors.VENDOR_SIGNATURE)
    return Caller(brand, found)


async def signed_caller(
    request: Request,
    session: SessionDep,
    merchant: Annotated[str, Path(max_length=32)],
    provider: Annotated[str, Path(max_length=32)],
    timestamp: Annotated[str | None, Header(alias=TIMESTAMP_HEADER, description="Unix seconds")] = None,
    signature: Annotated[
        str | None,
        Header(alias=SIGNATURE_HEADER, description="hex HMAC-SHA256 of timestamp, method, path and body"),
    ] = None,
) -> Caller:
    signed = Signed(request.method, request.url.path, await request.body(), timestamp, signature)
    return await verified_caller(request.app.state, session, merchant, provider, signed)


CallerDep = Annotated[Caller, Depends(signed_caller)]


@router.post(
    f"/{protocol.AUTHENTICATE}",
    operation_id="vendorAuthenticate",
    summary="Exchange a launch token for a player session",
)
async def authenticate(body: AuthenticateIn, caller: CallerDep, session: SessionDep) -> Envelope[PlayerOut]:
    return ok(PlayerOut.model_validate(await seamless.authenticate(session, caller, body.launch_token)))


@router.post(f"/{protocol.BALANCE}", operation_id="vendorBalance", summary="The player's balance")
async def balance(body: BalanceIn, caller: CallerDep, session: SessionDep) -> Envelope[MoneyOut]:
    return ok(MoneyOut.model_validate(await seamless.balance(session, caller, body.session_token)))


def _money(answer: dict[str, Any]) -> Envelope[MoneyOut]:
    return ok(MoneyOut.model_validate(answer))


def _stake_call(body: BetIn | BetWinIn) -> MoneyCall:
    """The stake of a bet, or of a combined bet-and-win, as the services take it."""
    return MoneyCall(
        tx_id=body.tx_id,
        round_id=body.round_id,
        amount=parse_amount(body.amount),
        session_token=body.session_token,
        game_code=body.game_code,
    )


@router.post(f"/{protocol.BET}", operation_id="vendorBet", summary="Debit a bet (idempotent by txId)")
async def bet(body: BetIn, caller: CallerDep, session: SessionDep) -> Envelope[MoneyOut]:
    return _money(await seamless.bet(session, caller, _stake_call(body)))


@router.post(
    f"/{protocol.WIN}",
    operation_id="vendorWin",
    summary="Credit a win, zero to close a lost round (idempotent by txId)",
)
async def win(body: WinIn, caller: CallerDep, session: SessionDep) -> Envelope[MoneyOut]:
    call = MoneyCall(
        tx_id=body.tx_id,
        round_id=body.round_id,
        amount=parse_amount(body.amount, allow_zero=True),
        session_token=body.session_token,
        player_id=body.player_id,
    )
    return _money(await seamless.win(session, caller, call))


@router.post(
    f"/{protocol.ROLLBACK}",
    operation_id="vendorRollback",
    summary="Refund a bet, or refuse it in advance if unseen",
)
async def rollback(body: RollbackIn, caller: CallerDep, session: SessionDep) -> Envelope[MoneyOut]:
    call = MoneyCall(
        tx_id=body.tx_id,
        round_id=body.round_id,
        amount=0,
        session_token=body.session_token,
        player_id=body.player_id,
        bet_tx_id=body.bet_tx_id,
    )
    return _money(await seamless.rollback(session, caller, call))


@router.post(
    f"/{protocol.BET_WIN}",
    operation_id="vendorBetWin",
    summary="Debit a stake and credit its win in one call, an instant game's round (idempotent by txId)",
)
async def bet_win(body: BetWinIn, caller: CallerDep, session: SessionDep) -> Envelope[MoneyOut]:
    win = parse_amount(body.win, field="win", allow_zero=True)
    return _money(await seamless_round.bet_win(session, caller, _stake_call(body), win))


Handler = Callable[[Any, Caller, AsyncSession], Awaitable[Envelope[Any]]]

# Each action's body and handler: the routes above as server.games.seamless_direct calls them for the house
# inside this process.
HANDLERS: dict[str, tuple[type[WireModel], Handler]] = {
    protocol.AUTHENTICATE: (AuthenticateIn, authenticate),
    protocol.BALANCE: (BalanceIn, balance),
    protocol.BET: (BetIn, bet),
    protocol.WIN: (WinIn, win),
    protocol.ROLLBACK: (RollbackIn, rollback),
    protocol.BET_WIN: (BetWinIn, bet_win),
}
