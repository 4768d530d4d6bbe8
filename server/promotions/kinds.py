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
- MISSION: up to five tasks over a period (or the promotion's whole run): bet N times, turnover X (in a
  category), deposit Y, play N games new to the member, log in on N days; each task claimed once per period
  for its reward (bonus money, raffle tickets, or both). An optional leaderboard ranks members by turnover in
  the period and pays its prizes by rank when the period closes.
- RAFFLE: a ticket for every `ticketEvery` of deposits or turnover while it runs (at most maxTickets each),
  plus tickets from missions; drawn when it ends, one prize per winner, claimed by the winners.
- APPLICATION: the member applies with a remark and up to three pictures; staff approve (the bonus is paid)
  or reject with a reason; once, or once per period.

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
from server.http.core.wire_types import WireId
from server.promotions.models import (
    APPLICATION,
    CHECKIN,
    FIRST_DEPOSIT,
    LOSS_REBATE,
    MISSION,
    RAFFLE,
    RELOAD,
    SIGNUP,
    TURNOVER_TIERS,
)

ClaimMode = Literal["BEFORE", "AFTER"]
WagerCategory = Literal["ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS"]
TaskType = Literal["BET_COUNT", "TURNOVER", "DEPOSIT", "NEW_GAME", "LOGIN_DAYS"]
COUNTED_TASKS = ("BET_COUNT", "NEW_GAME", "LOGIN_DAYS")  # their target is a count, the others' an amount
TicketBy = Literal["DEPOSIT", "TURNOVER"]
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
TASKS_MAX = 5
TASK_COUNT_MAX = 100_000
PRIZES_MAX = 20
BOARD_SIZES = (10, 20, 50, 100)
TICKETS_MAX = 10_000


class TaskIn(WireModel):
    type: TaskType
    target: AmountText = Field(description="A count (bets, games, days) or an amount (turnover, deposit)")
    category: WagerCategory | None = Field(default=None, description="Bets and turnover: only this category")
    reward: AmountText | None = Field(default=None, description="Bonus money paid on its claim")
    tickets: Annotated[int, Field(ge=1, le=1000)] | None = Field(
        default=None, description="Tickets of raffleId given on its claim"
    )
    raffle_id: WireId | None = None


class TaskOut(WireModel):
    type: TaskType
    target: str
    category: WagerCategory | None
    reward: str | None
    tickets: int | None
    raffle_id: int | None


class LeaderboardIn(WireModel):
    prizes: Annotated[list[AmountText], Field(min_length=1, max_length=PRIZES_MAX)]
    category: WagerCategory | None = Field(default=None, description="Only this category's turnover scores")
    size: Annotated[int, Field(ge=min(BOARD_SIZES), le=max(BOARD_SIZES))] = Field(
        default=10, description="Rows shown: 10, 20, 50 or 100"
    )


class LeaderboardOut(WireModel):
    prizes: list[str]
    category: WagerCategory | None
    size: int


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
    one_per_device: bool = False
    tasks: Annotated[list[TaskIn], Field(max_length=TASKS_MAX)] | None = None
    leaderboard: LeaderboardIn | None = None
    ticket_by: TicketBy | None = None
    ticket_every: AmountText | None = None
    max_tickets: Annotated[int, Field(ge=1, le=TICKETS_MAX)] | None = None
    prizes: Annotated[list[AmountText], Field(max_length=PRIZES_MAX)] | None = None


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
    one_per_device: bool
    tasks: list[TaskOut] | None = None
    leaderboard: LeaderboardOut | None = None
    ticket_by: TicketBy | None = None
    ticket_every: str | None = None
    max_tickets: int | None = None
    prizes: list[str] | None = None


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
        "onePerDevice": given.one_per_device,
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
    elif kind == MISSION:
        stored.update(period=given.period, wagerBase="BONUS")
        stored["tasks"] = _tasks(given.tasks)
        if given.leaderboard is not None:
            board = given.leaderboard
            if board.size not in BOARD_SIZES:
                raise _field("leaderboard.size", "enum")
            stored["leaderboard"] = {
                "prizes": _prizes(board.prizes, "leaderboard.prizes"),
                "category": board.category,
                "size": board.size,
            }
    elif kind == RAFFLE:
        if given.ticket_by is None:
            raise _missing("ticketBy")
        every = _amount(given.ticket_every, "ticketEvery")
        if every <= 0:
            raise _field("ticketEvery", "range")
        stored.update(
            ticketBy=given.ticket_by,
            ticketEvery=every,
            maxTickets=given.max_tickets,
            prizes=_prizes(given.prizes, "prizes"),
            claimDays=given.claim_days,
            wagerBase="BONUS",
        )
    elif kind == APPLICATION:
        stored.update(amount=_amount(given.amount, "amount"), period=given.period, wagerBase="BONUS")
    else:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "kind", "type": "enum"}]})
    return stored


def _field(field: str, kind: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": f"params.{field}", "type": kind}]})


def _prizes(given: list[str] | None, field: str) -> list[int]:
    """Prizes by rank: at least one, none zero, none above the prize before it."""
    if not given:
        raise _missing(field)
    prizes = [parse_amount(text, field=f"params.{field}.{n}") for n, text in enumerate(given)]
    for n, prize in enumerate(prizes):
        if prize <= 0 or (n and prize > prizes[n - 1]):
            raise _field(f"{field}.{n}", "order")
    return prizes


def _tasks(given: list[TaskIn] | None) -> list[dict[str, Any]]:
    """A mission's tasks: each with a target above zero and a reward (money, tickets of a raffle, or both)."""
    if not given:
        raise _missing("tasks")
    tasks = []
    for n, task in enumerate(given):
        if task.type in COUNTED_TASKS:
            if not task.target.isdigit() or not 0 < int(task.target) <= TASK_COUNT_MAX:
                raise _field(f"tasks.{n}.target", "range")
            target = int(task.target)
        else:
            target = parse_amount(task.target, field=f"params.tasks.{n}.target")
            if target <= 0:
                raise _field(f"tasks.{n}.target", "range")
        reward = parse_amount(task.reward, field=f"params.tasks.{n}.reward") if task.reward else 0
        if (task.tickets is None) != (task.raffle_id is None):
            raise _field(f"tasks.{n}.raffleId", "missing")
        if reward <= 0 and task.tickets is None:
            raise _missing(f"tasks.{n}.reward")
        category = task.category if task.type in ("BET_COUNT", "TURNOVER") else None
        tasks.append(
            {
                "type": task.type,
                "target": target,
                "category": category,
                "reward": reward,
                "tickets": task.tickets,
                "raffleId": task.raffle_id,
            }
        )
    return tasks


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
        one_per_device=bool(params.get("onePerDevice", False)),
        tasks=[task_out(t) for t in tasks] if (tasks := params.get("tasks")) else None,
        leaderboard=LeaderboardOut(
            prizes=[format_amount(p) for p in board["prizes"]], category=board["category"], size=board["size"]
        )
        if (board := params.get("leaderboard"))
        else None,
        ticket_by=params.get("ticketBy"),
        ticket_every=_text(params.get("ticketEvery")),
        max_tickets=params.get("maxTickets"),
        prizes=[format_amount(p) for p in prizes] if (prizes := params.get("prizes")) else None,
    )


def task_target_text(task: dict[str, Any]) -> str:
    return str(task["target"]) if task["type"] in COUNTED_TASKS else format_amount(int(task["target"]))


def task_out(task: dict[str, Any]) -> TaskOut:
    return TaskOut(
        type=task["type"],
        target=task_target_text(task),
        category=task.get("category"),
        reward=format_amount(int(task["reward"])) if task.get("reward") else None,
        tickets=task.get("tickets"),
        raffle_id=task.get("raffleId"),
    )


def most_per_member(kind: str, params: dict[str, Any]) -> int:
    """The most one member can receive in one period (a check-in: in one run of its streak): the console's
    expected cost per member."""
    if kind in (SIGNUP, APPLICATION):
        return int(params["amount"])
    if kind == MISSION:
        board = params.get("leaderboard")
        return sum(int(t["reward"]) for t in params["tasks"]) + (int(board["prizes"][0]) if board else 0)
    if kind == RAFFLE:
        return int(params["prizes"][0])
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
