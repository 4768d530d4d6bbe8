"""KYC under real concurrency (Postgres, every request on its own connection): parallel submissions of one
member leave one PENDING submission; parallel reviews decide once."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.messages.models import PlatformMessage
from server.db.session import Database
from server.protection.kyc.models import KycDocument, KycSubmission
from tests.protection.kyc.support import send, staff
from tests.support.portal import ok
from tests.wallet.test_cashier_api import player

QUEUE = "/wps/admin/kyc"


def outcome(answer: httpx.Response) -> str:
    body = answer.json()
    return str(body["errorCode"] or body["value"]["status"])


@pytest.mark.slow
async def test_parallel_submissions_make_one_and_parallel_reviews_decide_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    portal = await player(client)
    answers = await asyncio.gather(*(send(portal) for _ in range(12)))
    assert sorted(outcome(a) for a in answers) == ["KYC_PENDING"] * 11 + ["PENDING"], [
        a.text for a in answers
    ]
    async with db.read_session() as session:
        statuses = list(await session.scalars(select(KycSubmission.status)))
        documents = await session.scalar(select(func.count()).select_from(KycDocument))
    assert (statuses, documents) == (["PENDING"], 2)

    admin = await staff(db)
    [row] = ok(await client.get(QUEUE, headers=admin))["list"]
    decisions = await asyncio.gather(
        *(client.post(f"{QUEUE}/{row['id']}/approve", headers=admin) for _ in range(6)),
        *(client.post(f"{QUEUE}/{row['id']}/reject", json={"reason": "no"}, headers=admin) for _ in range(6)),
    )
    decided = sorted(outcome(d) for d in decisions)
    assert decided.count("KYC_NOT_PENDING") == 11, [d.text for d in decisions]
    [won] = [d for d in decided if d != "KYC_NOT_PENDING"]
    assert won in ("APPROVED", "REJECTED")
    async with db.read_session() as session:
        audits = await session.scalar(
            select(func.count()).where(
                AuditEntry.action.in_(("protection.kyc_approve", "protection.kyc_reject"))
            )
        )
        told = await session.scalar(select(func.count()).where(PlatformMessage.template.like("KYC_%")))
    assert (audits, told) == (1, 1)
