"""What the member's page (and the console's member detail) shows: the limits in force with this period's
use, the changes waiting, the reality-check interval, the exclusion; and the play session's figures for the
reality check."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.games.models import BetRecord
from server.http.core.money import format_amount
from server.protection import exclusions, limits, schemas, settings
from server.protection.models import (
    LIMIT_KINDS,
    LOSS,
    PENDING,
    PERIODS,
    SESSION,
    WAGER,
    PendingLimit,
    limit_column,
)
from server.protection.policy import counts, exclusion_active, millis, period_keys, row_of


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


async def protection_out(
    session: AsyncSession, member: Member, now: datetime, *, reality_default: int | None = None
) -> schemas.ProtectionOut:
    row = await row_of(session, member)
    if reality_default is None:
        reality_default = (await settings.of(session, member.merchant_id)).reality_check_minutes
    pending = {
        (p.kind, p.period): p
        for p in await session.scalars(
            select(PendingLimit).where(PendingLimit.member_id == member.id, PendingLimit.status == PENDING)
        )
    }
    deposited = await limits.deposit_usage(session, member.id, now)
    keys = period_keys(now)
    rows: list[schemas.ProtectionLimitOut] = []
    for kind in LIMIT_KINDS:
        for period in PERIODS:
            amount = getattr(row, limit_column(kind, period)) if row is not None else None
            staked, net = counts(row, period, keys) if row is not None else (0, 0)
            used = {LOSS: max(0, net), WAGER: staked}.get(kind, deposited[period])
            waiting = pending.get((kind, period))
            rows.append(
                schemas.ProtectionLimitOut(
                    kind=kind,
                    period=period,
                    amount=None if amount is None else format_amount(amount),
                    used=format_amount(used),
                    left=None if amount is None else format_amount(max(0, amount - used)),
                    pending=None
                    if waiting is None
                    else schemas.ProtectionPendingOut(
                        amount=None if waiting.amount is None else format_amount(waiting.amount),
                        effective_at=_ms(waiting.effective_at),
                    ),
                )
            )
    session_waiting = pending.get((SESSION, ""))
    exclusion = None
    if row is not None and exclusion_active(row, now):
        assert row.excluded_kind is not None
        assert row.excluded_from is not None
        exclusion = schemas.ProtectionExclusionOut(
            kind=row.excluded_kind,
            since=_ms(row.excluded_from),
            until=millis(row.excluded_until),
        )
    return schemas.ProtectionOut(
        limits=rows,
        session_minutes=row.session_minutes if row is not None else None,
        session_pending=None
        if session_waiting is None
        else schemas.ProtectionSessionPendingOut(
            minutes=session_waiting.amount, effective_at=_ms(session_waiting.effective_at)
        ),
        reality_check_minutes=(row.reality_minutes if row is not None else None) or reality_default,
        reality_check_choices=list(settings.REALITY_CHECK_CHOICES),
        exclusion=exclusion,
        time_out_days=list(exclusions.TIME_OUT_DAYS),
        self_exclusion_months=list(exclusions.SELF_EXCLUSION_MONTHS),
    )


async def play_session(
    session: AsyncSession, member: Member, started_at: datetime
) -> schemas.ProtectionPlaySessionOut:
    """The login session's play so far: its real-money rounds since it began."""
    staked, won = (
        await session.execute(
            select(
                func.coalesce(func.sum(BetRecord.bet_amount), 0),
                func.coalesce(func.sum(BetRecord.win_amount), 0),
            ).where(
                BetRecord.member_id == member.id,
                BetRecord.placed_at >= started_at,
                BetRecord.status != "CANCELLED",
                BetRecord.trial.is_(False),
            )
        )
    ).one()
    row = await row_of(session, member)
    reality = (row.reality_minutes if row is not None else None) or (
        await settings.of(session, member.merchant_id)
    ).reality_check_minutes
    return schemas.ProtectionPlaySessionOut(
        started_at=_ms(started_at),
        staked=format_amount(int(staked)),
        won=format_amount(int(won)),
        net=format_amount(int(won) - int(staked)),
        reality_check_minutes=reality,
        session_ends_at=millis(row.play_ends_at) if row is not None else None,
    )
