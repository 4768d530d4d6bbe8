"""A state machine over the ledger: random deposits, bets, wins, transfers, withdrawals (paid or
released), reversals and replays. After every step: every transfer sums to zero, every balance equals
its postings, no member account is negative, and each main wallet is what a simple model says."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from sqlalchemy import select

from server.accounts.models import Member
from server.brands import service as brands
from server.db.session import Database
from server.demo.seed import seed_demo
from server.http.core.errors import AppError
from server.wallet import ledger, transfers
from server.wallet.ledger import Leg
from server.wallet.models import MAIN, VENDOR_CLEARING, LedgerAccount
from server.wallet.reconcile import check_ledger
from tests.support.databases import migrated
from tests.support.services import require_postgres

amounts = st.integers(min_value=1, max_value=5_000_00)
_ids = itertools.count(1)


class LedgerMachine(RuleBasedStateMachine):
    url: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.db = Database.from_url(self.url)
        self.brand = self.run(self._brand())
        self.members = self.run(self._members())
        self.model = dict.fromkeys(self.members, 0)
        # transfer id -> main-wallet deltas it made, for reversals
        self.done: dict[int, dict[int, int]] = {}
        self.reversed: set[int] = set()
        self.replayable: list[tuple[str, list[Leg], str, dict[int, int]]] = []

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    def teardown(self) -> None:
        self.run(self.db.dispose())
        self.loop.close()

    async def _brand(self) -> brands.Brand:
        async with self.db.read_session() as session:
            brand = await brands.load_brand(session, "demo")
        assert brand is not None
        return brand

    async def _members(self) -> list[int]:
        made = []
        async with self.db.session() as session:
            for n in range(2):
                member = Member(merchant_id=self.brand.id, username=f"m{next(_ids)}x{n}", password_hash="x")
                session.add(member)
                await session.flush()
                made.append(member.id)
        return made

    async def _post(self, kind: str, key: str, legs: list[Leg]) -> int:
        async with self.db.session() as session:
            posted = await ledger.post(
                session, merchant_id=self.brand.id, kind=kind, reference=kind, idempotency_key=key, legs=legs
            )
            return posted.transfer_id

    async def _main(self, member_id: int) -> LedgerAccount:
        async with self.db.session() as session:
            return await transfers.account(session, self.brand, member_id, MAIN)

    async def _clearing(self, member_id: int) -> LedgerAccount:
        async with self.db.session() as session:
            return await transfers.house(session, self.brand, VENDOR_CLEARING, member_id)

    def _apply(self, transfer_id: int, deltas: dict[int, int]) -> None:
        for member_id, delta in deltas.items():
            self.model[member_id] += delta
        self.done[transfer_id] = deltas

    def _game(self, member: int, amount: int, kind: str, sign: int) -> None:
        main = self.run(self._main(member))
        clearing = self.run(self._clearing(member))
        key = f"{kind}-{next(_ids)}"
        legs = [Leg(main.id, sign * amount), Leg(clearing.id, -sign * amount)]
        if sign < 0 and amount > self.model[member]:
            with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
                self.run(self._post(kind, key, legs))
            return
        transfer_id = self.run(self._post(kind, key, legs))
        self._apply(transfer_id, {member: sign * amount})
        self.replayable.append((key, legs, kind, {member: sign * amount}))

    @rule(member=st.integers(0, 1), amount=amounts)
    def deposit(self, member: int, amount: int) -> None:
        async def go() -> int:
            async with self.db.session() as session:
                return (
                    await transfers.deposit(
                        session, self.brand, self.members[member], amount, f"o{next(_ids)}"
                    )
                ).transfer_id

        self._apply(self.run(go()), {self.members[member]: amount})

    @rule(member=st.integers(0, 1), amount=amounts)
    def bet(self, member: int, amount: int) -> None:
        self._game(self.members[member], amount, "BET", -1)

    @rule(member=st.integers(0, 1), amount=amounts)
    def win(self, member: int, amount: int) -> None:
        self._game(self.members[member], amount, "WIN", +1)

    @rule(amount=amounts, direction=st.booleans())
    def transfer(self, amount: int, direction: bool) -> None:
        source, target = self.members if direction else list(reversed(self.members))

        async def go() -> int:
            async with self.db.session() as session:
                return (
                    await transfers.to_upline(session, self.brand, source, target, amount, f"r{next(_ids)}")
                ).transfer_id

        if amount > self.model[source]:
            with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
                self.run(go())
            return
        self._apply(self.run(go()), {source: -amount, target: amount})

    @rule(member=st.integers(0, 1), amount=amounts, paid=st.booleans())
    def withdraw(self, member: int, amount: int, paid: bool) -> None:
        member_id, order = self.members[member], f"w{next(_ids)}"

        async def go() -> None:
            async with self.db.session() as session:
                await transfers.hold_withdrawal(session, self.brand, member_id, amount, order)
            async with self.db.session() as session:
                finish = transfers.settle_withdrawal if paid else transfers.release_withdrawal
                await finish(session, self.brand, member_id, amount, order)
                # The same step again moves nothing: its key is the order's.
                await finish(session, self.brand, member_id, amount, order)

        if amount > self.model[member_id]:
            with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
                self.run(go())
            return
        self.run(go())
        if paid:
            self.model[member_id] -= amount

    @precondition(lambda self: any(t not in self.reversed for t in self.done))
    @rule(data=st.data())
    def reverse(self, data: st.DataObject) -> None:
        transfer_id = data.draw(st.sampled_from(sorted(t for t in self.done if t not in self.reversed)))
        deltas = self.done[transfer_id]

        async def go() -> int:
            async with self.db.session() as session:
                return (
                    await ledger.reverse(
                        session,
                        merchant_id=self.brand.id,
                        transfer_id=transfer_id,
                        idempotency_key=f"rev-{transfer_id}",
                        reason="test",
                    )
                ).transfer_id

        self.reversed.add(transfer_id)
        if any(self.model[m] - d < 0 for m, d in deltas.items()):
            with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
                self.run(go())
            return
        self._apply(self.run(go()), {m: -d for m, d in deltas.items()})

    @precondition(lambda self: bool(self.replayable))
    @rule(data=st.data())
    def replay(self, data: st.DataObject) -> None:
        key, legs, kind, _ = data.draw(st.sampled_from(self.replayable))
        before = dict(self.model)
        self.run(self._post(kind, key, legs))
        assert self.model == before

    @invariant()
    def ledger_holds(self) -> None:
        async def read() -> tuple[Any, dict[int, int]]:
            async with self.db.read_session() as session:
                findings = await check_ledger(session)
                rows = await session.execute(
                    select(LedgerAccount.member_id, LedgerAccount.balance).where(
                        LedgerAccount.member_id.in_(self.members), LedgerAccount.kind == MAIN
                    )
                )
                return findings, {member_id: balance for member_id, balance in rows if member_id is not None}

        findings, mains = self.run(read())
        assert findings.clean, findings
        for member_id in self.members:
            assert mains.get(member_id, 0) == self.model[member_id]


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def ledger_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Both backends: Postgres posts through the ledger_post function, SQLite through the Python steps."""
    if request.param == "postgres":
        require_postgres()
    with migrated(request.param, Path(tmp_path_factory.mktemp("ledger"))) as url:

        async def seed() -> None:
            db = Database.from_url(url)
            async with db.session() as session:
                await seed_demo(session)
            await db.dispose()

        asyncio.run(seed())
        yield url


def test_ledger_state_machine(ledger_database: str) -> None:
    LedgerMachine.url = ledger_database
    machine = LedgerMachine.TestCase
    machine.settings = settings(
        max_examples=25,
        stateful_step_count=30,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine().runTest()
