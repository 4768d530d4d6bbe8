"""/wps/protection: the member's own limits, session time, reality check, time-out, self-exclusion and
closure (a real account: trial accounts have none), and an excluded member's last withdrawal (no session)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter

from server.accounts.deps import AccessDep, member_row
from server.accounts.models import AuthSession
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.edge.auth import RealMember
from server.http.edge.db import SessionDep
from server.protection import exclusions, history, limits, schemas, settings, view
from server.protection.models import CLOSED, SESSION
from server.protection.policy import millis

router = APIRouter(prefix="/wps/protection", tags=["protection"], responses=ERROR_RESPONSES)


async def _answer(session: SessionDep, who: RealMember) -> Envelope[schemas.ProtectionOut]:
    member = await member_row(session, who)
    return ok(await view.protection_out(session, member, utcnow()))


async def _login_started(session: SessionDep, who: RealMember) -> AuthSession:
    found = await session.get(AuthSession, who.session_id)
    if found is None:
        raise AppError(errors.UNAUTHORIZED)
    return found


@router.get("", operation_id="getProtection", summary="My limits, session time, reality check and exclusion")
async def get_protection(who: RealMember, session: SessionDep) -> Envelope[schemas.ProtectionOut]:
    assert who.member_id is not None
    await limits.apply_due(session, member_id=who.member_id)
    return await _answer(session, who)


@router.put("/limits", operation_id="setProtectionLimit", summary="Set, lower, raise or remove a limit")
async def set_limit(
    body: schemas.ProtectionLimitIn, who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionOut]:
    amount = None if body.amount is None else parse_amount(body.amount, field="amount")
    member = await member_row(session, who)
    await limits.set_limit(session, member, body.kind, body.period, amount)
    return await _answer(session, who)


@router.delete(
    "/limits/{kind}/{period}/pending", operation_id="cancelProtectionLimit", summary="Cancel a waiting change"
)
async def cancel_limit(
    kind: Literal["DEPOSIT", "LOSS", "WAGER"],
    period: Literal["DAY", "WEEK", "MONTH"],
    who: RealMember,
    session: SessionDep,
) -> Envelope[schemas.ProtectionOut]:
    await limits.cancel_pending(session, await member_row(session, who), kind, period)
    return await _answer(session, who)


@router.put("/session-limit", operation_id="setSessionLimit", summary="Set or remove the session time limit")
async def set_session_limit(
    body: schemas.ProtectionSessionLimitIn, who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionOut]:
    member = await member_row(session, who)
    started = (await _login_started(session, who)).created_at
    await limits.set_limit(session, member, SESSION, "", body.minutes, login_started=started)
    return await _answer(session, who)


@router.delete("/session-limit/pending", operation_id="cancelSessionLimit", summary="Cancel a waiting change")
async def cancel_session_limit(who: RealMember, session: SessionDep) -> Envelope[schemas.ProtectionOut]:
    await limits.cancel_pending(session, await member_row(session, who), SESSION, "")
    return await _answer(session, who)


@router.put("/reality-check", operation_id="setRealityCheck", summary="How often the reality check shows")
async def set_reality_check(
    body: schemas.ProtectionRealityCheckIn, who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionOut]:
    if body.minutes not in settings.REALITY_CHECK_CHOICES:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "minutes", "type": "choice"}]})
    member = await member_row(session, who)
    now = utcnow()
    row = await limits.ensure_row(session, member, now)
    row.reality_minutes = body.minutes
    await history.record(
        session,
        merchant_id=member.merchant_id,
        member_id=member.id,
        actor="MEMBER",
        event="REALITY_CHECK_SET",
        detail={"minutes": body.minutes},
    )
    return await _answer(session, who)


@router.get(
    "/play-session", operation_id="getPlaySession", summary="This login session's play, for the reality check"
)
async def get_play_session(
    who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionPlaySessionOut]:
    member = await member_row(session, who)
    started = (await _login_started(session, who)).created_at
    return ok(await view.play_session(session, member, started))


def _excluded_out(done: exclusions.Excluded) -> schemas.ProtectionExclusionOut:
    return schemas.ProtectionExclusionOut(
        kind=done.kind,
        since=int(done.since.timestamp() * 1000),
        until=millis(done.until),
    )


@router.post(
    "/exclusion",
    operation_id="excludeMyself",
    summary="Take a break or exclude myself: every session ends at once; it cannot be lifted early",
)
async def exclude(
    body: schemas.ProtectionExclusionIn, who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionExclusionOut]:
    member = await member_row(session, who)
    done = await exclusions.exclude(
        session, member, body.kind, password=body.password, days=body.days, months=body.months
    )
    return ok(_excluded_out(done))


@router.post("/closure", operation_id="closeMyAccount", summary="Close my account (funds stay withdrawable)")
async def close_account(
    body: schemas.ProtectionClosureIn, who: RealMember, session: SessionDep
) -> Envelope[schemas.ProtectionExclusionOut]:
    member = await member_row(session, who)
    done = await exclusions.exclude(session, member, CLOSED, password=body.password)
    return ok(_excluded_out(done))


@router.post(
    "/withdraw-remaining",
    operation_id="withdrawRemaining",
    summary="An excluded or closed member withdraws what is left, with no session",
)
async def withdraw_remaining(
    body: schemas.ProtectionWithdrawRemainingIn, access: AccessDep, session: SessionDep
) -> Envelope[schemas.ProtectionWithdrawRemainingOut]:
    order = await exclusions.withdraw_remaining(
        session,
        access,
        username=body.username,
        password=body.password,
        payment_password=body.payment_password,
        request_id=body.request_id,
        captcha=body.captcha,
    )
    return ok(
        schemas.ProtectionWithdrawRemainingOut(order_no=order.order_no, amount=format_amount(order.amount))
    )
