"""The agent centre's wire shapes. Amounts are decimal strings in the brand's currency."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.games.schemas import BetOut, BetTotals
from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId
from server.wallet.cashier_schemas import Amount, RecordOut, RequestId

Period = Literal["TODAY", "YESTERDAY", "THIS_WEEK", "THIS_MONTH"]
ContractKind = Literal["DAILY_SALARY", "HOURLY_SALARY", "DIVIDEND", "REALTIME_SALARY"]
Cycle = Literal["DAILY", "WEEKLY", "SEMIMONTHLY", "MONTHLY"]
CYCLE_HELP = "A dividend's period (required for DIVIDEND, refused for a salary)"


class AgentTeamFigures(WireModel):
    members: int
    new_members: int
    active_members: int = Field(description="Members with a settled stake in the period")
    deposits: str
    withdrawals: str
    stakes: str
    profit_loss: str = Field(description="The members' result: won minus staked (negative: they lost)")


class AgentTeamLevel(AgentTeamFigures):
    level: int = Field(description="1: the agent's direct members")


class AgentTeamOverviewOut(WireModel):
    period: Period
    start: int = Field(description="The period's start, epoch milliseconds")
    end: int
    total: AgentTeamFigures
    levels: list[AgentTeamLevel]


class AgentTeamMemberOut(WireModel):
    id: int
    username: str
    nickname: str | None
    type: int = Field(description="0 player, else the agent type")
    level: int
    upline: str | None
    status: str
    rank_level: int
    created_at: int


class AgentTeamPageOut(WireModel):
    list: list[AgentTeamMemberOut]
    page_num: int
    total_pages: int
    total: int


class AgentRegisterIn(WireModel):
    username: str = Field(min_length=4, max_length=32)
    password: str = Field(min_length=6, max_length=32)
    type: int = Field(default=0, ge=0, le=99, description="0: a player; the agent's own type: a sub-agent")
    nickname: str | None = Field(default=None, max_length=64)


class AgentDownlineTransferIn(WireModel):
    username: str = Field(
        min_length=1, max_length=64, description="The payee's user name: a member of my team"
    )
    amount: str = Amount
    payment_password: str = Field(max_length=32)
    request_id: str = RequestId


class AgentDownlineTransferOut(WireModel):
    transfer_id: int
    replayed: bool
    balance: str = Field(description="The agent's main wallet after the transfer")


class AgentTierIn(WireModel):
    min_valid_bet: str = Field(min_length=1, max_length=20, description="The day's valid bet, decimal string")
    min_active_members: int = Field(ge=0, le=1_000_000)
    rate_bps: int = Field(
        ge=1, le=10_000, description="Basis points of the period's valid bet (a dividend: of its net loss)"
    )
    loss_rate_bps: int = Field(
        default=0, ge=0, le=10_000, description="A real-time salary's only: of what a member lost on a bet"
    )
    profit_rate_bps: int = Field(
        default=0, ge=0, le=10_000, description="A real-time salary's only: of what a member won on a bet"
    )


class AgentTierOut(WireModel):
    min_valid_bet: str
    min_active_members: int
    rate_bps: int
    loss_rate_bps: int = Field(default=0, description="A real-time salary's: of what a member lost on a bet")
    profit_rate_bps: int = Field(default=0, description="A real-time salary's: of what a member won on a bet")


class AgentContractIn(WireModel):
    member_id: WireId = Field(description="An agent directly below me")
    kind: ContractKind
    tiers: list[AgentTierIn] = Field(min_length=1, max_length=10)
    cycle: Cycle | None = Field(default=None, description=CYCLE_HELP)


class AgentAcceptIn(WireModel):
    confirm: bool = Field(
        default=False,
        description="Yes: end the contracts below me that pay more (AGENT_CONTRACT_CONFIRM lists them)",
    )


class AgentContractOut(WireModel):
    id: int
    kind: str
    status: str
    upline: str | None = Field(description="Who offered it (None: the merchant)")
    downline: str
    downline_id: int
    tiers: list[AgentTierOut]
    cycle: str | None = Field(description="A dividend's period: DAILY, WEEKLY, SEMIMONTHLY or MONTHLY")
    created_at: int
    accepted_at: int | None
    ended_at: int | None


class AgentContractsOut(WireModel):
    mine: list[AgentContractOut] = Field(description="Contracts offered to me")
    offered: list[AgentContractOut] = Field(description="Contracts I offered to my agents")


class AgentSettlementOut(WireModel):
    id: int
    contract_id: int
    kind: str
    period_start: int
    period_end: int
    valid_bet: str
    active_members: int
    rate_bps: int
    amount: str
    transfer_id: int | None
    status: str = Field(description="PAID (or nothing to pay), or PENDING: a dividend waiting for approval")
    net_loss: str | None = Field(description="A dividend's: the team's stakes minus payouts in the period")
    carry_in: str | None = Field(description="A dividend's: the negative carried from earlier periods")
    lower_dividends: str | None = Field(description="A dividend's: what the dividends below already take")
    approved_at: int | None
    lost: str | None = Field(description="A real-time salary's: what members lost on the bets they lost")
    won: str | None = Field(description="A real-time salary's: what members won on the bets they won")
    loss_rate_bps: int | None
    profit_rate_bps: int | None


class AgentDividendOut(AgentSettlementOut):
    member: str = Field(description="The agent it is owed to")


class AgentDividendsOut(WireModel):
    list: list[AgentDividendOut]
    total_pending: str


class AgentIncomePageOut(WireModel):
    list: list[AgentSettlementOut]
    page_num: int
    total_pages: int
    total: int
    total_paid: str
    total_pending: str = Field(description="Dividends settled and waiting for the upline's approval")


class AgentConsolidatedOut(WireModel):
    """SPEC §3's consolidated response: per contract kind, the offers waiting for me (…req…) and whether I
    hold one in force (…info…, 1 or 0).
    contractmrdailysalinfotype names a kind the product does not have: 0."""

    dailysalreqtype: int
    divtypereq: int
    contracthoursalreq: int
    realtimesalreqtype: int
    contractmrdailysalinfotype: int
    contracthoursalinfo: int
    dailysalinfotype: int
    realtimesalinfotype: int
    divtypeinfo: int


# --- the console's (operators') ---


class AdminAgentRow(WireModel):
    id: int
    username: str
    nickname: str | None
    type: int
    upline: str | None
    direct_members: int
    status: str
    contract: AgentContractOut | None = Field(description="The daily-salary contract in force, if any")
    contracts: list[AgentContractOut] = Field(description="Every contract in force (one per kind), by kind")
    created_at: int


class AdminAgentPageOut(WireModel):
    list: list[AdminAgentRow]
    page_num: int
    total_pages: int
    total: int


class AdminAgentDetailOut(WireModel):
    agent: AdminAgentRow
    uplines: list[str] = Field(description="Its uplines, nearest first")
    members: list[AgentTeamMemberOut] = Field(description="Its direct members (the first 200)")
    contracts: list[AgentContractOut] = Field(description="Offered to it, and offered by it")
    settlements: list[AgentSettlementOut] = Field(description="What its contracts paid it, newest first")


class AdminContractIn(WireModel):
    kind: ContractKind
    tiers: list[AgentTierIn] = Field(min_length=1, max_length=10)
    cycle: Cycle | None = Field(default=None, description=CYCLE_HELP)


class AgentTeamBetOut(BetOut):
    username: str
    level: int


class AgentTeamBetsOut(WireModel):
    list: list[AgentTeamBetOut]
    page_num: int
    total_pages: int
    total: int
    totals: BetTotals


class AgentMemberProfitOut(WireModel):
    member_id: int
    username: str
    level: int
    bet_amount: str
    valid_bet: str
    win_amount: str
    profit: str = Field(description="The member's result: won minus staked")
    count: int


class AgentTeamProfitOut(WireModel):
    rows: list[AgentMemberProfitOut]
    total: AgentMemberProfitOut = Field(description="memberId 0: the whole team")


class AgentTeamRecordOut(RecordOut):
    username: str
    level: int


class AgentTeamRecordsOut(WireModel):
    list: list[AgentTeamRecordOut]
    page_num: int
    total_pages: int
    total: int


class AgentAffiliateOut(WireModel):
    code: str = Field(description="The agent's invitation code, issued on the first ask")
    link: str | None = Field(
        description="The registration link on the brand's own domain "
        "(https://{domain}/register?affiliateCode=...); null when the brand has no domain"
    )
    qr_url: str | None = Field(
        description="The path of the link's QR code (an SVG, agents only); null with no link"
    )


class AgentSettlementBetsOut(WireModel):
    """The bets a settlement was worked out from: the rounds of the agent's team that settled in its period
    (real money), a page of them, and their figures as the settlement counts them."""

    settlement: AgentSettlementOut
    list: list[AgentTeamBetOut]
    page_num: int
    total_pages: int
    total: int
    totals: BetTotals
    valid_bet: str = Field(description="The stakes of these bets")
    active_members: int = Field(description="Members with a stake among them")
    net_loss: str = Field(description="Stakes minus payouts")
    lost: str = Field(description="What members lost on the bets they lost")
    won: str = Field(description="What members won on the bets they won")
