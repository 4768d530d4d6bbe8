"""The portal's games calls: vendors, the lobby's game list, hot, favourite and recent games, PVP rooms, the
winner board, launching, the betting record and the personal profit and loss."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from server.accounts.deps import member_row
from server.games import bets, catalogue, launch, winners
from server.games import schemas as s
from server.games.catalogue import GameView
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.core.wire_types import IsoDate
from server.http.edge.auth import AnyMember, MaybeMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.http.edge.rate_limit import Limit, client_key, spend
from server.wallet import game_money
from server.wallet import service as wallet_service

router = APIRouter(tags=["games"], responses=ERROR_RESPONSES)

Category = Annotated[str | None, Query(pattern=r"^(ELOTT|LOTT|LIVE|SPORTS|FISH|RNG|PVP|ESPORTS)$")]
Code = Annotated[str | None, Query(max_length=32, pattern=r"^[A-Za-z0-9_\-]*$")]
# A visitor's trial launch keeps a launch row that nothing else bounds: per address, twenty a minute is more
# than anyone clicks through games; a member's launches are the member's own.
TRIAL_LAUNCHES = Limit("trial-launch", calls=20, seconds=60)


def _game(view: GameView) -> s.GameOut:
    game, vendor = view.game, view.vendor
    return s.GameOut(
        game_id=game.id,
        node_id=vendor.id,
        vassalage=vendor.code,
        game_code=game.game_code,
        name=game.name,
        game_type=game.game_type,
        category=vendor.category,
        thumbnail=game.thumbnail,
        min_bet=format_amount(game.min_bet),
        lines=game.lines,
        is_hot=game.is_hot,
        is_favourite=view.favourite,
        room_id=game.room_id,
        account_type_name=vendor.account_type_name,
        classification=game.classification,
        allows_trial=vendor.allows_trial,
    )


def _localised(view: GameView, language: str) -> s.GameOut:
    out = _game(view)
    out.name = view.game.names.get(language) or view.game.name
    return out


@router.get(
    "/wps/relay/GCS_gameVendor",
    operation_id="getGameVendors",
    summary="The merchant's game vendors grouped by category, with the category and vendor order",
)
async def game_vendors(
    context: PortalContext,
    session: SessionDep,
    merchant_code: Annotated[str | None, Query(alias="merchantCode")] = None,
) -> Envelope[s.VendorsOut]:
    del merchant_code  # the Merchant header decides; the client sends this too
    found = await catalogue.vendors(session, context.brand.id)
    groups: dict[str, list[s.VendorOut]] = {}
    for vendor, single in found:
        groups.setdefault(vendor.category, []).append(
            s.VendorOut(
                vassalage=vendor.code,
                display_name=vendor.display_name,
                game_type=vendor.game_type,
                category=vendor.category,
                is_hot=1 if vendor.is_hot else 0,
                account_type_name=vendor.account_type_name,
                single_game_id=single,
                allows_trial=vendor.allows_trial,
            )
        )
    sorting = [
        s.SortingOut(game_category=category, vendors=[v.vassalage for v in groups[category]])
        for category in catalogue.category_order(set(groups))
    ]
    return ok(s.VendorsOut(groups=groups, sorting=sorting))


@router.get(
    "/wps/relay/GCS_gameList", operation_id="getGameList", summary="The lobby's game list (SPEC §7 query)"
)
async def game_list(
    context: PortalContext,
    session: SessionDep,
    member: MaybeMember,
    vassalage: Code = None,
    category: Category = None,
    game_type: Annotated[str | None, Query(alias="gameType", max_length=32)] = None,
    game_name: Annotated[str | None, Query(alias="gameName", max_length=64)] = None,
    min_bet: Annotated[str | None, Query(alias="minBet", max_length=16)] = None,
    min_line_num: Annotated[int | None, Query(alias="minLineNum", ge=1, le=1024)] = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 24,
) -> Envelope[s.GameListOut]:
    flt = catalogue.GameFilter(
        category=category,
        vassalage=vassalage or None,
        game_type=game_type or None,
        name=game_name.strip() if game_name and game_name.strip() else None,
        max_min_bet=parse_amount(min_bet, field="minBet") if min_bet else None,
        min_lines=min_line_num,
    )
    views, total = await catalogue.game_page(
        session,
        context.brand.id,
        member.member_id if member else None,
        flt,
        page=page_no,
        page_size=page_size,
    )
    return ok(
        s.GameListOut(
            games=[_localised(v, context.language) for v in views],
            page_num=page_no,
            total_pages=(total + page_size - 1) // page_size,
            total=total,
        )
    )


@router.get("/wps/relay/GCS_hotGames", operation_id="getHotGames", summary="Hot games, of one vendor or all")
async def hot_games(
    context: PortalContext, session: SessionDep, member: MaybeMember, vassalage: Code = None
) -> Envelope[s.GameListItems]:
    views = await catalogue.hot_games(
        session, context.brand.id, member.member_id if member else None, vassalage
    )
    return ok(s.GameListItems(list=[_localised(v, context.language) for v in views]))


@router.get(
    "/wps/relay/GCS_vendorGameType", operation_id="getVendorGameTypes", summary="A vendor's game types"
)
async def vendor_game_types(
    context: PortalContext, session: SessionDep, vassalage: Code = None
) -> Envelope[s.GameTypesOut]:
    found = await catalogue.game_types(session, context.brand.id, vassalage)
    return ok(s.GameTypesOut(types=[s.GameTypeCount(game_type=t, count=c) for t, c in found]))


@router.get(
    "/wps/relay/GCS_favouriteList", operation_id="getFavouriteGames", summary="The member's favourite games"
)
async def favourite_list(
    context: PortalContext, session: SessionDep, member: RealMember
) -> Envelope[s.GameListItems]:
    assert member.member_id is not None
    views = await catalogue.favourites(session, context.brand.id, member.member_id)
    return ok(s.GameListItems(list=[_localised(v, context.language) for v in views]))


@router.post(
    "/wps/relay/GCS_favourite", operation_id="setFavouriteGame", summary="Add or remove a favourite game"
)
async def favourite(
    body: s.FavouriteIn, context: PortalContext, session: SessionDep, member: RealMember
) -> Envelope[s.FavouriteOut]:
    assert member.member_id is not None
    now = await catalogue.set_favourite(
        session, context.brand.id, member.member_id, body.game_id, body.favourite
    )
    return ok(s.FavouriteOut(game_id=body.game_id, is_favourite=now))


@router.get(
    "/wps/relay/GCS_recentGames", operation_id="getRecentGames", summary="Games the member launched lately"
)
async def recent_games(
    context: PortalContext, session: SessionDep, member: RealMember
) -> Envelope[s.GameListItems]:
    assert member.member_id is not None
    views = await catalogue.recent(session, context.brand.id, member.member_id)
    return ok(s.GameListItems(list=[_localised(v, context.language) for v in views]))


@router.get(
    "/wps/relay/GLS2_roomList", operation_id="getRoomList", summary="PVP rooms and their recent players"
)
async def room_list(
    context: PortalContext, session: SessionDep, member: MaybeMember, vassalage: Code = None
) -> Envelope[s.RoomsOut]:
    if member is None:
        raise AppError(errors.UNAUTHORIZED)
    found = await catalogue.rooms(session, context.brand.id, vassalage)
    return ok(
        s.RoomsOut(
            rooms=[
                s.RoomOut(
                    room_id=game.room_id or "",
                    name=game.names.get(context.language) or game.name,
                    game_id=game.id,
                    vassalage=vendor.code,
                    min_bet=format_amount(game.min_bet),
                    players=players,
                )
                for game, vendor, players in found
            ]
        )
    )


@router.get(
    "/wps/relay/winnerBoard", operation_id="getWinnerBoard", summary="Recent big wins (pushed as `winners`)"
)
async def winner_board(context: PortalContext, session: SessionDep) -> Envelope[s.WinnersOut]:
    found = await winners.board(session, context.brand.id)
    return ok(
        s.WinnersOut(
            list=[
                s.WinnerOut(
                    account=w.account,
                    game_name=w.game_name,
                    vassalage=w.vassalage,
                    amount=format_amount(w.amount),
                    time=w.time,
                )
                for w in found
            ]
        )
    )


@router.post(
    "/wps/game/launchGame",
    operation_id="launchGame",
    summary="Launch a game: the address of the vendor's game page with a one-time launch token",
)
async def launch_game(
    body: s.LaunchIn, context: PortalContext, session: SessionDep, member: MaybeMember, request: Request
) -> Envelope[s.LaunchOut]:
    if member is not None and member.must_change_password:
        raise AppError(errors.PASSWORD_CHANGE_REQUIRED)
    if member is None:
        await spend(request, TRIAL_LAUNCHES, f"ip:{client_key(context.client.ip)}")
    lobby = None
    if body.launch_mode == "LOTT" and body.lotto_game_code:
        lobby = launch.LotteryLobby(body.lotto_game_code, body.lotto_prize_mode, body.lotto_view)
    launched = await launch.launch(
        session,
        context.brand,
        member,
        body.game_id,
        context.language,
        lobby,
        confirmed=body.confirm_trans != 0,
    )
    offer = launched.offer
    return ok(
        s.LaunchOut(
            game_url=launched.game_url,
            game_url2=launched.game_url2,
            launch_mode=body.launch_mode,
            trial=launched.trial,
            auto_transfer=launched.auto_transfer,
            moved_in=format_amount(launched.moved_in),
            transfer_offer=None
            if offer is None
            else s.TransferOfferOut(
                wallet_code=offer.wallet_code,
                wallet_name=offer.wallet_name,
                wallet_balance=format_amount(offer.wallet_balance),
                main_balance=format_amount(offer.main_balance),
            ),
        )
    )


@router.post(
    "/wps/game/leaveGame",
    operation_id="leaveGame",
    summary="The player left the game page: with automatic transfer, the game wallets' money goes back",
    description="Every vendor wallet's money back into the main wallet where the merchant moves money "
    "automatically (nothing moves elsewhere). The portal sends it with fetch keepalive as the page goes, so "
    "that it carries the usual Merchant and Authorization headers, which a sendBeacon could not.",
)
async def leave_game(member: AnyMember, context: PortalContext, session: SessionDep) -> Envelope[s.LeaveOut]:
    row = await member_row(session, member)
    returned = await game_money.return_game_money(session, context.brand, row)
    current = await wallet_service.balances(session, row)
    return ok(s.LeaveOut(returned=format_amount(returned), sum_balance=format_amount(current.sum_balance)))


StartDate = Annotated[IsoDate | None, Query(alias="startDate")]
EndDate = Annotated[IsoDate | None, Query(alias="endDate")]


@router.get(
    "/wps/relay/personalHistoryCopy",
    operation_id="getBettingRecord",
    summary="The member's betting record: rounds by category, vendor and date, with totals",
)
async def betting_record(
    member: RealMember,
    context: PortalContext,
    session: SessionDep,
    category: Category = None,
    vassalage: Code = None,
    start_date: StartDate = None,
    end_date: EndDate = None,
    page_no: Annotated[int, Query(alias="pageNo", ge=1, le=10_000)] = 1,
    page_size: Annotated[int, Query(alias="pageSize", ge=1, le=100)] = 20,
) -> Envelope[s.BetsOut]:
    assert member.member_id is not None
    start, end = bets.record_period(start_date, end_date)
    query = bets.BetQuery((member.member_id,), start, end, category, vassalage or None)
    rows, count, totals = await bets.history(
        session, query, page=page_no, page_size=page_size, language=context.language
    )
    return ok(s.BetsOut.of(rows, count, totals, page_no=page_no, page_size=page_size))


def _profit_row(category: str, totals: bets.Totals) -> s.ProfitRow:
    return s.ProfitRow(
        category=category,
        bet_amount=format_amount(totals.bet),
        valid_bet=format_amount(totals.valid_bet),
        win_amount=format_amount(totals.win),
        profit=format_amount(totals.profit),
        count=totals.count,
    )


@router.get(
    "/wps/relay/personalProfit",
    operation_id="getPersonalProfit",
    summary="The member's profit and loss by category over a period",
)
async def personal_profit(
    member: RealMember, session: SessionDep, start_date: StartDate = None, end_date: EndDate = None
) -> Envelope[s.ProfitOut]:
    assert member.member_id is not None
    start, end = bets.record_period(start_date, end_date)
    found = await bets.profit_by_category(session, bets.BetQuery((member.member_id,), start, end))
    total = bets.Totals(
        sum(t.bet for t in found.values()),
        sum(t.valid_bet for t in found.values()),
        sum(t.win for t in found.values()),
        sum(t.count for t in found.values()),
    )
    return ok(
        s.ProfitOut(rows=[_profit_row(c, t) for c, t in found.items()], total=_profit_row("ALL", total))
    )
