"""Player protection (issue 34) in the house's games: a stake the wallet refuses because of a limit the member
set reaches the game's own API answer as that limit's code, with the wallet's value, so that the game screen
says why (not "insufficient balance" nor "session expired"). The wallet tells a vendor INSUFFICIENT_FUNDS with
the limit as its `reason` and the limit's value as its `detail` (server.games.seamless.insufficient); a
refusal in the limit's own code is passed on too. Nothing moves and the round is closed VOID."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from server.db.session import Database
from server.games import seamless
from server.house.app import House
from server.house.models import HouseRound, HouseTableBet
from server.house.wallet_client import WalletClient, WalletError
from server.http.core import errors
from server.http.core.errors import AppError
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.house.test_table_api import FrozenTime, frozen  # noqa: F401  (the fixture)
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import player

pytestmark = pytest.mark.usefixtures("demo")

LEFT = {"period": "DAY", "limit": "50.00", "left": "1.50"}


class Refusing(WalletClient):
    """The real wallet client, except that the debits in `actions` are refused as the wallet refuses them."""

    def __init__(
        self, inner: WalletClient, status: int, code: str, value: Any, actions: tuple[str, ...]
    ) -> None:
        self._inner = inner
        self.refusal = WalletError(status, code, "refused", value)
        self.actions = actions

    async def call(self, merchant: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
        if action in self.actions:
            raise self.refusal
        return await self._inner.call(merchant, action, body)


def said(reason: str, detail: dict[str, Any] | None, balance: int = 10_00) -> dict[str, Any]:
    """INSUFFICIENT_FUNDS's value as the seamless API writes it for a refusal of player protection."""
    value: dict[str, Any] = seamless.insufficient(
        balance, AppError(errors.CATALOGUE[reason], value=detail)
    ).value
    return value


EXCLUDED = {"kind": "TIME_OUT", "until": None, "withdrawable": "10.00"}


@pytest.mark.parametrize(
    ("status", "code", "value", "told", "status_told", "answer"),
    [
        # The seamless protocol's form: INSUFFICIENT_FUNDS, the limit in `reason`, its value in `detail`.
        (
            422,
            "INSUFFICIENT_FUNDS",
            said("LIMIT_LOSS", LEFT),
            "LIMIT_LOSS",
            409,
            {**LEFT, "balance": "10.00"},
        ),
        (
            422,
            "INSUFFICIENT_FUNDS",
            said("SESSION_LIMIT", {"endsAt": 1_764_000_000_000}),
            "SESSION_LIMIT",
            403,
            {"endsAt": 1_764_000_000_000, "balance": "10.00"},
        ),
        (422, "INSUFFICIENT_FUNDS", said("SELF_EXCLUDED", None), "SELF_EXCLUDED", 403, {"balance": "10.00"}),
        # The limit's own code.
        (409, "LIMIT_WAGER", LEFT, "LIMIT_WAGER", 409, LEFT),
        (403, "SELF_EXCLUDED", EXCLUDED, "SELF_EXCLUDED", 403, EXCLUDED),
        # Still as before: the funds themselves (a reason that is not a limit's).
        (
            422,
            "INSUFFICIENT_FUNDS",
            {"balance": "0.40", "reason": "ELSE"},
            "INSUFFICIENT_FUNDS",
            422,
            {"balance": "0.40", "reason": "ELSE"},
        ),
    ],
)
async def test_a_refused_spin_tells_the_limit(
    client: httpx.AsyncClient,
    db: Database,
    app: FastAPI,
    status: int,
    code: str,
    value: dict[str, Any],
    told: str,
    status_told: int,
    answer: dict[str, Any],
) -> None:
    house: House = app.state.house
    await fund(db, "demo", "player1", 10_00, "dep-limit-slot")
    opened = await open_game(client, db, "slot-golden-dragon")
    real = house.wallet
    house.wallet = Refusing(real, status, code, value, ("betWin",))
    try:
        told_value = failed(
            await client.post("/house/api/round", json={"lineBet": "0.10"}, headers=house_headers(opened)),
            status_told,
            told,
        )
    finally:
        house.wallet = real
    assert told_value == answer
    async with db.read_session() as read:
        assert list(await read.scalars(select(HouseRound.status))) == ["VOID"]
    assert ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"] == "10.00"
    await ledger_is_clean(db)


async def test_a_refused_table_bet_tells_the_limit(
    client: httpx.AsyncClient,
    db: Database,
    frozen: tuple[House, FrozenTime, int],  # noqa: F811
) -> None:
    house, _clock, round_no = frozen
    await fund(db, "demo", "player1", 100_00, "dep-limit-table")
    opened = await open_game(client, db, "dragon-tiger-a")
    real = house.wallet
    house.wallet = Refusing(real, 422, "INSUFFICIENT_FUNDS", said("LIMIT_WAGER", LEFT, 100_00), ("bet",))
    try:
        body = {"roundNo": round_no, "betOn": "DRAGON", "stake": "10.00"}
        answer = failed(
            await client.post("/house/api/table/bet", json=body, headers=house_headers(opened)),
            409,
            "LIMIT_WAGER",
        )
    finally:
        house.wallet = real
    assert answer == {**LEFT, "balance": "100.00"}
    async with db.read_session() as read:
        assert list(await read.scalars(select(HouseTableBet.status))) == ["VOID"]
    assert ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"] == "100.00"
    await ledger_is_clean(db)


async def test_a_spin_over_the_wager_limit_the_member_set_is_refused_with_it(
    client: httpx.AsyncClient, db: Database
) -> None:
    """The whole way: the limit set in the portal, the wallet's refusal, the house's answer to its game."""
    await fund(db, "demo", "player1", 100_00, "dep-limit-e2e")
    portal = await player(client)
    ok(
        await portal.call(
            "PUT", "/wps/protection/limits", {"kind": "WAGER", "period": "DAY", "amount": "3.00"}
        )
    )
    opened = await open_game(client, db, "slot-golden-dragon")
    spin = {"lineBet": "0.10"}  # 20 lines: 2.00 a spin
    ok(await client.post("/house/api/round", json=spin, headers=house_headers(opened)))
    told = failed(
        await client.post("/house/api/round", json=spin, headers=house_headers(opened)), 409, "LIMIT_WAGER"
    )
    assert {key: told[key] for key in ("period", "limit", "left")} == {
        "period": "DAY",
        "limit": "3.00",
        "left": "1.00",
    }
    balance = ok(await client.get("/house/api/balance", headers=house_headers(opened)))["balance"]
    assert told["balance"] == balance
    async with db.read_session() as read:
        assert sorted(await read.scalars(select(HouseRound.status))) == ["SETTLED", "VOID"]
    await ledger_is_clean(db)
