"""create_app(settings): the REST API, the Socket.IO hub and the built web client in one ASGI app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager

import redis.asyncio as aioredis
import socketio
import structlog
from fastapi import FastAPI
from starlette.middleware import Middleware
from starlette.types import ASGIApp

from realtime import emitter, events, revocation
from realtime.chat import ChatSends, TypingRelay
from realtime.hub import Hub, PrivateTopics, StaffTopics, Viewer
from server import health, web
from server.accounts.member_router import router as member_router
from server.accounts.messaging import OutboxEmail, OutboxSms
from server.accounts.session_router import router as session_router
from server.accounts.sessions import Principal, SessionPolicy
from server.admin import members_service, roles
from server.admin.audit_router import router as audit_router
from server.admin.brand_router import router as brand_router
from server.admin.cashier_router import router as admin_cashier_router
from server.admin.member_records_router import router as member_records_router
from server.admin.members_router import router as members_router
from server.admin.outbox_router import router as outbox_router
from server.admin.roles import Permission
from server.admin.router import router as admin_router
from server.admin.staff_router import router as staff_router
from server.admin.staff_session_router import router as staff_session_router
from server.admin.two_factor import SecretBox
from server.agents.admin_router import router as agents_admin_router
from server.agents.betting_router import router as agent_betting_router
from server.agents.contracts_router import member_router as agent_member_router
from server.agents.contracts_router import router as agent_contracts_router
from server.agents.dividend_router import admin_router as agent_dividends_admin_router
from server.agents.dividend_router import router as agent_dividends_router
from server.agents.router import router as agent_router
from server.agents.settlement_bets_router import admin_router as agent_settlement_bets_admin_router
from server.agents.settlement_bets_router import router as agent_settlement_bets_router
from server.brands import geo
from server.brands.cache import BrandCache
from server.brands.router import HOT_ROUTES as system_hot_routes
from server.brands.router import add_status_route
from server.brands.router import router as system_router
from server.content.applications.admin_router import router as applications_admin_router
from server.content.applications.router import router as applications_router
from server.content.feedback.admin_router import router as feedback_admin_router
from server.content.feedback.router import router as feedback_router
from server.content.help.admin_router import router as help_admin_router
from server.content.help.router import router as help_router
from server.content.home.admin_router import router as home_admin_router
from server.content.messages.admin_router import router as messages_admin_router
from server.content.messages.router import router as messages_router
from server.content.notices.admin_router import router as notices_admin_router
from server.content.notices.router import router as notices_router
from server.db import after_commit
from server.db.session import Database
from server.games import catalogue, settled
from server.games.router import router as games_router
from server.games.seamless_direct import SeamlessInProcess
from server.games.seamless_router import router as seamless_router
from server.house import rooms as house_rooms
from server.house.app import House, create_house_app, house_of_app
from server.house.hot_round import ROUND_PATH, round_endpoint
from server.house.lottery.router import Visitor
from server.house.lottery.router import create_router as lottery_gateway
from server.house.wallet_client import WalletClient
from server.http.edge import handlers
from server.http.edge.auth import AnyMember
from server.http.edge.context import PortalContext
from server.http.edge.input_guard import InputGuardMiddleware
from server.http.edge.middleware import EdgeMiddleware
from server.http.edge.rate_limit import RateLimits
from server.http.edge.raw_route import HotRoutes
from server.http.edge.shared_routes import include_shared
from server.http.edge.status_cache import StatusCache
from server.logs import configure_logging
from server.loyalty.cashback.admin_router import router as cashback_admin_router
from server.loyalty.cashback.router import router as cashback_router
from server.loyalty.points.admin_router import router as points_admin_router
from server.loyalty.points.router import router as points_router
from server.loyalty.referral.admin_router import router as referral_admin_router
from server.loyalty.referral.router import router as referral_router
from server.loyalty.vip import wiring as vip_wiring
from server.loyalty.vip.admin_router import router as vip_admin_router
from server.loyalty.vip.router import router as vip_router
from server.minigames.prizes.admin_router import router as prize_games_admin_router
from server.minigames.prizes.router import router as minigames_router
from server.minigames.rain.admin_router import router as rain_admin_router
from server.minigames.rain.router import router as rain_router
from server.observability import metrics
from server.observability.endpoint import HttpMetrics, add_metrics_route
from server.promotions import leaderboards
from server.promotions import wiring as promotions_wiring
from server.promotions.admin_router import router as promotions_admin_router
from server.promotions.applications_router import admin_router as promotion_applications_admin_router
from server.promotions.applications_router import router as promotion_applications_router
from server.promotions.live_boards import LiveBoards, MemoryStore, RedisStore
from server.promotions.missions_router import router as missions_router
from server.promotions.router import router as promotions_router
from server.protection import wiring as protection_wiring
from server.protection.admin.router import public_router as protection_public_router
from server.protection.admin.router import router as protection_admin_router
from server.protection.kyc import wiring as kyc_wiring
from server.protection.kyc.admin_router import router as kyc_admin_router
from server.protection.kyc.router import router as kyc_router
from server.protection.router import router as protection_router
from server.security.payloads_router import router as payloads_router
from server.security.verification_router import router as verification_router
from server.settings import Settings, load_settings
from server.support import conversations as chats
from server.support.admin_router import router as chat_admin_router
from server.support.router import router as chat_router
from server.support.sockets import SocketSends
from server.wallet.cashier_router import callback_router as payment_callback_router
from server.wallet.cashier_router import router as cashier_router
from server.wallet.router import router as wallet_router
from server.wallet.sandbox_gateway import create_sandbox_gateway
from tasks.scheduler import InProcessScheduler

log = structlog.get_logger(__name__)

API_DESCRIPTION = """White-label casino and betting portal API.

Every answer is the envelope `{success, value, message, errorCode}`. Calls carry the headers
`Merchant` (brand code; otherwise the domain decides), `Authorization` (the raw session token),
`ModuleId` (the whitelabel module; a switched-off module answers 403 `MODULE_DISABLED`) and `Language`.
Money is a decimal string, never a float."""


def session_policy(settings: Settings) -> SessionPolicy:
    from datetime import timedelta

    return SessionPolicy(
        idle=timedelta(minutes=settings.session_idle_minutes),
        absolute=timedelta(hours=settings.session_absolute_hours),
    )


def console_rooms(principal: Principal, merchant_code: str) -> list[str]:
    """A staff socket hears the desks its login may read (second factor done): the cashier desk, the
    feedback desk, the support desk (and, supervising it, every live conversation's news)."""
    if principal.otp_enrolment_pending:
        return []
    desks = (
        (Permission.CASHIER_READ, events.console_room(merchant_code)),
        (Permission.FEEDBACK_READ, events.feedback_desk_room(merchant_code)),
        (Permission.CHAT_READ, events.chat_desk_room(merchant_code)),
        (Permission.CHAT_SUPERVISE, events.chat_supervisors_room(merchant_code)),
    )
    return [room for permission, room in desks if roles.may(principal.staff_role, permission)]


def member_watch(database: Database) -> StaffTopics:
    """A staff socket may follow a member's own room (balances move, sessions end) while the member page is
    open: with members.read, second factor done, and only a member of its own merchant."""

    async def may_watch(principal: Principal, merchant_id: int, topic: str) -> bool:
        member_id = events.user_of_room(topic)
        if member_id is None or principal.otp_enrolment_pending:
            return False
        if not roles.may(principal.staff_role, Permission.MEMBERS_READ):
            return False
        async with database.read_session() as session:
            return await members_service.is_member_of(session, merchant_id, member_id)

    return may_watch


def conversation_watch(database: Database) -> PrivateTopics:
    """A customer-service conversation's rooms: its player (the member, or the visitor whose handshake carried
    the conversation's chat token) and the merchant's staff who read the support desk; the staff-only room
    (private notes) to those staff alone."""

    async def may_follow(viewer: Viewer, topic: str) -> bool:
        room = events.conversation_of_room(topic)
        if room is None:
            return False
        conversation_id, staff_only = room
        staff = viewer.staff
        if staff is not None:
            if staff.otp_enrolment_pending or not roles.may(staff.staff_role, Permission.CHAT_READ):
                return False
            async with database.read_session() as session:
                return await chats.exists(session, viewer.merchant_id, conversation_id)
        if staff_only:
            return False
        visitor = chats.visitor_hash(viewer.chat_visitor) if viewer.chat_visitor else None
        player = chats.Player(viewer.merchant_id, viewer.member_id, visitor)
        async with database.read_session() as session:
            return await chats.exists(session, viewer.merchant_id, conversation_id, player.owns())

    return may_follow


async def lottery_visitor(context: PortalContext) -> Visitor:
    """How the portal names a lottery gateway caller to the house: its brand and language."""
    return Visitor(merchant_code=context.brand.code, language=context.language)


async def lottery_member(member: AnyMember) -> str:
    """The signed-in member, as the house knows players: the id the wallet's authenticate call gave it."""
    return str(member.member_id)


def create_app(settings: Settings | None = None, *, db: Database | None = None) -> FastAPI:
    settings = settings or load_settings()
    promotions_wiring.install()
    vip_wiring.install()
    protection_wiring.install()
    kyc_wiring.install()
    owns_db = db is None
    database = db or Database.from_url(settings.database_url)
    brands = BrandCache(database, settings.brand_cache_seconds, offered=catalogue.offered_counts)
    policy = session_policy(settings)
    house_topics = house_rooms.is_public_topic if settings.house_enabled else house_rooms.no_public_topic

    def public_topics(topic: str, merchant: str) -> bool:
        return house_topics(topic, merchant) or leaderboards.is_board_room(topic, merchant)

    hub = Hub(
        settings,
        database,
        brands,
        policy,
        public_topics=public_topics,
        staff_rooms=console_rooms,
        staff_topics=member_watch(database),
        private_topics=conversation_watch(database),
    )
    TypingRelay(hub.sio)
    # The app's e-mail sender is read at each send: a deployment (or a test) replaces the outbox after this.
    chat_sends = SocketSends(database, brands, policy, lambda: app.state.email_sender)
    ChatSends(hub.sio, chat_sends.send)
    revoker = revocation.Revoker(hub.sio, settings.redis_url, settings.realtime_channel)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        geo.warm_up()
        if settings.captcha_test_answer:
            log.warning("captcha_test_answer_set", honoured=settings.fixed_captcha_answer is not None)
        emitter.install(hub.sio)
        # Mission leaderboards count settled rounds from here on (their boards are built from the records).
        # Not where every unit of work shares one connection (most tests'): the boards read the database
        # from tasks of their own, which would interleave with the requests' savepoints (the boards' tests
        # run an app on a database of its own, tests/promotions/test_missions.py).
        boards: LiveBoards = app.state.live_boards
        stop_boards = None if database.shared_connection else settled.subscribe(boards.on_settled)
        revocation.install(revoker)
        await revoker.start()
        if scheduler is not None:
            scheduler.start()
        house: House | None = getattr(app.state, "house", None)
        if house is not None and settings.house_dealer:
            house.start_dealer()
        try:
            yield
        finally:
            metrics.process_exited()
            if stop_boards is not None:
                stop_boards()
            await boards.stop()
            if scheduler is not None:
                await scheduler.stop()
            if house is not None:
                await house.stop()
            await hub.stop()
            await after_commit.drain()
            await revoker.stop()
            if app.state.redis is not None:
                await app.state.redis.aclose()
            if owns_db:
                await database.dispose()

    app = FastAPI(
        title="Portal API",
        version="1.0.0",
        description=API_DESCRIPTION,
        lifespan=lifespan,
        docs_url="/docs" if settings.development_tools else None,
        openapi_url="/openapi.json" if settings.development_tools else None,
        redoc_url=None,
        # Metrics are ours (Prometheus, /metrics); FastAPI's own OpenTelemetry hooks looked up the global
        # providers on every request.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.settings = settings
    app.state.db = database
    app.state.brands = brands
    app.state.hub = hub
    app.state.session_policy = policy
    app.state.otp_box = SecretBox(settings.staff_otp_key)
    # Development outboxes; a deployment with real gateways replaces these with adapters.
    app.state.sms_sender = OutboxSms()
    app.state.email_sender = OutboxEmail()
    app.state.redis = aioredis.from_url(settings.redis_url) if settings.redis_url else None
    app.state.rate_limits = RateLimits(app.state.redis)
    app.state.live_boards = LiveBoards(
        database,
        RedisStore(app.state.redis) if app.state.redis is not None else MemoryStore(),
        settings.house_table_secret,
    )

    handlers.install(app)
    for middleware in reversed(edge_middleware(settings)):
        app.add_middleware(middleware.cls, *middleware.args, **middleware.kwargs)
    add_status_route(app.router)
    add_metrics_route(app.router, settings.metrics_scrape_networks)
    include_shared(app, health.router)
    # A game round's two hot paths first: the router tries routes in order, and walking every included router
    # before these cost a house round a tenth of its CPU (py-spy under `make bench`). Their prefixes are their
    # own, so nothing listed later could have matched them.
    include_shared(app, seamless_router)
    if settings.house_enabled:
        # The house reaches the wallet like any vendor: signed seamless calls, over the network when it runs
        # elsewhere, else to this app's own seamless handlers (same bytes, signature and answer, no HTTP).
        in_process = SeamlessInProcess(app.state)
        wallet = WalletClient(
            settings.house_wallet_secret,
            base_url=settings.house_wallet_url,
            in_process=None if settings.house_wallet_url else (lambda: in_process),
        )
        app.state.house = House(settings, database, wallet)
        app.mount("/house", create_house_app(app.state.house))
    include_shared(
        app,
        system_router,
        session_router,
        member_router,
        wallet_router,
        cashier_router,
        admin_router,
        admin_cashier_router,
        staff_router,
        staff_session_router,
        audit_router,
        members_router,
        member_records_router,
        brand_router,
        notices_router,
        notices_admin_router,
        help_router,
        help_admin_router,
        home_admin_router,
        messages_router,
        messages_admin_router,
        feedback_router,
        feedback_admin_router,
        applications_router,
        applications_admin_router,
        chat_router,
        chat_admin_router,
        agent_router,
        agent_contracts_router,
        agent_member_router,
        agent_dividends_router,
        agent_dividends_admin_router,
        agent_settlement_bets_router,
        agent_settlement_bets_admin_router,
        agents_admin_router,
        agent_betting_router,
        payloads_router,
        verification_router,
        games_router,
        promotions_router,
        missions_router,
        promotions_admin_router,
        promotion_applications_router,
        promotion_applications_admin_router,
        vip_router,
        vip_admin_router,
        cashback_router,
        cashback_admin_router,
        points_router,
        points_admin_router,
        referral_router,
        referral_admin_router,
        minigames_router,
        prize_games_admin_router,
        rain_router,
        rain_admin_router,
        protection_router,
        protection_public_router,
        protection_admin_router,
        kyc_router,
        kyc_admin_router,
    )
    if settings.house_enabled:
        include_shared(
            app, lottery_gateway(house_of=house_of_app, visitor=lottery_visitor, member=lottery_member)
        )
    house_wallet = app.state.house.wallet if settings.house_enabled else None
    scheduler = (
        InProcessScheduler(database, house_wallet=house_wallet) if settings.runs_inprocess_scheduler else None
    )
    if settings.development_tools:
        # The sandbox payment gateway stands in for a real provider, and the outboxes for real SMS and
        # e-mail senders; production has real ones, and routes none of these.
        include_shared(app, outbox_router, payment_callback_router)
        app.mount("/sandbox-gateway", create_sandbox_gateway(settings.sandbox_gateway_secret))
    web.mount_frontend(app, settings.frontend_dist)  # last: its catch-all must not shadow the API
    return app


def edge_middleware(settings: Settings, *, hot_paths: Collection[str] = ()) -> list[Middleware]:
    """What every HTTP call passes first, outermost first: refusals at the edge carry a request id too, and
    the request metrics time all of it (the hot calls, which no router names, by their path)."""
    return [
        Middleware(HttpMetrics, exact_paths=hot_paths or system_hot_routes),
        Middleware(EdgeMiddleware, trusted_proxies=settings.trusted_proxy_networks),
        Middleware(InputGuardMiddleware),
    ]


def create_asgi(settings: Settings | None = None, *, db: Database | None = None) -> ASGIApp:
    """The API wrapped by the Socket.IO app, which takes /socket.io/ and hands everything else on; the
    hottest calls are answered ahead of FastAPI, through the same edge."""
    api = create_app(settings, db=db)
    house: House | None = getattr(api.state, "house", None)
    posts = {ROUND_PATH: round_endpoint(house)} if house is not None else {}
    edge = edge_middleware(api.state.settings, hot_paths=(*system_hot_routes, *posts))
    hot = HotRoutes(api, system_hot_routes, edge=edge, posts=posts)
    asgi: ASGIApp = socketio.ASGIApp(api.state.hub.sio, other_asgi_app=hot, socketio_path="socket.io")
    # Outermost: the status call for a brand pick already seen, its client part computed per request.
    return StatusCache(asgi, api.state.brands, trusted_proxies=api.state.settings.trusted_proxy_networks)


def factory() -> ASGIApp:
    """For `uvicorn --factory server.app:factory` (containers, benchmarks, tests of several processes)."""
    settings = load_settings()
    configure_logging(settings.log_level, settings.log_format)
    return create_asgi(settings)
