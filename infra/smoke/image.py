"""What infra/Dockerfile's image runs, without a Docker engine: the files its final stage copies, installed
non-editable into a fresh virtual environment (runtime dependencies only), then, from a folder outside the
source so that every import and every package file (the Alembic migrations) comes from site-packages: the
compose file's migrate and seed, the worker's and beat's Celery app, and the image's own CMD, which must
answer /healthz and /readyz and serve the web client."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

from infra.smoke.processes import (
    SmokeFailure,
    fetch,
    free_port,
    newcomer_environment,
    run_step,
    serving,
    wait_until_answers,
)

INSTALL_SECONDS = 240
START_SECONDS = 60


def install(clone: Path, work: Path, log: Path) -> Path:
    """The image's build: the files its final stage copies, installed into a new virtual environment. It
    needs nothing `make run` makes (the web client comes from the clone when the image is run), so the fresh-
    clone stage runs it beside `make run`."""
    copies, _ = read_dockerfile(clone / "infra" / "Dockerfile")
    context = work / "image"
    for source in copies:
        _copy(clone / source, context / source)
    venv = work / "image-venv"
    python = shutil.which("python3.11") or sys.executable
    run_step([python, "-m", "venv", str(venv)], cwd=work, env=newcomer_environment(), log=log, timeout=60)
    pip = [str(venv / "bin" / "pip"), "install", "--disable-pip-version-check", "-q", str(context)]
    run_step(pip, cwd=work, env=newcomer_environment(), log=log, timeout=INSTALL_SECONDS)
    return venv


def check(clone: Path, work: Path, venv: Path, log: Path) -> None:
    """The image's command, from the environment `install` made: migrate, seed, the Celery app, serving."""
    _, command = read_dockerfile(clone / "infra" / "Dockerfile")
    outside = work / "image-run"
    outside.mkdir()
    port = free_port()
    env = newcomer_environment(
        PATH=f"{venv / 'bin'}:{newcomer_environment()['PATH']}",
        DATABASE_URL=f"sqlite+aiosqlite:///{work / 'image.db'}",
        FRONTEND_DIST=str(clone / "frontend" / "dist"),
        LOG_FORMAT="json",
        PYTHONDONTWRITEBYTECODE="1",
    )
    image_python = str(venv / "bin" / "python")
    for step in (["-m", "server", "migrate"], ["-m", "server", "seed"], ["-c", "import tasks.celery_app"]):
        run_step([image_python, *step], cwd=outside, env=env, log=log, timeout=60)
    print("  migrate, seed and the Celery app ran from site-packages", flush=True)

    cmd = _on_port(command, port)
    base = f"http://127.0.0.1:{port}"
    with serving(cmd, cwd=outside, env=env, log=log) as server:
        for path in ("/healthz", "/readyz"):
            wait_until_answers(base + path, server, what="the image's CMD", timeout=START_SECONDS, log=log)
        status, page = fetch(f"{base}/", log=log)
        if status != 200 or '<div id="root">' not in page:
            raise SmokeFailure(f"GET / from the image's command: {status}, not the web client", log)
    print(f"  the image's CMD ({shlex.join(command)}) answered /healthz, /readyz and /", flush=True)


def read_dockerfile(path: Path) -> tuple[list[str], list[str]]:
    """The build-context paths the final stage copies, and its CMD (exec form)."""
    copies: list[str] = []
    command: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "FROM":
            copies, command = [], []
        elif words[0] == "COPY" and not any(w.startswith("--from") for w in words):
            copies += [w.rstrip("/") for w in words[1:-1] if not w.startswith("--")]
        elif words[0] == "CMD":
            command = json.loads(line.removeprefix("CMD"))
    if not copies or not command:
        raise SmokeFailure(f"{path}: no COPY or no exec-form CMD in the final stage")
    return copies, command


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copy2(source, target)


def _on_port(command: list[str], port: int) -> list[str]:
    """The image's command, listening on this machine's loopback and a free port instead of 0.0.0.0:8000."""
    replaced = list(command)
    for option, value in (("--port", str(port)), ("--host", "127.0.0.1")):
        if option not in replaced:
            raise SmokeFailure(f"the Dockerfile's CMD has no {option}: {shlex.join(command)}")
        replaced[replaced.index(option) + 1] = value
    return replaced
