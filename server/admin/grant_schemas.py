"""The console's bonus grants on the wire: a grant as the queue lists it, the brand's grant limits."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from server.admin.grant_limits import Limits
from server.admin.grants import GrantRow
from server.http.core.envelope import WireModel
from server.http.core.money import format_amount


class BonusGrantOut(WireModel):
    order_no: str
    member: str
    amount: str
    status: str = Field(description="PAID, PENDING (waiting for a second staff member) or REJECTED")
    reason: str
    requested_by: str = Field(description="The staff member who granted or asked for it")
    decided_by: str | None = Field(description="Who approved or rejected it; None when paid at once")
    decided_at: datetime | None
    note: str | None = Field(description="The approver's note, or the reason it was rejected")
    transfer_id: int | None = Field(description="The ledger transfer that paid it; None until it is paid")
    created_at: datetime

    @classmethod
    def of_row(cls, row: GrantRow) -> BonusGrantOut:
        grant = row.grant
        return cls(
            order_no=grant.order_no,
            member=row.member,
            amount=format_amount(grant.amount),
            status=grant.status,
            reason=grant.reason,
            requested_by=row.requested_by,
            decided_by=row.decided_by,
            decided_at=grant.decided_at,
            note=grant.note,
            transfer_id=grant.transfer_id,
            created_at=grant.created_at,
        )


_AMOUNT = "A decimal string, e.g. 5000.00"


class BonusLimitsIn(WireModel):
    grant_max: str = Field(max_length=20, description=f"The most one grant may be. {_AMOUNT}")
    daily_max: str = Field(
        max_length=20, description=f"The most all grants of a business day may add up to. {_AMOUNT}"
    )
    approval_above: str = Field(
        max_length=20, description=f"Grants above this wait for a second staff member's approval. {_AMOUNT}"
    )


class BonusLimitsOut(WireModel):
    grant_max: str
    daily_max: str
    approval_above: str
    granted_today: str = Field(description="What the brand's grants paid on the current business day")

    @classmethod
    def of(cls, limits: Limits, granted_today: int) -> BonusLimitsOut:
        return cls(**limits.wire(), granted_today=format_amount(granted_today))
