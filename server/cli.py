"""`python -m server ...`: serve, migrate, seed, export the OpenAPI document, and operator switches."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Literal

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.service import audit
from server.brands import service as brands
from server.brands.models import Merchant
from server.db import migrate
from server.db.session import Database
from server.demo import seed
from server.games.provision import offer_house_games
from server.logs import configure_logging
from server.settings import Settings, load_settings


def _with_session(settings: Settings, work: Callable[[AsyncSession], Awaitable[None]]) -> None:
    async def main() -> None:
        db = Database.from_url(settings.database_url)
        try:
            async with db.session() as session:
                await work(session)
        finally:
            await db.dispose()

    asyncio.run(main())


def seed_if_empty(settings: Settings) -> bool:
    seeded = False

    async def work(session: AsyncSession) -> None:
        nonlocal seeded
        if await seed.is_empty(session):
            await seed.seed_demo(session, house_secret=settings.house_wallet_secret)
            seeded = True
        elif settings.house_enabled:
            # A database from before the games existed gets the house catalogue too (idempotent).
            for merchant_id, code in (await session.execute(select(Merchant.id, Merchant.code))).tuples():
                await offer_house_games(session, merchant_id, code, settings.house_wallet_secret)

    _with_session(settings, work)
    return seeded


def banner(settings: Settings) -> str:
    address = f"http://{settings.host}:{settings.port}"
    lines = [
        "",
        f"  Portal is serving on {address}",
        f"  Second brand (demo2):  http://demo2.localhost:{settings.port}",
        f"  Database: {settings.database_url.split('@')[-1]}",
        f"  Demo logins (password {seed.DEMO_PASSWORD}):",
    ]
    lines += [f"    {d.merchant:6} {d.username:9} {d.role}" for d in seed.DEMO_LOGINS]
    return "\n".join(lines) + "\n"


def cmd_run(args: argparse.Namespace, settings: Settings) -> None:
    import uvicorn

    migrate.upgrade(settings.database_url)
    if not args.no_seed:
        seed_if_empty(settings)
    print(banner(settings), flush=True)
    uvicorn.run(
        "server.app:factory",
        factory=True,
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,
        proxy_headers=False,  # X-Forwarded-For is read by our own trusted-proxy rule
        timeout_graceful_shutdown=5,
        ws="websockets-sansio",  # realtime.fanout writes room events straight to its frames
    )


def cmd_migrate(_: argparse.Namespace, settings: Settings) -> None:
    migrate.upgrade(settings.database_url)
    print("migrations applied")


def cmd_seed(_: argparse.Namespace, settings: Settings) -> None:
    print("demo data seeded" if seed_if_empty(settings) else "database not empty; nothing seeded")


def cmd_openapi(args: argparse.Namespace, settings: Settings) -> None:
    from server.app import create_app

    document = json.dumps(create_app(settings).openapi(), indent=2, sort_keys=True) + "\n"
    if args.out:
        Path(args.out).write_text(document)
    else:
        sys.stdout.write(document)


# The merchant command's actions, each written to the audit log as "cli.<action>": the console names each
# (tests/admin/test_audit_labels.py reads the actions from this type).
MerchantAction = Literal["create", "maintenance", "switch", "region"]


def cmd_merchant(args: argparse.Namespace, settings: Settings) -> None:
    action: MerchantAction = args.action

    async def work(session: AsyncSession) -> None:
        if action == "create":
            created = await brands.create_merchant(
                session, code=args.code, name=args.name or args.code, domains=args.domain
            )
            if settings.house_enabled:
                await offer_house_games(session, created.id, created.code, settings.house_wallet_secret)
        elif action == "maintenance":
            # Open pages learn of it from the announcing job, which runs wherever the jobs run.
            await brands.set_maintenance(session, args.code, on=args.state == "on")
        elif action == "switch":
            await brands.set_switch(session, args.code, args.mod_id, enabled=args.state == "on")
        elif action == "region":
            if args.clear:
                await brands.clear_region_rules(session, args.code)
            else:
                await brands.add_region_rule(
                    session, args.code, action=args.rule.upper(), country=args.country, network=args.network
                )

        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == args.code))
        if merchant_id is not None:
            detail = {k: v for k, v in vars(args).items() if k not in ("handler", "command", "action")}
            await audit(
                session, merchant_id=merchant_id, staff_id=None, action=f"cli.{action}", detail=detail
            )

    _with_session(settings, work)
    print(f"merchant {args.code}: {action} done")


def cmd_member(args: argparse.Namespace, settings: Settings) -> None:
    from server.accounts.credentials import operator_reset
    from server.accounts.login import username_key
    from server.accounts.models import AGENT_TYPES, PLAYER, Member

    FIRST_LEVEL_AGENT = 1  # SPEC §6's agent role 1
    from server.accounts.passwords import hash_password_async
    from server.db.base import utcnow

    async def work(session: AsyncSession) -> None:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == args.code))
        if merchant_id is None:
            raise SystemExit(f"no merchant {args.code}")
        if args.action == "age-limit-changes":
            if settings.environment == "production":
                raise SystemExit("the test clock is not for production")
            from server.protection.limits import age_pending

            found = await session.scalar(
                select(Member.id).where(
                    Member.merchant_id == merchant_id, Member.username == username_key(args.username)
                )
            )
            if found is None:
                raise SystemExit(f"no member {args.username} on {args.code}")
            print(await age_pending(session, found, timedelta(hours=args.hours)))
            return
        if args.action == "reset-password":
            temporary = await operator_reset(session, merchant_id, args.username)
            await audit(
                session,
                merchant_id=merchant_id,
                staff_id=None,
                action="cli.reset_password",
                target=args.username,
            )
            print(temporary)
            return
        username = username_key(args.username)
        if await session.scalar(
            select(Member.id).where(Member.merchant_id == merchant_id, Member.username == username)
        ):
            raise SystemExit(f"{username} already exists on {args.code}")
        upline_id = None
        if args.upline:
            upline_id = await session.scalar(
                select(Member.id).where(
                    Member.merchant_id == merchant_id,
                    Member.username == username_key(args.upline),
                    Member.member_type.in_(AGENT_TYPES),
                )
            )
            if upline_id is None:
                raise SystemExit(f"no agent {args.upline} on {args.code}")
        session.add(
            Member(
                merchant_id=merchant_id,
                username=username,
                password_hash=await hash_password_async(args.password),
                password_changed_at=utcnow(),
                member_type=FIRST_LEVEL_AGENT if args.agent else PLAYER,
                created_by="OPERATOR",
                upline_id=upline_id,
                nickname=username,
                rank_level=args.rank,
            )
        )
        await session.flush()
        await audit(
            session, merchant_id=merchant_id, staff_id=None, action="cli.create_member", target=username
        )
        print(username)

    _with_session(settings, work)


def cmd_agents(args: argparse.Namespace, settings: Settings) -> None:
    from datetime import datetime

    from server.accounts.login import username_key
    from server.accounts.models import Member
    from server.agents.models import KINDS
    from server.agents.settle import settle

    at = None
    if args.at:
        # Settling as if the clock said so pays periods that have not closed: for test and demo databases.
        if not settings.development_tools:
            raise SystemExit("--at is refused in production: contracts settle on the clock")
        at = datetime.fromisoformat(args.at)
        if at.tzinfo is None:
            raise SystemExit("--at needs a time zone, e.g. 2026-11-27T00:05:00+08:00")

    async def main() -> None:
        db = Database.from_url(settings.database_url)
        try:
            agents = None
            if args.agent:
                async with db.read_session() as session:
                    rows = await session.scalars(
                        select(Member.id)
                        .join(Merchant, Merchant.id == Member.merchant_id)
                        .where(Merchant.code == args.code, Member.username.in_(map(username_key, args.agent)))
                    )
                    agents = list(rows)
                if len(agents) != len(set(args.agent)):
                    raise SystemExit(f"not every one of {args.agent} is a member of {args.code}")
            for kind in [args.kind] if args.kind else KINDS:
                report = await settle(db, kind, at, agents=agents)
                print(json.dumps({"kind": kind, **vars(report)}))
        finally:
            await db.dispose()

    asyncio.run(main())


def cmd_job(args: argparse.Namespace, settings: Settings) -> None:
    """One scheduled job now, as the scheduler runs it (recorded in the job runs). This process has no house:
    a job that pays through the house's wallet API answers that it skipped. Its live pushes (a balance) reach
    the API processes' sockets through Redis where there is one, as a worker's do; without Redis they are
    dropped with a warning (the embedded server's sockets live in its own process)."""
    from realtime import emitter
    from tasks.jobs import JOBS
    from tasks.runner import run_job

    if args.name not in JOBS:
        raise SystemExit(f"no job {args.name}; the jobs: {', '.join(sorted(JOBS))}")
    if settings.redis_url:
        emitter.install(emitter.redis_writer(settings.redis_url, settings.realtime_channel))

    async def main() -> None:
        db = Database.from_url(settings.database_url)
        try:
            print(await run_job(db, args.name, runner="cli"))
        finally:
            await db.dispose()

    asyncio.run(main())


def cmd_staff(args: argparse.Namespace, settings: Settings) -> None:
    from server.admin import staff_service
    from server.http.core.errors import AppError

    async def work(session: AsyncSession) -> None:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == args.code))
        if merchant_id is None:
            raise SystemExit(f"no merchant {args.code}")
        if len(args.password) < 10:
            raise SystemExit("a staff password has at least 10 characters")
        try:
            staff = await staff_service.create_staff(
                session,
                merchant_id=merchant_id,
                actor_id=None,
                username=args.username,
                password=args.password,
                role=args.role,
                nickname=None,
                ip=None,
            )
        except AppError as exc:
            raise SystemExit(f"{args.username}: {exc.message}") from None
        print(staff.username)

    _with_session(settings, work)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="python -m server", description=__doc__)
    commands = root.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="migrate, seed when empty, and serve")
    run.add_argument("--no-seed", action="store_true", help="do not seed demo data")
    run.set_defaults(handler=cmd_run)
    commands.add_parser("migrate", help="apply database migrations").set_defaults(handler=cmd_migrate)
    commands.add_parser("seed", help="seed demo data into an empty database").set_defaults(handler=cmd_seed)
    openapi = commands.add_parser("openapi", help="print or write the OpenAPI document")
    openapi.add_argument("--out", help="file to write")
    openapi.set_defaults(handler=cmd_openapi)

    merchant = commands.add_parser("merchant", help="operator switches of one merchant")
    actions = merchant.add_subparsers(dest="action", required=True)
    create = actions.add_parser("create")
    create.add_argument("code")
    create.add_argument("--name")
    create.add_argument("--domain", action="append", default=[])
    maintenance = actions.add_parser("maintenance")
    maintenance.add_argument("code")
    maintenance.add_argument("state", choices=("on", "off"))
    switch = actions.add_parser("switch")
    switch.add_argument("code")
    switch.add_argument("mod_id")
    switch.add_argument("state", choices=("on", "off"))
    region = actions.add_parser("region", help="add an ALLOW or BLOCK rule, or --clear them")
    region.add_argument("code")
    region.add_argument("rule", nargs="?", choices=("allow", "block"))
    region.add_argument("--country")
    region.add_argument("--network")
    region.add_argument("--clear", action="store_true")
    merchant.set_defaults(handler=cmd_merchant)

    member = commands.add_parser("member", help="back-office actions on one member")
    member_actions = member.add_subparsers(dest="action", required=True)
    age = member_actions.add_parser(
        "age-limit-changes",
        help="not in production: the member's waiting limit changes as if HOURS had passed (a test clock)",
    )
    age.add_argument("code")
    age.add_argument("username")
    age.add_argument("--hours", type=int, required=True)
    reset = member_actions.add_parser("reset-password", help="print a temporary password to change at login")
    reset.add_argument("code", help="merchant code")
    reset.add_argument("username")
    create_member = member_actions.add_parser("create", help="open a player account")
    create_member.add_argument("code", help="merchant code")
    create_member.add_argument("username")
    create_member.add_argument("--password", required=True)
    create_member.add_argument("--upline", help="the agent above this player")
    create_member.add_argument("--rank", type=int, default=0, help="VIP rank level (above 4: VIP service)")
    create_member.add_argument("--agent", action="store_true", help="a first-level agent instead of a player")
    member.set_defaults(handler=cmd_member)

    agents = commands.add_parser("agents", help="agents' contracts")
    agent_actions = agents.add_subparsers(dest="action", required=True)
    settle = agent_actions.add_parser(
        "settle",
        help="settle the salaries and dividends due now (what the scheduled jobs do), printing the counts",
    )
    settle.add_argument("--kind", choices=["DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY", "DIVIDEND"])
    settle.add_argument("--code", default="demo", help="merchant code, with --agent")
    settle.add_argument("--agent", action="append", default=[], help="only this agent's contracts (repeat)")
    settle.add_argument("--at", help="as if it were then (ISO time with zone; not in production)")
    agents.set_defaults(handler=cmd_agents)

    job = commands.add_parser("job", help="run one scheduled job now, printing its result")
    job.add_argument("name", help="the job's name, e.g. loyalty.accrue_points")
    job.set_defaults(handler=cmd_job)

    staff = commands.add_parser("staff", help="back-office accounts")
    staff_actions = staff.add_subparsers(dest="action", required=True)
    create_staff = staff_actions.add_parser(
        "create", help="open a staff account (a new merchant's first operator); it enrols two-factor at login"
    )
    create_staff.add_argument("code", help="merchant code")
    create_staff.add_argument("username")
    create_staff.add_argument("--role", required=True, choices=["OPERATOR", "FINANCE", "SUPPORT", "AUDITOR"])
    create_staff.add_argument("--password", required=True, help="at least 10 characters")
    staff.set_defaults(handler=cmd_staff)
    return root


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        settings = load_settings()
    except ValidationError as exc:
        # A refused configuration is the operator's to fix: say what, not where in our code.
        sys.exit("\n".join(str(error["msg"]) for error in exc.errors()))
    configure_logging(settings.log_level, settings.log_format)
    if args.command == "merchant" and args.action == "region" and not args.clear and not args.rule:
        parser().error("region needs allow or block, or --clear")
    args.handler(args, settings)
