"""The ledger's invariants, checked against the database itself: every transfer's postings sum to zero,
every balance equals the sum of its postings, no member account is negative. A scheduled job runs this;
every test that moves money asserts it."""

from __future__ import annotations

from dataclasses import dataclass, field

import structlog
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.wallet.models import LedgerAccount, LedgerPosting

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class Findings:
    unbalanced_transfers: list[int] = field(default_factory=list)
    drifted_accounts: list[int] = field(default_factory=list)
    negative_accounts: list[int] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.unbalanced_transfers or self.drifted_accounts or self.negative_accounts)


async def check_ledger(session: AsyncSession) -> Findings:
    unbalanced = list(
        await session.scalars(
            select(LedgerPosting.transfer_id)
            .group_by(LedgerPosting.transfer_id)
            .having(func.sum(LedgerPosting.amount) != 0)
        )
    )
    posted = func.coalesce(func.sum(LedgerPosting.amount), 0)
    drifted = list(
        await session.scalars(
            select(LedgerAccount.id)
            .outerjoin(LedgerPosting, LedgerPosting.account_id == LedgerAccount.id)
            .group_by(LedgerAccount.id, LedgerAccount.balance)
            .having(LedgerAccount.balance != posted)
        )
    )
    negative = list(
        await session.scalars(
            select(LedgerAccount.id).where(LedgerAccount.allow_negative.is_(False), LedgerAccount.balance < 0)
        )
    )
    return Findings(unbalanced, drifted, negative)


async def reconcile(session: AsyncSession) -> dict[str, int]:
    """The scheduled job: loud when something is wrong; it never changes money."""
    findings = await check_ledger(session)
    if not findings.clean:
        log.error(
            "ledger_invariant_broken",
            unbalanced_transfers=findings.unbalanced_transfers[:20],
            drifted_accounts=findings.drifted_accounts[:20],
            negative_accounts=findings.negative_accounts[:20],
        )
    return {
        "unbalanced_transfers": len(findings.unbalanced_transfers),
        "drifted_accounts": len(findings.drifted_accounts),
        "negative_accounts": len(findings.negative_accounts),
    }
