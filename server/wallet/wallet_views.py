"""The member's wallets as "My wallet" lists them: every wallet the member can hold money in, empty ones
too, and each game wallet under its provider's name rather than its code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands.service import Brand
from server.wallet.models import BONUS, HOLD, MAIN, TRIAL, VENDOR
from server.wallet.service import Balances, WalletView

_ORDER = {MAIN: 0, VENDOR: 1, BONUS: 2, TRIAL: 3, HOLD: 4}


@dataclass(frozen=True)
class NamedWallet:
    kind: str
    vendor_code: str
    balance: int
    name: str | None  # a game wallet's display name; the client names the others by their kind


def vendor_codes(brand: Brand, current: Balances) -> set[str]:
    """The game wallets listed_wallets may show: the brand's, and any the member holds money in."""
    codes = {v.vendor_code for v in current.wallets if v.kind == VENDOR}
    if not brand.single_wallet:
        codes |= set(brand.wallet_vendors)
    return codes


def listed_wallets(
    brand: Brand, member: Member, current: Balances, names: Mapping[str, str]
) -> list[NamedWallet]:
    """A real member always has a main wallet and, on a brand with a wallet per vendor, each of its vendor
    wallets, whether or not money has moved through them yet (the ledger opens accounts on first use). A game
    wallet is named by `names` (code -> the game provider's name, which the games catalogue knows)."""
    views = {(v.kind, v.vendor_code): v for v in current.wallets}
    if member.member_type != TRIAL_MEMBER:
        expected = [(MAIN, "")]
        if not brand.single_wallet:
            expected += [(VENDOR, code) for code in brand.wallet_vendors]
        for kind, code in expected:
            views.setdefault((kind, code), WalletView(kind, code, 0))
    vendor_order = {code: index for index, code in enumerate(brand.wallet_vendors)}
    ordered = sorted(
        views.values(),
        key=lambda v: (
            _ORDER.get(v.kind, len(_ORDER)),
            vendor_order.get(v.vendor_code, len(vendor_order)),
            v.vendor_code,
        ),
    )
    return [
        NamedWallet(v.kind, v.vendor_code, v.balance, names.get(v.vendor_code) if v.kind == VENDOR else None)
        for v in ordered
    ]
