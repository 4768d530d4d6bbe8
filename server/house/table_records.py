"""What a shared table shows of its past: the table's last dealt rounds (its road), the member's bets around
the current round, and the member's own rounds at the table from the records, so that a table reopened in a
new session still shows what the member played there.

The member is the portal's player (the wallet's playerId), whatever launch opened the session; a visitor's
free play is its session's alone (each launch starts a fresh play-money purse)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, select

from server.db.session import Database
from server.house.models import HouseSession, HouseTableBet, HouseTableRound
from server.house.tables import VOID, game_of
from server.http.core.money import format_amount

ROAD_ROUNDS = 20
MY_ROUNDS = 20
# The state's own bets: the round open now and the one being settled (its result is shown with them).
STATE_ROUNDS = 2


def _mine(hs: HouseSession) -> ColumnElement[bool]:
    if hs.player_id is None:
        return HouseTableBet.session_id == hs.id
    return HouseTableBet.player_id == hs.player_id


def _bet_row(bet: HouseTableBet) -> dict[str, Any]:
    return {
        "id": bet.id,
        "roundNo": bet.round_no,
        "betOn": bet.bet_on,
        "stake": format_amount(bet.stake),
        "status": bet.status,
        "win": format_amount(bet.win),
    }


async def history(db: Database, merchant_id: int, table: str) -> list[dict[str, Any]]:
    async with db.read_session() as read:
        rows = await read.scalars(
            select(HouseTableRound)
            .where(
                HouseTableRound.merchant_id == merchant_id,
                HouseTableRound.table_code == table,
                HouseTableRound.settled_at.is_not(None),
            )
            .order_by(HouseTableRound.round_no.desc())
            .limit(ROAD_ROUNDS)
        )
        keys = game_of(table).history_keys
        return [{k: r.result[k] for k in keys} for r in rows]


async def my_bets(db: Database, hs: HouseSession, current_round: int) -> list[dict[str, Any]]:
    """The member's bets of this round and the one before it, newest first (from any of their sessions)."""
    async with db.read_session() as read:
        rows = await read.scalars(
            select(HouseTableBet)
            .where(
                HouseTableBet.merchant_id == hs.merchant_id,
                HouseTableBet.table_code == hs.game_code,
                HouseTableBet.round_no > current_round - STATE_ROUNDS,
                _mine(hs),
            )
            .order_by(HouseTableBet.id.desc())
        )
        return [_bet_row(b) for b in rows]


async def my_rounds(db: Database, hs: HouseSession) -> list[dict[str, Any]]:
    """The member's last rounds at this table, newest first: each round's bets with what they staked and
    won, and what the round dealt (the table's road fields) once it is settled, else null. A member's
    rounds are read by index (ix_house_table_bets_player; a visitor's by its session), however long ago."""
    at_table = (
        HouseTableBet.merchant_id == hs.merchant_id,
        HouseTableBet.table_code == hs.game_code,
        _mine(hs),
        # A bet the wallet refused or rolled back never played.
        HouseTableBet.status != VOID,
    )
    async with db.read_session() as read:
        round_nos = list(
            await read.scalars(
                select(HouseTableBet.round_no)
                .where(*at_table)
                .group_by(HouseTableBet.round_no)
                .order_by(HouseTableBet.round_no.desc())
                .limit(MY_ROUNDS)
            )
        )
        if not round_nos:
            return []
        bets = list(
            await read.scalars(
                select(HouseTableBet)
                .where(*at_table, HouseTableBet.round_no.in_(round_nos))
                .order_by(HouseTableBet.id)
            )
        )
        settled = await read.execute(
            select(HouseTableRound.round_no, HouseTableRound.result).where(
                HouseTableRound.merchant_id == hs.merchant_id,
                HouseTableRound.table_code == hs.game_code,
                HouseTableRound.round_no.in_(round_nos),
                HouseTableRound.settled_at.is_not(None),
            )
        )
        dealt = {round_no: result for round_no, result in settled}
    keys = game_of(hs.game_code).history_keys
    rounds = []
    for round_no in round_nos:
        of_round = [b for b in bets if b.round_no == round_no]
        result = dealt.get(round_no)
        rounds.append(
            {
                "roundNo": round_no,
                "stake": format_amount(sum(b.stake for b in of_round)),
                "win": format_amount(sum(b.win for b in of_round)),
                "bets": [_bet_row(b) for b in of_round],
                "result": {k: result[k] for k in keys} if result is not None else None,
            }
        )
    return rounds
