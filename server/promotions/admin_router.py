"""/wps/admin/promotions: the console's Promotions section (promotions.read to read, promotions.write to
change; OPERATOR has both, AUDITOR reads). Every change is audited in its transaction."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from server.admin.audit_trail import audit
from server.content.texts import TextOut
from server.db.base import utcnow
from server.db.paging import page_count
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import PromotionsReader, PromotionsWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.promotions import admin, kinds, raffle, schemas, wagering
from server.promotions.models import Promotion
from server.promotions.raffle_schemas import RaffleAdminOut

router = APIRouter(prefix="/wps/admin/promotions", tags=["admin"], responses=ERROR_RESPONSES)


def admin_out(promotion: Promotion, stats: admin.Stats | None) -> schemas.PromotionAdminOut:
    stats = stats or admin.Stats(0, 0, 0, 0)
    return schemas.PromotionAdminOut(
        id=promotion.id,
        kind=promotion.kind,
        category=promotion.category,
        state=admin.state(promotion, utcnow()),
        starts_at=promotion.starts_at,
        ends_at=promotion.ends_at,
        paused=promotion.paused,
        ended_at=promotion.ended_at,
        sort_order=promotion.sort_order,
        image_url=promotion.image_url,
        texts={
            code: TextOut(title=text.get("title", ""), content=text.get("content", ""))
            for code, text in promotion.texts.items()
        },
        params=kinds.out(promotion.params),
        most_per_member=format_amount(kinds.most_per_member(promotion.kind, promotion.params)),
        stats=schemas.PromotionStatsOut(
            entries=stats.entries,
            paid=stats.paid,
            paid_amount=format_amount(stats.paid_amount),
            turnover=format_amount(stats.turnover),
        ),
        updated_at=promotion.updated_at,
    )


async def _out(session: SessionDep, promotion: Promotion) -> schemas.PromotionAdminOut:
    stats = await admin.stats_of(session, promotion.merchant_id, promotion.id)
    return admin_out(promotion, stats.get(promotion.id))


# The weights first: "/weights" must not be read as a promotion's id.
@router.get("/weights", operation_id="adminGetWageringWeights", summary="What each category's stakes count")
async def get_weights(
    reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.WeightsOut]:
    return ok(schemas.WeightsOut(weights=await wagering.weights_of(session, context.brand.id)))


@router.put("/weights", operation_id="adminSetWageringWeights", summary="Change what each category counts")
async def set_weights(
    body: schemas.WeightsIn, writer: PromotionsWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.WeightsOut]:
    assert writer.staff_id is not None
    weights = await wagering.set_weights(
        session, context.brand.id, {str(k): v for k, v in body.weights.items()}
    )
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=writer.staff_id,
        action="promotion.weights",
        detail={"weights": weights},
        ip=context.client.ip,
    )
    return ok(schemas.WeightsOut(weights=weights))


@router.get("", operation_id="adminListPromotions", summary="The merchant's promotions with what they cost")
async def list_promotions(
    reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PromotionAdminListOut]:
    promotions = await admin.list_all(session, context.brand.id)
    stats = await admin.stats_of(session, context.brand.id)
    return ok(schemas.PromotionAdminListOut(list=[admin_out(p, stats.get(p.id)) for p in promotions]))


@router.post("", operation_id="adminCreatePromotion", summary="Create a promotion")
async def create_promotion(
    body: schemas.PromotionIn, writer: PromotionsWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PromotionAdminOut]:
    assert writer.staff_id is not None
    promotion = await admin.create(
        session, context.brand, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(await _out(session, promotion))


@router.put("/{promotion_id}", operation_id="adminChangePromotion", summary="Change a promotion (all of it)")
async def change_promotion(
    promotion_id: WireId,
    body: schemas.PromotionIn,
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.PromotionAdminOut]:
    assert writer.staff_id is not None
    promotion = await admin.change(
        session, context.brand, promotion_id, body, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(await _out(session, promotion))


@router.post("/{promotion_id}/{action}", operation_id="adminActOnPromotion", summary="Pause, resume or end")
async def act_on_promotion(
    promotion_id: WireId,
    action: Literal["pause", "resume", "end"],
    writer: PromotionsWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.PromotionAdminOut]:
    assert writer.staff_id is not None
    promotion = await admin.act(
        session, context.brand, promotion_id, action, staff_id=writer.staff_id, ip=context.client.ip
    )
    return ok(await _out(session, promotion))


@router.get(
    "/{promotion_id}/raffle", operation_id="adminRaffleDraw", summary="A raffle's commitment and draw"
)
async def raffle_draw(
    promotion_id: WireId, reader: PromotionsReader, session: SessionDep, context: SystemContext
) -> Envelope[RaffleAdminOut]:
    return ok(await raffle.admin_summary(session, context.brand.id, promotion_id))


@router.get(
    "/{promotion_id}/entries", operation_id="adminPromotionEntries", summary="Who joined, what was paid"
)
async def promotion_entries(
    promotion_id: WireId,
    reader: PromotionsReader,
    session: SessionDep,
    context: SystemContext,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.EntryPageOut]:
    rows, total = await admin.entries_page(
        session, context.brand.id, promotion_id, page=page, page_size=page_size
    )
    return ok(
        schemas.EntryPageOut(
            list=[
                schemas.EntryAdminOut(
                    id=entry.id,
                    member_id=entry.member_id,
                    username=username,
                    status=entry.status,
                    period_key=entry.period_key,
                    amount=format_amount(entry.amount),
                    deposit_amount=None
                    if entry.deposit_amount is None
                    else format_amount(entry.deposit_amount),
                    created_at=entry.created_at,
                    paid_at=entry.paid_at,
                )
                for entry, username in rows
            ],
            page_num=page,
            total_pages=page_count(total, page_size),
            total=total,
        )
    )
