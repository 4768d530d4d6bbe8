"""/wps/captcha and /wps/verification/challenge: the image captcha and the human-verification challenge
that login, registration, SMS sending and password reset ask for."""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.edge.context import SystemContext, settings_of
from server.http.edge.db import SessionDep
from server.http.edge.human import CAPTCHA_COOKIE, human_verifier
from server.security import captcha
from server.security.challenge import HumanVerifier

router = APIRouter(tags=["security"], responses=ERROR_RESPONSES)

HumanVerifierDep = Annotated[HumanVerifier, Depends(human_verifier)]


class ChallengeOut(WireModel):
    challenge_id: str
    algorithm: str
    salt: str
    difficulty: int
    expires_at: datetime


@router.get(
    "/wps/captcha",
    operation_id="getCaptcha",
    summary="A new image captcha: the PNG as base64; its token goes in the HttpOnly captcha_token cookie",
)
async def get_captcha(
    request: Request, response: Response, context: SystemContext, session: SessionDep
) -> Envelope[str]:
    token, png = await captcha.issue_captcha(
        session,
        merchant_id=context.brand.id,
        ip=context.client.ip,
        answer=settings_of(request).fixed_captcha_answer,
    )
    # HttpOnly: page scripts never see the token, so an injected script cannot pair it with an OCR.
    response.set_cookie(
        CAPTCHA_COOKIE,
        token,
        max_age=int(captcha.LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    response.headers["Cache-Control"] = "no-store"
    return ok(base64.b64encode(png).decode("ascii"))


@router.get(
    "/wps/verification/challenge",
    operation_id="getHumanChallenge",
    summary="A human-verification challenge (proof of work) to solve before login, registration or SMS",
)
async def get_challenge(
    context: SystemContext, session: SessionDep, verifier: HumanVerifierDep
) -> Envelope[ChallengeOut]:
    issued = await verifier.issue(session, merchant_id=context.brand.id, ip=context.client.ip)
    return ok(ChallengeOut.model_validate(issued))
