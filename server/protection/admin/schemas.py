"""The wire of the console's protection calls and of the portal's support organisations (/tmp/brief's
contract): money decimal strings, times epoch milliseconds, a business day "yyyy-MM-dd"."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from server.http.core.envelope import WireModel
from server.protection.schemas import ProtectionExclusionOut, ProtectionOut

KycStatusName = Literal["NONE", "PENDING", "APPROVED", "REJECTED"]
MarkerKind = Literal["DEPOSITS_RISING", "NIGHT_PLAY", "WITHDRAWAL_REVERSED"]
MarkerStatus = Literal["OPEN", "REVIEWED"]
HistoryActor = Literal["MEMBER", "STAFF", "SYSTEM"]
KycRuleName = Literal["NONE", "FIRST_WITHDRAWAL", "ABOVE_AMOUNT"]

ORGANISATIONS_MAX = 10
ORGANISATION_NAME_MAX = 100
ORGANISATION_URL_MAX = 300
ORGANISATION_PHONE_MAX = 40
NOTE_MAX = 500
HISTORY_MAX = 200


class ProtectionAdminMemberRowOut(WireModel):
    member_id: int
    username: str
    limits: int = Field(description="How many limits are set (deposit, loss, wager and the session limit)")
    exclusion: ProtectionExclusionOut | None = Field(description="The exclusion running now")
    kyc_status: KycStatusName = Field(description="The latest identity submission's; NONE: never sent")
    open_markers: int


class ProtectionAdminMemberListOut(WireModel):
    list: list[ProtectionAdminMemberRowOut]
    total: int


class ProtectionAdminHistoryOut(WireModel):
    at: int = Field(description="Epoch milliseconds")
    actor: HistoryActor
    event: str = Field(description="LIMIT_SET, LIMIT_PENDING, LIMIT_APPLIED, … MARKER_REVIEWED")
    detail: dict[str, Any] = Field(description="Money as decimal strings, times as epoch milliseconds")


class ProtectionAdminMemberOut(WireModel):
    member_id: int
    username: str
    protection: ProtectionOut = Field(description="As the member's own page shows it")
    kyc_status: KycStatusName
    history: list[ProtectionAdminHistoryOut] = Field(description=f"Newest first, the last {HISTORY_MAX}")


class ProtectionAdminMarkerOut(WireModel):
    id: int
    member_id: int
    username: str
    kind: MarkerKind
    day: str = Field(description="The business day the job looked at, yyyy-MM-dd")
    detail: dict[str, Any] = Field(
        description="DEPOSITS_RISING {last7, weeklyAverage}; NIGHT_PLAY {nights, bets}; WITHDRAWAL_REVERSED "
        "{orderNo, amount, stakedAfter}"
    )
    status: MarkerStatus
    reviewed_by: str | None = Field(description="The reviewing staff member's username")
    reviewed_at: int | None = Field(description="Epoch milliseconds")
    note: str | None


class ProtectionAdminMarkerListOut(WireModel):
    list: list[ProtectionAdminMarkerOut]
    total: int


class ProtectionAdminReviewIn(WireModel):
    note: str = Field(min_length=1, max_length=NOTE_MAX)


class ProtectionOrganisationIO(WireModel):
    """A support organisation the Responsible Gaming page lists."""

    name: str = Field(min_length=1, max_length=ORGANISATION_NAME_MAX)
    url: str = Field(min_length=1, max_length=ORGANISATION_URL_MAX, description="https:// only")
    phone: str | None = Field(default=None, max_length=ORGANISATION_PHONE_MAX)


class ProtectionOrganisationListOut(WireModel):
    list: list[ProtectionOrganisationIO]


class ProtectionAdminSettingsIO(WireModel):
    reality_check_minutes: int = Field(ge=15, le=120, description="One of 15, 30, 45, 60, 90, 120")
    kyc_rule: KycRuleName
    kyc_amount: str | None = Field(default=None, max_length=20, description="ABOVE_AMOUNT's amount")
    organisations: list[ProtectionOrganisationIO] = Field(default_factory=list, max_length=ORGANISATIONS_MAX)
