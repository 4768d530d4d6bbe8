"""/wps/admin/loyalty: the console's points rules, mall items and redeem queue (loyalty.read to read,
loyalty.write to change; OPERATOR has both, AUDITOR reads). Every change is audited in its transaction."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from fastapi import APIRouter, Query

from server.accounts.models import Member
from server.admin.audit_trail import audit
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import LoyaltyReader, LoyaltyWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.loyalty.points import mall_admin, schemas
from server.loyalty.points.models import MallItem, MallRedeem
from server.loyalty.points.router import PageSize, rate_text, redeem_out, value_text
from server.loyalty.points.settings import Rules, rules_of, set_rules

router = APIRouter(prefix="/wps/admin/loyalty", tags=["admin"], responses=ERROR_RESPONSES)
_RATE = re.compile(r"^(0|[1-9][0-9]{0,2})(\.([0-9]{1,2}))?$")


def _settings_out(rules: Rules) -> schemas.PointsSettingsIO:
    return schemas.PointsSettingsIO(
        ratio=rules.ratio,
        min_convert=rules.min_convert,
        rates={c: rate_text(r) for c, r in rules.rates.items() if r > 0},
    )


def _hundredths(category: str, text: str) -> int:
    found = _RATE.match(text)
    if found is None:
        raise AppError(
            errors.VALIDATION_ERROR, value={"fields": [{"field": f"rates.{category}", "type": "rate"}]}
        )
    return int(found[1]) * 100 + int((found[3] or "").ljust(2, "0"))


@router.get("/points", operation_id="adminGetPointsSettings", summary="The points rules")
async def get_points(
    reader: LoyaltyReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PointsSettingsIO]:
    return ok(_settings_out(await rules_of(session, context.brand.id)))


@router.put("/points", operation_id="adminSetPointsSettings", summary="Change the points rules")
async def set_points(
    body: schemas.PointsSettingsIO, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.PointsSettingsIO]:
    rates = {str(c): _hundredths(str(c), text) for c, text in body.rates.items()}
    rules = await set_rules(session, context.brand.id, Rules(body.ratio, body.min_convert, rates))
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=writer.staff_id,
        action="loyalty.points_settings",
        detail={"ratio": rules.ratio, "minConvert": rules.min_convert, "rates": rules.rates},
        ip=context.client.ip,
    )
    return ok(_settings_out(rules))


def _item_out(item: MallItem, redeemed: int) -> schemas.MallItemAdminOut:
    return schemas.MallItemAdminOut(
        id=item.id,
        category=item.category,
        names={str(k): str(v) for k, v in item.names.items()},
        descriptions={str(k): str(v) for k, v in item.descriptions.items()},
        image_url=item.image_url,
        points=item.points,
        amount_required=format_amount(item.amount_required),
        value=value_text(item),
        stock=item.stock,
        per_member=item.per_member,
        raffle_id=item.raffle_id,
        active=item.active,
        sort=item.sort_order,
        redeemed=redeemed,
    )


@router.get("/mall/items", operation_id="adminListMallItems", summary="Every mall item, active or not")
async def list_items(
    reader: LoyaltyReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.MallItemListOut]:
    items, counts = await mall_admin.items(session, context.brand.id)
    return ok(schemas.MallItemListOut(list=[_item_out(i, counts.get(i.id, 0)) for i in items]))


async def _audit_item(
    session: SessionDep,
    context: SystemContext,
    staff_id: int | None,
    item: MallItem,
    verb: Literal["create", "update"],
) -> None:
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=staff_id,
        action=f"loyalty.mall_item_{verb}",
        target=f"mall_item:{item.id}",
        detail={
            "category": item.category,
            "names": item.names,
            "points": item.points,
            "value": item.value,
            "stock": item.stock,
            "perMember": item.per_member,
            "active": item.active,
        },
        ip=context.client.ip,
    )


@router.post("/mall/items", operation_id="adminCreateMallItem", summary="Offer a new mall item")
async def create_item(
    body: schemas.MallItemIn, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.MallItemAdminOut]:
    item = await mall_admin.apply(session, context.brand.id, MallItem(), body)
    await _audit_item(session, context, writer.staff_id, item, "create")
    return ok(_item_out(item, 0))


@router.put("/mall/items/{item_id}", operation_id="adminUpdateMallItem", summary="Change a mall item")
async def update_item(
    item_id: WireId,
    body: schemas.MallItemIn,
    writer: LoyaltyWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.MallItemAdminOut]:
    item = await mall_admin.apply(
        session, context.brand.id, await mall_admin.item_of(session, context.brand.id, item_id), body
    )
    await _audit_item(session, context, writer.staff_id, item, "update")
    _, counts = await mall_admin.items(session, context.brand.id)
    return ok(_item_out(item, counts.get(item.id, 0)))


def _admin_redeem(
    row: MallRedeem, item: MallItem, username: str, language: str
) -> schemas.MallRedeemAdminOut:
    out = redeem_out(row, item, language, language)
    return schemas.MallRedeemAdminOut(
        **out.model_dump(), member_id=row.member_id, username=username, decided_by=row.decided_by
    )


@router.get("/redeems", operation_id="adminListRedeems", summary="The mall's redeems, newest first")
async def list_redeems(
    reader: LoyaltyReader,
    session: SessionDep,
    context: SystemContext,
    status: Annotated[schemas.RedeemStatus | None, Query()] = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    page_size: PageSize = 20,
) -> Envelope[schemas.MallRedeemAdminPageOut]:
    rows, total = await mall_admin.redeems(session, context.brand.id, status, page, page_size)
    language = context.brand.default_language
    return ok(
        schemas.MallRedeemAdminPageOut(
            list=[_admin_redeem(r, i, m.username, language) for r, i, m in rows],
            page=page,
            page_size=page_size,
            total=total,
        )
    )


async def _decided(session: SessionDep, row: MallRedeem, language: str) -> schemas.MallRedeemAdminOut:
    item = await session.get(MallItem, row.item_id)
    assert item is not None
    member = await session.get(Member, row.member_id)
    return _admin_redeem(row, item, member.username if member else "", language)


@router.post(
    "/redeems/{redeem_id}/approve", operation_id="adminApproveRedeem", summary="Approve goods waiting"
)
async def approve(
    redeem_id: WireId, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.MallRedeemAdminOut]:
    assert writer.staff_id is not None
    language = context.brand.default_language
    row = await mall_admin.approve(
        session,
        context.brand.id,
        redeem_id,
        staff_id=writer.staff_id,
        ip=context.client.ip,
        language=language,
    )
    return ok(await _decided(session, row, language))


@router.post(
    "/redeems/{redeem_id}/reject",
    operation_id="adminRejectRedeem",
    summary="Reject goods waiting: the points and the stock are given back, the member told why",
)
async def reject(
    redeem_id: WireId,
    body: schemas.MallRedeemRejectIn,
    writer: LoyaltyWriter,
    session: SessionDep,
    context: SystemContext,
) -> Envelope[schemas.MallRedeemAdminOut]:
    assert writer.staff_id is not None
    language = context.brand.default_language
    row = await mall_admin.reject(
        session,
        context.brand.id,
        redeem_id,
        body.reason,
        staff_id=writer.staff_id,
        ip=context.client.ip,
        language=language,
    )
    return ok(await _decided(session, row, language))
