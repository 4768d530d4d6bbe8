"""The member's wallets as "My wallet" lists them: every wallet the member can hold money in, empty ones
too, and each game wallet under its provider's name rather than its code."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands.service import Brand
from server.games.models import GameProvider, GameVendor
from server.wallet.models import BONUS, HOLD, MAIN, TRIAL, VENDOR
from server.wallet.service import Balances, WalletView

_ORDER = {MAIN: 0, VENDOR: 1, BONUS: 2, TRIAL: 3, HOLD: 4}


@dataclass(frozen=True)
class NamedWallet:
    kind: str
    vendor_code: str
    balance: int
    name: str | None  # a game wallet's display name; the client names the others by their kind


async def vendor_wallet_names(
    session: AsyncSession, merchant_id: int, codes: Iterable[str]
) -> dict[str, str]:
    """A vendor wallet is the wallet of a game provider (GameVendor.wallet_code): its name is the provider's,
    else that of a vendor betting from it, else, for a wallet no catalogue row names, its code."""
    wanted = set(codes)
    if not wanted:
        return {}
    names: dict[str, str] = {}
    vendors = await session.execute(
        select(GameVendor.wallet_code, GameVendor.display_name)
        .where(GameVendor.merchant_id == merchant_id, GameVendor.wallet_code.in_(wanted))
        .order_by(GameVendor.sort_order.desc(), GameVendor.id.desc())
    )
    names.update({code: name for code, name in vendors})  # the first in the catalogue's order wins
    providers = await session.execute(
        select(GameProvider.code, GameProvider.name).where(
            GameProvider.merchant_id == merchant_id, GameProvider.code.in_(wanted)
        )
    )
    names.update({code: name for code, name in providers})
    return {code: names.get(code, code) for code in wanted}


async def listed_wallets(
    session: AsyncSession, brand: Brand, member: Member, current: Balances
) -> list[NamedWallet]:
    """A real member always has a main wallet and, on a brand with a wallet per vendor, each of its vendor
    wallets, whether or not money has moved through them yet (the ledger opens accounts on first use)."""
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
    names = await vendor_wallet_names(session, brand.id, (v.vendor_code for v in ordered if v.kind == VENDOR))
    return [
        NamedWallet(v.kind, v.vendor_code, v.balance, names.get(v.vendor_code) if v.kind == VENDOR else None)
        for v in ordered
    ]
