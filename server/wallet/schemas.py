from __future__ import annotations

from pydantic import Field

from server.http.envelope import WireModel


class WalletOut(WireModel):
    kind: str = Field(description="MAIN, BONUS, TRIAL or VENDOR")
    vendor_code: str | None
    balance: str = Field(description="Decimal string, two decimals")


class BalanceOut(WireModel):
    sum_balance: str = Field(description="Decimal string, two decimals: real money, or play money on trial")
    currency: str
    currency_symbol: str
    wallets: list[WalletOut]


class MerchantWalletOut(WireModel):
    is_single: bool = Field(description="One wallet for every game, or a wallet per vendor")
    vendors: list[str] = Field(description="The vendor wallets of a merchant that has them")
