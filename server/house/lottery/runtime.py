"""Where the draw job finds the house's wallet client. In the API process the house installs its own (calls go
into the same ASGI app); a Celery worker builds one from the settings: over HTTP to HOUSE_WALLET_URL when set,
else into a portal app it builds in-process (the whole HTTP stack, against the same database)."""

from __future__ import annotations

from typing import Any

from server.db.session import Database
from server.house.wallet_client import WalletClient
from server.settings import load_settings


class _Installed:
    wallet: WalletClient | None = None
    app: Any = None


def install(wallet: WalletClient | None) -> None:
    _Installed.wallet = wallet


def wallet() -> WalletClient | None:
    """The wallet client, or None where the house is switched off (then there is no lottery to draw)."""
    if _Installed.wallet is not None:
        return _Installed.wallet
    settings = load_settings()
    if not settings.house_enabled:
        return None
    if settings.house_wallet_url:
        _Installed.wallet = WalletClient(settings.house_wallet_secret, base_url=settings.house_wallet_url)
    else:
        from server.app import create_app  # the app imports this module: import here, not at the top

        _Installed.app = create_app(settings)
        _Installed.wallet = WalletClient(settings.house_wallet_secret, app=lambda: _Installed.app)
    return _Installed.wallet


async def draw_and_settle(db: Database) -> dict[str, int]:
    from server.house.lottery import draws

    client = wallet()
    if client is None:
        return {"skipped": 1}
    report = await draws.run(db, client)
    return {"drawn": report.drawn, "paid": report.paid, "settled": report.settled, "failed": report.failed}
