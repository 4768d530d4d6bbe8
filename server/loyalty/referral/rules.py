"""A merchant's invite-friends rules: read (the defaults when staff never saved any) and replaced."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.loyalty.referral.models import ReferralRules

_RULES = cast(Table, ReferralRules.__table__)
DAYS_MAX = 365
WAGER_MULTIPLE_MAX = 100
REWARD_MAX = 1_000_000_00  # minor units: a reward above this is a typing slip, not a programme


@dataclass(frozen=True)
class Rules:
    enabled: bool
    reward: int  # minor units
    deposit: int
    turnover: int
    days: int
    wager_multiple: int

    def wire(self) -> dict[str, Any]:
        return {
            "enabled": self.enabled,
            "reward": format_amount(self.reward),
            "deposit": format_amount(self.deposit),
            "turnover": format_amount(self.turnover),
            "days": self.days,
            "wagerMultiple": self.wager_multiple,
        }


DEFAULTS = Rules(enabled=True, reward=10_00, deposit=100_00, turnover=500_00, days=30, wager_multiple=1)


async def rules_of(session: AsyncSession, merchant_id: int) -> Rules:
    # populate_existing: an upsert in this session bypasses the identity map, so its copy may be stale.
    row = await session.scalar(
        select(ReferralRules)
        .where(ReferralRules.merchant_id == merchant_id)
        .execution_options(populate_existing=True)
    )
    if row is None:
        return DEFAULTS
    return Rules(row.enabled, row.reward, row.deposit, row.turnover, row.days, row.wager_multiple)


def parse_rules(body: Mapping[str, Any]) -> Rules:
    """Rules from the console's wire form, or VALIDATION_ERROR naming every bad field. Amounts are the wire's
    strings (reward above zero, thresholds zero or more); days 1..365; wagerMultiple 0..100."""
    fields: list[dict[str, str]] = []
    amounts: dict[str, int] = {}
    for name, allow_zero in (("reward", False), ("deposit", True), ("turnover", True)):
        try:
            amounts[name] = parse_amount(body.get(name), field=name, allow_zero=allow_zero)
        except AppError:
            fields.append({"field": name, "type": "amount"})
    if amounts.get("reward", 0) > REWARD_MAX:
        fields.append({"field": "reward", "type": "range"})
    days, multiple = body.get("days"), body.get("wagerMultiple")
    enabled = body.get("enabled")
    if not isinstance(enabled, bool):
        fields.append({"field": "enabled", "type": "bool"})
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= DAYS_MAX:
        fields.append({"field": "days", "type": "range"})
    if isinstance(multiple, bool) or not isinstance(multiple, int) or not 0 <= multiple <= WAGER_MULTIPLE_MAX:
        fields.append({"field": "wagerMultiple", "type": "range"})
    if fields:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": fields})
    assert isinstance(enabled, bool)
    assert isinstance(days, int)
    assert isinstance(multiple, int)
    return Rules(enabled, amounts["reward"], amounts["deposit"], amounts["turnover"], days, multiple)


async def save_rules(session: AsyncSession, merchant_id: int, rules: Rules) -> Rules:
    """Replace the merchant's rules: one upsert, so two staff saving at once leave one whole set."""
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    values = {**asdict(rules), "updated_at": utcnow()}
    statement = insert_for(_RULES).values(merchant_id=merchant_id, **values)
    await session.execute(statement.on_conflict_do_update(index_elements=["merchant_id"], set_=values))
    return await rules_of(session, merchant_id)
