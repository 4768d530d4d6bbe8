"""Settled bets: the one extension point of the bet path (docs/architecture.md, "Settled bets").

A real-money round that settles (a vendor's win call, or a combined bet-and-win) is published here once,
after its transaction COMMITs, to every subscriber, in the order they subscribed. Nothing is published for a
replay (the first call did), for play money, or for a rolled-back transaction. Subscribers run after the
answer's COMMIT, outside the bet's transaction: what must hold atomically with the stake (player-protection
limits) does not belong here, and what can be counted later (turnover, points, rebates) is counted later, in
batches, from the bet records; a subscriber keeps only what must be live, and keeps it cheap.

A subscriber's failure is logged and does not stop the others; the bet stays settled whatever they do."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.after_commit import on_commit
from server.games.bets import Settled
from server.games.models import GameVendor

log = structlog.get_logger(__name__)


@dataclass(frozen=True, slots=True)
class SettledBet:
    merchant_id: int
    member_id: int
    vendor_code: str
    category: str
    game_id: int | None
    round_id: str
    stake: int  # minor units: the round's whole stake (its bet record's)
    win: int  # minor units: what the round paid back in total
    settled_at: datetime


Subscriber = Callable[[SettledBet], Awaitable[None]]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> Callable[[], None]:
    """Attach `subscriber` (at start-up, in the composition root); the answer detaches it."""
    _subscribers.append(subscriber)

    def unsubscribe() -> None:
        if subscriber in _subscribers:
            _subscribers.remove(subscriber)

    return unsubscribe


def subscribers() -> int:
    return len(_subscribers)


async def _deliver(bet: SettledBet, to: tuple[Subscriber, ...]) -> None:
    for subscriber in to:
        try:
            await subscriber(bet)
        except Exception:
            log.exception("settled_bet_subscriber_failed", subscriber=getattr(subscriber, "__name__", "?"))


def publish(session: AsyncSession, bet: SettledBet) -> None:
    """Queue `bet` for the subscribers attached now, to be delivered after COMMIT (dropped on ROLLBACK).
    Free when no one subscribes: the bet path pays for the extension point only when it is used."""
    if not _subscribers:
        return
    to = tuple(_subscribers)

    async def deliver() -> None:
        await _deliver(bet, to)

    on_commit(session, deliver)


def publish_record(session: AsyncSession, vendor: GameVendor, record: Settled) -> None:
    """publish() for a round's bet record as just settled; play money is not published."""
    if record.trial or not _subscribers:
        return
    assert record.settled_at is not None
    publish(
        session,
        SettledBet(
            merchant_id=record.merchant_id,
            member_id=record.member_id,
            vendor_code=vendor.code,
            category=record.category,
            game_id=record.game_id,
            round_id=record.round_id,
            stake=record.bet_amount,
            win=record.win_amount,
            settled_at=record.settled_at,
        ),
    )
