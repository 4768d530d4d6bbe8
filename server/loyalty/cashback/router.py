"""/wps/member/cashback (the manualRebate page): what accrued, the claim, the claims paid. Every call
answers MODULE_DISABLED while the brand's MANPLAYREB3 is off."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query

from server.accounts.deps import member_row
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.loyalty.cashback import schemas, service
from server.loyalty.vip.rates import format_rate

router = APIRouter(tags=["loyalty"], responses=ERROR_RESPONSES)


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


@router.get(
    "/wps/member/cashback", operation_id="memberCashback", summary="Cashback accrued since the last claim"
)
async def member_cashback(
    context: PortalContext, session: SessionDep, who: RealMember
) -> Envelope[schemas.CashbackOut]:
    service.require_switch(context.brand)
    member = await member_row(session, who)
    found = await service.accrued(session, member, utcnow())
    settings = await service.settings_of(session, context.brand.id)
    last = await service.last_claim(session, member.id)
    return ok(
        schemas.CashbackOut(
            mode=settings.mode,
            since=_ms(found.since),
            until=_ms(found.until),
            rows=[
                schemas.CashbackRowOut(
                    category=row.category,
                    turnover=format_amount(row.turnover),
                    rate=format_rate(row.rate),
                    amount=format_amount(row.amount),
                )
                for row in found.rows
            ],
            total=format_amount(found.total),
            last_claim=None
            if last is None
            else schemas.LastClaimOut(amount=format_amount(last.amount), at=_ms(last.created_at)),
        )
    )


@router.post("/wps/member/cashback/claim", operation_id="claimCashback", summary="Claim the cashback accrued")
async def claim_cashback(
    body: schemas.ClaimIn, context: PortalContext, session: SessionDep, who: RealMember
) -> Envelope[schemas.ClaimOut]:
    service.require_switch(context.brand)
    member = await member_row(session, who)
    paid = await service.claim(session, context.brand, member, utcnow())
    return ok(
        schemas.ClaimOut(amount=format_amount(paid.amount), since=_ms(paid.since), until=_ms(paid.until))
    )


@router.get(
    "/wps/member/cashback/claims", operation_id="cashbackClaims", summary="The cashback paid, newest first"
)
async def cashback_claims(
    context: PortalContext,
    session: SessionDep,
    who: RealMember,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.ClaimPageOut]:
    service.require_switch(context.brand)
    member = await member_row(session, who)
    rows, total = await service.claims_page(session, member.id, page, page_size)
    return ok(
        schemas.ClaimPageOut(
            list=[
                schemas.ClaimRowOut(
                    amount=format_amount(row.amount),
                    since=_ms(row.since),
                    until=_ms(row.until),
                    at=_ms(row.created_at),
                    auto=row.auto,
                )
                for row in rows
            ],
            page=page,
            page_size=page_size,
            total=total,
        )
    )
