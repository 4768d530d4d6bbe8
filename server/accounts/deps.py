"""FastAPI glue for the account routers: the Access bundle, the senders, the signed-in member row."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.access import Access
from server.accounts.messaging import EmailSender, OutboxEmail, OutboxSms, SmsSender
from server.accounts.models import Member
from server.accounts.sessions import Principal
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.edge.auth import session_policy
from server.http.edge.context import PortalContext
from server.http.edge.human import captcha_token_of, human_verifier


def access_of(request: Request, context: PortalContext) -> Access:
    return Access(
        brand=context.brand,
        ip=context.client.ip,
        user_agent=request.headers.get("user-agent"),
        captcha_token=captcha_token_of(request),
        verifier=human_verifier(request),
        policy=session_policy(request),
    )


def sms_sender(request: Request) -> SmsSender:
    sender: SmsSender = getattr(request.app.state, "sms_sender", None) or OutboxSms()
    return sender


def email_sender(request: Request) -> EmailSender:
    sender: EmailSender = getattr(request.app.state, "email_sender", None) or OutboxEmail()
    return sender


async def member_row(session: AsyncSession, principal: Principal) -> Member:
    member = await session.get(Member, principal.member_id) if principal.member_id is not None else None
    if member is None:
        raise AppError(errors.UNAUTHORIZED)
    return member


AccessDep = Annotated[Access, Depends(access_of)]
SmsSenderDep = Annotated[SmsSender, Depends(sms_sender)]
EmailSenderDep = Annotated[EmailSender, Depends(email_sender)]
