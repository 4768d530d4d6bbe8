"""The job `loyalty.referral_rewards` (every 5 minutes): each merchant's invitees whose window is open (or
closed in the last two days, so that a run missed while the worker was down is caught up) are checked and,
when they qualify, their inviter is paid once.

Per merchant with REFERRAL3 on and its rules enabled: one read of the open invitee rows with both members, one
of the inviters' devices, and the two aggregations of figures.py, whatever the number of invitees. Safe to run
twice and in parallel: a row moves from no outcome to REWARDED or INELIGIBLE by a conditional UPDATE, only the
run whose UPDATE matched pays, and the payment's key (`referral:{inviter}:{invitee}`) is unique in
loyalty_rewards and in the ledger. A merchant with REFERRAL3 off pays nothing (its invitees wait: a window
still open when the switch comes back on can still earn)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.models import Merchant
from server.brands.service import load_brand_by_id
from server.content.messages import templates
from server.content.messages.service import send_system
from server.db.base import utcnow
from server.http.core.money import format_amount
from server.loyalty.models import REFERRAL
from server.loyalty.referral.figures import figures
from server.loyalty.referral.invitees import CATCH_UP, devices_of, load_pairs, note_missing, reason_against
from server.loyalty.referral.models import INELIGIBLE, REWARDED, ReferralInvitee
from server.loyalty.referral.rules import rules_of
from server.loyalty.rewards import pay_reward


async def _decide(
    session: AsyncSession, invitee_id: int, now: datetime, outcome: str, **values: object
) -> bool:
    """Move the row from no outcome to `outcome`; False when another run did it first."""
    moved = await session.execute(
        update(ReferralInvitee)
        .where(ReferralInvitee.invitee_id == invitee_id, ReferralInvitee.outcome.is_(None))
        .values(outcome=outcome, decided_at=now, **values)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(moved, "rowcount", 0))


async def reward_merchant(session: AsyncSession, merchant_id: int, now: datetime) -> dict[str, int]:
    report = {"noted": 0, "ineligible": 0, "paid": 0}
    brand = await load_brand_by_id(session, merchant_id)
    if brand is None or not brand.switch_on("REFERRAL3"):
        return report
    rules = await rules_of(session, merchant_id)
    if not rules.enabled:
        return report
    report["noted"] = await note_missing(session, merchant_id, now=now)
    open_rows = (
        ReferralInvitee.outcome.is_(None),
        ReferralInvitee.window_ends_at > now - CATCH_UP,
        ReferralInvitee.registered_at <= now,
    )
    pairs = await load_pairs(session, ReferralInvitee.merchant_id == merchant_id, *open_rows)
    if not pairs:
        return report
    devices = await devices_of(session, [p.inviter_id for p in pairs])
    found = await figures(session, merchant_id, *open_rows)
    for pair in pairs:
        reason = reason_against(pair, devices.get(pair.inviter_id, frozenset()))
        if reason is not None:
            report["ineligible"] += await _decide(session, pair.invitee_id, now, INELIGIBLE, reason=reason)
            continue
        done = found.get(pair.invitee_id)
        if done is None or not done.qualifies(rules):
            continue
        if not await _decide(session, pair.invitee_id, now, REWARDED, reward=rules.reward):
            continue
        inviter = await session.get(Member, pair.inviter_id)
        assert inviter is not None
        paid = await pay_reward(
            session,
            brand,
            inviter,
            kind=REFERRAL,
            key=f"referral:{pair.inviter_id}:{pair.invitee_id}",
            amount=rules.reward,
            wager_multiple=rules.wager_multiple,
            meta={"invitee": pair.invitee_id},
            now=now,
        )
        if paid is not None:
            report["paid"] += 1
            await send_system(
                session, inviter.id, templates.REFERRAL_REWARDED, amount=format_amount(paid.amount)
            )
    return report


async def pay_referral_rewards(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    now = now or utcnow()
    merchants = list(await session.scalars(select(Merchant.id).order_by(Merchant.id)))
    total = {"noted": 0, "ineligible": 0, "paid": 0}
    for merchant_id in merchants:
        for name, count in (await reward_merchant(session, merchant_id, now)).items():
            total[name] += count
    return total
