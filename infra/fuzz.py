"""`make fuzz`: Schemathesis over the whole OpenAPI document of a running portal (its own SQLite database
with demo data), once anonymous and once as a logged-in member, each pass bounded in time. It fails on any
5xx and on any answer that does not match the document (status, content type, schema).

FUZZ_SECONDS: the time budget of each pass (default 75). FUZZ_SEED: replay a run."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from infra.smoke.processes import SmokeFailure, free_port, serving, wait_until_answers
from tests.support.portal import Portal

ROOT = Path(__file__).resolve().parent.parent
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
# A member pass that logged itself out, or changed its own password, would test the rest anonymously.
MEMBER_EXCLUDED = ("/wps/session/logout", "/wps/member/password", "/wps/member/paymentPassword")


async def member_token(base: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        portal = Portal(client)
        answer = await portal.login("player1")
        if answer.status_code != 200:
            raise SmokeFailure(f"player1 could not log in for the member pass: {answer.text}")
        assert portal.token is not None
        return portal.token


def schemathesis(base: str, label: str, headers: dict[str, str], excluded: tuple[str, ...] = ()) -> int:
    seconds = os.environ.get("FUZZ_SECONDS", "75")
    args = [
        str(Path(sys.executable).parent / "schemathesis"),
        "run",
        f"{base}/openapi.json",
        "--checks",
        CHECKS,
        "--max-time",
        seconds,
        "--phases",
        "examples,coverage,fuzzing",
        # One worker: Hypothesis describes strategies with ast.parse, which CPython 3.11 cannot run in
        # two threads at once ("AST constructor recursion depth mismatch").
        "--workers",
        "1",
        "--warnings",
        "off",
        "--request-timeout",
        "20",
    ]
    for name, value in headers.items():
        args += ["--header", f"{name}: {value}"]
    for path in excluded:
        args += ["--exclude-path", path]
    if os.environ.get("FUZZ_SEED"):
        args += ["--seed", os.environ["FUZZ_SEED"]]
    print(f"fuzz, {label}: up to {seconds} s", flush=True)
    return subprocess.run(args, cwd=ROOT, check=False).returncode


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="portal-fuzz-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "PORT": str(port),
        "DATABASE_URL": f"sqlite+aiosqlite:///{work / 'fuzz.db'}",
        "REDIS_URL": "",
        "ENVIRONMENT": "test",
        "LOG_LEVEL": "ERROR",
        "LOG_FORMAT": "console",
        "HOUSE_DEALER": "false",
    }
    log = work / "server.log"
    started = time.monotonic()
    try:
        with serving([sys.executable, "-m", "server", "run"], cwd=ROOT, env=env, log=log) as server:
            wait_until_answers(f"{base}/readyz", server, what="the portal", timeout=90, log=log)
            # Logged in first: the anonymous pass tries logins, whose failures would soon make this address
            # solve a captcha.
            token = asyncio.run(member_token(base))
            anonymous = schemathesis(base, "anonymous", {"Merchant": "demo"})
            member = schemathesis(
                base, "as player1", {"Merchant": "demo", "Authorization": token}, MEMBER_EXCLUDED
            )
            if server.poll() is not None:
                raise SmokeFailure("the portal stopped during the fuzzing", log)
    except SmokeFailure as failure:
        print(f"FUZZING FAILED: {failure}\n{log.read_text(errors='replace')[-4000:]}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"fuzzing finished in {time.monotonic() - started:.0f} s", flush=True)
    return 1 if anonymous or member else 0


if __name__ == "__main__":
    sys.exit(main())
