"""Starting the product as a separate process group, waiting until it answers, and stopping all of it."""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

# Settings a developer's or CI's shell may carry that would point the product away from its embedded default
# (or a Python away from its own virtual environment); a newcomer has none of them.
FOREIGN_VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "FRONTEND_DIST",
    "ENVIRONMENT",
    "SCHEDULER",
    "HOST",
    "PORT",
    "VIRTUAL_ENV",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "MAKEFLAGS",
    "MAKELEVEL",
    "MFLAGS",
)


class SmokeFailure(Exception):
    """A check failed: what went wrong, and the log that tells why."""

    def __init__(self, message: str, log: Path | None = None) -> None:
        super().__init__(message)
        self.log = log


def newcomer_environment(**extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in FOREIGN_VARIABLES}
    env.update(extra)
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_step(args: list[str], *, cwd: Path, env: Mapping[str, str], log: Path, timeout: float) -> None:
    """One command to completion, its output appended to the log; a failure or a hang is a SmokeFailure."""
    with log.open("ab") as out:
        out.write(f"$ {shlex.join(args)}\n".encode())
        out.flush()
        try:
            subprocess.run(
                args, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, check=True
            )
        except subprocess.CalledProcessError as exc:
            raise SmokeFailure(f"`{shlex.join(args)}` exited with {exc.returncode}", log) from exc
        except subprocess.TimeoutExpired as exc:
            raise SmokeFailure(f"`{shlex.join(args)}` took longer than {timeout:.0f} s", log) from exc


@contextmanager
def serving(
    args: list[str], *, cwd: Path, env: Mapping[str, str], log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """The command in a process group of its own (make, its shell and the server under it), stopped as a
    whole on the way out, whatever happened."""
    with log.open("ab") as out:
        child = subprocess.Popen(
            args, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        yield child
    finally:
        _stop_group(child)


def _stop_group(child: subprocess.Popen[bytes]) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(child.pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            child.poll()  # reaps make, so that its group can empty
            if not _group_alive(child.pid):
                return
            time.sleep(0.2)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_until_answers(
    url: str, child: subprocess.Popen[bytes], *, what: str, timeout: float, log: Path
) -> None:
    """Until GET url answers 200; the child exiting first (a failed install, build, migration, seed or
    import) or the time running out is a SmokeFailure."""
    deadline = time.monotonic() + timeout
    while True:
        code = child.poll()
        if code is not None:
            raise SmokeFailure(f"{what} exited with {code} before {url} answered", log)
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:  # noqa: S310 - our own http:// address
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise SmokeFailure(f"{url} did not answer within {timeout:.0f} s", log)
        time.sleep(0.5)


def fetch(url: str, *, log: Path) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310 - our own http:// address
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as exc:
        raise SmokeFailure(f"GET {url} failed: {exc}", log) from exc


def tail(log: Path, lines: int = 40) -> str:
    if not log.exists():
        return "(no log)"
    return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
