"""/wps/promotions: the merchant's promotions for visitors and members, and what a member does with them;
/wps/member/rewards (the reward centre) and /wps/member/bonus/wagering (bonusDetails' progress)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Annotated, cast

from fastapi import APIRouter, Query

from server.accounts.deps import member_row
from server.accounts.models import Member
from server.brands.service import Brand
from server.content.texts import pick_text
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import AnyMember, MaybeMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.loyalty import rewards as loyalty_rewards
from server.minigames.prizes import service as minigame_prizes
from server.promotions import entries, kinds, missions_view, periodic, raffle, schemas, service
from server.promotions.models import CHECKIN, MISSION, PERIODIC, Promotion, PromotionEntry
from server.promotions.raffle_schemas import RaffleClaimIn
from server.wallet import bonus_locks

router = APIRouter(tags=["promotions"], responses=ERROR_RESPONSES)


def _ms(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


def _title(promotion: Promotion, brand: Brand, language: str) -> str:
    text = pick_text(promotion.texts, language, brand.default_language) or {}
    return str(text.get("title", ""))


def card(promotion: Promotion, brand: Brand, language: str, state: service.State) -> schemas.PromotionCardOut:
    return schemas.PromotionCardOut(
        id=promotion.id,
        kind=promotion.kind,
        category=promotion.category,
        title=_title(promotion, brand, language),
        image_url=promotion.image_url,
        starts_at=int(promotion.starts_at.timestamp() * 1000),
        ends_at=_ms(promotion.ends_at),
        period=promotion.params.get("period"),
        status=state.status,
        action=state.action,
    )


def reward_out(entry: PromotionEntry, promotion: Promotion, brand: Brand, language: str) -> schemas.RewardOut:
    return schemas.RewardOut(
        id=entry.id,
        promotion_id=promotion.id,
        promotion_title=_title(promotion, brand, language),
        kind=promotion.kind,
        status=entry.status,
        amount=format_amount(entry.amount),
        deposit_amount=None if entry.deposit_amount is None else format_amount(entry.deposit_amount),
        streak=entry.streak,
        created_at=int(entry.created_at.timestamp() * 1000),
        claim_by=_ms(entry.claim_by),
        paid_at=_ms(entry.paid_at),
        remark=entry.remark,
        images=entry.image_count,
        review_reason=entry.review_reason,
    )


async def _reader(session: SessionDep, who: MaybeMember) -> Member | None:
    return None if who is None else await member_row(session, who)


async def _states(
    session: SessionDep, member: Member | None, promotions: list[Promotion], now: datetime
) -> list[service.State]:
    if member is None:
        return [service.state_of(p, None, None, 0, now) for p in promotions]
    found = await service.entries_of(session, member.id, promotions, now)
    deposits = await service.completed_deposits(session, member.id)
    return [service.state_of(p, member, found.get(p.id), deposits, now) for p in promotions]


@router.get(
    "/wps/promotions", operation_id="listPromotions", summary="The merchant's promotions, by category"
)
async def list_promotions(
    context: PortalContext,
    session: SessionDep,
    who: MaybeMember,
    category: Annotated[schemas.Category | None, Query()] = None,
) -> Envelope[schemas.PromotionListOut]:
    now = utcnow()
    every = await service.shown(session, context.brand.id, now)
    picked = [p for p in every if category is None or p.category == category]
    states = await _states(session, await _reader(session, who), picked, now)
    categories = sorted({p.category for p in every}, key=schemas.CATEGORY_ORDER.index)
    return ok(
        schemas.PromotionListOut(
            list=[card(p, context.brand, context.language, s) for p, s in zip(picked, states, strict=True)],
            categories=categories,
        )
    )


async def _detail(
    session: SessionDep, context: PortalContext, member: Member | None, promotion: Promotion
) -> schemas.PromotionDetailOut:
    now = utcnow()
    [state] = await _states(session, member, [promotion], now)
    text = pick_text(promotion.texts, context.language, context.brand.default_language) or {}
    streak = 0
    if promotion.kind == CHECKIN:
        streak = (
            state.entry.streak
            if state.entry is not None
            else await service.next_streak(session, None if member is None else member.id, promotion, now)
        )
    shown = None
    if member is not None and promotion.kind in PERIODIC:
        now_figures = await periodic.progress(session, promotion, member.id, now)
        shown = schemas.ProgressOut(
            starts_at=int(now_figures.starts_at.timestamp() * 1000),
            ends_at=int(now_figures.ends_at.timestamp() * 1000),
            turnover=format_amount(now_figures.figures.turnover),
            loss=format_amount(now_figures.figures.loss),
            reward=format_amount(now_figures.reward),
        )
    base = card(promotion, context.brand, context.language, state)
    mission = (
        await missions_view.mission_out(session, promotion, member.id, base, now)
        if member is not None and promotion.kind == MISSION
        else None
    )
    return schemas.PromotionDetailOut(
        **base.model_dump(),
        content=str(text.get("content", "")),
        params=kinds.out(promotion.params),
        entry=None
        if state.entry is None
        else reward_out(state.entry, promotion, context.brand, context.language),
        streak=streak,
        progress=shown,
        mission=mission,
        raffle=await raffle.detail(session, promotion, None if member is None else member.id, now),
    )


@router.get(
    "/wps/promotions/{promotion_id}", operation_id="getPromotion", summary="One promotion, with its rules"
)
async def get_promotion(
    promotion_id: WireId, context: PortalContext, session: SessionDep, who: MaybeMember
) -> Envelope[schemas.PromotionDetailOut]:
    promotion = await service.one(session, context.brand.id, promotion_id)
    return ok(await _detail(session, context, await _reader(session, who), promotion))


async def _acted(
    session: SessionDep, context: PortalContext, member: Member, promotion: Promotion, entry: PromotionEntry
) -> schemas.ActionOut:
    now = utcnow()
    [state] = await _states(session, member, [promotion], now)
    return schemas.ActionOut(
        promotion=card(promotion, context.brand, context.language, state),
        reward=reward_out(entry, promotion, context.brand, context.language),
    )


Act = Callable[..., Awaitable[PromotionEntry]]


async def _act(
    act: Act, promotion_id: int, context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.ActionOut]:
    """A member's join, claim or check-in (`entries`), answered with the card as it now stands."""
    member = await member_row(session, who)
    promotion = await service.one(session, context.brand.id, promotion_id)
    client = context.client
    device = entries.device_of(client.user_agent, client.ip)
    entry = await act(session, context.brand, member, promotion, ip=client.ip, device=device)
    return ok(await _acted(session, context, member, promotion, entry))


@router.post(
    "/wps/promotions/{promotion_id}/join", operation_id="joinPromotion", summary="Join before depositing"
)
async def join_promotion(
    promotion_id: WireId, context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.ActionOut]:
    return await _act(entries.join, promotion_id, context, session, who)


@router.post(
    "/wps/promotions/{promotion_id}/claim", operation_id="claimPromotion", summary="Claim its reward"
)
async def claim_promotion(
    promotion_id: WireId, context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.ActionOut]:
    return await _act(entries.claim, promotion_id, context, session, who)


@router.post(
    "/wps/relay/raffleClaim", operation_id="claimRaffle", summary="Claim a raffle's prize (SPEC §7 relay)"
)
async def claim_raffle(
    body: RaffleClaimIn, context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.ActionOut]:
    return await _act(raffle.claim, body.promotion_id, context, session, who)


@router.post("/wps/promotions/{promotion_id}/checkin", operation_id="checkIn", summary="Today's check-in")
async def check_in(
    promotion_id: WireId, context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.ActionOut]:
    return await _act(entries.check_in, promotion_id, context, session, who)


@router.get("/wps/member/rewards", operation_id="getRewards", summary="The reward centre")
async def rewards(
    context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.RewardListOut]:
    member = await member_row(session, who)
    now = utcnow()
    found = await service.rewards_of(session, context.brand.id, member.id)
    running = await service.shown(session, context.brand.id, now)
    states = await _states(session, member, running, now)
    claimable = [
        card(p, context.brand, context.language, s)
        for p, s in zip(running, states, strict=True)
        if s.action == service.CLAIM and s.entry is None
    ]
    ready = []
    for promotion, state in zip(running, states, strict=True):
        if promotion.kind == MISSION and service.is_running(promotion, now):
            shown = card(promotion, context.brand, context.language, state)
            mission = await missions_view.mission_out(session, promotion, member.id, shown, now)
            if any(task.done and not task.claimed for task in mission.tasks):
                ready.append(mission)
    paid = await loyalty_rewards.rewards_of(session, context.brand.id, member.id)
    return ok(
        schemas.RewardListOut(
            list=[reward_out(e, p, context.brand, context.language) for e, p in found],
            claimable=claimable,
            missions=ready,
            loyalty=[
                schemas.LoyaltyRewardOut(
                    id=r.id,
                    kind=cast(schemas.LoyaltyKind, r.kind),
                    amount=format_amount(r.amount),
                    wager_multiple=r.wager_multiple,
                    paid_at=_ms(r.paid_at),
                )
                for r in paid
            ],
            minigames=await minigame_prizes.prizes_of(session, context.brand.id, member.id),
        )
    )


@router.post("/wps/member/rewards/{reward_id}/claim", operation_id="claimReward", summary="Claim one reward")
async def claim_reward(
    reward_id: WireId, context: PortalContext, session: SessionDep, who: RealMember
) -> Envelope[schemas.ActionOut]:
    member = await member_row(session, who)
    entry = await entries.claim_entry(session, context.brand, member, reward_id)
    promotion = await service.one(session, context.brand.id, entry.promotion_id)
    return ok(await _acted(session, context, member, promotion, entry))


@router.get("/wps/member/bonus/wagering", operation_id="getWagering", summary="Bonus turnover still owed")
async def wagering(
    context: PortalContext, session: SessionDep, who: AnyMember
) -> Envelope[schemas.WageringOut]:
    assert who.member_id is not None
    open_locks = await bonus_locks.settle(session, context.brand, who.member_id)
    locks = await bonus_locks.locks_of(session, context.brand.id, who.member_id)
    return ok(
        schemas.WageringOut(
            outstanding=format_amount(bonus_locks.owed(open_locks)),
            locks=[
                schemas.LockOut(
                    id=lock.id,
                    source=lock.source,
                    amount=format_amount(lock.amount),
                    requirement=format_amount(lock.requirement),
                    wagered=format_amount(min(lock.wagered, lock.requirement)),
                    remaining=format_amount(max(0, lock.requirement - lock.wagered)),
                    max_stake=None if lock.max_stake is None else format_amount(lock.max_stake),
                    status=lock.status,
                    forfeited=format_amount(lock.forfeited),
                    created_at=int(lock.created_at.timestamp() * 1000),
                    expires_at=int(lock.expires_at.timestamp() * 1000),
                )
                for lock in locks
            ],
        )
    )
