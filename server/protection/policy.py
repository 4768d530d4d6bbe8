"""Where money moves, the member's limits and exclusion are enforced (issue 34): every stake of every game
(the house's, the lottery's, a vendor's through the seamless wallet), every deposit request, every bonus.

A stake's check and its count are one conditional UPDATE of the member's `member_protection` row, in the
transaction that posts the stake: the row lock it takes is held until COMMIT, so two stakes at the edge of a
limit take turns and the second sees the first's count. The UPDATE moves the period counts on (a period key
that changed starts from zero) and refuses, by matching no row, a stake that would pass a wager limit, a
stake whose loss would pass a loss limit (net loss so far + the stake), a stake after the session's play time
ran out, and any stake while excluded. Only then is the row read again, to say which limit refused.

Members without a row (`members.play_protected` false) are not read at all: the bet path costs them one
attribute test."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, and_, bindparam, case, exists, func, literal, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from server.accounts.models import Member
from server.brands.business_day import business_day
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.protection.models import DAY, MONTH, PERIODS, WEEK, MemberProtection
from server.wallet.models import LedgerAccount, LedgerPosting, LedgerTransfer

_ROWS = cast(Table, MemberProtection.__table__)
_C = _ROWS.c


@dataclass(frozen=True)
class Keys:
    day: int
    week: int
    month: int

    def of(self, period: str) -> int:
        return {DAY: self.day, WEEK: self.week, MONTH: self.month}[period]


def period_keys(now: datetime) -> Keys:
    """The business day's ordinal, its week's Monday's ordinal, and year * 12 + month (books' zone)."""
    day = business_day(now)
    ordinal = day.toordinal()
    return Keys(ordinal, ordinal - day.weekday(), day.year * 12 + day.month)


def _current(period: str, column: str) -> ColumnElement[Any]:
    """The period's count as of now: zero once the stored key is an earlier period's."""
    prefix = period.lower()
    key = _C[f"{prefix}_key"]
    return case((key == bindparam(f"{prefix}_now"), _C[f"{prefix}_{column}"]), else_=0)


def _within(limit: str, count: ColumnElement[Any]) -> ColumnElement[bool]:
    return or_(_C[limit].is_(None), count + bindparam("stake") <= _C[limit])


def _not_excluded() -> ColumnElement[bool]:
    # A kind with no end (self-exclusion for ever, closure) never compares as ended: NULL <= now is not true.
    return or_(_C.excluded_kind.is_(None), _C.excluded_until <= bindparam("now"))


def _moved_on(stake_delta: str, net_delta: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for period in PERIODS:
        prefix = period.lower()
        values[f"{prefix}_key"] = bindparam(f"{prefix}_now")
        values[f"{prefix}_staked"] = _current(period, "staked") + bindparam(stake_delta)
        values[f"{prefix}_net"] = _current(period, "net") + bindparam(net_delta)
    return values


# Built once, with bound parameters (SQLAlchemy caches its compiled form): the bet path's one statement.
_STAKE = (
    update(_ROWS)
    .where(
        _C.member_id == bindparam("who"),
        _not_excluded(),
        or_(_C.play_ends_at.is_(None), _C.play_ends_at > bindparam("now")),
        *(
            and_(
                _within(f"wager_{p.lower()}", _current(p, "staked")),
                _within(f"loss_{p.lower()}", _current(p, "net")),
            )
            for p in PERIODS
        ),
    )
    .values(_moved_on("stake", "net_delta"))
    .returning(_C.member_id)
)
# On Postgres the member's row is locked before this one, always, in the same statement (its uncorrelated
# EXISTS runs before the row it updates is locked): the two-call bet holds the member's row (FOR UPDATE) when
# it gets here, and a combined round's inserts that reference the member take their KEY SHARE only after
# it; taking the KEY SHARE first makes the two wait for each other in one order (the race test found the
# deadlock). SQLite has one writer at a time.
_STAKE_POSTGRES = _STAKE.where(
    exists(
        select(literal(1))
        .select_from(Member)
        .where(Member.id == bindparam("who"))
        .with_for_update(read=True, key_share=True)
    )
)
# A win, a refund: counts only, never refused (money coming back to the member).
_SETTLE = update(_ROWS).where(_C.member_id == bindparam("who")).values(_moved_on("stake", "net_delta"))


def _keys_params(now: datetime) -> dict[str, Any]:
    keys = period_keys(now)
    return {"day_now": keys.day, "week_now": keys.week, "month_now": keys.month, "now": now}


async def count_stake(
    session: AsyncSession, member: Member, stake: int, *, win: int = 0, now: datetime | None = None
) -> None:
    """Check a stake against the member's limits and count it (with its win, when the round pays at once),
    or raise the refusal: LIMIT_WAGER, LIMIT_LOSS, SESSION_LIMIT or SELF_EXCLUDED."""
    if not member.play_protected:
        return
    now = now or utcnow()
    params = {"who": member.id, "stake": stake, "net_delta": stake - win, **_keys_params(now)}
    connection = await session.connection()
    statement = _STAKE_POSTGRES if connection.dialect.name == "postgresql" else _STAKE
    if (await connection.execute(statement, params)).first() is not None:
        return
    await refuse_stake(session, member, stake, now)


def exclusion_active(row: MemberProtection, now: datetime) -> bool:
    return row.excluded_kind is not None and (row.excluded_until is None or row.excluded_until > now)


def millis(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


def excluded_error(row: MemberProtection, withdrawable: int | None = None) -> AppError:
    value: dict[str, Any] = {"kind": row.excluded_kind, "until": millis(row.excluded_until)}
    if withdrawable is not None:
        value["withdrawable"] = format_amount(withdrawable)
    return AppError(errors.SELF_EXCLUDED, value=value)


def counts(row: MemberProtection, period: str, keys: Keys) -> tuple[int, int]:
    """(staked, net loss) of the period as of `keys`."""
    prefix = period.lower()
    if getattr(row, f"{prefix}_key") != keys.of(period):
        return 0, 0
    return int(getattr(row, f"{prefix}_staked")), int(getattr(row, f"{prefix}_net"))


async def refuse_stake(session: AsyncSession, member: Member, stake: int, now: datetime) -> None:
    """Why the conditional UPDATE matched nothing (the row is read after it, in the same transaction)."""
    row = await session.get(MemberProtection, member.id, populate_existing=True)
    if row is None:  # the flag without a row: nothing to enforce
        return
    if exclusion_active(row, now):
        raise excluded_error(row)
    if row.play_ends_at is not None and row.play_ends_at <= now:
        raise AppError(errors.SESSION_LIMIT, value={"endsAt": millis(row.play_ends_at)})
    keys = period_keys(now)
    for period in PERIODS:
        staked, net = counts(row, period, keys)
        for code, used, column in ((errors.LIMIT_WAGER, staked, "wager"), (errors.LIMIT_LOSS, net, "loss")):
            limit = getattr(row, f"{column}_{period.lower()}")
            if limit is not None and used + stake > limit:
                left = max(0, limit - used)
                raise AppError(
                    code,
                    value={"period": period, "limit": format_amount(limit), "left": format_amount(left)},
                )
    # The row changed between the UPDATE and this read (a limit raised meanwhile): the caller may retry.
    raise AppError(errors.CONFLICT)


async def row_of(session: AsyncSession, member: Member, *, lock: bool = False) -> MemberProtection | None:
    if not member.play_protected:
        return None
    query = select(MemberProtection).where(MemberProtection.member_id == member.id)
    if lock:
        query = query.with_for_update()
    found: MemberProtection | None = await session.scalar(query.execution_options(populate_existing=True))
    return found


async def refuse_if_excluded(session: AsyncSession, member: Member, now: datetime | None = None) -> None:
    """A bonus, a game launch: refused while a time-out, self-exclusion or closure runs."""
    row = await row_of(session, member)
    if row is not None and exclusion_active(row, now or utcnow()):
        raise excluded_error(row)


async def is_excluded(session: AsyncSession, member: Member, now: datetime | None = None) -> bool:
    row = await row_of(session, member)
    return row is not None and exclusion_active(row, now or utcnow())


def sum_when(condition: ColumnElement[bool], value: Any) -> ColumnElement[Any]:
    return func.coalesce(func.sum(case((condition, value), else_=0)), 0)


async def _count(session: AsyncSession, member: Member, stake_delta: int, net_delta: int) -> None:
    if not member.play_protected or (stake_delta == 0 and net_delta == 0):
        return
    params = {"who": member.id, "stake": stake_delta, "net_delta": net_delta, **_keys_params(utcnow())}
    await (await session.connection()).execute(_SETTLE, params)


class LimitCounter:
    """The wallet's play counter (server/wallet/play_counter.py): every game's stakes, wins and reversals."""

    async def staked(self, session: AsyncSession, member: Member, stake: int, win: int) -> None:
        await count_stake(session, member, stake, win=win)

    async def unstaked(self, session: AsyncSession, member: Member, stake: int, win: int) -> None:
        await _count(session, member, -stake, -(stake - win))

    async def won(self, session: AsyncSession, member: Member, amount: int) -> None:
        await _count(session, member, 0, -amount)

    async def reversed(self, session: AsyncSession, member: Member, transfer_id: int) -> None:
        """A stake given back takes it off both counts; a win taken back adds to the net loss."""
        if not member.play_protected:
            return
        moved = await session.execute(
            select(LedgerTransfer.kind, LedgerPosting.amount)
            .join(LedgerPosting, LedgerPosting.transfer_id == LedgerTransfer.id)
            .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
            .where(LedgerTransfer.id == transfer_id, LedgerAccount.member_id == member.id)
        )
        for kind, amount in moved.all():
            if kind == "GAME_BET":  # the member's leg was -stake
                await _count(session, member, int(amount), int(amount))
            elif kind == "GAME_WIN":  # the member's leg was +win
                await _count(session, member, 0, int(amount))


async def refuse_play(session: AsyncSession, member: Member, now: datetime | None = None) -> None:
    """A game's launch: refused while excluded and once the session's play time has run out."""
    row = await row_of(session, member)
    if row is None:
        return
    now = now or utcnow()
    if exclusion_active(row, now):
        raise excluded_error(row)
    if row.play_ends_at is not None and row.play_ends_at <= now:
        raise AppError(errors.SESSION_LIMIT, value={"endsAt": millis(row.play_ends_at)})
