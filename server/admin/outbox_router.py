"""/wps/admin/outbox: what the development SMS and e-mail senders sent. They hold login codes and temporary
passwords, so only an operator reads them, and a production deployment (real senders) does not route them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from server.accounts import messaging
from server.admin import schemas
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import OutboxReader
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin", tags=["admin"], responses=ERROR_RESPONSES)


@router.get(
    "/outbox/sms",
    operation_id="readSmsOutbox",
    summary="What the development SMS sender sent (newest first)",
)
async def sms_outbox(
    operator: OutboxReader,
    session: SessionDep,
    phone: Annotated[str | None, Query(max_length=24, description="E.164, e.g. +639171234567")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[schemas.OutboxSmsOut]]:
    rows = await messaging.sent_sms(session, merchant_id=operator.merchant_id, phone=phone, limit=limit)
    return ok([schemas.OutboxSmsOut.model_validate(row) for row in rows])


@router.get(
    "/outbox/email",
    operation_id="readEmailOutbox",
    summary="What the development e-mail sender sent (newest first)",
)
async def email_outbox(
    operator: OutboxReader,
    session: SessionDep,
    to: Annotated[str | None, Query(max_length=254)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Envelope[list[schemas.EmailOut]]:
    rows = await messaging.sent_emails(session, merchant_id=operator.merchant_id, to_address=to, limit=limit)
    return ok([schemas.EmailOut.model_validate(row) for row in rows])
