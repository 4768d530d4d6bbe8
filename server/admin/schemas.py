"""The console API's request and answer models."""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import Field, field_validator, model_validator

from server.admin.grant_schemas import BonusGrantOut
from server.http.core.envelope import WireModel
from server.wallet.cashier_schemas import DepositOut, WithdrawalOut
from server.wallet.queries import DepositRow, WithdrawalRow

MAINTENANCE_MESSAGE_MAX = 500
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class MaintenanceIn(WireModel):
    on: bool = Field(description="Maintenance now, until switched off")
    start: datetime | None = Field(default=None, description="Or a scheduled window: its start (UTC)")
    end: datetime | None = Field(default=None, description="The window's end; open-ended when absent")
    message: str | None = Field(
        default=None,
        max_length=MAINTENANCE_MESSAGE_MAX,
        description="Plain text the maintenance page shows under its own words; absent or blank clears it",
    )

    @field_validator("message")
    @classmethod
    def _plain_text(cls, message: str | None) -> str | None:
        if message is None:
            return None
        # Line breaks are the operator's; other control characters would only garble the page.
        message = message.replace("\r\n", "\n").replace("\r", "\n").strip()
        if _CONTROL.search(message):
            raise ValueError("the message is plain text: no control characters")
        return message or None

    @model_validator(mode="after")
    def _window(self) -> MaintenanceIn:
        for moment in (self.start, self.end):
            if moment is not None and moment.tzinfo is None:
                raise ValueError("times must carry a time zone")
        if self.start and self.end and self.end <= self.start:
            raise ValueError("end must come after start")
        if self.end and not self.start:
            raise ValueError("a window needs its start")
        return self


class MaintenanceOut(WireModel):
    on: bool
    start: datetime | None
    end: datetime | None
    message: str | None
    announced: bool = Field(description="Open pages were told of a change")


class OutboxSmsOut(WireModel):
    id: int
    phone: str
    purpose: str
    text: str
    created_at: datetime


class EmailOut(WireModel):
    id: int
    to_address: str
    subject: str
    body: str
    created_at: datetime


class DecisionIn(WireModel):
    note: str | None = Field(default=None, max_length=255)


class AdminDepositOut(DepositOut):
    member: str
    payer_reference: str | None

    @classmethod
    def of_row(cls, row: DepositRow) -> AdminDepositOut:
        return cls(
            **DepositOut.of(row.order, row.channel_code).model_dump(),
            member=row.username,
            payer_reference=row.order.payer_reference,
        )


class AdminWithdrawalOut(WithdrawalOut):
    member: str
    account_name: str

    @classmethod
    def of_row(cls, row: WithdrawalRow) -> AdminWithdrawalOut:
        return cls(
            **WithdrawalOut.of(row.withdrawal, row.bank).model_dump(),
            member=row.username,
            account_name=row.bank.account_name,
        )


class BonusIn(WireModel):
    amount: str = Field(max_length=20)
    reason: str = Field(min_length=2, max_length=120)
    request_id: str = Field(min_length=8, max_length=64)


class BonusOut(BonusGrantOut):
    replayed: bool = Field(description="This request id was sent before: the first answer's grant, unchanged")
