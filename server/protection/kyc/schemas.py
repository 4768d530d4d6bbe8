"""KYC's wire (/tmp/brief's contract): times are epoch milliseconds, money decimal strings."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.http.core.envelope import WireModel
from server.protection.kyc.models import REASON_MAX

KycStatus = Literal["NONE", "PENDING", "APPROVED", "REJECTED"]
KycReviewStatus = Literal["PENDING", "APPROVED", "REJECTED"]
KycDocumentType = Literal["ID_CARD", "PASSPORT", "DRIVING_LICENCE"]
KycSide = Literal["FRONT", "BACK", "SELFIE"]
KycRule = Literal["NONE", "FIRST_WITHDRAWAL", "ABOVE_AMOUNT"]


class KycStatusOut(WireModel):
    """The member's identity check: their latest submission, and what the brand asks before a withdrawal."""

    status: KycStatus = Field(description="NONE: nothing sent yet")
    document_type: KycDocumentType | None
    reason: str | None = Field(description="Why staff rejected it")
    submitted_at: int | None = Field(description="Epoch milliseconds")
    reviewed_at: int | None = Field(description="Epoch milliseconds")
    rule: KycRule = Field(
        description="FIRST_WITHDRAWAL: every withdrawal waits for an approved identity; ABOVE_AMOUNT: those "
        "above ruleAmount do"
    )
    rule_amount: str | None = Field(description="ABOVE_AMOUNT's amount")
    has_selfie: bool


class KycSubmissionOut(WireModel):
    id: int
    member_id: int
    username: str
    status: KycReviewStatus
    document_type: KycDocumentType
    submitted_at: int = Field(description="Epoch milliseconds")
    reviewed_at: int | None = Field(description="Epoch milliseconds")
    reviewed_by: str | None = Field(description="The reviewing staff member's username")
    reason: str | None
    sides: list[KycSide] = Field(description="GET /wps/admin/kyc/{id}/documents/{side} for each")


class KycSubmissionListOut(WireModel):
    list: list[KycSubmissionOut]
    total: int


class KycRejectIn(WireModel):
    reason: str = Field(min_length=1, max_length=REASON_MAX, description="Shown to the member")
