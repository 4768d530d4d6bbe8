"""What the wheel and egg tests share: a game made over the console, a member's plays earned by check-in,
and the reward centre's mini-game list."""

from __future__ import annotations

from typing import Any

import httpx

from server.db.session import Database
from tests.promotions.support import admin
from tests.support.portal import Portal, ok

GAMES = "/wps/admin/minigames/games"


def prize(
    kind: str, probability: str, *, amount: str | None = None, value: int | None = None, wager: int = 0
) -> dict[str, Any]:
    return {
        "kind": kind,
        "amount": amount,
        "value": value,
        "wagerMultiple": wager,
        "label": {"EN": f"{kind.lower()} {amount or value or ''}".strip(), "CN": "奖品"},
        "probability": probability,
    }


def game_body(prizes: list[dict[str, Any]] | None = None, **earn: Any) -> dict[str, Any]:
    return {
        "kind": "WHEEL",
        "name": {"EN": "Test wheel", "CN": "测试转盘"},
        "enabled": True,
        "earn": {"perDeposit": None, "perTurnover": None, "perCheckin": 3, **earn},
        "prizes": prizes or [prize("MONEY", "100", amount="3.00"), prize("NOTHING", "0")],
    }


async def make_game(client: httpx.AsyncClient, db: Database, body: dict[str, Any]) -> dict[str, Any]:
    return dict(ok(await client.post(GAMES, json=body, headers=await admin(db))))


async def checked_in(portal: Portal) -> None:
    ok(await portal.call("POST", "/wps/minigames/checkin", {}))


async def game_of(client: httpx.AsyncClient, portal: Portal | None, game_id: int) -> dict[str, Any]:
    headers = portal.headers() if portal is not None else {"Merchant": "demo"}
    games = ok(await client.get("/wps/minigames", headers=headers))["games"]
    return next(g for g in games if g["id"] == game_id)


async def play(portal: Portal, game_id: int, client_seed: str | None = None) -> httpx.Response:
    body = {"clientSeed": client_seed} if client_seed else {}
    return await portal.call("POST", f"/wps/minigames/games/{game_id}/play", body)


async def won(client: httpx.AsyncClient, portal: Portal) -> list[dict[str, Any]]:
    return list(ok(await client.get("/wps/member/rewards", headers=portal.headers()))["minigames"])
