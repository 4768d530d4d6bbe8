"""/wps/v2/wallets and the merchant-wallet call."""

from __future__ import annotations

from fastapi import APIRouter

from server.accounts.deps import member_row
from server.db.session import SessionDep
from server.http.auth import AnyMember
from server.http.context import PortalContext
from server.http.envelope import ERROR_RESPONSES, Envelope, ok
from server.wallet import schemas, service
from server.wallet.money import format_amount

router = APIRouter(tags=["wallet"], responses=ERROR_RESPONSES)


@router.get(
    "/wps/v2/wallets/balance",
    operation_id="getBalance",
    summary="The member's balance: sumBalance and each wallet (trial accounts see their play money)",
)
async def balance(
    member: AnyMember, session: SessionDep, context: PortalContext
) -> Envelope[schemas.BalanceOut]:
    row = await member_row(session, member)
    current = await service.balances(session, row)
    return ok(
        schemas.BalanceOut(
            sum_balance=format_amount(current.sum_balance),
            currency=context.brand.currency_code,
            currency_symbol=context.brand.currency_symbol,
            wallets=[
                schemas.WalletOut(
                    kind=w.kind, vendor_code=w.vendor_code or None, balance=format_amount(w.balance)
                )
                for w in current.wallets
            ],
        )
    )


@router.get(
    "/wps/v2/wallets/merchant",
    operation_id="getMerchantWallet",
    summary="Whether the merchant runs one wallet for all games (isSingle) or one per vendor",
)
async def merchant_wallet(member: AnyMember, context: PortalContext) -> Envelope[schemas.MerchantWalletOut]:
    return ok(schemas.MerchantWalletOut(is_single=context.brand.single_wallet))
