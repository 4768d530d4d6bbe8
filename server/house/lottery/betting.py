"""Placing lottery bets and listing them. A slip is written PENDING before its stake is debited through the
wallet API and turns OPEN once the wallet has answered, so a crash in between leaves a row the draw finds and
rolls back, never a stake nobody knows about."""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from server.db.session import Database
from server.house import remote_bets
from server.house.lottery import issues, results, schedule
from server.house.lottery.catalogue import GAMES_BY_CODE, LotteryGame, PlayType
from server.house.lottery.models import LOST, OPEN, PENDING, PLACED, VOID, WON, LotteryBet, LotteryIssue
from server.house.lottery.results import Tiers
from server.house.models import HouseSession
from server.house.wallet_client import WalletClient
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount

# A bet that reaches us in the last half second before closing could still be in the wallet at the close.
CLOSING_MARGIN = timedelta(milliseconds=500)
PAGE_SIZE = 20


@dataclass(frozen=True)
class Slip:
    game_code: str
    issue_no: str
    prize_mode: str
    play_type: str
    picks: list[str]
    stake: str


def _invalid(field: str, kind: str = "invalid") -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": kind}]})


def _checked_picks(play: PlayType, picks: list[str]) -> list[str]:
    pick = play.pick
    if not picks or len(picks) > pick.max_count or len(set(picks)) != len(picks):
        raise _invalid("numbers", "count")
    for value in picks:
        if pick.kind == "option":
            ok = value in pick.options
        else:
            ok = len(value) == pick.digits and value.isascii() and value.isdigit()
        if not ok:
            raise _invalid("numbers", "pattern")
    return picks


def validate(game: LotteryGame, slip: Slip) -> tuple[PlayType, int]:
    if slip.prize_mode not in game.prize_modes:
        raise _invalid("prizeMode", "choice")
    play = game.play(slip.play_type)
    if play is None:
        raise _invalid("playType", "choice")
    _checked_picks(play, slip.picks)
    stake = parse_amount(slip.stake, field="stake")
    if not game.min_stake <= stake <= game.max_stake:
        raise _invalid("stake", "range")
    return play, stake


def game_of(code: str) -> LotteryGame:
    game = GAMES_BY_CODE.get(code)
    if game is None:
        raise AppError(errors.GAME_NOT_FOUND)
    return game


async def place(
    db: Database, wallet: WalletClient, hs: HouseSession, slip: Slip, now: datetime
) -> LotteryBet:
    if hs.game_type != "LOTTERY" or hs.player_id is None:
        # A visitor's demo session carries no wallet: the lottery is played with real (or trial) money only.
        raise AppError(errors.UNAUTHORIZED if hs.demo else errors.HOUSE_SESSION_INVALID)
    game = game_of(slip.game_code)
    play, stake = validate(game, slip)
    window = schedule.by_issue_no(game, slip.issue_no)
    if window is None or not window.taking_bets(now) or now >= window.closes_at - CLOSING_MARGIN:
        raise AppError(errors.BETTING_CLOSED)
    issue = (await issues.ensure(db, [window]))[(game.code, window.issue_no)]
    if issue.status != OPEN:
        raise AppError(errors.BETTING_CLOSED)
    token = secrets.token_hex(8)
    bet = LotteryBet(
        merchant_id=hs.merchant_id,
        game_code=game.code,
        issue_no=window.issue_no,
        session_id=hs.id,
        merchant_code=hs.merchant_code,
        player_id=hs.player_id,
        wallet_session=hs.wallet_session,
        prize_mode=slip.prize_mode,
        play_type=play.code,
        picks=list(slip.picks),
        stake=stake,
        total=stake * len(slip.picks),
        odds=play.odds[slip.prize_mode],
        tx_id=f"L{hs.merchant_code}.{token}",
        status=PENDING,
        hits={},
    )
    async with db.session() as session:
        session.add(bet)
    bet.status = await remote_bets.place(db, wallet, BOOK, _remote(bet))
    return bet


def round_ref(bet: LotteryBet) -> str:
    """The wallet round of a slip: one stake, one win."""
    return f"L.{bet.game_code}.{bet.issue_no}.{bet.tx_id.rsplit('.', 1)[-1]}"


def _remote(bet: LotteryBet) -> remote_bets.RemoteBet:
    return remote_bets.RemoteBet(
        row_id=bet.id,
        status=bet.status,
        merchant=bet.merchant_code,
        player_id=bet.player_id,
        session_token=bet.wallet_session,
        round_id=round_ref(bet),
        bet_tx=bet.tx_id,
        key=bet.tx_id,
        amount=bet.total,
        game_code=bet.game_code,
    )


BOOK = remote_bets.Book(
    LotteryBet,
    LotteryBet.id,
    LotteryBet.status,
    LotteryBet.created_at,
    _remote,
    placed=PLACED,
    stamps_settled_at=True,
)


STATUS_FILTERS = {
    "ALL": (PENDING, PLACED, WON, LOST, VOID),
    "OPEN": (PENDING, PLACED),
    "SETTLED": (WON, LOST, VOID),
}


async def history(
    db: Database, merchant_id: int, player_id: str, status: str, page: int
) -> tuple[list[LotteryBet], int]:
    wanted = STATUS_FILTERS.get(status)
    if wanted is None:
        raise _invalid("status", "choice")
    where = (
        LotteryBet.merchant_id == merchant_id,
        LotteryBet.player_id == player_id,
        LotteryBet.status.in_(wanted),
    )
    async with db.read_session() as read:
        total = await read.scalar(select(func.count()).select_from(LotteryBet).where(*where)) or 0
        rows = list(
            await read.scalars(
                select(LotteryBet)
                .where(*where)
                .order_by(LotteryBet.id.desc())
                .offset((max(page, 1) - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        )
    return rows, max(1, math.ceil(total / PAGE_SIZE))


async def sheets_of(db: Database, bets: list[LotteryBet]) -> dict[tuple[str, str], Tiers]:
    """The drawn sheets of the issues these bets are on (those drawn yet)."""
    wanted = {(b.game_code, b.issue_no) for b in bets}
    if not wanted:
        return {}
    async with db.read_session() as session:
        rows = await session.execute(
            select(LotteryIssue.game_code, LotteryIssue.issue_no, LotteryIssue.tiers).where(
                LotteryIssue.game_code.in_({g for g, _ in wanted}),
                LotteryIssue.issue_no.in_({i for _, i in wanted}),
                LotteryIssue.tiers.is_not(None),
            )
        )
        return {(g, i): tiers for g, i, tiers in rows if (g, i) in wanted and tiers}


def won_numbers(bet: LotteryBet, sheet: Tiers | None) -> list[dict[str, Any]]:
    """The prize numbers a won bet won on, as (tier, index in the tier), for the sheet to mark."""
    game = GAMES_BY_CODE.get(bet.game_code)
    play = game.play(bet.play_type) if game else None
    if bet.status != WON or not sheet or game is None or play is None:
        return []
    places = {place for pick in bet.picks for place in results.winning_positions(game, play, pick, sheet)}
    return [{"tier": tier, "index": index} for tier, index in sorted(places)]


def bet_wire(bet: LotteryBet, language: str, sheet: Tiers | None = None) -> dict[str, Any]:
    game = GAMES_BY_CODE.get(bet.game_code)
    name = (game.names.get(language.upper()) or game.name) if game else bet.game_code
    return {
        "betId": bet.id,
        "gameCode": bet.game_code,
        "gameName": name,
        "issueNo": bet.issue_no,
        "prizeMode": bet.prize_mode,
        "playType": bet.play_type,
        "numbers": list(bet.picks),
        "stake": format_amount(bet.stake),
        "total": format_amount(bet.total),
        "odds": format_amount(bet.odds),
        "status": PLACED if bet.status == PENDING else bet.status,
        "win": format_amount(bet.win),
        "hits": dict(bet.hits or {}),
        "wonNumbers": won_numbers(bet, sheet),
        "placedAt": bet.created_at.isoformat() if bet.created_at else None,
        "settledAt": bet.settled_at.isoformat() if bet.settled_at else None,
    }


async def recent_game_codes(db: Database, merchant_id: int, player_id: str, limit: int = 10) -> list[str]:
    async with db.read_session() as read:
        rows = await read.execute(
            select(LotteryBet.game_code, func.max(LotteryBet.id).label("last"))
            .where(LotteryBet.merchant_id == merchant_id, LotteryBet.player_id == player_id)
            .group_by(LotteryBet.game_code)
            .order_by(func.max(LotteryBet.id).desc())
            .limit(limit)
        )
        return [code for code, _ in rows]


async def popular_game_codes(db: Database, merchant_id: int, since: datetime) -> list[str]:
    async with db.read_session() as read:
        rows = await read.execute(
            select(LotteryBet.game_code, func.count())
            .where(LotteryBet.merchant_id == merchant_id, LotteryBet.created_at >= since)
            .group_by(LotteryBet.game_code)
            .order_by(func.count().desc())
        )
        return [code for code, _ in rows]
