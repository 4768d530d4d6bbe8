"""What KYC attaches at start-up: the withdrawal rule, run by the wallet under the member's row lock (the
wallet imports nothing of protection), and the calls. Every composition root that takes withdrawals calls
install(); a second call changes nothing."""

from __future__ import annotations

from server.protection.kyc.admin_router import router as admin_router
from server.protection.kyc.router import router
from server.protection.kyc.service import check_withdrawal
from server.wallet import withdrawals

ROUTERS = (router, admin_router)


def install() -> None:
    withdrawals.on_request(check_withdrawal)
