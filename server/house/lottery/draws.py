"""Drawing and settling issues, run by the task runner (the in-process scheduler, or Celery beat and a
worker).

Every step is safe to run twice, by two workers at once or again after a worker died half-way:
- an issue is drawn by whoever moves it from OPEN to DRAWN (a compare-and-set), and its sheet follows from the
  seed fixed when the issue opened, so a second drawer could not produce another sheet anyway;
- a bet is paid by a wallet win whose transaction id is the bet's own, which the wallet answers only once
  (a replay gets the first answer back, nothing more is credited); the bet's row is closed after the wallet
  answered, so a worker killed in between pays again with the same id, which credits nothing;
- the result is announced by whoever moves the issue from DRAWN to SETTLED, once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from realtime import events, publish
from server.db.base import utcnow
from server.db.session import Database
from server.house import remote_bets
from server.house.lottery import betting, issues, results, schedule
from server.house.lottery.catalogue import GAMES_BY_CODE
from server.house.lottery.models import (
    DRAWN,
    LOST,
    OPEN,
    PENDING,
    PLACED,
    SETTLED,
    WON,
    LotteryBet,
    LotteryIssue,
)
from server.house.wallet_client import WalletClient

BATCH = 500


@dataclass
class Report:
    drawn: int = 0
    paid: int = 0
    settled: int = 0
    failed: int = 0


async def run(db: Database, wallet: WalletClient, now: datetime | None = None) -> Report:
    now = now or utcnow()
    report = Report()
    await issues.current_issues(db, now)  # every current issue's commitment is public before its draw
    report.drawn = await draw_due(db, now)
    async with db.read_session() as read:
        drawn = list(await read.scalars(select(LotteryIssue).where(LotteryIssue.status == DRAWN)))
    for issue in drawn:
        await settle_issue(db, wallet, issue, report)
    return report


async def draw_due(db: Database, now: datetime) -> int:
    async with db.read_session() as read:
        due = list(
            await read.scalars(
                select(LotteryIssue).where(LotteryIssue.status == OPEN, LotteryIssue.draw_at <= now)
            )
        )
    done = 0
    for issue in due:
        game = GAMES_BY_CODE.get(issue.game_code)
        if game is None:
            continue
        sheet = results.draw(game, issue.issue_no, issue.seed)
        async with db.session() as session:
            claimed = await session.execute(
                update(LotteryIssue)
                .where(LotteryIssue.id == issue.id, LotteryIssue.status == OPEN)
                .values(status=DRAWN, tiers=sheet, drawn_at=utcnow())
            )
            done += claimed.rowcount  # type: ignore[attr-defined]
    return done


async def settle_issue(db: Database, wallet: WalletClient, issue: LotteryIssue, report: Report) -> bool:
    game = GAMES_BY_CODE.get(issue.game_code)
    if game is None or issue.tiers is None:
        return False
    verdict = _verdict(issue.tiers)
    while True:
        async with db.read_session() as read:
            open_bets = list(
                await read.scalars(
                    select(LotteryBet)
                    .where(
                        LotteryBet.game_code == issue.game_code,
                        LotteryBet.issue_no == issue.issue_no,
                        LotteryBet.status.in_((PENDING, PLACED)),
                    )
                    .order_by(LotteryBet.id)
                    .limit(BATCH)
                )
            )
        # A bet the wallet did not answer for stays open and the next run tries again.
        tally = await remote_bets.settle_all(db, wallet, betting.BOOK, open_bets, verdict)
        report.paid += tally.done
        report.failed += tally.failed
        if len(open_bets) < BATCH or not tally.closed:
            break
    async with db.session() as session:
        left = await session.scalar(
            select(LotteryBet.id)
            .where(
                LotteryBet.game_code == issue.game_code,
                LotteryBet.issue_no == issue.issue_no,
                LotteryBet.status.in_((PENDING, PLACED)),
            )
            .limit(1)
        )
        if left is not None:
            return False
        closed = await session.execute(
            update(LotteryIssue)
            .where(LotteryIssue.id == issue.id, LotteryIssue.status == DRAWN)
            .values(status=SETTLED, settled_at=utcnow())
        )
        if not closed.rowcount:  # type: ignore[attr-defined]
            return False  # another worker closed it and announces it
    report.settled += 1
    await publish(
        events.LOTTERY_OPENED,
        events.lottery_room(issue.game_code),
        await announcement(db, issue),
        session=None,
    )
    return True


async def announcement(db: Database, issue: LotteryIssue) -> dict[str, Any]:
    game = GAMES_BY_CODE[issue.game_code]
    upcoming = schedule.current(game, max(utcnow(), issue.draw_at))
    following = (await issues.ensure(db, [upcoming]))[(game.code, upcoming.issue_no)]
    async with db.read_session() as read:
        fresh = await read.get(LotteryIssue, issue.id)
    assert fresh is not None
    return issues.opened_wire(fresh) | {"next": issues.issue_wire(following)}


def _verdict(sheet: results.Tiers) -> Callable[[LotteryBet], remote_bets.Verdict]:
    def verdict(bet: LotteryBet) -> remote_bets.Verdict:
        game = GAMES_BY_CODE[bet.game_code]
        play = game.known_play(bet.play_type)
        settled = results.settle(game, play, bet.prize_mode, bet.picks, bet.stake, sheet, odds=bet.odds)
        return remote_bets.Verdict(WON if settled.win > 0 else LOST, settled.win, {"hits": settled.hits})

    return verdict
