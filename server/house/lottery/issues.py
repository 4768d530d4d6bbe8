"""Issue rows: created when an issue becomes current (its seed drawn from the CSPRNG then, its hash published
from that moment), read for the countdown and the opened-number history."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError

from server.db.session import Database
from server.house.engine.fair import seed_hash
from server.house.lottery import schedule
from server.house.lottery.catalogue import GAMES, LotteryGame
from server.house.lottery.models import SETTLED, LotteryIssue

MAX_OPENED = 100


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def issue_wire(row: LotteryIssue) -> dict[str, Any]:
    return {
        "gameCode": row.game_code,
        "issueNo": row.issue_no,
        "opensAt": _iso(row.opens_at),
        "closesAt": _iso(row.closes_at),
        "drawAt": _iso(row.draw_at),
        "commitment": row.commitment,
    }


def opened_wire(row: LotteryIssue) -> dict[str, Any]:
    """A drawn issue. Its seed is shown only once the sheet is public, so the commitment can be checked."""
    return {
        "gameCode": row.game_code,
        "issueNo": row.issue_no,
        "drawnAt": _iso(row.drawn_at),
        "tiers": row.tiers or [],
        "serverSeed": row.seed,
        "commitment": row.commitment,
    }


def _new_row(window: schedule.Window) -> LotteryIssue:
    seed = secrets.token_hex(32)
    return LotteryIssue(
        game_code=window.game_code,
        issue_no=window.issue_no,
        opens_at=window.opens_at,
        closes_at=window.closes_at,
        draw_at=window.draw_at,
        seed=seed,
        commitment=seed_hash(seed),
    )


async def ensure(db: Database, windows: list[schedule.Window]) -> dict[tuple[str, str], LotteryIssue]:
    """The rows of these windows, creating the missing ones. Two processes may race to create one: the first
    insert wins and the loser reads it, so an issue has exactly one seed and one commitment."""
    keys = [(w.game_code, w.issue_no) for w in windows]
    found = await _rows(db, keys)
    missing = [w for w in windows if (w.game_code, w.issue_no) not in found]
    for window in missing:
        try:
            async with db.session() as session:
                session.add(_new_row(window))
        except IntegrityError:
            pass
    if missing:
        found = await _rows(db, keys)
    return found


async def _rows(db: Database, keys: list[tuple[str, str]]) -> dict[tuple[str, str], LotteryIssue]:
    if not keys:
        return {}
    async with db.read_session() as read:
        rows = await read.scalars(
            select(LotteryIssue).where(tuple_(LotteryIssue.game_code, LotteryIssue.issue_no).in_(keys))
        )
        return {(r.game_code, r.issue_no): r for r in rows}


async def current_issues(
    db: Database, now: datetime, games: tuple[LotteryGame, ...] = GAMES
) -> dict[str, LotteryIssue]:
    windows = [schedule.current(game, now) for game in games]
    rows = await ensure(db, windows)
    return {w.game_code: rows[(w.game_code, w.issue_no)] for w in windows}


async def opened(db: Database, game_code: str, count: int) -> list[LotteryIssue]:
    async with db.read_session() as read:
        return list(
            await read.scalars(
                select(LotteryIssue)
                # Shown once settled, as the push is: a sheet next to bets still open would confuse.
                .where(LotteryIssue.game_code == game_code, LotteryIssue.status == SETTLED)
                .order_by(LotteryIssue.draw_at.desc())
                .limit(min(max(count, 1), MAX_OPENED))
            )
        )


async def last_opened(db: Database, game_codes: list[str]) -> dict[str, LotteryIssue]:
    """The newest drawn issue of each game: one indexed query per game, as the list is short."""
    found: dict[str, LotteryIssue] = {}
    for code in game_codes:
        rows = await opened(db, code, 1)
        if rows:
            found[code] = rows[0]
    return found
