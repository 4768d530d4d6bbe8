"""The agent centre's calls (/wps/agent/...): the announcements for agents, the agent's own invitation link
and its QR code, an agent's team, its figures, registering a downline and paying one. Agents only (member
types 1, 2, 41, 42): a player's login gets AGENT_ONLY; a member outside the caller's subtree is
AGENT_DOWNLINE_NOT_FOUND, as one that does not exist."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from server.accounts.deps import member_row
from server.accounts.models import AGENT_TYPES, Member
from server.agents import affiliate, schemas, service, team, tree
from server.brands.business_day import BUSINESS_ZONE
from server.brands.download_qr import qr_svg
from server.content.notices import service as notices
from server.content.notices.router import NOTICE_PAGE_SIZE, PlatformQuery, notice_out
from server.content.notices.schemas import AnnouncementPageOut
from server.db.base import utcnow
from server.db.paging import page_count
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, binary_answer, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext, settings_of
from server.http.edge.db import SessionDep
from server.http.edge.encrypted import encrypted_body, encrypted_openapi
from server.http.edge.origin import served_origin
from server.wallet.models import MAIN
from server.wallet.transfers import account

router = APIRouter(prefix="/wps/agent", tags=["agent"], responses=ERROR_RESPONSES)
MemberId = WireId


async def _agent(member: RealMember, session: SessionDep) -> Member:
    if member.member_type not in AGENT_TYPES:
        raise AppError(errors.AGENT_ONLY)
    return await member_row(session, member)


Agent = Annotated[Member, Depends(_agent)]


def _figures(figures: team.Figures) -> dict[str, object]:
    return {
        "members": figures.members,
        "new_members": figures.new_members,
        "active_members": figures.active_members,
        "deposits": format_amount(figures.deposits),
        "withdrawals": format_amount(figures.withdrawals),
        "stakes": format_amount(figures.stakes),
        "profit_loss": format_amount(figures.profit_loss),
    }


def _millis(at: object) -> int:
    return int(at.timestamp() * 1000)  # type: ignore[attr-defined]


def member_out(member: Member, level: int, upline: str | None) -> schemas.AgentTeamMemberOut:
    return schemas.AgentTeamMemberOut(
        id=member.id,
        username=member.username,
        nickname=member.nickname,
        type=member.member_type,
        level=level,
        upline=upline,
        status=member.status,
        rank_level=member.rank_level,
        created_at=_millis(member.created_at),
    )


@router.get(
    "/announcements",
    operation_id="agentAnnouncements",
    summary="The announcements for agents (audience AGENTS) now showing, newest first, a page at a time",
)
async def announcements(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    platform: PlatformQuery = None,
    page_num: Annotated[int, Query(alias="pageNum", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=50)] = NOTICE_PAGE_SIZE,
) -> Envelope[AnnouncementPageOut]:
    brand, language = context.brand, context.language
    rows, total = await notices.agent_announcements(
        session, brand.id, utcnow(), platform=platform, page=page_num, page_size=page_size
    )
    return ok(
        AnnouncementPageOut(
            list=[notice_out(n, brand, language) for n in rows],
            page_num=page_num,
            total_pages=page_count(total, page_size),
            total=total,
        )
    )


AFFILIATE_QR = "/affiliate/qr.svg"


def _served(request: Request) -> str | None:
    return served_origin(request, settings_of(request).trusted_proxy_networks)


@router.get(
    "/affiliate/link",
    operation_id="agentAffiliateLink",
    summary=(
        "My invitation code (issued on the first ask) and the registration link: on the brand's public"
        " domain, else on the address this request was served on"
    ),
)
async def affiliate_link(
    agent: Agent, context: PortalContext, session: SessionDep, request: Request
) -> Envelope[schemas.AgentAffiliateOut]:
    code = await affiliate.code_of(session, agent)
    link = affiliate.link_of(context.brand, code, _served(request))
    return ok(
        schemas.AgentAffiliateOut(
            code=code, link=link, qr_url=f"{router.prefix}{AFFILIATE_QR}" if link else None
        )
    )


@router.get(
    AFFILIATE_QR,
    operation_id="agentAffiliateQrCode",
    summary="The QR code of my registration link (NOT_FOUND when there is no address to link to)",
    response_class=Response,
    responses=binary_answer("image/svg+xml", description="The QR code"),
)
async def affiliate_qr_code(
    agent: Agent, context: PortalContext, session: SessionDep, request: Request
) -> Response:
    link = affiliate.link_of(context.brand, await affiliate.code_of(session, agent), _served(request))
    if link is None:
        raise AppError(errors.NOT_FOUND, "The brand has no domain to link to")
    # One agent's own link: its browser may keep it a while (for that login only), no shared cache may;
    # a brand without a public domain links to the address it was reached on, so that varies it too.
    headers = {
        "Cache-Control": "private, max-age=300",
        "Vary": "Authorization, Merchant, Host, X-Forwarded-Host, X-Forwarded-Proto",
    }
    return Response(qr_svg(link), media_type="image/svg+xml", headers=headers)


@router.get(
    "/team/overview", operation_id="agentTeamOverview", summary="The team's figures for a period, by level"
)
async def overview(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    period: Annotated[schemas.Period, Query()] = "TODAY",
) -> Envelope[schemas.AgentTeamOverviewOut]:
    found = await team.overview(session, context.brand.id, agent.id, period, BUSINESS_ZONE)
    return ok(
        schemas.AgentTeamOverviewOut(
            period=period,
            start=_millis(found.start),
            end=_millis(found.end),
            total=schemas.AgentTeamFigures(**_figures(found.total)),
            levels=[
                schemas.AgentTeamLevel(level=level, **_figures(figures))
                for level, figures in sorted(found.by_level.items())
            ],
        )
    )


@router.get("/team/members", operation_id="agentTeamMembers", summary="The team, newest first, searchable")
async def members(
    agent: Agent,
    context: PortalContext,
    session: SessionDep,
    search: Annotated[str, Query(max_length=64)] = "",
    status: Annotated[str | None, Query(pattern="^(ACTIVE|DISABLED)$")] = None,
    level: Annotated[int | None, Query(ge=1, le=tree.MAX_DEPTH)] = None,
    page_num: Annotated[int, Query(alias="pageNum", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.AgentTeamPageOut]:
    rows, total = await team.members(
        session,
        context.brand.id,
        agent.id,
        search=search.strip(),
        status=status,
        level=level,
        page=page_num,
        size=page_size,
    )
    return ok(
        schemas.AgentTeamPageOut(
            list=[member_out(r.member, r.level, r.upline) for r in rows],
            page_num=page_num,
            total_pages=page_count(total, page_size),
            total=total,
        )
    )


@router.get("/team/members/{member_id}", operation_id="agentTeamMember", summary="One member of the team")
async def member(
    member_id: MemberId, agent: Agent, context: PortalContext, session: SessionDep
) -> Envelope[schemas.AgentTeamMemberOut]:
    found, level = await tree.downline(session, context.brand.id, agent.id, member_id)
    upline = await session.get(Member, found.upline_id) if found.upline_id is not None else None
    return ok(member_out(found, level, upline.username if upline else None))


@router.post("/team/members", operation_id="agentRegister", summary="Register a player or sub-agent below me")
async def register(
    body: schemas.AgentRegisterIn, agent: Agent, context: PortalContext, session: SessionDep
) -> Envelope[schemas.AgentTeamMemberOut]:
    created = await service.register_downline(
        session,
        context.brand,
        agent,
        username=body.username,
        password=body.password,
        member_type=body.type,
        nickname=body.nickname,
    )
    return ok(member_out(created, 1, agent.username))


@router.post(
    "/transfers/downline",
    operation_id="agentPayDownline",
    summary="Pay a member of my team from my main wallet (encrypted body; needs the withdrawal password)",
    openapi_extra=encrypted_openapi(schemas.AgentDownlineTransferIn),
)
async def pay_downline(
    agent: Agent,
    context: PortalContext,
    body: Annotated[
        schemas.AgentDownlineTransferIn, Depends(encrypted_body(schemas.AgentDownlineTransferIn))
    ],
    session: SessionDep,
) -> Envelope[schemas.AgentDownlineTransferOut]:
    posted = await service.pay_downline(
        session,
        context.brand,
        agent,
        username=body.username,
        amount=parse_amount(body.amount),
        payment_password=body.payment_password,
        request_id=body.request_id,
        ip=context.client.ip,
    )
    wallet = await account(session, context.brand, agent.id, MAIN)
    return ok(
        schemas.AgentDownlineTransferOut(
            transfer_id=posted.transfer_id,
            replayed=posted.replayed,
            balance=format_amount(posted.balances.get(wallet.id, 0)),
        )
    )
