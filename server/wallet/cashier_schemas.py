"""Wire shapes of the cashier: deposits, withdrawals, bank accounts, records. Amounts are decimal strings."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from server.http.core.envelope import WireModel
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId
from server.wallet.cashier_models import DepositChannel, DepositOrder, MemberBankAccount, Withdrawal
from server.wallet.records import Page, Record
from server.wallet.withdrawals import Limits

Amount = Field(min_length=1, max_length=20, description='Decimal string, at most two decimals, e.g. "100.00"')
RequestId = Field(min_length=8, max_length=64, description="The client's retry key: one order per request id")


class ChannelOut(WireModel):
    code: str
    kind: Literal["BANK", "GATEWAY"]
    name: str
    min_amount: str
    max_amount: str
    bank_name: str | None
    account_name: str | None
    account_number: str | None

    @classmethod
    def of(cls, c: DepositChannel) -> ChannelOut:
        return cls(
            code=c.code,
            kind=c.kind,
            name=c.name,
            min_amount=format_amount(c.min_amount),
            max_amount=format_amount(c.max_amount),
            bank_name=c.bank_name,
            account_name=c.account_name,
            account_number=c.account_number,
        )


class DepositIn(WireModel):
    channel: str = Field(max_length=32)
    amount: str = Amount
    request_id: str = RequestId
    payer_reference: str | None = Field(default=None, max_length=100)


class DepositOut(WireModel):
    order_no: str
    channel: str
    amount: str
    status: str
    created_at: datetime
    payment_url: str | None = Field(default=None, description="For a gateway: where the member pays")

    @classmethod
    def of(cls, order: DepositOrder, channel_code: str, payment_url: str | None = None) -> DepositOut:
        return cls(
            order_no=order.order_no,
            channel=channel_code,
            amount=format_amount(order.amount),
            status=order.status,
            created_at=order.created_at,
            payment_url=payment_url,
        )


class BankAccountIn(WireModel):
    bank_name: str = Field(min_length=2, max_length=100)
    account_name: str = Field(min_length=2, max_length=100)
    account_number: str = Field(min_length=4, max_length=64, pattern=r"^[0-9 -]+$")


class BankAccountOut(WireModel):
    id: int
    bank_name: str
    account_name: str
    account_number: str = Field(description="Masked but for the last four digits")

    @classmethod
    def of(cls, bank: MemberBankAccount) -> BankAccountOut:
        digits = bank.account_number.replace(" ", "").replace("-", "")
        return cls(
            id=bank.id,
            bank_name=bank.bank_name,
            account_name=bank.account_name,
            account_number="*" * max(len(digits) - 4, 0) + digits[-4:],
        )


class PaymentPasswordIn(WireModel):
    login_password: str = Field(max_length=128)
    payment_password: str = Field(max_length=32)
    confirm_payment_password: str = Field(max_length=32)


class WithdrawIn(WireModel):
    bank_account_id: WireId
    amount: str = Amount
    payment_password: str = Field(max_length=32)
    request_id: str = RequestId


class WithdrawalLimitsOut(WireModel):
    available: str = Field(description="The withdrawable balance: the main wallet")
    min_amount: str
    max_amount: str
    daily_count: int = Field(description="Withdrawals allowed a day")
    used_today: int = Field(description="Withdrawals made today that count against daily_count")
    payment_password_set: bool

    @classmethod
    def of(cls, limits: Limits) -> WithdrawalLimitsOut:
        return cls(
            available=format_amount(limits.available),
            min_amount=format_amount(limits.min_amount),
            max_amount=format_amount(limits.max_amount),
            daily_count=limits.daily_count,
            used_today=limits.used_today,
            payment_password_set=limits.payment_password_set,
        )


class WithdrawalOut(WireModel):
    order_no: str
    amount: str
    status: str
    bank_name: str
    account_number: str
    received_amount: str | None
    remaining_amount: str | None
    created_at: datetime
    disbursed_at: datetime | None
    confirmed_at: datetime | None

    @classmethod
    def of(cls, w: Withdrawal, bank: MemberBankAccount) -> WithdrawalOut:
        masked = BankAccountOut.of(bank)
        return cls(
            order_no=w.order_no,
            amount=format_amount(w.amount),
            status=w.status,
            bank_name=masked.bank_name,
            account_number=masked.account_number,
            received_amount=None if w.received_amount is None else format_amount(w.received_amount),
            remaining_amount=None if w.remaining_amount is None else format_amount(w.remaining_amount),
            created_at=w.created_at,
            disbursed_at=w.disbursed_at,
            confirmed_at=w.confirmed_at,
        )


class WalletTransferIn(WireModel):
    from_vendor: str = Field(default="", max_length=32, description="'' is the main wallet")
    to_vendor: str = Field(default="", max_length=32)
    amount: str = Amount
    request_id: str = RequestId


class UplineTransferIn(WireModel):
    amount: str = Amount
    payment_password: str = Field(max_length=32)
    request_id: str = RequestId


class TransferOut(WireModel):
    transfer_id: int
    replayed: bool
    sum_balance: str


class RecordOut(WireModel):
    id: int
    kind: str
    type: str
    wallet: str
    amount: str
    balance_after: str
    reference: str
    created_at: datetime

    @classmethod
    def of(cls, r: Record) -> RecordOut:
        return cls(
            id=r.id,
            kind=r.kind,
            type=r.type,
            wallet=r.wallet,
            amount=format_amount(r.amount),
            balance_after=format_amount(r.balance_after),
            reference=r.reference,
            created_at=r.created_at,
        )


class RecordsOut(WireModel):
    list: list[RecordOut]
    page_num: int
    total_pages: int
    total: int

    @classmethod
    def of(cls, found: Page) -> RecordsOut:
        return cls(
            list=[RecordOut.of(r) for r in found.records],
            page_num=found.page_num,
            total_pages=found.total_pages,
            total=found.total,
        )
