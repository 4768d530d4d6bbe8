"""/wps/member/referral: a player's invite-friends page (switch REFERRAL3; players only, SPEC §6)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from server.accounts.deps import member_row
from server.accounts.models import PLAYER, Member
from server.brands.download_qr import qr_svg
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext, settings_of
from server.http.edge.db import SessionDep
from server.http.edge.origin import served_origin
from server.loyalty.referral import page, schemas

router = APIRouter(tags=["loyalty"], responses=ERROR_RESPONSES)
REFERRAL_QR = "/wps/member/referral/qr.svg"


async def _player(principal: RealMember, context: PortalContext, session: SessionDep) -> Member:
    if not context.brand.switch_on("REFERRAL3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "REFERRAL3"})
    member = await member_row(session, principal)
    if member.member_type != PLAYER:
        raise AppError(errors.FORBIDDEN, "Inviting friends is for player accounts")
    return member


def _served(request: Request) -> str | None:
    return served_origin(request, settings_of(request).trusted_proxy_networks)


@router.get(
    "/wps/member/referral",
    operation_id="getReferral",
    summary="My invite-friends code, link, rules, earnings and invitees (REFERRAL3; players only)",
)
async def referral(
    principal: RealMember, context: PortalContext, session: SessionDep, request: Request
) -> Envelope[schemas.ReferralPageOut]:
    member = await _player(principal, context, session)
    found = await page.page_of(session, context.brand, member, _served(request))
    return ok(
        schemas.ReferralPageOut(
            code=found.code,
            link=found.link,
            # A bare path (no address of the brand to trust) makes no QR code a phone could open.
            qr_url=REFERRAL_QR if found.link.startswith("http") else None,
            rules=schemas.ReferralRulesOut.model_validate(found.rules.wire()),
            earned=format_amount(found.earned),
            invitees=[
                schemas.ReferralInviteeOut(
                    name=i.name,
                    registered_at=int(i.registered_at.timestamp() * 1000),
                    status=i.status,
                    deposit=format_amount(i.deposit),
                    turnover=format_amount(i.turnover),
                    reward=format_amount(i.reward) if i.reward is not None else None,
                )
                for i in found.invitees
            ],
        )
    )


@router.get(
    REFERRAL_QR,
    operation_id="getReferralQrCode",
    summary="The QR code of my invite link (NOT_FOUND when there is no address to link to)",
    response_class=Response,
    responses=binary_answer("image/svg+xml", description="The QR code"),
)
async def referral_qr_code(
    principal: RealMember, context: PortalContext, session: SessionDep, request: Request
) -> Response:
    member = await _player(principal, context, session)
    link = page.link_of(context.brand, await page.code_of(session, member), _served(request))
    if not link.startswith("http"):
        raise AppError(errors.NOT_FOUND, "The brand has no address to link to")
    # One player's own link, as the agent centre's: private to that login, varying with the address.
    headers = {
        "Cache-Control": "private, max-age=300",
        "Vary": "Authorization, Merchant, Host, X-Forwarded-Host, X-Forwarded-Proto",
    }
    return Response(qr_svg(link), media_type="image/svg+xml", headers=headers)
