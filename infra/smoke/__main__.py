"""CI's fresh-clone stage (`make smoke`): the committed HEAD, cloned into a temporary folder, started as a
newcomer starts it (`make run` with runtime dependencies only) and as the Docker image starts it. A runtime
import missing from [project.dependencies], a broken web client build, a failing migration or seed, or a
Dockerfile that leaves out what the product needs at run time fails it.

SMOKE_SOURCE: the repository to clone (default: this checkout). SMOKE_KEEP=1 keeps the temporary folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from infra.smoke import image, make_run
from infra.smoke.processes import SmokeFailure, tail

CHECKOUT = Path(__file__).resolve().parents[2]


def clone(source: Path, target: Path) -> None:
    head = subprocess.run(
        ["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    changes = subprocess.run(
        ["git", "-C", str(source), "status", "--porcelain"], capture_output=True, text=True
    )
    if changes.stdout:
        print(f"  note: {source} has uncommitted changes; the stage tests the commit {head[:12]} only")
    subprocess.run(["git", "clone", "--quiet", str(source), str(target)], check=True)
    # The source's HEAD even when it is detached (CI checks out a commit, not a branch).
    subprocess.run(["git", "-C", str(target), "checkout", "--quiet", "--detach", head], check=True)
    print(f"  cloned {source} at {head[:12]}", flush=True)


def main() -> int:
    source = Path(os.environ.get("SMOKE_SOURCE") or CHECKOUT).resolve()
    work = Path(tempfile.mkdtemp(prefix="portal-smoke-"))
    started = time.monotonic()
    stage = ""
    try:
        stage = "clone"
        clone(source, work / "portal")
        # The image's install shares nothing with `make run` but the clone it reads: it runs beside it (both
        # wait mostly on the package registries).
        with ThreadPoolExecutor(max_workers=1) as beside:
            installing = beside.submit(image.install, work / "portal", work, work / "image.log")
            stage = "make run in a fresh clone"
            print(f"{stage} (the image's install beside it):", flush=True)
            make_run.check(work / "portal", work / "make-run.log")
            print(f"  done at {time.monotonic() - started:.0f} s", flush=True)
            stage = "the image's install"
            venv = installing.result()
        print(f"  installed the image's files non-editable into {venv}", flush=True)
        stage = "the image's command"
        print(f"{stage}:", flush=True)
        image.check(work / "portal", work, venv, work / "image.log")
    except (SmokeFailure, subprocess.CalledProcessError) as failure:
        print(f"\nFRESH-CLONE STAGE FAILED ({stage}): {failure}", file=sys.stderr)
        log = getattr(failure, "log", None)
        if log is not None:
            print(f"--- last lines of {log.name} ---\n{tail(log)}\n---", file=sys.stderr)
        return 1
    finally:
        if os.environ.get("SMOKE_KEEP") == "1":
            print(f"  kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"fresh-clone stage passed in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
