"""Staff's changes to the VIP ladder and settings, checked field by field (VALIDATION_ERROR with every
field that is wrong, never a 500) and audited in the same transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.admin.audit_trail import audit
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import parse_amount
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.levels import CATEGORIES, Level
from server.loyalty.vip.models import LEVEL_MAX
from server.loyalty.vip.rates import parse_rate
from server.loyalty.vip.schemas import LevelBody, SettingsBody


class _Fields:
    def __init__(self) -> None:
        self.wrong: list[dict[str, str]] = []

    def add(self, field: str, kind: str) -> None:
        self.wrong.append({"field": field, "type": kind})

    def amount(self, text: str | None, field: str) -> int:
        if text is None:
            return 0
        try:
            return parse_amount(text, field=field, allow_zero=True)
        except AppError:
            self.add(field, "amount")
            return 0

    def check(self) -> None:
        if self.wrong:
            raise AppError(errors.VALIDATION_ERROR, value={"fields": self.wrong})


def level_of(body: LevelBody, number: int, ladder: list[Level]) -> Level:
    fields = _Fields()
    if not 0 <= number <= LEVEL_MAX:
        fields.add("level", "range")
    highest = ladder[-1].level
    if number > highest + 1:
        fields.add("level", "gap")  # levels are a ladder: 0, 1, 2, ... without a hole
    names: dict[str, str] = {str(code): name.strip() for code, name in body.names.items() if name.strip()}
    if not names:
        fields.add("names", "missing")
    rates: dict[str, int] = {}
    for category, text in body.cashback_rates.items():
        bps = parse_rate(text)
        if category not in CATEGORIES:
            fields.add(f"cashbackRates.{category}", "category")
        elif bps is None:
            fields.add(f"cashbackRates.{category}", "rate")
        elif bps:
            rates[category] = bps
    level = Level(
        level=number,
        names=names,
        emblem=body.emblem,
        deposit_required=fields.amount(body.deposit_required, "depositRequired"),
        turnover_required=fields.amount(body.turnover_required, "turnoverRequired"),
        upgrade_bonus=fields.amount(body.upgrade_bonus, "upgradeBonus"),
        monthly_bonus=fields.amount(body.monthly_bonus, "monthlyBonus"),
        birthday_bonus=fields.amount(body.birthday_bonus, "birthdayBonus"),
        wager_multiple=body.wager_multiple,
        cashback_rates=rates,
        daily_withdrawal_count=body.daily_withdrawal_count,
        daily_withdrawal_amount=None
        if body.daily_withdrawal_amount is None
        else fields.amount(body.daily_withdrawal_amount, "dailyWithdrawalAmount"),
        vip_chat=body.vip_chat,
    )
    if level.daily_withdrawal_amount == 0:
        fields.add("dailyWithdrawalAmount", "range")
    if number == 0 and (level.deposit_required or level.turnover_required):
        fields.add("depositRequired" if level.deposit_required else "turnoverRequired", "range")
    # Thresholds climb with the level: a level below asks no more, a level above no less.
    for other in ladder:
        lower, higher = (other, level) if other.level < number else (level, other)
        if other.level == number:
            continue
        for name, attr in (
            ("depositRequired", "deposit_required"),
            ("turnoverRequired", "turnover_required"),
        ):
            if getattr(lower, attr) > getattr(higher, attr):
                fields.add(name, "order")
    fields.check()
    return level


def _dedupe(found: list[dict[str, str]]) -> list[dict[str, str]]:
    seen: list[dict[str, str]] = []
    for entry in found:
        if entry not in seen:
            seen.append(entry)
    return seen


async def put_level(
    session: AsyncSession, merchant_id: int, number: int, body: LevelBody, *, staff_id: int, ip: str
) -> Level:
    ladder = await ladders.ladder(session, merchant_id)
    try:
        level = level_of(body, number, ladder)
    except AppError as refused:
        if isinstance(refused.value, dict):
            refused.value["fields"] = _dedupe(refused.value["fields"])
        raise
    before = next((d for d in ladder if d.level == number), None)
    await ladders.put_level(session, merchant_id, level)
    detail: dict[str, Any] = {"level": number, "after": ladders.as_detail(level)}
    if before is not None:
        detail["before"] = ladders.as_detail(before)
    await audit(
        session, merchant_id=merchant_id, staff_id=staff_id, action="loyalty.vip_level", detail=detail, ip=ip
    )
    return level


async def delete_level(
    session: AsyncSession, merchant_id: int, number: int, *, staff_id: int, ip: str
) -> None:
    ladder = await ladders.ladder(session, merchant_id)
    found = next((d for d in ladder if d.level == number), None)
    if found is None or not await ladders.configured(session, merchant_id):
        raise AppError(errors.VIP_LEVEL_NOT_FOUND)
    if number == 0 or number != ladder[-1].level:
        raise AppError(errors.VIP_LEVEL_IN_USE)
    await ladders.delete_level(session, merchant_id, number)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="loyalty.vip_level_delete",
        detail={"level": number, "before": ladders.as_detail(found)},
        ip=ip,
    )


async def set_settings(
    session: AsyncSession, merchant_id: int, body: SettingsBody, *, staff_id: int, ip: str
) -> ladders.Settings:
    before = await ladders.settings_of(session, merchant_id)
    after = ladders.Settings(window_days=body.window_days, demote=body.demote, grace_days=body.grace_days)
    await ladders.set_settings(session, merchant_id, after)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="loyalty.vip_settings",
        detail={"before": _settings_detail(before), "after": _settings_detail(after)},
        ip=ip,
    )
    return after


def _settings_detail(settings: ladders.Settings) -> dict[str, Any]:
    return {"windowDays": settings.window_days, "demote": settings.demote, "graceDays": settings.grace_days}
