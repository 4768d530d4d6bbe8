"""Every domain's tables, imported so that Base.metadata is complete (for Alembic and the tests)."""

from server.accounts import models as accounts_models
from server.admin import models as admin_models
from server.brands import models as brands_models
from server.db.base import Base
from server.games import models as games_models
from server.house import models as house_models
from server.house.lottery import models as lottery_models
from server.ops import models as ops_models
from server.security import models as security_models
from server.wallet import cashier_models
from server.wallet import models as wallet_models

__all__ = [
    "Base",
    "accounts_models",
    "admin_models",
    "brands_models",
    "cashier_models",
    "games_models",
    "house_models",
    "lottery_models",
    "ops_models",
    "security_models",
    "wallet_models",
]
