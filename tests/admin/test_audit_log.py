"""The audit log is append-only in the database itself, on both backends."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from server.admin.models import AuditEntry
from server.admin.service import audit
from server.brands.models import Merchant
from server.db.session import Database

pytestmark = pytest.mark.usefixtures("demo")


async def _entry(db: Database) -> int:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        assert merchant_id is not None
        await audit(session, merchant_id=merchant_id, staff_id=None, action="test.action", detail={"n": 1})
        entry_id = await session.scalar(select(AuditEntry.id).where(AuditEntry.action == "test.action"))
        assert entry_id is not None
        return entry_id


@pytest.mark.parametrize("statement", ["update", "delete"])
async def test_entries_cannot_be_changed_or_removed(db: Database, statement: str) -> None:
    entry_id = await _entry(db)
    change = (
        update(AuditEntry).where(AuditEntry.id == entry_id).values(action="forged")
        if statement == "update"
        else delete(AuditEntry).where(AuditEntry.id == entry_id)
    )
    with pytest.raises((DBAPIError, IntegrityError), match="append-only"):
        async with db.session() as session:
            await session.execute(change)
    async with db.session() as session:
        assert (
            await session.scalar(select(AuditEntry.action).where(AuditEntry.id == entry_id)) == "test.action"
        )
