"""The games calls on the wire (SPEC §3 game vendor, game list, hot games; §7 e-games, PVP and launch)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from pydantic import Field

from server.games.bets import Totals
from server.games.models import BetRecord, GameVendor
from server.http.core.envelope import WireModel
from server.http.core.money import format_amount
from server.http.core.wire_types import WireId


class VendorOut(WireModel):
    vassalage: str = Field(description="The vendor's code")
    display_name: str
    game_type: str
    category: str
    is_hot: int = Field(description="1 = hot")
    account_type_name: str | None
    single_game_id: int | None = Field(description="Set when the vendor is one game: a click launches it")
    allows_trial: bool = Field(
        default=True, description="Its games may be played with play money (free play)"
    )


class SortingOut(WireModel):
    game_category: str
    vendors: list[str]


class VendorsOut(WireModel):
    groups: dict[str, list[VendorOut]] = Field(
        description="Vendors by category, only categories that have some"
    )
    sorting: list[SortingOut] = Field(description="Category order and the vendors' order within each")


class GameOut(WireModel):
    game_id: int
    node_id: int
    vassalage: str
    game_code: str = Field(description="The vendor's code of the game (a lottery game's lottoGameCode)")
    name: str
    game_type: str
    category: str
    thumbnail: str
    min_bet: str = Field(description="Decimal string")
    lines: int | None
    is_hot: bool
    is_favourite: bool
    room_id: str | None
    account_type_name: str | None
    classification: str | None = Field(description="Live-game classification (SPEC §2.8)")
    allows_trial: bool = Field(default=True, description="May be played with play money (free play)")


class GameListOut(WireModel):
    games: list[GameOut]
    page_num: int
    total_pages: int
    total: int


class GameListItems(WireModel):
    list: list[GameOut]


class GameTypeCount(WireModel):
    game_type: str
    count: int


class GameTypesOut(WireModel):
    types: list[GameTypeCount]


class FavouriteIn(WireModel):
    game_id: WireId
    favourite: bool


class FavouriteOut(WireModel):
    game_id: int
    is_favourite: bool


class RoomOut(WireModel):
    room_id: str
    name: str
    game_id: int
    vassalage: str
    min_bet: str
    players: int = Field(description="Players seen in the room in the last ten minutes")


class RoomsOut(WireModel):
    rooms: list[RoomOut]


class WinnerOut(WireModel):
    account: str = Field(description="Masked account name")
    game_name: str
    vassalage: str
    amount: str
    time: datetime


class WinnersOut(WireModel):
    list: list[WinnerOut]


class LaunchIn(WireModel):
    game_id: WireId | None = Field(default=None, description="Required unless launchMode is LOTT")
    # Sent by the original client and kept for it; nothing here reads them (but confirmTrans).
    node_id: WireId | None = None
    account_type: int = Field(default=1, ge=0, le=99)
    confirm_trans: int = Field(
        default=0,
        ge=0,
        le=99,
        description="Non-zero: the player has seen the transfer offer (a wallet per vendor without automatic "
        "transfer); launch now",
    )
    vassalage: str | None = None
    launch_mode: str = "GLS"
    platform: str = "html5-desktop"
    client_type: int = Field(default=3, ge=0, le=99)
    username: str | None = None
    token: str | None = None
    merchant_code: str | None = None
    language: str | None = None
    # SPEC §7 lottery lobby payload (launchMode LOTT).
    lotto_area: str | None = Field(default=None, max_length=8)
    lotto_prize_mode: str | None = Field(default=None, max_length=8)
    lotto_game_code: str | None = Field(default=None, max_length=32)
    lotto_view: str | None = Field(default=None, pattern=r"^(betting|lobby)$")
    device: str | None = Field(default=None, max_length=8)
    back_url: str | None = Field(default=None, max_length=300)


class TransferOfferOut(WireModel):
    wallet_code: str = Field(description="The game's vendor wallet (walletTransfer's toVendor)")
    wallet_name: str
    wallet_balance: str = Field(description="Decimal string: what the game's wallet holds now")
    main_balance: str = Field(
        description="Decimal string: what the main wallet holds now (the amount offered)"
    )


class LaunchOut(WireModel):
    # Named as SPEC §4 names them, not camel-cased.
    game_url: str = Field(alias="game_url")
    game_url2: str = Field(alias="game_url2")
    launch_mode: str
    trial: bool = Field(description="A visitor's free play: the vendor's play money, no wallet")
    auto_transfer: bool = Field(
        default=False,
        description="The game's vendor wallet was filled from the main wallet (automatic transfer): the "
        "portal calls leaveGame when the player leaves the game, and the money goes back",
    )
    moved_in: str = Field(
        default="0.00", description="What the automatic transfer moved into the game's wallet"
    )
    transfer_offer: TransferOfferOut | None = Field(
        default=None,
        description="A wallet per vendor without automatic transfer, launched with confirmTrans 0: no "
        "address; offer the transfer into this wallet, then launch again with confirmTrans 1",
    )


class LeaveOut(WireModel):
    returned: str = Field(
        description="Decimal string: what came back from the game wallets to the main wallet"
    )
    sum_balance: str


class BetOut(WireModel):
    round_id: str
    game_name: str
    vassalage: str
    category: str
    bet_amount: str
    win_amount: str
    profit: str
    status: Literal["OPEN", "SETTLED", "CANCELLED"]
    placed_at: datetime
    settled_at: datetime | None


class BetTotals(WireModel):
    bet_amount: str
    win_amount: str
    profit: str
    count: int


class BetsOut(WireModel):
    list: list[BetOut]
    page_num: int
    total_pages: int
    total: int
    totals: BetTotals

    @classmethod
    def of(
        cls,
        rows: Sequence[tuple[BetRecord, GameVendor, str | None]],
        count: int,
        totals: Totals,
        *,
        page_no: int,
        page_size: int,
    ) -> BetsOut:
        """A page of bets.history as the member's record and the back office show it."""
        return cls(
            list=[
                BetOut(
                    round_id=record.round_id,
                    game_name=name or vendor.display_name,
                    vassalage=vendor.code,
                    category=record.category,
                    bet_amount=format_amount(record.bet_amount),
                    win_amount=format_amount(record.win_amount),
                    profit=format_amount(record.win_amount - record.bet_amount),
                    status=record.status,
                    placed_at=record.placed_at,
                    settled_at=record.settled_at,
                )
                for record, vendor, name in rows
            ],
            page_num=page_no,
            total_pages=(count + page_size - 1) // page_size,
            total=count,
            totals=BetTotals(
                bet_amount=format_amount(totals.bet),
                win_amount=format_amount(totals.win),
                profit=format_amount(totals.profit),
                count=totals.count,
            ),
        )


class ProfitRow(WireModel):
    category: str
    bet_amount: str
    valid_bet: str
    win_amount: str
    profit: str
    count: int


class ProfitOut(WireModel):
    rows: list[ProfitRow]
    total: ProfitRow
