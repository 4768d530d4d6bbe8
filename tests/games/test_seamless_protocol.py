"""The shared wire format (server.seamless.protocol) is the one the portal serves: its paths are the routes,
its models are the bodies the router reads, and their JSON keys are the camelCase ones vendors send."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from server.db.session import Database
from server.seamless import protocol
from tests.games.support import fund, game_id, launch_token, ledger_is_clean, vendor_call
from tests.support.accounts import token_for
from tests.support.portal import ok


def test_every_action_is_a_route_of_the_portal(app: FastAPI) -> None:
    served = set(app.openapi()["paths"])
    for action in protocol.ACTIONS:
        assert protocol.action_path("{merchant}", "{provider}", action) in served
    assert protocol.action_path("demo", "HOUSE", protocol.BET) == "/wps/seamless/demo/HOUSE/bet"
    with pytest.raises(ValueError, match="not a seamless-wallet action"):
        protocol.action_path("demo", "HOUSE", "withdraw")


def test_request_models_speak_camel_case() -> None:
    bet = protocol.BetIn(session_token="s" * 12, tx_id="t-1", round_id="r-1", amount="1.00")
    assert bet.model_dump(by_alias=True, exclude_none=True) == {
        "sessionToken": "s" * 12,
        "txId": "t-1",
        "roundId": "r-1",
        "amount": "1.00",
    }
    rollback = protocol.RollbackIn.model_validate(
        {"playerId": "7", "txId": "t-2", "betTxId": "t-1", "roundId": "r-1"}
    )
    assert (rollback.player_id, rollback.bet_tx_id, rollback.session_token) == ("7", "t-1", None)
    with pytest.raises(ValueError, match="pattern"):
        protocol.WinIn(tx_id="has space", round_id="r", amount="1.00")
    assert set(protocol.MoneyOut(balance="1.00", currency="CNY").model_dump(by_alias=True)) == {
        "txId",
        "balance",
        "currency",
    }


@pytest.mark.usefixtures("demo")
async def test_a_vendor_built_on_the_protocol_models_is_understood(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 20_00, "dep-protocol")
    headers = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    url = ok(await client.post("/wps/game/launchGame", json=body, headers=headers))["game_url"]

    def wire(model: Any) -> dict[str, Any]:
        dumped: dict[str, Any] = model.model_dump(by_alias=True, exclude_none=True)
        return dumped

    auth = wire(protocol.AuthenticateIn(launch_token=launch_token(url)))
    player = protocol.PlayerOut.model_validate(ok(await vendor_call(client, protocol.AUTHENTICATE, auth)))
    assert (player.demo, player.balance) == (False, "20.00")
    assert player.session_token is not None
    stake = protocol.BetIn(session_token=player.session_token, tx_id="pr-1", round_id="pr", amount="5.00")
    answer = protocol.MoneyOut.model_validate(ok(await vendor_call(client, protocol.BET, wire(stake))))
    assert (answer.tx_id, answer.balance) == ("pr-1", "15.00")
    await ledger_is_clean(db)
