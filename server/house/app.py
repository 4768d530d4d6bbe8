"""The house vendor: a separate ASGI app under /house (ARCHITECTURE rule 7). It serves its game page and its
own API to that page, and moves money only through the portal's seamless-wallet API."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Annotated

import structlog
from fastapi import APIRouter, Depends, FastAPI, Header, Request
from fastapi.responses import HTMLResponse, Response

from server.db.session import Database
from server.house import instant, plays, sessions, table_records, tables
from server.house import schemas as s
from server.house.art import logos, thumbnails
from server.house.art.rendered import CACHE_CONTROL, Rendered
from server.house.engine.fair import seed_hash
from server.house.models import HouseSession
from server.house.wallet_client import WalletClient
from server.http.core import errors
from server.http.core.envelope import Envelope, ok
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.http.edge import handlers
from server.http.edge.shared_routes import include_shared
from server.settings import Settings

log = structlog.get_logger(__name__)


SessionHeader = Annotated[str | None, Header(alias="X-House-Session")]


class House:
    def __init__(self, settings: Settings, db: Database, wallet: WalletClient) -> None:
        self.settings = settings
        self.db = db
        self.wallet = wallet
        self.clock = tables.Clock(settings.house_baccarat_period_seconds)
        self._dealer: asyncio.Task[None] | None = None

    async def _deal_forever(self) -> None:
        last_sweep = 0.0
        while True:
            try:
                await tables.deal_due_rounds(
                    self.db, self.wallet, self.clock, self.settings.house_table_secret, time.time()
                )
                if time.monotonic() - last_sweep > 30:
                    last_sweep = time.monotonic()
                    await instant.void_stale_rounds(self.db, self.wallet)
                    await tables.settle_left_behind(
                        self.db, self.wallet, self.clock, self.settings.house_table_secret, time.time()
                    )
            except Exception:
                log.exception("house_dealer_failed")
            await asyncio.sleep(1.0)

    def start_dealer(self) -> None:
        if self._dealer is None:
            self._dealer = asyncio.create_task(self._deal_forever(), name="house-dealer")

    async def stop(self) -> None:
        if self._dealer is not None:
            self._dealer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dealer
            self._dealer = None
        await self.wallet.close()


async def play_round_of(house: House, session_id: str | None, body: s.RoundIn) -> s.RoundOut:
    """An instant round of the session's game: the house's hottest call, served by the house app's route and,
    in the portal's process, ahead of FastAPI (server.house.hot_round)."""
    hs = await sessions.find(house.db, session_id)
    outcome = s.OUTCOMES.get(hs.game_type)
    if outcome is None:  # the table games and the lottery play no instant rounds
        raise AppError(errors.NOT_FOUND)
    played = await instant.play(house.db, house.wallet, hs, body.params_for(hs.game_type))
    row = played.round
    return s.RoundOut(
        round_id=row.round_ref,
        bet=format_amount(row.stake),
        win=format_amount(row.win),
        balance=format_amount(played.balance),
        outcome=outcome.model_validate(row.outcome),
        fairness=s.RevealedFairnessOut(
            server_seed=row.server_seed,
            server_seed_hash=seed_hash(row.server_seed),
            client_seed=row.client_seed,
            nonce=row.nonce,
            next_server_seed_hash=played.next_hash,
        ),
    )


def _page(dist: Path) -> str | None:
    page = dist / "house.html"
    return page.read_text() if page.is_file() else None


async def house_of_app(request: Request) -> House:
    """The House of the app that received the call: the house's own app, or the portal app that built it and
    serves the lottery gateway (their routes are shared by every app of a process)."""
    house: House = request.app.state.house
    return house


HouseDep = Annotated[House, Depends(house_of_app)]
# Module-level, so that its routes are built once per process and shared by every house app
# (server/http/edge/shared_routes.py); a handler reaches its House through its app's state.
router = APIRouter()


def art(drawn: Rendered | None, if_none_match: str | None) -> Response:
    if drawn is None:
        raise AppError(errors.NOT_FOUND)
    headers = {"Cache-Control": CACHE_CONTROL, "ETag": drawn.etag}
    if drawn.matches(if_none_match):
        return Response(status_code=304, headers=headers)
    return Response(drawn.svg, media_type="image/svg+xml", headers=headers)


async def seated(house: House, token: str | None) -> HouseSession:
    """The session of a player at a shared table (any table game)."""
    hs = await sessions.find(house.db, token)
    if not tables.is_table(hs.game_code):
        raise AppError(errors.NOT_FOUND)
    return hs


@router.get("/play", response_class=HTMLResponse, include_in_schema=False)
async def play_page(house: HouseDep) -> Response:
    page = _page(house.settings.frontend_dist)
    if page is None:
        return HTMLResponse("<p>The game client is not built: run make run.</p>", status_code=503)
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


@router.get("/thumb/{code}.svg", include_in_schema=False)
async def thumbnail(
    code: str, lang: str | None = None, if_none_match: Annotated[str | None, Header()] = None
) -> Response:
    return art(thumbnails.thumbnail(code, lang), if_none_match)


@router.get("/logo/{vendor}.svg", include_in_schema=False)
async def vendor_logo(vendor: str, if_none_match: Annotated[str | None, Header()] = None) -> Response:
    return art(logos.logo(vendor), if_none_match)


@router.post("/api/session")
async def open_session(body: s.SessionIn, request: Request, house: HouseDep) -> Envelope[s.SessionOut]:
    merchant = body.merchant or request.query_params.get("merchant") or request.headers.get("Merchant") or ""
    opened = await sessions.open_session(house.db, house.wallet, merchant, body.token)
    hs = opened.session
    shape = s.CONFIGS.get(hs.game_type)
    if shape is None:  # a lottery launch: its page is the portal's, through the lottery gateway
        raise AppError(errors.LAUNCH_TOKEN_INVALID)
    game_config = plays.config(hs.game_type, hs.game_code)
    if tables.is_table(hs.game_code):
        game_config |= {
            "table": hs.game_code,
            "periodSeconds": house.clock.period,
            "bettingSeconds": house.clock.period - tables.CLOSED_SECONDS,
        }
    return ok(
        s.SessionOut(
            session_id=opened.token,
            game=s.GameOut(code=hs.game_code, type=hs.game_type, name=hs.game_name),
            player=s.PlayerOut(nickname=hs.nickname, currency=hs.currency, demo=hs.demo),
            merchant=hs.merchant_code,
            language=hs.language,
            balance=format_amount(opened.balance),
            fairness=s.FairnessOut.model_validate(instant.fairness(hs)),
            config=shape.model_validate(game_config),
        )
    )


@router.get("/api/balance")
async def balance(house: HouseDep, session_id: SessionHeader = None) -> Envelope[s.BalanceOut]:
    hs = await sessions.find(house.db, session_id)
    return ok(s.BalanceOut(balance=format_amount(await sessions.balance_of(house.db, house.wallet, hs))))


@router.post("/api/clientSeed")
async def client_seed(
    body: s.ClientSeedIn, house: HouseDep, session_id: SessionHeader = None
) -> Envelope[s.FairnessOut]:
    hs = await sessions.find(house.db, session_id)
    hs = await sessions.set_client_seed(house.db, hs, body.client_seed)
    return ok(s.FairnessOut.model_validate(instant.fairness(hs)))


@router.get("/api/market")
async def market(house: HouseDep, session_id: SessionHeader = None) -> Envelope[s.MarketOut]:
    hs = await sessions.find(house.db, session_id)
    if hs.game_type not in plays.MATCH_TYPES:
        raise AppError(errors.NOT_FOUND)
    return ok(s.MarketOut.model_validate(await instant.market(house.db, hs)))


@router.post("/api/round")
async def play_round(
    body: s.RoundIn, house: HouseDep, session_id: SessionHeader = None
) -> Envelope[s.RoundOut]:
    return ok(await play_round_of(house, session_id, body))


# Every table game speaks /api/table/...; baccarat's page came first with /api/baccarat/..., kept.
@router.get("/api/table/state")
@router.get("/api/baccarat/state")
async def table_state(house: HouseDep, session_id: SessionHeader = None) -> Envelope[s.TableStateOut]:
    hs = await seated(house, session_id)
    state = tables.view(
        house.clock, house.settings.house_table_secret, hs.merchant_code, hs.game_code, time.time()
    )
    state["history"] = await table_records.history(house.db, hs.merchant_id, hs.game_code)
    state["myBets"] = await table_records.my_bets(house.db, hs, state["roundNo"])
    return ok(s.TableStateOut.model_validate(state))


@router.get("/api/table/myRounds")
async def my_rounds(house: HouseDep, session_id: SessionHeader = None) -> Envelope[list[s.MyTableRoundOut]]:
    """The member's last rounds at this table from the records, whichever session played them."""
    hs = await seated(house, session_id)
    rounds = await table_records.my_rounds(house.db, hs)
    return ok([s.MyTableRoundOut.model_validate(r) for r in rounds])


@router.post("/api/table/bet")
@router.post("/api/baccarat/bet")
async def table_bet(
    body: s.TableBetIn, house: HouseDep, session_id: SessionHeader = None
) -> Envelope[s.TableBetOut]:
    hs = await seated(house, session_id)
    stake = parse_amount(body.stake, field="stake")
    bet = await tables.place_bet(
        house.db, house.wallet, house.clock, hs, body.round_no, body.bet_on, stake, time.time()
    )
    return ok(
        s.TableBetOut(
            bet=s.PlacedTableBetOut(
                id=bet.id,
                round_no=bet.round_no,
                bet_on=bet.bet_on,
                stake=format_amount(bet.stake),
                status=bet.status,
            ),
            balance=format_amount(await sessions.balance_of(house.db, house.wallet, hs)),
        )
    )


@router.get("/api/table/round/{round_no}")
@router.get("/api/baccarat/round/{round_no}")
async def table_round(
    round_no: s.RoundNo, house: HouseDep, session_id: SessionHeader = None
) -> Envelope[s.TableResultOut]:
    hs = await seated(house, session_id)
    shape = s.TABLE_RESULTS[hs.game_type]
    return ok(shape.model_validate(await tables.result(house.db, hs.merchant_id, hs.game_code, round_no)))


def create_house_app(house: House) -> FastAPI:
    """The house's own ASGI app (its game page and the page's API). The composition root builds the House,
    handing it the wallet client it moves money with, and mounts this app under /house."""
    app = FastAPI(title="House games", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.house = house
    handlers.install(app)
    include_shared(app, router)
    return app
