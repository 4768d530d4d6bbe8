"""Every domain's tables, imported so that Base.metadata is complete (for Alembic and the tests)."""

from server.accounts import models as accounts_models
from server.admin import models as admin_models
from server.agents import models as agents_models
from server.brands import models as brands_models
from server.content.applications import models as applications_models
from server.content.feedback import models as feedback_models
from server.content.help import models as help_models
from server.content.messages import models as messages_models
from server.content.notices import models as notices_models
from server.db.base import Base
from server.games import models as games_models
from server.house import models as house_models
from server.house.lottery import models as lottery_models
from server.loyalty import models as loyalty_models
from server.loyalty.cashback import models as cashback_models
from server.loyalty.points import models as points_models
from server.loyalty.referral import models as referral_models
from server.loyalty.vip import models as vip_models
from server.minigames.prizes import models as prize_models
from server.minigames.rain import models as rain_models
from server.ops import models as ops_models
from server.promotions import models as promotions_models
from server.protection import models as protection_models
from server.protection.kyc import models as kyc_models
from server.security import models as security_models
from server.support import models as support_models
from server.wallet import cashier_models
from server.wallet import models as wallet_models

__all__ = [
    "Base",
    "accounts_models",
    "admin_models",
    "agents_models",
    "applications_models",
    "brands_models",
    "cashback_models",
    "cashier_models",
    "feedback_models",
    "games_models",
    "help_models",
    "house_models",
    "kyc_models",
    "lottery_models",
    "loyalty_models",
    "messages_models",
    "notices_models",
    "ops_models",
    "points_models",
    "prize_models",
    "promotions_models",
    "protection_models",
    "rain_models",
    "referral_models",
    "security_models",
    "support_models",
    "vip_models",
    "wallet_models",
]
