"""The combined bet-and-win (`betWin`) over HTTP, on both backends: it moves the stake and the win in one call
and pushes the balance once; a replay gets the first answer; the same id with another stake, another win or
a two-call bet's id is a flagged conflict; a rollback of it is ROUND_SETTLED; a rollback that came first
refuses it; a refused stake moves nothing; the settled bet reaches the extension point's subscribers once,
after COMMIT; the ledger stays balanced (postings sum to zero, balances equal postings)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from realtime import events
from server.db import after_commit
from server.db.session import Database
from server.games import settled
from server.games.models import BetRecord, VendorTransaction
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.games.test_seamless_api import bet, launched
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
Sent = list[tuple[str, str | None, Any]]


def bet_win(player: dict[str, Any], tx: str, amount: str, win: str, rnd: str = "r1") -> dict[str, Any]:
    return {"sessionToken": player["sessionToken"], "txId": tx, "roundId": rnd, "amount": amount, "win": win}


async def balance(client: httpx.AsyncClient, player: dict[str, Any]) -> str:
    return str(ok(await vendor_call(client, "balance", {"sessionToken": player["sessionToken"]}))["balance"])


async def test_a_round_in_one_call_moves_stake_and_win_and_pushes_once(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    member_id = await fund(db, "demo", "player1", 100_00, "dep-bw1")
    player = await launched(client, db)
    emitted.clear()
    answer = ok(await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "25.50")))
    assert answer == {"txId": "t1", "balance": "115.50", "currency": answer["currency"]}
    await after_commit.drain()
    pushes = [p for e, room, p in emitted if e == events.BALANCE and room == events.user_room(member_id)]
    assert pushes == [{"sumBalance": "115.50"}]
    # A lost round: the stake only.
    assert (
        ok(await vendor_call(client, "betWin", bet_win(player, "t2", "5.00", "0", "r2")))["balance"]
        == "110.50"
    )
    async with db.read_session() as session:
        records = {
            r.round_id: (r.bet_amount, r.win_amount, r.status)
            for r in await session.scalars(select(BetRecord).where(BetRecord.member_id == member_id))
        }
        rows = {
            (t.tx_id, t.kind, t.amount)
            for t in await session.scalars(
                select(VendorTransaction).where(VendorTransaction.member_id == member_id)
            )
        }
    assert records == {"r1": (10_00, 25_50, "SETTLED"), "r2": (5_00, 0, "SETTLED")}
    assert rows == {("t1", "BET", 10_00), ("t1#win", "WIN", 25_50), ("t2", "BET", 5_00), ("t2#win", "WIN", 0)}
    await ledger_is_clean(db)


async def test_replays_conflicts_and_rollbacks_follow_the_two_calls_rules(
    client: httpx.AsyncClient, db: Database
) -> None:
    await fund(db, "demo", "player1", 100_00, "dep-bw2")
    player = await launched(client, db)
    first = ok(await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "30.00")))
    # The same call again: the first answer, nothing moved.
    assert ok(await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "30.00"))) == first
    assert await balance(client, player) == "120.00"
    # The same id asking for another stake, another win, or as a two-call bet: refused and flagged.
    for other in (bet_win(player, "t1", "11.00", "30.00"), bet_win(player, "t1", "10.00", "31.00")):
        failed(await vendor_call(client, "betWin", other), 409, "VENDOR_TX_CONFLICT")
    failed(await bet(client, player, "t1", "10.00"), 409, "VENDOR_TX_CONFLICT")
    # And a two-call bet's id used for a combined call.
    assert ok(await bet(client, player, "b1", "1.00", rnd="rb"))
    failed(
        await vendor_call(client, "betWin", bet_win(player, "b1", "1.00", "0", "rb")),
        409,
        "VENDOR_TX_CONFLICT",
    )
    assert await balance(client, player) == "119.00"
    # A rollback of a combined call: its round is settled.
    pid = player["playerId"]
    back = {"playerId": pid, "txId": "x1", "betTxId": "t1", "roundId": "r1"}
    failed(await vendor_call(client, "rollback", back), 409, "ROUND_SETTLED")
    # A rollback that arrives first leaves a tombstone: the combined call is refused and moves nothing.
    early = {"playerId": pid, "txId": "x2", "betTxId": "t2", "roundId": "r2"}
    ok(await vendor_call(client, "rollback", early))
    failed(
        await vendor_call(client, "betWin", bet_win(player, "t2", "5.00", "50.00", "r2")),
        409,
        "BET_ROLLED_BACK",
    )
    assert await balance(client, player) == "119.00"
    async with db.read_session() as session:
        flagged = set(
            await session.scalars(select(VendorTransaction.tx_id).where(VendorTransaction.flagged.is_(True)))
        )
    assert flagged == {"t1", "b1"}
    await ledger_is_clean(db)


async def test_a_stake_the_player_cannot_cover_moves_nothing(client: httpx.AsyncClient, db: Database) -> None:
    await fund(db, "demo", "player1", 5_00, "dep-bw3")
    player = await launched(client, db)
    # The win would cover it, but a win never pays for its own stake.
    refused = failed(
        await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "100.00")),
        422,
        "INSUFFICIENT_FUNDS",
    )
    assert refused == {"balance": "5.00"}
    assert await balance(client, player) == "5.00"
    # The id was not taken: the same call with a stake it can cover goes through.
    assert ok(await vendor_call(client, "betWin", bet_win(player, "t1", "5.00", "0")))["balance"] == "0.00"
    failed(
        await vendor_call(client, "betWin", {**bet_win(player, "t9", "1.00", "-1")}), 422, "VALIDATION_ERROR"
    )
    failed(
        await vendor_call(client, "betWin", {**bet_win(player, "t9", "0", "1.00")}), 422, "VALIDATION_ERROR"
    )
    failed(
        await vendor_call(client, "betWin", {**bet_win(player, "t9", "1.00", "0"), "sessionToken": "n" * 20}),
        401,
        "VENDOR_SESSION_INVALID",
    )
    await ledger_is_clean(db)


async def test_a_settled_bet_reaches_its_subscribers_once_after_commit(
    client: httpx.AsyncClient, db: Database
) -> None:
    member_id = await fund(db, "demo", "player1", 100_00, "dep-bw4")
    player = await launched(client, db)
    seen: list[settled.SettledBet] = []

    async def subscriber(bet: settled.SettledBet) -> None:
        seen.append(bet)

    async def failing(bet: settled.SettledBet) -> None:
        raise RuntimeError("a subscriber's failure stays its own")

    detach = [settled.subscribe(failing), settled.subscribe(subscriber)]
    try:
        ok(await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "4.00")))
        ok(await vendor_call(client, "betWin", bet_win(player, "t1", "10.00", "4.00")))  # a replay: not again
        failed(
            await vendor_call(client, "betWin", bet_win(player, "t2", "500.00", "0", "r2")),
            422,
            "INSUFFICIENT_FUNDS",
        )
        # The two-call path publishes at its win.
        ok(await bet(client, player, "b1", "2.00", rnd="r3"))
        ok(
            await vendor_call(
                client,
                "win",
                {"sessionToken": player["sessionToken"], "txId": "w1", "roundId": "r3", "amount": "0"},
            )
        )
        await after_commit.drain()
    finally:
        for undo in detach:
            undo()
    assert [(b.member_id, b.round_id, b.stake, b.win) for b in seen] == [
        (member_id, "r1", 10_00, 4_00),
        (member_id, "r3", 2_00, 0),
    ]
    assert settled.subscribers() == 0
