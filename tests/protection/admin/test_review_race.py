"""Two staff reviewing one risk marker at the same moment, on Postgres with real concurrent transactions:
one review wins, the other is told the marker changed (CONFLICT); one history event, one audit entry."""

from __future__ import annotations

import asyncio

import httpx
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.db.session import Database
from server.protection.models import ProtectionEvent, RiskMarker
from tests.protection.admin.support import ADMIN, add_marker, member_id, staff


async def test_two_parallel_reviews_one_wins(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    marker = await add_marker(db, await member_id(db, "player1"))
    headers = await staff(db)
    for round_ in range(3):
        if round_:
            marker = await add_marker(db, await member_id(db, "player1"), day=f"2026-11-2{round_}")
        answers = await asyncio.gather(
            *(
                client.post(f"{ADMIN}/markers/{marker}/review", json={"note": f"note {n}"}, headers=headers)
                for n in range(2)
            )
        )
        codes = sorted(a.json()["errorCode"] or "OK" for a in answers)
        assert codes == ["CONFLICT", "OK"], [a.text for a in answers]
        winner = next(a.json()["value"] for a in answers if a.status_code == 200)
        async with db.read_session() as session:
            row = await session.get(RiskMarker, marker)
            assert row is not None
            assert (row.status, row.note) == ("REVIEWED", winner["note"])
            reviews = await session.scalar(
                select(func.count())
                .select_from(AuditEntry)
                .where(
                    AuditEntry.action == "protection.marker_review",
                    AuditEntry.target == f"risk_marker:{marker}",
                )
            )
            events = await session.scalar(
                select(func.count())
                .select_from(ProtectionEvent)
                .where(
                    ProtectionEvent.event == "MARKER_REVIEWED",
                    ProtectionEvent.detail["markerId"].as_integer() == marker,
                )
            )
        assert (reviews, events) == (1, 1)
