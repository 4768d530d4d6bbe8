"""The one remote-bet flow every house game moves money with, when the wallet's answers go missing: each bet
is rolled back once, or paid once, and the portal's ledger stays balanced."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from server.db.base import utcnow
from server.db.session import Database
from server.house import instant, remote_bets, tables
from server.house.app import House
from server.house.models import HouseRound, HouseSession, HouseTableBet, HouseTableRound
from server.house.wallet_client import NO_ENVELOPE, WalletClient, WalletError
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import open_game

pytestmark = pytest.mark.usefixtures("demo")
Hook = Callable[[], Awaitable[None]]


class Flaky(WalletClient):
    """The real wallet client, counting calls by action; an action in `lost` reaches the wallet but its answer
    never comes back (a timeout), one in `unsent` fails on the way (a proxy's error page); `before` and
    `after` run someone else's step just before an action goes out, or before its answer comes back."""

    def __init__(
        self,
        inner: WalletClient,
        *,
        lost: tuple[str, ...] = (),
        unsent: tuple[str, ...] = (),
        before: dict[str, Hook] | None = None,
        after: dict[str, Hook] | None = None,
    ) -> None:
        self._inner = inner
        self.lost, self.unsent = lost, unsent
        self.before, self.after = before or {}, after or {}
        self.calls: list[str] = []

    async def call(self, merchant: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(action)
        if action in self.before:
            await self.before[action]()
        if action in self.unsent:
            raise WalletError(502, NO_ENVELOPE, "<html>Bad gateway</html>", None)
        answer = await self._inner.call(merchant, action, body)
        if action in self.after:
            await self.after[action]()
        if action in self.lost:
            raise httpx.ReadTimeout("the answer was lost")
        return answer


async def seated(
    client: httpx.AsyncClient, db: Database, app: FastAPI, code: str, funds: int
) -> tuple[House, HouseSession]:
    """player1, given `funds`, at game `code`: the house and the player's session there."""
    await fund(db, "demo", "player1", funds, f"dep-{code}")
    opened = await open_game(client, db, code)
    async with db.read_session() as read:
        found = await read.scalar(select(HouseSession).order_by(HouseSession.id.desc()))
    assert found is not None
    assert found.game_code == opened["game"]["code"]
    return app.state.house, found


async def balance(wallet: WalletClient, hs: HouseSession) -> int:
    answer = await wallet.call(hs.merchant_code, "balance", {"sessionToken": hs.wallet_session})
    return parse_amount(answer["balance"], allow_zero=True)


async def round_statuses(db: Database) -> list[str]:
    async with db.read_session() as read:
        return list(await read.scalars(select(HouseRound.status).order_by(HouseRound.id)))


async def age_rounds(db: Database) -> None:
    async with db.session() as session:
        await session.execute(update(HouseRound).values(created_at=utcnow() - timedelta(minutes=5)))


def late_bet_win(hs: HouseSession, ref: str) -> dict[str, Any]:
    """The round's betWin as the house sent it, arriving late."""
    return {
        "sessionToken": hs.wallet_session,
        "txId": f"{ref}:bet",
        "roundId": ref,
        "amount": "2.00",
        "win": "0.00",
    }


async def only_round(db: Database) -> HouseRound:
    async with db.read_session() as read:
        row: HouseRound | None = await read.scalar(select(HouseRound))
    assert row is not None
    return row


async def test_a_round_whose_call_never_arrived_is_rolled_back_once(
    client: httpx.AsyncClient, db: Database, app: FastAPI
) -> None:
    house, hs = await seated(client, db, app, "slot-golden-dragon", 10_00)
    flaky = Flaky(house.wallet, unsent=("betWin",))
    with pytest.raises(AppError) as refused:
        await instant.play(db, flaky, hs, {"lineBet": "0.10"})
    assert refused.value.code == "SERVICE_UNAVAILABLE"
    assert flaky.calls == ["betWin", "rollback"]
    assert await round_statuses(db) == ["VOID"]
    assert await balance(house.wallet, hs) == 10_00
    # The sweeper finds nothing left to do: one rollback, not two.
    await age_rounds(db)
    assert await instant.void_stale_rounds(db, flaky) == 0
    assert flaky.calls == ["betWin", "rollback"]
    # The call, should it arrive after all, is refused: the rollback went first.
    with pytest.raises(WalletError, match="BET_ROLLED_BACK"):
        await house.wallet.call("demo", "betWin", late_bet_win(hs, (await only_round(db)).round_ref))
    await ledger_is_clean(db)


async def test_a_round_whose_answer_was_lost_is_kept_not_rolled_back(
    client: httpx.AsyncClient, db: Database, app: FastAPI
) -> None:
    house, hs = await seated(client, db, app, "highcard-1", 10_00)
    flaky = Flaky(house.wallet, lost=("betWin",))
    with pytest.raises(AppError, match="SERVICE_UNAVAILABLE"):
        await instant.play(db, flaky, hs, {"stake": "5.00"})
    # The rollback was refused (the round has its win): only the answer had been lost, and the round stands.
    assert flaky.calls == ["betWin", "rollback"]
    row = await only_round(db)
    assert row.status == "SETTLED"
    assert await balance(house.wallet, hs) == 10_00 - 5_00 + row.win
    await age_rounds(db)
    assert await instant.void_stale_rounds(db, house.wallet) == 0
    await ledger_is_clean(db)


@pytest.mark.parametrize("arrived", [True, False], ids=["went-through", "never-arrived"])
async def test_a_round_whose_rollback_also_fails_is_left_to_the_sweeper(
    client: httpx.AsyncClient, db: Database, app: FastAPI, arrived: bool
) -> None:
    house, hs = await seated(client, db, app, "highcard-1", 10_00)
    flaky = Flaky(
        house.wallet,
        lost=("betWin",) if arrived else (),
        unsent=("rollback",) + (() if arrived else ("betWin",)),
    )
    with pytest.raises(AppError, match="SERVICE_UNAVAILABLE"):
        await instant.play(db, flaky, hs, {"stake": "5.00"})
    row = await only_round(db)
    assert row.status == "PENDING"
    paid = 10_00 - 5_00 + row.win
    assert await balance(house.wallet, hs) == (paid if arrived else 10_00)
    assert await instant.void_stale_rounds(db, house.wallet) == 0  # not stale yet
    await age_rounds(db)
    assert await instant.void_stale_rounds(db, house.wallet) == 1
    # The sweeper's rollback: refused for a round that went through (kept, paid), a refund-in-advance if not.
    assert await round_statuses(db) == (["SETTLED"] if arrived else ["VOID"])
    assert await balance(house.wallet, hs) == (paid if arrived else 10_00)
    assert await instant.void_stale_rounds(db, house.wallet) == 0
    await ledger_is_clean(db)


async def test_a_round_the_sweeper_refused_first_is_closed_void(
    client: httpx.AsyncClient, db: Database, app: FastAPI
) -> None:
    house, hs = await seated(client, db, app, "highcard-1", 10_00)

    async def sweeper_first() -> None:
        row = await only_round(db)
        await remote_bets.roll_back(db, house.wallet, instant.BOOK, instant.BOOK.view(row))

    flaky = Flaky(house.wallet, before={"betWin": sweeper_first})
    with pytest.raises(AppError, match="BETTING_CLOSED"):
        await instant.play(db, flaky, hs, {"stake": "5.00"})
    assert await round_statuses(db) == ["VOID"]
    assert await balance(house.wallet, hs) == 10_00
    await ledger_is_clean(db)


async def table_bet(db: Database, hs: HouseSession, round_no: int, bet_on: str, stake: int) -> HouseTableBet:
    bet = tables.new_bet(hs, round_no, bet_on, stake)
    async with db.session() as session:
        session.add(bet)
    return bet


async def test_a_table_round_no_dealer_dealt_is_settled_rollbacks_first(
    client: httpx.AsyncClient, db: Database, app: FastAPI, emitted: list[tuple[str, str | None, Any]]
) -> None:
    house, hs = await seated(client, db, app, "baccarat-a", 100_00)
    secret = house.settings.house_table_secret
    round_no = house.clock.round_at(time.time()) - 5  # long closed, and never dealt
    placed = await table_bet(db, hs, round_no, "BANKER", 10_00)
    assert await remote_bets.place(db, house.wallet, tables.BOOK, tables.BOOK.view(placed)) == "OPEN"
    # A second bet on the same (shared) wallet round, debited, then the process died before its row moved.
    stranded = await table_bet(db, hs, round_no, "PLAYER", 5_00)
    view = tables.BOOK.view(stranded)
    await house.wallet.call(
        "demo",
        "bet",
        {"sessionToken": hs.wallet_session, "txId": view.bet_tx, "roundId": view.round_id, "amount": "5.00"},
    )
    assert await balance(house.wallet, hs) == 85_00

    # The dealer deals only the rounds just closed; the sweeper finds the ones left behind.
    await tables.deal_due_rounds(db, house.wallet, house.clock, secret, time.time())
    assert await balance(house.wallet, hs) == 85_00
    assert await tables.settle_left_behind(db, house.wallet, house.clock, secret, time.time()) == 1
    outcome = tables.deal(secret, "demo", hs.game_code, round_no)["outcome"]
    paid = {"PLAYER": 0, "BANKER": 19_50, "TIE": 10_00}[outcome]
    async with db.read_session() as read:
        bets = {b.id: b for b in await read.scalars(select(HouseTableBet))}
        dealt = await read.scalar(select(HouseTableRound).where(HouseTableRound.round_no == round_no))
    assert bets[stranded.id].status == "VOID"
    assert (bets[placed.id].status, bets[placed.id].win) == (
        {"PLAYER": "LOST", "BANKER": "WON", "TIE": "PUSH"}[outcome],
        paid,
    )
    assert dealt is not None
    assert dealt.settled_at is not None
    assert await balance(house.wallet, hs) == 90_00 + paid
    # Nothing is left for the next dealer, and the result went out once.
    assert await tables.settle_left_behind(db, house.wallet, house.clock, secret, time.time()) == 0
    assert await balance(house.wallet, hs) == 90_00 + paid
    results = [p for e, _, p in emitted if e == tables.RESULT_EVENT and p["roundNo"] == round_no]
    assert len(results) == 1
    await ledger_is_clean(db)


@pytest.mark.parametrize("dealt", ["before-the-debit", "before-the-answer"])
async def test_a_table_bet_the_dealer_rolled_back_meanwhile_is_refused(
    client: httpx.AsyncClient, db: Database, app: FastAPI, dealt: str
) -> None:
    house, hs = await seated(client, db, app, "baccarat-a", 100_00)
    secret = house.settings.house_table_secret
    round_no = house.clock.round_at(time.time()) - 10
    betting_time = house.clock.opens(round_no) + 1

    async def dealer() -> None:  # the round closes and is dealt while the debit is on its way
        await tables.settle_round(
            db, house.wallet, secret, hs.merchant_id, "demo", hs.game_code, round_no, {}
        )

    hooks: dict[str, Hook] = {"bet": dealer}
    early = dealt == "before-the-debit"
    flaky = Flaky(house.wallet, before=hooks if early else None, after=None if early else hooks)
    with pytest.raises(AppError, match="BETTING_CLOSED"):
        await tables.place_bet(db, flaky, house.clock, hs, round_no, "TIE", 10_00, betting_time)
    async with db.read_session() as read:
        assert list(await read.scalars(select(HouseTableBet.status))) == ["VOID"]
    assert await balance(house.wallet, hs) == 100_00
    await ledger_is_clean(db)
