"""What loyalty attaches to the wallet at start-up: the VIP withdrawal-limit check, run by the wallet under
the member's lock (the wallet imports nothing of loyalty). Every composition root that takes withdrawals
calls install(); a second call changes nothing."""

from __future__ import annotations

from server.loyalty.vip.withdrawal_limits import check_withdrawal
from server.wallet import withdrawals


def install() -> None:
    withdrawals.on_request(check_withdrawal)
