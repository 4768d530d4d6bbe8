"""Counters another domain attaches at start-up to every game's money (player protection's limits,
server/protection/policy.py), each in the posting's transaction. A stake is counted (or refused) BEFORE it is
posted, so that a refusal leaves nothing posted and the balance answered is the one before; a stake whose
posting turns out to be a replay is then counted back (`unstaked`). Wins and reversals are counted after a
fresh posting. The wallet knows none of their rules."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member


class PlayCounter(Protocol):
    async def staked(self, session: AsyncSession, member: Member, stake: int, win: int) -> None:
        """A stake just posted (with the win the same round paid at once): raise to refuse it."""

    async def unstaked(self, session: AsyncSession, member: Member, stake: int, win: int) -> None:
        """Take back the count of a stake whose posting was a replay (counted when it was first posted)."""

    async def won(self, session: AsyncSession, member: Member, amount: int) -> None:
        """A win just posted."""

    async def reversed(self, session: AsyncSession, member: Member, transfer_id: int) -> None:
        """A stake or a win just reversed (a vendor's rollback)."""


_counters: list[PlayCounter] = []


def attach(counter: PlayCounter) -> None:
    if counter not in _counters:
        _counters.append(counter)


def detach(counter: PlayCounter) -> None:
    if counter in _counters:
        _counters.remove(counter)


async def staked(session: AsyncSession, member: Member, stake: int, win: int = 0) -> None:
    for counter in tuple(_counters):
        await counter.staked(session, member, stake, win)


async def unstaked(session: AsyncSession, member: Member, stake: int, win: int = 0) -> None:
    for counter in tuple(_counters):
        await counter.unstaked(session, member, stake, win)


async def won(session: AsyncSession, member: Member, amount: int) -> None:
    for counter in tuple(_counters):
        await counter.won(session, member, amount)


async def reversed_transfer(session: AsyncSession, member: Member, transfer_id: int) -> None:
    for counter in tuple(_counters):
        await counter.reversed(session, member, transfer_id)
