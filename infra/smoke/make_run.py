"""`make run` in a fresh clone, as a newcomer runs it: its own new .venv with the runtime dependencies only
(make run creates and fills it), the web client built from scratch, migrations, demo data, then the header
and player1's encrypted login in Chromium."""

from __future__ import annotations

import subprocess
from pathlib import Path

from infra.smoke.processes import SmokeFailure, free_port, newcomer_environment, serving, wait_until_answers

BROWSER_CHECK = Path(__file__).resolve().parent / "browser.mjs"
# Warm pip and npm caches make it about a minute; a cold machine may take several, and in CI the image's
# install (infra/smoke/image.py) and the test environment's share the two cores with it.
FIRST_START_SECONDS = 360
BROWSER_SECONDS = 90


def check(clone: Path, log: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    print(f"  make run PORT={port} in {clone} (log: {log})", flush=True)
    with serving(["make", "run", f"PORT={port}"], cwd=clone, env=newcomer_environment(), log=log) as make:
        wait_until_answers(f"{base}/healthz", make, what="make run", timeout=FIRST_START_SECONDS, log=log)
        print(f"  {base}/healthz answers", flush=True)
        if (clone / ".venv" / ".dev").exists():
            raise SmokeFailure(
                "make run installed the dev extra: a missing runtime dependency would go unseen"
            )
        try:
            subprocess.run(
                ["node", str(BROWSER_CHECK), base, str(clone / "frontend")],
                cwd=clone,
                env=newcomer_environment(),
                timeout=BROWSER_SECONDS,
                check=True,
            )
        except subprocess.CalledProcessError as exc:
            raise SmokeFailure(f"the browser check failed (exit {exc.returncode})", log) from exc
        except subprocess.TimeoutExpired as exc:
            raise SmokeFailure(f"the browser check took longer than {BROWSER_SECONDS} s", log) from exc
        if make.poll() is not None:
            raise SmokeFailure(f"make run exited with {make.returncode} while serving", log)
