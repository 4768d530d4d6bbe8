"""/wps/points: SPEC §7's seven points calls (all need a signed-in member; redeem and convert need a real
account and the withdrawal password)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.accounts.deps import member_row
from server.content.texts import pick_text
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import AnyMember, MaybeMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.loyalty.points import mall, schemas, service
from server.loyalty.points.models import BONUS, RAFFLE_TICKETS, MallItem, MallRedeem
from server.loyalty.points.settings import rules_of

router = APIRouter(prefix="/wps/points", tags=["loyalty"], responses=ERROR_RESPONSES)
Page = Annotated[int, Query(ge=1, le=100_000)]
PageSize = Annotated[int, Query(alias="pageSize", ge=1, le=100)]


def rate_text(hundredths: int) -> str:
    return format_amount(hundredths)  # hundredths of a point per 1.00: "0.70"


def value_text(item: MallItem) -> str | None:
    if item.value is None:
        return None
    if item.category == BONUS:
        return format_amount(item.value)
    return str(item.value) if item.category == RAFFLE_TICKETS else None


def item_name(item: MallItem, language: str, fallback: str) -> str:
    return str(pick_text(item.names, language, fallback) or "")


def redeem_out(row: MallRedeem, item: MallItem, language: str, fallback: str) -> schemas.MallRedeemOut:
    return schemas.MallRedeemOut(
        id=row.id,
        item_id=row.item_id,
        item_name=item_name(item, language, fallback),
        category=item.category,
        quantity=row.quantity,
        points=row.points,
        status=row.status,
        address=row.address,
        mobile=row.mobile,
        reason=row.reason,
        created_at=service.ms(row.created_at),
        decided_at=service.ms(row.decided_at),
    )


@router.get(
    "/balance", operation_id="getPointsBalance", summary="The member's points and what they are worth"
)
async def balance(
    who: AnyMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.PointsBalanceOut]:
    assert who.member_id is not None
    rules = await rules_of(session, context.brand.id)
    current = await service.current_of(session, who.member_id)
    return ok(
        schemas.PointsBalanceOut(
            current=current,
            changed=await service.changed_today(session, who.member_id),
            balance=format_amount(service.to_money(current, rules.ratio)),
            ratio=rules.ratio,
        )
    )


@router.get("/config", operation_id="getPointsConfig", summary="How points are earned and converted")
async def config(
    who: AnyMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.PointsConfigOut]:
    rules = await rules_of(session, context.brand.id)
    return ok(
        schemas.PointsConfigOut(
            ratio=rules.ratio,
            min_convert=rules.min_convert,
            rates={category: rate_text(rate) for category, rate in rules.rates.items() if rate > 0},
        )
    )


@router.get(
    "/rewards",
    operation_id="getPointsRewards",
    summary="The points mall's items: a member's with their status for that member; a visitor's too",
)
async def rewards(
    who: MaybeMember,
    context: PortalContext,
    session: SessionDep,
    category: Annotated[schemas.ItemCategory | None, Query()] = None,
) -> Envelope[schemas.MallRewardListOut]:
    items = await mall.offered(session, context.brand.id, category)
    reader = who.member_id if who is not None else None
    redeemed = await mall.redeemed_by(session, reader) if reader is not None else {}
    # A visitor's items say only whether they are in stock: the rest is the member's to meet.
    deposits = await mall.deposits_of(session, reader) if reader is not None else None
    current = await service.current_of(session, reader) if reader is not None else None
    language, fallback = context.language, context.brand.default_language
    return ok(
        schemas.MallRewardListOut(
            list=[
                schemas.MallRewardOut(
                    id=item.id,
                    category=item.category,
                    name=item_name(item, language, fallback),
                    description=str(pick_text(item.descriptions, language, fallback) or ""),
                    image_url=item.image_url,
                    points=item.points,
                    amount_required=format_amount(item.amount_required),
                    value=value_text(item),
                    stock=item.stock,
                    per_member=item.per_member,
                    redeemed=redeemed.get(item.id, 0),
                    status=mall.status_of(item, redeemed.get(item.id, 0), deposits, current),
                )
                for item in items
            ]
        )
    )


@router.post(
    "/redeem", operation_id="redeemPoints", summary="Redeem a mall item (needs the withdrawal password)"
)
async def redeem(
    body: schemas.MallRedeemIn, who: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.MallRedeemOut]:
    member = await member_row(session, who)
    ask = mall.Ask(
        body.item_id, body.quantity, body.payment_password, body.request_id, body.address, body.mobile
    )
    row = await mall.redeem(session, context.brand, member, ask, context.client.ip)
    item = await session.get(MallItem, row.item_id)
    assert item is not None
    return ok(redeem_out(row, item, context.language, context.brand.default_language))


@router.get("/redeems", operation_id="getPointsRedeems", summary="The member's redeem history, newest first")
async def redeems(
    who: AnyMember, context: PortalContext, session: SessionDep, page: Page = 1, page_size: PageSize = 20
) -> Envelope[schemas.MallRedeemPageOut]:
    assert who.member_id is not None
    rows, total = await mall.history(session, who.member_id, page, page_size)
    language, fallback = context.language, context.brand.default_language
    return ok(
        schemas.MallRedeemPageOut(
            list=[redeem_out(row, item, language, fallback) for row, item in rows],
            page=page,
            page_size=page_size,
            total=total,
        )
    )


@router.post(
    "/convert", operation_id="convertPoints", summary="Convert points to money (withdrawal password)"
)
async def convert(
    body: schemas.PointsConvertIn, who: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.PointsConvertOut]:
    member = await member_row(session, who)
    done = await service.convert(
        session,
        context.brand,
        member,
        points=body.points,
        password=body.payment_password,
        request_id=body.request_id,
        ip=context.client.ip,
    )
    amount = format_amount(done.amount)
    return ok(schemas.PointsConvertOut(points=done.points, amount=amount, current=done.current))


@router.get("/details", operation_id="getPointsDetails", summary="Every change of the member's points")
async def details(
    who: AnyMember, session: SessionDep, page: Page = 1, page_size: PageSize = 20
) -> Envelope[schemas.PointsPostingPageOut]:
    assert who.member_id is not None
    rows, total = await service.details(session, who.member_id, page, page_size)
    return ok(
        schemas.PointsPostingPageOut(
            list=[
                schemas.PointsPostingOut(
                    id=p.id,
                    change=p.change,
                    balance=p.balance_after,
                    reason=p.reason,
                    reference=p.reference,
                    created_at=service.ms(p.created_at),
                )
                for p in rows
            ],
            page=page,
            page_size=page_size,
            total=total,
        )
    )
