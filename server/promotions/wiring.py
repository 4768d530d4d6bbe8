"""What promotions attach to the wallet at start-up: the wagering meter its bonus locks count with, and the
deposit hook that pays deposit bonuses. Every composition root calls install() (the web app, the task
worker, the CLI); a second call changes nothing."""

from __future__ import annotations

from server.promotions import entries, wagering
from server.wallet import bonus_locks, deposits

_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    bonus_locks.use_meter(wagering.weighted_turnover)
    deposits.on_credited(entries.deposit_credited)
    _installed = True
