"""The invite-friends wire (issue 32's contract): money as "12.34" strings, times as epoch milliseconds."""

from __future__ import annotations

from pydantic import Field, StrictBool, StrictInt

from server.http.core.envelope import WireModel
from server.loyalty.referral.page import InviteeStatus

AmountText = str  # parsed by server.http.core.money.parse_amount (the field is named when it is refused)


class ReferralRulesOut(WireModel):
    enabled: bool
    reward: str
    deposit: str  # the first deposit at least
    turnover: str  # valid turnover at least
    days: int  # both within this many days of registering
    wager_multiple: int


class ReferralInviteeOut(WireModel):
    name: str  # masked
    registered_at: int  # ms
    status: InviteeStatus
    deposit: str  # the first deposit within the window ("0.00": none yet)
    turnover: str  # valid turnover within the window
    reward: str | None  # paid to the inviter (REWARDED only)


class ReferralPageOut(WireModel):
    code: str
    link: str  # {origin}/?referralCode={code}
    qr_url: str | None = Field(description="The link's QR code (getReferralQrCode); none for a bare path")
    rules: ReferralRulesOut
    earned: str  # every referral reward paid to this member
    invitees: list[ReferralInviteeOut]


class ReferralRulesIn(WireModel):
    enabled: StrictBool
    reward: AmountText = Field(max_length=32)
    deposit: AmountText = Field(max_length=32)
    turnover: AmountText = Field(max_length=32)
    days: StrictInt = Field(ge=1, le=365)
    wager_multiple: StrictInt = Field(ge=0, le=100)
