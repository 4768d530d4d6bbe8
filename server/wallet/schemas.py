from __future__ import annotations

from pydantic import Field

from server.http.core.envelope import WireModel


class WalletOut(WireModel):
    kind: str = Field(description="MAIN, BONUS, TRIAL or VENDOR")
    vendor_code: str | None
    balance: str = Field(description="Decimal string, two decimals")
    name: str | None = Field(description="A game wallet's display name (its provider's); none for the others")


class BalanceOut(WireModel):
    sum_balance: str = Field(description="Decimal string, two decimals: real money, or play money on trial")
    currency: str
    currency_symbol: str
    wallets: list[WalletOut]


class VendorWalletOut(WireModel):
    code: str
    name: str


class MerchantWalletOut(WireModel):
    is_single: bool = Field(description="One wallet for every game, or a wallet per vendor")
    vendors: list[str] = Field(description="The vendor wallets of a merchant that has them")
    wallets: list[VendorWalletOut] = Field(description="Those vendor wallets with their display names")
    auto_transfer: bool = Field(
        default=False,
        description="A wallet per vendor with automatic transfer: a launch moves the main balance into the "
        "game's wallet and leaving the game moves it back",
    )
