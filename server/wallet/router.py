"""/wps/v2/wallets and the merchant-wallet call."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from server.accounts.deps import member_row
from server.accounts.models import Member
from server.games import catalogue
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.core.wire_types import IsoDateTime
from server.http.edge.auth import AnyMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.http.edge.encrypted import encrypted_body, encrypted_openapi
from server.wallet import cashier_schemas as schemas
from server.wallet import records, service, transfers, wallet_views
from server.wallet import schemas as balance_schemas
from server.wallet.ledger import Posted
from server.wallet.withdrawals import check_payment_password

router = APIRouter(tags=["wallet"], responses=ERROR_RESPONSES)


@router.get(
    "/wps/v2/wallets/balance",
    operation_id="getBalance",
    summary="The member's balance: sumBalance and each wallet (trial accounts see their play money)",
)
async def balance(
    member: AnyMember, session: SessionDep, context: PortalContext
) -> Envelope[balance_schemas.BalanceOut]:
    row = await member_row(session, member)
    current = await service.balances(session, row)
    names = await catalogue.wallet_names(
        session, context.brand.id, wallet_views.vendor_codes(context.brand, current)
    )
    listed = wallet_views.listed_wallets(context.brand, row, current, names)
    return ok(
        balance_schemas.BalanceOut(
            sum_balance=format_amount(current.sum_balance),
            currency=context.brand.currency_code,
            currency_symbol=context.brand.currency_symbol,
            wallets=[
                balance_schemas.WalletOut(
                    kind=w.kind,
                    vendor_code=w.vendor_code or None,
                    balance=format_amount(w.balance),
                    name=w.name,
                )
                for w in listed
            ],
        )
    )


@router.get(
    "/wps/v2/wallets/merchant",
    operation_id="getMerchantWallet",
    summary="Whether the merchant runs one wallet for all games (isSingle) or one per vendor",
)
async def merchant_wallet(
    member: AnyMember, context: PortalContext, session: SessionDep
) -> Envelope[balance_schemas.MerchantWalletOut]:
    codes = [] if context.brand.single_wallet else list(context.brand.wallet_vendors)
    names = await catalogue.wallet_names(session, context.brand.id, codes)
    return ok(
        balance_schemas.MerchantWalletOut(
            is_single=context.brand.single_wallet,
            vendors=list(context.brand.wallet_vendors),
            wallets=[balance_schemas.VendorWalletOut(code=code, name=names[code]) for code in codes],
            auto_transfer=context.brand.auto_transfer and not context.brand.single_wallet,
        )
    )


async def _transfer_out(session: SessionDep, member: Member, posted: Posted) -> schemas.TransferOut:
    current = await service.balances(session, member)
    return schemas.TransferOut(
        transfer_id=posted.transfer_id,
        replayed=posted.replayed,
        sum_balance=format_amount(current.sum_balance),
    )


@router.post(
    "/wps/relay/GCS_walletTransfer",
    operation_id="walletTransfer",
    summary="Move money between the main wallet ('') and a vendor wallet (merchants with isSingle false)",
)
async def wallet_transfer(
    body: schemas.WalletTransferIn, member: RealMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.TransferOut]:
    assert member.member_id is not None
    posted = await transfers.between_wallets(
        session,
        context.brand,
        member.member_id,
        from_vendor=body.from_vendor,
        to_vendor=body.to_vendor,
        amount=parse_amount(body.amount),
        request_id=body.request_id,
    )
    return ok(await _transfer_out(session, await member_row(session, member), posted))


@router.post(
    "/wps/member/transferUpline",
    operation_id="transferUpline",
    summary="Pay the member's upline agent (encrypted body; needs the withdrawal password)",
    openapi_extra=encrypted_openapi(schemas.UplineTransferIn),
)
async def transfer_upline(
    member: RealMember,
    context: PortalContext,
    body: Annotated[schemas.UplineTransferIn, Depends(encrypted_body(schemas.UplineTransferIn))],
    session: SessionDep,
) -> Envelope[schemas.TransferOut]:
    # A malformed amount is refused before the password is tried: it must not cost one of its attempts.
    amount = parse_amount(body.amount)
    row = await member_row(session, member)
    if row.upline_id is None:
        raise AppError(errors.CONFLICT, "this account has no upline")
    await check_payment_password(session, context.brand, row, body.payment_password, context.client.ip)
    posted = await transfers.to_upline(session, context.brand, row.id, row.upline_id, amount, body.request_id)
    return ok(await _transfer_out(session, row, posted))


@router.get(
    "/wps/member/transactions",
    operation_id="getTransactions",
    summary="Account records: every movement of the member's wallets, filtered by type and dates",
)
async def transactions(
    member: AnyMember,
    session: SessionDep,
    record_type: Annotated[str | None, Query(alias="type", pattern=r"^[A-Z]+$", max_length=16)] = None,
    start: Annotated[IsoDateTime | None, Query(alias="from")] = None,
    end: Annotated[IsoDateTime | None, Query(alias="to")] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.RecordsOut]:
    assert member.member_id is not None
    found = await records.history(
        session,
        (member.member_id,),
        record_type=record_type,
        start=start,
        end=end,
        page=page,
        page_size=page_size,
    )
    return ok(schemas.RecordsOut.of(found))


@router.get("/wps/member/bonus", operation_id="getBonusDetails", summary="Bonuses the member received")
async def bonus_details(
    member: AnyMember,
    session: SessionDep,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[schemas.RecordsOut]:
    assert member.member_id is not None
    found = await records.history(
        session, (member.member_id,), kinds=records.TYPES["BONUS"], page=page, page_size=page_size
    )
    return ok(schemas.RecordsOut.of(found))
