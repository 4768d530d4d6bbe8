"""The house's seamless calls inside the portal's process (server.games.seamless_direct) are answered exactly
as over HTTP: the same status and envelope for the same call, successes and every kind of refusal alike,
with the same signature check. Two players with the same money make the same calls, one over HTTP and one
in process, on both backends; the ledger stays balanced."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from server.games.provision import default_house_secret
from server.games.seamless_direct import SeamlessInProcess
from server.house.config import merchant_secret
from server.seamless.signing import Signed, sign
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.games.test_seamless_api import launched
from tests.games.test_seamless_bet_win import bet_win

pytestmark = pytest.mark.usefixtures("demo")
Body = Callable[[dict[str, Any], str], dict[str, Any]]


async def in_process(
    direct: SeamlessInProcess, action: str, body: dict[str, Any], secret: str | None = None
) -> tuple[int, dict[str, Any]]:
    path = f"/wps/seamless/demo/HOUSE/{action}"
    raw = json.dumps(body).encode()
    now = int(time.time())
    key = secret if secret is not None else merchant_secret(default_house_secret(), "demo")
    return await direct.post(Signed("POST", path, raw, str(now), sign(key, now, "POST", path, raw)))


def rollback(player: dict[str, Any], tx: str, bet_tx: str, rnd: str) -> dict[str, Any]:
    return {"sessionToken": player["sessionToken"], "txId": tx, "betTxId": bet_tx, "roundId": rnd}


CALLS: list[tuple[str, Body, str | None]] = [
    ("betWin", lambda p, x: bet_win(p, f"{x}t1", "10.00", "25.50"), None),
    ("betWin", lambda p, x: bet_win(p, f"{x}t1", "10.00", "25.50"), None),  # a replay: the first answer
    ("betWin", lambda p, x: bet_win(p, f"{x}t1", "11.00", "25.50"), None),  # the same id, another stake
    ("betWin", lambda p, x: bet_win(p, f"{x}t2", "500.00", "0", "r2"), None),  # more than the balance
    ("rollback", lambda p, x: rollback(p, f"{x}t1-rb", f"{x}t1", "r1"), None),  # its round has a win
    ("rollback", lambda p, x: rollback(p, f"{x}t3-rb", f"{x}t3", "r3"), None),  # first: refuses t3 in advance
    ("betWin", lambda p, x: bet_win(p, f"{x}t3", "1.00", "0", "r3"), None),
    ("betWin", lambda p, x: bet_win(p, f"{x}t 4", "1.00", "0", "r4"), None),  # outside the id alphabet
    ("betWin", lambda p, x: bet_win(p, f"{x}t5", "1.00", "0", "r5"), "not the secret"),
    ("betWin", lambda p, x: bet_win(p, f"{x}t6", "1.00", "0", "r6") | {"sessionToken": "x" * 40}, None),
    ("balance", lambda p, x: {"sessionToken": p["sessionToken"]}, None),
]


async def test_a_call_in_process_is_answered_as_over_http(
    app: FastAPI, client: httpx.AsyncClient, db: Any
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-ip1")
    await fund(db, "demo", "player2", 100_00, "dep-ip2")
    over_http = await launched(client, db, "player1")
    inside = await launched(client, db, "player2")
    direct = SeamlessInProcess(app.state)
    codes = []
    for action, body, secret in CALLS:
        # Transaction ids are the merchant's: each player's calls take their own.
        http = await vendor_call(client, action, body(over_http, "h-"), secret=secret)
        answer = await in_process(direct, action, body(inside, "i-"), secret)
        expected = json.loads(http.text.replace('"h-', '"i-'))
        assert answer == (http.status_code, expected), (action, body(inside, "i-"))
        codes.append(answer[1]["errorCode"])
    assert codes == [
        None,
        None,
        "VENDOR_TX_CONFLICT",
        "INSUFFICIENT_FUNDS",
        "ROUND_SETTLED",
        None,
        "BET_ROLLED_BACK",
        "VALIDATION_ERROR",
        "VENDOR_SIGNATURE",
        "VENDOR_SESSION_INVALID",
        None,
    ]
    await ledger_is_clean(db)


async def test_a_path_that_names_no_action_is_not_found(app: FastAPI) -> None:
    direct = SeamlessInProcess(app.state)
    for path in ("/wps/seamless/demo/HOUSE/transfer", "/wps/seamless/demo/betWin", "/elsewhere/a/b/c"):
        status, envelope = await direct.post(Signed("POST", path, b"{}", str(int(time.time())), "0" * 64))
        assert (status, envelope["errorCode"]) == (404, "NOT_FOUND")
