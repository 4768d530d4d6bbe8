"""What the protection tests share: setting limits as the member does, moving a waiting change's clock, and
betting as a vendor does (the seamless API every game's stakes go through)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx

from server.db.session import Database
from server.protection import limits
from tests.games.support import game_id, launch_token, vendor_call
from tests.support.portal import Portal, ok


async def set_limit(portal: Portal, kind: str, period: str, amount: str | None) -> httpx.Response:
    return await portal.call(
        "PUT", "/wps/protection/limits", {"kind": kind, "period": period, "amount": amount}
    )


def limit(protection: dict[str, Any], kind: str, period: str) -> dict[str, Any]:
    return next(row for row in protection["limits"] if row["kind"] == kind and row["period"] == period)


async def protection(portal: Portal) -> dict[str, Any]:
    answer: dict[str, Any] = ok(await portal.call("GET", "/wps/protection"))
    return answer


async def age_pending(db: Database, member_id: int, by: timedelta) -> None:
    """The member's waiting changes as if `by` had passed since they were asked for."""
    async with db.session() as session:
        await limits.age_pending(session, member_id, by)


async def vendor_session(client: httpx.AsyncClient, db: Database, portal: Portal) -> str:
    """A launch of the house slot and the vendor's authenticate: the session token its bets carry."""
    body = {"gameId": await game_id(db, "demo", "slot-golden-dragon")}
    launched = ok(await portal.call("POST", "/wps/game/launchGame", body))
    player = await vendor_call(client, "authenticate", {"launchToken": launch_token(launched["game_url"])})
    return str(ok(player)["sessionToken"])


async def vendor_bet(client: httpx.AsyncClient, token: str, tx: str, amount: str) -> httpx.Response:
    return await vendor_call(
        client, "bet", {"sessionToken": token, "txId": tx, "roundId": f"r-{tx}", "amount": amount}
    )


async def vendor_win(
    client: httpx.AsyncClient, token: str, tx: str, bet_tx: str, amount: str
) -> httpx.Response:
    return await vendor_call(
        client, "win", {"sessionToken": token, "txId": tx, "roundId": f"r-{bet_tx}", "amount": amount}
    )
