"""grant_many: many grants in one transaction, each the transfer `grant` would post (its own key, reference,
meta), accounts opened as needed, replays moving nothing, one balance push per member after COMMIT, the
ledger balanced; on Postgres two batches over the same members in opposite orders at once do not deadlock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select

from server.accounts.models import Member
from server.brands import service as brands
from server.brands.service import Brand
from server.db.session import Database
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import service as wallet_service
from server.wallet.models import MAIN, PROMOTION_EXPENSE, LedgerAccount, LedgerPosting, LedgerTransfer
from server.wallet.reconcile import check_ledger
from server.wallet.service import Grant

with_demo = pytest.mark.usefixtures("demo")


async def demo_brand(db: Database, code: str = "demo") -> Brand:
    async with db.read_session() as session:
        brand = await brands.load_brand(session, code)
    assert brand is not None
    return brand


async def members_of(db: Database, brand: Brand, count: int) -> list[int]:
    """`count` fresh members of the brand (none of them with an account yet)."""
    async with db.session() as session:
        made = [
            Member(merchant_id=brand.id, username=f"granted{n}", password_hash="!unusable")
            for n in range(count)
        ]
        session.add_all(made)
        await session.flush()
        return [m.id for m in made]


def grants_for(member_ids: list[int], tag: str, amount: int = 1_00) -> list[Grant]:
    return [
        Grant(
            member_id=member_id,
            amount=amount * (n + 1),
            kind="BONUS",
            reference=f"test-grant:{tag}:{n}",
            idempotency_key=f"test-grant:{tag}:{n}",
            meta={"n": n},
        )
        for n, member_id in enumerate(member_ids)
    ]


@with_demo
async def test_many_grants_post_one_transfer_each_and_replay_as_nothing(
    db: Database, emitted: list[tuple[str, str | None, Any]]
) -> None:
    brand = await demo_brand(db)
    members = await members_of(db, brand, 5)
    # The first member twice in one batch: two transfers, one push with the balance after both.
    grants = [
        *grants_for(members, "a"),
        Grant(members[0], 50, "BONUS", "test-grant:a:again", "test-grant:a:x"),
    ]
    async with db.session() as session:
        posted = await wallet_service.grant_many(session, brand, grants)
    assert [p.replayed for p in posted] == [False] * 6
    assert len({p.transfer_id for p in posted}) == 6
    async with db.read_session() as session:
        transfers = {
            t.idempotency_key: t
            for t in await session.scalars(
                select(LedgerTransfer).where(LedgerTransfer.id.in_([p.transfer_id for p in posted]))
            )
        }
        balances = dict(
            (
                await session.execute(
                    select(LedgerAccount.member_id, LedgerAccount.balance).where(
                        LedgerAccount.member_id.in_(members), LedgerAccount.kind == MAIN
                    )
                )
            ).all()
        )
        source_legs = (
            await session.execute(
                select(LedgerPosting.amount, LedgerAccount.kind)
                .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
                .where(
                    LedgerPosting.transfer_id.in_([p.transfer_id for p in posted]), LedgerPosting.amount < 0
                )
            )
        ).all()
        findings = await check_ledger(session)
    assert findings.clean, findings
    for grant in grants:
        transfer = transfers[grant.idempotency_key]
        assert (transfer.kind, transfer.reference, transfer.amount, transfer.meta) == (
            "BONUS",
            grant.reference,
            grant.amount,
            dict(grant.meta or {}),
        )
    assert balances == {
        members[0]: 1_50,
        members[1]: 2_00,
        members[2]: 3_00,
        members[3]: 4_00,
        members[4]: 5_00,
    }
    assert {kind for _, kind in source_legs} == {PROMOTION_EXPENSE}
    pushes = [(room, data["sumBalance"]) for event, room, data in emitted if event == "balance"]
    assert sorted(pushes) == sorted([(f"user:{m}", format_amount(balances[m])) for m in members]), (
        "one push per member, after the last of its grants"
    )

    emitted.clear()
    async with db.session() as session:
        again = await wallet_service.grant_many(session, brand, grants)
    assert [(p.transfer_id, p.replayed) for p in again] == [(p.transfer_id, True) for p in posted]
    assert [e for e in emitted if e[0] == "balance"] == []
    async with db.read_session() as session:
        assert await wallet_service.balance_of(session, await main_account(session, members[0])) == 1_50


async def main_account(session: Any, member_id: int) -> int:
    found = await session.scalar(
        select(LedgerAccount.id).where(LedgerAccount.member_id == member_id, LedgerAccount.kind == MAIN)
    )
    assert found is not None
    return int(found)


@with_demo
async def test_a_refused_grant_refuses_the_batch(db: Database) -> None:
    brand, other = await demo_brand(db), await demo_brand(db, "demo2")
    members = await members_of(db, brand, 2)
    (stranger,) = await members_of(db, other, 1)
    bad_batches = [
        [*grants_for(members, "b"), *grants_for([stranger], "c")],  # another merchant's member
        [*grants_for(members, "d"), *grants_for(members[:1], "e", amount=0)],
    ]
    for batch, code in zip(bad_batches, ("NOT_FOUND", "VALIDATION_ERROR"), strict=True):
        with pytest.raises(AppError) as refused:
            async with db.session() as session:
                await wallet_service.grant_many(session, brand, batch)
        assert refused.value.code == code
    with pytest.raises(ValueError, match="no grant"):
        async with db.session() as session:
            await wallet_service.grant_many(session, brand, grants_for(members, "f"), wallet="TRIAL")
    async with db.read_session() as session:
        moved = await session.scalar(
            select(LedgerTransfer.id).where(LedgerTransfer.reference.like("test-grant:%"))
        )
    assert moved is None
    async with db.session() as session:
        assert await wallet_service.grant_many(session, brand, []) == []


async def test_two_batches_at_once_in_opposite_orders_both_pay(pg: tuple[Database, Brand, int]) -> None:
    """Each batch locks every account it touches in account-id order before posting: without that, one
    posting a then b while the other posts b then a would deadlock (Postgres would abort one)."""
    db, brand, _ = pg
    async with db.session() as session:
        made = [
            Member(merchant_id=brand.id, username=f"racer{n}", password_hash="!unusable") for n in range(40)
        ]
        session.add_all(made)
        await session.flush()
        members = [m.id for m in made]

    async def batch(order: list[int], tag: str) -> None:
        async with db.session() as session:
            await wallet_service.grant_many(session, brand, grants_for(order, tag))

    for attempt in range(3):
        await asyncio.gather(batch(members, f"up{attempt}"), batch(list(reversed(members)), f"down{attempt}"))
    async with db.read_session() as session:
        findings = await check_ledger(session)
        count = len(
            (
                await session.scalars(
                    select(LedgerTransfer.id).where(LedgerTransfer.reference.like("test-grant:%"))
                )
            ).all()
        )
    assert findings.clean, findings
    assert count == 3 * 2 * len(members)
