"""The member's cashier: deposits, bank accounts, the withdrawal password, withdrawals and their receipt."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, File, Form, Path, Request, UploadFile

from server.accounts.credentials import check_secret_rule
from server.accounts.deps import member_row
from server.accounts.profile import MAX_UPLOAD_BYTES, normalise_image
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext, settings_of
from server.http.edge.db import SessionDep
from server.http.edge.encrypted import encrypted_body, encrypted_openapi
from server.wallet import cashier_schemas as schemas
from server.wallet import deposits, queries, withdrawals
from server.wallet.cashier_models import Withdrawal
from server.wallet.gateway import SandboxGateway

router = APIRouter(tags=["cashier"], responses=ERROR_RESPONSES)
OrderNo = Annotated[str, Path(max_length=40, pattern=r"^[A-Z0-9]+$")]


def sandbox(request: Request) -> SandboxGateway:
    return SandboxGateway(settings_of(request).sandbox_gateway_secret)


@router.get("/wps/cashier/deposit/channels", operation_id="getDepositChannels", summary="Deposit channels")
async def deposit_channels(member: RealMember, session: SessionDep) -> Envelope[list[schemas.ChannelOut]]:
    return ok([schemas.ChannelOut.of(c) for c in await deposits.channels(session, member.merchant_id)])


@router.post(
    "/wps/cashier/deposits",
    operation_id="createDeposit",
    summary="Open a deposit order (a gateway channel answers with where to pay)",
)
async def create_deposit(
    body: schemas.DepositIn, request: Request, member: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.DepositOut]:
    ask = deposits.DepositRequest(
        channel_code=body.channel,
        amount=parse_amount(body.amount),
        request_id=body.request_id,
        payer_reference=body.payer_reference,
    )
    assert member.member_id is not None
    order, channel = await deposits.create_order(session, context.brand, member.member_id, ask)
    if channel.kind == "GATEWAY" and not settings_of(request).development_tools:
        # The sandbox is the only gateway built in, and production does not route it: no order is kept.
        raise AppError(errors.SERVICE_UNAVAILABLE)
    url = None
    if channel.kind == "GATEWAY" and order.status == "PENDING":
        url = sandbox(request).payment_url(
            order_no=order.order_no, amount=body.amount, merchant=context.brand.code
        )
    return ok(schemas.DepositOut.of(order, channel.code, url))


@router.get("/wps/cashier/deposits", operation_id="listDeposits", summary="The member's latest deposits")
async def list_deposits(member: RealMember, session: SessionDep) -> Envelope[list[schemas.DepositOut]]:
    assert member.member_id is not None
    rows = await queries.member_deposits(session, member.member_id)
    return ok([schemas.DepositOut.of(row.order, row.channel_code) for row in rows])


@router.get("/wps/member/bankAccounts", operation_id="listBankAccounts", summary="The member's bank accounts")
async def bank_accounts(member: RealMember, session: SessionDep) -> Envelope[list[schemas.BankAccountOut]]:
    assert member.member_id is not None
    rows = await queries.member_bank_accounts(session, member.member_id)
    return ok([schemas.BankAccountOut.of(b) for b in rows])


@router.post(
    "/wps/member/bankAccounts",
    operation_id="bindBankAccount",
    summary="Bind a bank account; its name must match the member's real name",
)
async def bind_bank_account(
    body: schemas.BankAccountIn, member: RealMember, session: SessionDep
) -> Envelope[schemas.BankAccountOut]:
    bank = await withdrawals.bind_bank_account(
        session,
        await member_row(session, member),
        bank_name=body.bank_name.strip(),
        account_name=body.account_name,
        account_number=body.account_number.replace(" ", "").replace("-", ""),
    )
    return ok(schemas.BankAccountOut.of(bank))


@router.post(
    "/wps/member/paymentPassword",
    operation_id="setPaymentPassword",
    summary="Set or change the withdrawal password (encrypted body; needs the login password)",
    openapi_extra=encrypted_openapi(schemas.PaymentPasswordIn),
)
async def set_payment_password(
    member: RealMember,
    context: PortalContext,
    body: Annotated[schemas.PaymentPasswordIn, Depends(encrypted_body(schemas.PaymentPasswordIn))],
    session: SessionDep,
) -> Envelope[None]:
    check_secret_rule(context.brand, "paymentPassword", body.payment_password, body.confirm_payment_password)
    await withdrawals.set_payment_password(
        await member_row(session, member), body.login_password, body.payment_password
    )
    return ok(None)


@router.get(
    "/wps/cashier/withdrawal/limits",
    operation_id="getWithdrawalLimits",
    summary="What the withdrawal form shows: the withdrawable balance, the brand's limits, today's count",
)
async def withdrawal_limits(
    member: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.WithdrawalLimitsOut]:
    found = await withdrawals.limits(session, context.brand, await member_row(session, member))
    return ok(schemas.WithdrawalLimitsOut.of(found))


async def _withdrawal_out(session: SessionDep, withdrawal: Withdrawal) -> schemas.WithdrawalOut:
    row = await queries.withdrawal_row(session, withdrawal)
    return schemas.WithdrawalOut.of(row.withdrawal, row.bank)


@router.post(
    "/wps/cashier/withdrawals",
    operation_id="requestWithdrawal",
    summary="Request a withdrawal: the amount is held until it is paid out or released (encrypted body)",
    openapi_extra=encrypted_openapi(schemas.WithdrawIn),
)
async def request_withdrawal(
    member: RealMember,
    context: PortalContext,
    body: Annotated[schemas.WithdrawIn, Depends(encrypted_body(schemas.WithdrawIn))],
    session: SessionDep,
) -> Envelope[schemas.WithdrawalOut]:
    ask = withdrawals.WithdrawalRequest(
        bank_account_id=body.bank_account_id,
        amount=parse_amount(body.amount),
        payment_password=body.payment_password,
        request_id=body.request_id,
    )
    row = await member_row(session, member)
    withdrawal = await withdrawals.request(session, context.brand, row, ask, ip=context.client.ip)
    return ok(await _withdrawal_out(session, withdrawal))


@router.get(
    "/wps/cashier/withdrawals", operation_id="listWithdrawals", summary="The member's latest withdrawals"
)
async def list_withdrawals(member: RealMember, session: SessionDep) -> Envelope[list[schemas.WithdrawalOut]]:
    assert member.member_id is not None
    rows = await queries.member_withdrawals(session, member.member_id)
    return ok([schemas.WithdrawalOut.of(row.withdrawal, row.bank) for row in rows])


async def _own(session: SessionDep, context: PortalContext, member: RealMember, order_no: str) -> Withdrawal:
    withdrawal = await withdrawals.locked(session, context.brand, order_no)
    if withdrawal.member_id != member.member_id:
        raise AppError(errors.NOT_FOUND)
    return withdrawal


@router.post(
    "/wps/cashier/withdrawals/{order_no}/cancel",
    operation_id="cancelWithdrawal",
    summary="Cancel a withdrawal nobody has approved yet; the held amount comes back",
)
async def cancel_withdrawal(
    order_no: OrderNo, member: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.WithdrawalOut]:
    withdrawal = await _own(session, context, member, order_no)
    await withdrawals.act(session, context.brand, withdrawal, "cancel")
    return ok(await _withdrawal_out(session, withdrawal))


@router.post(
    "/wps/cashier/withdrawals/{order_no}/confirm",
    operation_id="confirmWithdrawal",
    summary="Confirm receipt of a paid-out withdrawal: received, partial, not received (proof), all received",
)
async def confirm_withdrawal(
    order_no: OrderNo,
    member: RealMember,
    context: PortalContext,
    session: SessionDep,
    outcome: Annotated[Literal["received", "partial", "not_received", "all_received"], Form()],
    received_amount: Annotated[str | None, Form(alias="receivedAmount", max_length=20)] = None,
    remaining_amount: Annotated[str | None, Form(alias="remainingAmount", max_length=20)] = None,
    note: Annotated[str | None, Form(max_length=500)] = None,
    proof: Annotated[UploadFile | None, File()] = None,
) -> Envelope[schemas.WithdrawalOut]:
    withdrawal = await _own(session, context, member, order_no)
    receipt = withdrawals.Receipt(
        received_amount=parse_amount(received_amount, field="receivedAmount") if received_amount else None,
        remaining_amount=parse_amount(remaining_amount, field="remainingAmount")
        if remaining_amount
        else None,
        proof_png=normalise_image(await proof.read(MAX_UPLOAD_BYTES + 1)) if proof is not None else None,
        note=note,
    )
    await withdrawals.act(session, context.brand, withdrawal, outcome, receipt=receipt)
    return ok(await _withdrawal_out(session, withdrawal))


class CallbackOut(WireModel):
    outcome: str


# The sandbox gateway's callback: routed only where the sandbox gateway is (never in production).
callback_router = APIRouter(tags=["gateway"], responses=ERROR_RESPONSES)


@callback_router.post(
    "/wps/payment/callback/{gateway}",
    operation_id="paymentCallback",
    summary="Server-to-server payment notice from a gateway (signed; each nonce counts once)",
    tags=["gateway"],
)
async def payment_callback(
    gateway: Annotated[str, Path(max_length=32)], request: Request, session: SessionDep
) -> Envelope[CallbackOut]:
    if gateway != "sandbox":
        raise AppError(errors.NOT_FOUND)
    body = await request.body()
    notice = sandbox(request).verify(dict(request.headers), body)
    return ok(CallbackOut(outcome=await deposits.apply_notice(session, gateway, notice)))
