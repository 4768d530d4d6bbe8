"""Each kind of promotion is a rule with parameters: what staff send (ParamsIn, amounts as decimal strings),
what is stored (minor units), what readers get (ParamsOut), and the arithmetic of its reward.

- SIGNUP: a fixed bonus for members who registered while the promotion runs, claimed once.
- FIRST_DEPOSIT: a percentage of the member's first deposit, up to a cap, for a deposit of at least the
  minimum; joined before depositing (paid with the deposit) or claimed after it, within claimDays.
- RELOAD: the same for any deposit, once per period (daily, weekly, semimonthly, monthly).
- CHECKIN: one check-in a day; the streak's day picks the reward; a missed day starts the streak again, and
  after its last day it starts over.
- TURNOVER_TIERS: the member's valid turnover over a period (settled real-money stakes); the highest tier
  reached pays its reward, offered to claim once the period has closed.
- LOSS_REBATE: a percentage of the member's net loss over a period (stakes less wins, at least the
  minimum), up to a cap, offered to claim once the period has closed.

Every bonus carries its wagering requirement (wagerMultiple times the bonus, or times deposit plus bonus),
an optional maximum stake while it is open (the seamless bet refuses a larger one) and an expiry in days."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import Field

from server.http.core import errors
from server.http.core.envelope import WireModel
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.promotions.models import CHECKIN, FIRST_DEPOSIT, LOSS_REBATE, RELOAD, SIGNUP, TURNOVER_TIERS

ClaimMode = Literal["BEFORE", "AFTER"]
WagerBase = Literal["BONUS", "DEPOSIT_PLUS_BONUS"]
Period = Literal["DAILY", "WEEKLY", "SEMIMONTHLY", "MONTHLY"]  # SPEC §9
AmountText = Annotated[str, Field(max_length=24)]
STREAK_DAYS_MAX = 7
TIERS_MAX = 5
REBATE_PERCENT_MAX = 100


class RewardTierIn(WireModel):
    turnover: AmountText
    reward: AmountText


class RewardTierOut(WireModel):
    turnover: str
    reward: str


WAGER_MULTIPLE_MAX = 100
PERCENT_MAX = 500


class ParamsIn(WireModel):
    """Every kind's parameters in one shape; `parse` keeps those the kind uses and refuses a missing one."""

    amount: AmountText | None = None
    percent: Annotated[int, Field(ge=1, le=PERCENT_MAX)] | None = None
    cap: AmountText | None = None
    min_deposit: AmountText | None = None
    claim_mode: ClaimMode = "AFTER"
    claim_days: Annotated[int, Field(ge=1, le=90)] = 7
    period: Period | None = None
    rewards: Annotated[list[AmountText], Field(max_length=STREAK_DAYS_MAX)] | None = None
    tiers: Annotated[list[RewardTierIn], Field(max_length=TIERS_MAX)] | None = None
    min_loss: AmountText | None = None
    wager_multiple: Annotated[int, Field(ge=0, le=WAGER_MULTIPLE_MAX)] = 0
    wager_base: WagerBase = "BONUS"
    max_stake: AmountText | None = None
    expiry_days: Annotated[int, Field(ge=1, le=365)] = 30
    one_per_address: bool = False


class ParamsOut(WireModel):
    amount: str | None = None
    percent: int | None = None
    cap: str | None = None
    min_deposit: str | None = None
    claim_mode: ClaimMode | None = None
    claim_days: int | None = None
    period: Period | None = None
    rewards: list[str] | None = None
    tiers: list[RewardTierOut] | None = None
    min_loss: str | None = None
    wager_multiple: int
    wager_base: WagerBase
    max_stake: str | None
    expiry_days: int
    one_per_address: bool


def _missing(field: str) -> AppError:
    return AppError(
        errors.VALIDATION_ERROR, value={"fields": [{"field": f"params.{field}", "type": "missing"}]}
    )


def _amount(value: str | None, field: str) -> int:
    if value is None:
        raise _missing(field)
    return parse_amount(value, field=f"params.{field}")


def parse(kind: str, given: ParamsIn) -> dict[str, Any]:
    """The stored parameters of `kind`, or VALIDATION_ERROR naming the first field at fault."""
    stored: dict[str, Any] = {
        "wagerMultiple": given.wager_multiple,
        "wagerBase": given.wager_base,
        "maxStake": parse_amount(given.max_stake, field="params.maxStake") if given.max_stake else None,
        "expiryDays": given.expiry_days,
        "onePerAddress": given.one_per_address,
    }
    if kind == SIGNUP:
        stored["amount"] = _amount(given.amount, "amount")
        stored["wagerBase"] = "BONUS"
    elif kind in (FIRST_DEPOSIT, RELOAD):
        if given.percent is None:
            raise _missing("percent")
        stored.update(
            percent=given.percent,
            cap=_amount(given.cap, "cap"),
            minDeposit=_amount(given.min_deposit, "minDeposit"),
            claimMode=given.claim_mode,
            claimDays=given.claim_days,
        )
        if kind == RELOAD:
            if given.period is None:
                raise _missing("period")
            stored["period"] = given.period
    elif kind == CHECKIN:
        if not given.rewards:
            raise _missing("rewards")
        stored["rewards"] = [
            parse_amount(text, field=f"params.rewards.{day}") for day, text in enumerate(given.rewards)
        ]
        stored["wagerBase"] = "BONUS"
    elif kind in (TURNOVER_TIERS, LOSS_REBATE):
        if given.period is None:
            raise _missing("period")
        stored.update(period=given.period, claimDays=given.claim_days, wagerBase="BONUS")
        if kind == TURNOVER_TIERS:
            stored["tiers"] = _tiers(given.tiers)
        else:
            if given.percent is None:
                raise _missing("percent")
            if given.percent > REBATE_PERCENT_MAX:
                raise AppError(
                    errors.VALIDATION_ERROR, value={"fields": [{"field": "params.percent", "type": "range"}]}
                )
            stored.update(
                percent=given.percent,
                cap=_amount(given.cap, "cap"),
                minLoss=_amount(given.min_loss, "minLoss"),
            )
    else:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "kind", "type": "enum"}]})
    return stored


def _tiers(given: list[RewardTierIn] | None) -> list[dict[str, int]]:
    """Tiers by rising turnover, each paying more than the one below it."""
    if not given:
        raise _missing("tiers")
    tiers = [
        {
            "turnover": parse_amount(tier.turnover, field=f"params.tiers.{n}.turnover"),
            "reward": parse_amount(tier.reward, field=f"params.tiers.{n}.reward"),
        }
        for n, tier in enumerate(given)
    ]
    for n in range(1, len(tiers)):
        if not (
            tiers[n]["turnover"] > tiers[n - 1]["turnover"] and tiers[n]["reward"] > tiers[n - 1]["reward"]
        ):
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": f"params.tiers.{n}", "type": "order"}]}
            )
    return tiers


def _text(minor: int | None) -> str | None:
    return None if minor is None else format_amount(minor)


def out(params: dict[str, Any]) -> ParamsOut:
    rewards = params.get("rewards")
    return ParamsOut(
        amount=_text(params.get("amount")),
        percent=params.get("percent"),
        cap=_text(params.get("cap")),
        min_deposit=_text(params.get("minDeposit")),
        claim_mode=params.get("claimMode"),
        claim_days=params.get("claimDays"),
        period=params.get("period"),
        rewards=[format_amount(r) for r in rewards] if rewards else None,
        tiers=[
            RewardTierOut(turnover=format_amount(t["turnover"]), reward=format_amount(t["reward"]))
            for t in tiers
        ]
        if (tiers := params.get("tiers"))
        else None,
        min_loss=_text(params.get("minLoss")),
        wager_multiple=int(params.get("wagerMultiple", 0)),
        wager_base=params.get("wagerBase", "BONUS"),
        max_stake=_text(params.get("maxStake")),
        expiry_days=int(params.get("expiryDays", 30)),
        one_per_address=bool(params.get("onePerAddress", False)),
    )


def most_per_member(kind: str, params: dict[str, Any]) -> int:
    """The most one member can receive in one period (a check-in: in one run of its streak): the console's
    expected cost per member."""
    if kind == SIGNUP:
        return int(params["amount"])
    if kind in (FIRST_DEPOSIT, RELOAD, LOSS_REBATE):
        return int(params["cap"])
    if kind == TURNOVER_TIERS:
        return max(int(t["reward"]) for t in params["tiers"])
    return sum(int(r) for r in params.get("rewards", []))


def deposit_bonus(params: dict[str, Any], deposit: int) -> int:
    """A deposit bonus: percent of the deposit, at most the cap; nothing under the minimum deposit."""
    if deposit < int(params["minDeposit"]):
        return 0
    return min(deposit * int(params["percent"]) // 100, int(params["cap"]))


def requirement(params: dict[str, Any], bonus: int, deposit: int = 0) -> int:
    base = bonus + deposit if params.get("wagerBase") == "DEPOSIT_PLUS_BONUS" else bonus
    return base * int(params.get("wagerMultiple", 0))


def expiry(params: dict[str, Any], now: datetime) -> datetime:
    return now + timedelta(days=int(params.get("expiryDays", 30)))


def checkin_reward(params: dict[str, Any], streak: int) -> int:
    rewards = params["rewards"]
    return int(rewards[(streak - 1) % len(rewards)])


def tier_reward(params: dict[str, Any], turnover: int) -> int:
    """The reward of the highest tier `turnover` reaches (0: none)."""
    return max((int(t["reward"]) for t in params["tiers"] if turnover >= int(t["turnover"])), default=0)


def loss_rebate(params: dict[str, Any], loss: int) -> int:
    """percent of a net loss of at least the minimum, at most the cap (0 under the minimum)."""
    if loss < int(params["minLoss"]) or loss <= 0:
        return 0
    return min(loss * int(params["percent"]) // 100, int(params["cap"]))
