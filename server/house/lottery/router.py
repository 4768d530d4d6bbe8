"""The lottery gateway calls (SPEC §7 lottery, /lgw and /lotto/lgw): menus, popular and recent games, the
issue now taking bets, opened numbers, the lottery session opened from a launch, betting and my bets."""

# No `from __future__ import annotations`: the routes are built inside create_router, and FastAPI reads their
# annotations at that time.
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query

from server.db.base import utcnow
from server.db.session import Database
from server.house import merchants, sessions
from server.house.app import House
from server.house.lottery import betting, issues
from server.house.lottery import schemas as s
from server.house.lottery.catalogue import AREAS, FAST, GAMES, VN, LotteryGame
from server.house.lottery.models import LotteryIssue
from server.house.models import HouseSession
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount

GameCode = Annotated[str, Query(max_length=32, pattern=r"^[a-z0-9\-]+$")]
SessionHeader = Annotated[str | None, Header(alias="X-House-Session")]
POPULAR_DAYS = 7


@dataclass(frozen=True)
class Visitor:
    """Who calls the lottery gateway, as the portal that routes the call names them: its merchant and the
    language to answer in. The house trusts the portal for this and for the member below."""

    merchant_code: str
    language: str


VisitorOf = Callable[..., Awaitable[Visitor]]
MemberOf = Callable[..., Awaitable[str]]  # the signed-in member's player id, or the portal's refusal


def _menu_item(
    game: LotteryGame, language: str, current: LotteryIssue, last: LotteryIssue | None
) -> s.GameMenuItem:
    return s.GameMenuItem(
        game_code=game.code,
        name=game.names.get(language.upper()) or game.name,
        area=game.area,
        draw_format=game.draw_format,
        interval_seconds=game.interval_seconds,
        prize_modes=list(game.prize_modes),
        play_types=[
            s.PlayTypeOut(
                code=play.code,
                pick=s.PickOut(
                    kind=play.pick.kind,
                    digits=play.pick.digits,
                    max_count=play.pick.max_count,
                    options=list(play.pick.options),
                ),
                odds={mode: format_amount(odds) for mode, odds in play.odds.items()},
                tier_odds={
                    mode: {tier: format_amount(odds) for tier, odds in tiers.items()}
                    for mode, tiers in play.tier_odds.items()
                },
                min_stake=format_amount(game.min_stake),
                max_stake=format_amount(game.max_stake),
            )
            for play in game.play_types
        ],
        current_issue=s.IssueOut.model_validate(issues.issue_wire(current)),
        last_opened=s.OpenedOut.model_validate(issues.opened_wire(last)) if last else None,
    )


async def _items(db: Database, games: list[LotteryGame], language: str) -> list[s.GameMenuItem]:
    chosen = tuple(games)
    current = await issues.current_issues(db, utcnow(), chosen)
    last = await issues.last_opened(db, [g.code for g in chosen])
    return [_menu_item(g, language, current[g.code], last.get(g.code)) for g in chosen]


async def _menus(db: Database, areas: tuple[str, ...], language: str) -> s.MenusOut:
    items = await _items(db, [g for g in GAMES if g.area in areas], language)
    return s.MenusOut(
        menus=[
            s.MenuGroup(area=area, games=[i for i in items if i.area == area])
            for area in areas
            if any(i.area == area for i in items)
        ]
    )


def _opened_list(rows: list[LotteryIssue]) -> s.OpenedListOut:
    return s.OpenedListOut(list=[s.OpenedOut.model_validate(issues.opened_wire(r)) for r in rows])


HouseOf = Callable[..., Awaitable[House]]


@functools.cache
def create_router(*, house_of: HouseOf, visitor: VisitorOf, member: MemberOf) -> APIRouter:
    """The gateway's routes, for the portal to serve under its own paths (SPEC §7). The portal hands over its
    House (`house_of`), how it names the caller (`visitor`) and the signed-in member (`member`), as FastAPI
    dependencies; the house answers from its own books and moves money only through its wallet client. One
    router per set of dependencies, built once per process, so that every app of the process shares its
    routes (server/http/edge/shared_routes.py)."""
    router = APIRouter(tags=["lottery"], responses=ERROR_RESPONSES)
    HouseDep = Annotated[House, Depends(house_of)]
    VisitorDep = Annotated[Visitor, Depends(visitor)]
    PlayerDep = Annotated[str, Depends(member)]

    async def tenant(db: Database, context: Visitor) -> int:
        merchant_id = await merchants.merchant_id_of(db, context.merchant_code)
        if merchant_id is None:
            raise AppError(errors.SERVICE_UNAVAILABLE)
        return merchant_id

    @router.get(
        "/lgw/games/game_menus", operation_id="getLotteryMenus", summary="Every lottery game, by area"
    )
    async def game_menus(context: VisitorDep, house: HouseDep) -> Envelope[s.MenusOut]:
        db = house.db
        return ok(await _menus(db, AREAS, context.language))

    @router.get(
        "/lgw/vn/games/game_menu", operation_id="getVnLotteryMenu", summary="The Vietnamese lottery games"
    )
    async def vn_game_menu(context: VisitorDep, house: HouseDep) -> Envelope[s.MenusOut]:
        db = house.db
        return ok(await _menus(db, (FAST, VN), context.language))

    @router.get(
        "/lgw/vn/games/game_menu/recent",
        operation_id="getRecentLotteryGames",
        summary="The lottery games this member bet on, newest first",
    )
    async def recent_games(
        context: VisitorDep, house: HouseDep, player_id: PlayerDep
    ) -> Envelope[s.LotteryGameListOut]:
        db = house.db
        codes = await betting.recent_game_codes(db, await tenant(db, context), player_id)
        by_code = {g.code: g for g in GAMES}
        games = [by_code[c] for c in codes if c in by_code]
        return ok(s.LotteryGameListOut(list=await _items(db, games, context.language)))

    @router.get(
        "/lgw/games/popular", operation_id="getPopularLotteryGames", summary="The most played lottery games"
    )
    async def popular(
        context: VisitorDep,
        house: HouseDep,
        count: Annotated[int, Query(ge=1, le=50)] = 20,
        prize_mode: Annotated[str | None, Query(alias="prizeMode", max_length=8)] = None,
        device: Annotated[str | None, Query(max_length=8)] = None,
        language: Annotated[str | None, Query(max_length=8)] = None,
    ) -> Envelope[s.LotteryGameListOut]:
        db = house.db
        played = await betting.popular_game_codes(
            db, await tenant(db, context), utcnow() - timedelta(days=POPULAR_DAYS)
        )
        rank = {code: i for i, code in enumerate(played)}
        # Most played first; games nobody played lately keep the catalogue's order (fast games lead it).
        games = sorted(GAMES, key=lambda g: (rank.get(g.code, len(rank)), GAMES.index(g)))
        if prize_mode:
            games = [g for g in games if prize_mode in g.prize_modes]
        return ok(s.LotteryGameListOut(list=await _items(db, games[:count], language or context.language)))

    @router.get(
        "/lgw/games/{gameCode}/state",
        operation_id="getLotteryState",
        summary="The issue now taking bets (or about to draw) and the last opened one",
    )
    async def game_state(context: VisitorDep, house: HouseDep, gameCode: str) -> Envelope[s.StateOut]:
        db = house.db
        game = betting.game_of(gameCode)
        now = utcnow()
        current = (await issues.current_issues(db, now, (game,)))[game.code]
        last = (await issues.last_opened(db, [game.code])).get(game.code)
        return ok(
            s.StateOut(
                issue=s.IssueOut.model_validate(issues.issue_wire(current)),
                last_opened=s.OpenedOut.model_validate(issues.opened_wire(last)) if last else None,
                now=now.isoformat(),
            )
        )

    @router.get(
        "/lgw/vn/numeros/opened/game",
        operation_id="getOpenedNumbers",
        summary="A game's opened numbers, newest first (SPEC §9: 100 for Vietnamese numbers)",
    )
    async def opened_numbers(
        context: VisitorDep,
        house: HouseDep,
        game_code: Annotated[str, Query(alias="gameCode", max_length=32)],
        count: Annotated[int, Query(ge=1, le=issues.MAX_OPENED)] = issues.MAX_OPENED,
    ) -> Envelope[s.OpenedListOut]:
        db = house.db
        game = betting.game_of(game_code)
        return ok(_opened_list(await issues.opened(db, game.code, count)))

    @router.get(
        "/lotto/lgw/games/opened/numero",
        operation_id="getLatestOpenedNumbers",
        summary="The latest opened issue of every lottery game",
    )
    async def latest_opened(
        context: VisitorDep, house: HouseDep, player_id: PlayerDep
    ) -> Envelope[s.OpenedListOut]:
        db = house.db
        last = await issues.last_opened(db, [g.code for g in GAMES])
        return ok(_opened_list([last[g.code] for g in GAMES if g.code in last]))

    @router.post(
        "/lgw/session",
        operation_id="openLotterySession",
        summary="Open a lottery session from a one-time launch token (launchGame with launchMode LOTT)",
    )
    async def open_session(
        body: s.LotterySessionIn, context: VisitorDep, house: HouseDep
    ) -> Envelope[s.LotterySessionOut]:
        db = house.db
        opened = await sessions.open_session(
            db, house.wallet, body.merchant or context.merchant_code, body.token
        )
        hs = opened.session
        if hs.game_type != "LOTTERY":
            raise AppError(errors.LAUNCH_TOKEN_INVALID)
        return ok(
            s.LotterySessionOut(
                session_id=opened.token,
                balance=format_amount(opened.balance),
                player=s.LotteryPlayerOut(nickname=hs.nickname, currency=hs.currency, demo=hs.demo),
            )
        )

    async def lottery_session(db: Database, token: str | None) -> HouseSession:
        hs = await sessions.find(db, token)
        if hs.game_type != "LOTTERY":
            raise AppError(errors.HOUSE_SESSION_INVALID)
        return hs

    @router.post("/lgw/bets", operation_id="placeLotteryBet", summary="Bet on the issue now taking bets")
    async def place_bet(
        body: s.LotteryBetIn, context: VisitorDep, house: HouseDep, session_id: SessionHeader = None
    ) -> Envelope[s.BetPlacedOut]:
        db = house.db
        hs = await lottery_session(db, session_id)
        slip = betting.Slip(
            body.game_code, body.issue_no, body.prize_mode, body.play_type, body.numbers, body.stake
        )
        wallet = house.wallet
        bet = await betting.place(db, wallet, hs, slip, utcnow())
        balance = await sessions.balance_of(db, wallet, hs)
        return ok(
            s.BetPlacedOut(
                bet=s.LotteryBetOut.model_validate(betting.bet_wire(bet, context.language)),
                balance=format_amount(balance),
            )
        )

    @router.get("/lgw/bets", operation_id="getMyLotteryBets", summary="My lottery bets, newest first")
    async def my_bets(
        context: VisitorDep,
        house: HouseDep,
        session_id: SessionHeader = None,
        status: Annotated[str, Query(pattern=r"^(ALL|OPEN|SETTLED)$")] = "ALL",
        page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    ) -> Envelope[s.BetListOut]:
        db = house.db
        hs = await lottery_session(db, session_id)
        if hs.player_id is None:
            return ok(s.BetListOut(list=[], page_num=1, total_pages=1))
        rows, pages = await betting.history(db, hs.merchant_id, hs.player_id, status, page)
        sheets = await betting.sheets_of(db, rows)
        wired: list[dict[str, Any]] = [
            betting.bet_wire(b, context.language, sheets.get((b.game_code, b.issue_no))) for b in rows
        ]
        return ok(
            s.BetListOut(
                list=[s.LotteryBetOut.model_validate(w) for w in wired], page_num=page, total_pages=pages
            )
        )

    return router
