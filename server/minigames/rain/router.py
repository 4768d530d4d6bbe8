"""/wps/minigames/rains: a session's detail (visitors too) and the grab (a real member's, at most 5 a second:
faster than a person can tap is a script). GET /wps/minigames, which lists the sessions, is the prize games'
router's (it asks service.portal_sessions)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from server.accounts.deps import member_row
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.http.edge.auth import MaybeMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.http.edge.rate_limit import Limit, spend
from server.minigames.rain import grab as grabbing
from server.minigames.rain import schemas, service

router = APIRouter(prefix="/wps/minigames/rains", tags=["minigames"], responses=ERROR_RESPONSES)
GRABS = Limit("rain-grab", calls=5, seconds=1)


@router.get(
    "/{session_id}",
    operation_id="getRainSession",
    summary="A red-envelope session, its recomputation rule and, once closed, its seed and every grab",
)
async def detail(
    session_id: WireId, who: MaybeMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.RainSessionDetailOut]:
    member = await member_row(session, who) if who is not None else None
    return ok(await service.detail(session, context.brand, member, context.language, session_id, utcnow()))


@router.post(
    "/{session_id}/grab",
    operation_id="grabEnvelope",
    summary="Grab the next envelope of an open session (its amount is paid into the main wallet at once)",
)
async def grab(
    session_id: WireId,
    body: schemas.GrabIn,
    request: Request,
    who: RealMember,
    context: PortalContext,
    session: SessionDep,
) -> Envelope[schemas.GrabOut]:
    await spend(request, GRABS, f"member:{who.member_id}")
    member = await member_row(session, who)
    done = await grabbing.grab(session, context.brand, member, session_id, utcnow())
    return ok(
        schemas.GrabOut(
            seq=done.seq,
            amount=format_amount(done.amount),
            left=done.left,
            my_grabs=done.grabs,
            my_limit=done.limit,
        )
    )
