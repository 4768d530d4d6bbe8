"""The seamless-wallet wire format, as both sides speak it: the portal's wallet API
(server.games.seamless_router) and every vendor calling it, the house included. Paths, action names, request
bodies and the answers of fixed shape; JSON keys are camelCase (WireModel) and amounts decimal strings.
Pydantic only: a vendor's client imports this without the portal's web framework."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field

from server.http.core.envelope import WireModel

SEAMLESS_PREFIX: Final = "/wps/seamless"
# The merchant's code and the provider's code, as the provider signs them into the path.
PATH_TEMPLATE: Final = SEAMLESS_PREFIX + "/{merchant}/{provider}"

AUTHENTICATE: Final = "authenticate"
BALANCE: Final = "balance"
BET: Final = "bet"  # debit
WIN: Final = "win"  # credit; zero closes a lost round
ROLLBACK: Final = "rollback"  # refund a bet, or refuse it in advance if it has not arrived
# An instant game's whole round, stake and win in one call: recorded as the bet (txId) and its win, so that a
# replay, a conflicting replay and a rollback are answered as those two calls' would be.
BET_WIN: Final = "betWin"
ACTIONS: Final = (AUTHENTICATE, BALANCE, BET, WIN, ROLLBACK, BET_WIN)


def action_path(merchant: str, provider: str, action: str) -> str:
    """The exact path a call is signed over and posted to."""
    if action not in ACTIONS:
        raise ValueError(f"not a seamless-wallet action: {action}")
    return f"{PATH_TEMPLATE.format(merchant=merchant, provider=provider)}/{action}"


# Ids travel inside idempotency keys and log lines: a closed alphabet keeps them unambiguous there.
TxId = Annotated[str, Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_.:\-]+$")]
RoundId = Annotated[str, Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_.:\-]+$")]


class AuthenticateIn(WireModel):
    launch_token: str = Field(min_length=10, max_length=128)


class BalanceIn(WireModel):
    session_token: str = Field(min_length=10, max_length=128)


class BetIn(WireModel):
    session_token: str = Field(min_length=10, max_length=128)
    tx_id: TxId
    round_id: RoundId
    amount: str = Field(description="Decimal string, more than zero", max_length=20)
    game_code: str | None = Field(default=None, max_length=64)


class BetWinIn(WireModel):
    session_token: str = Field(min_length=10, max_length=128)
    tx_id: TxId
    round_id: RoundId
    amount: str = Field(description="The stake: decimal string, more than zero", max_length=20)
    win: str = Field(
        description="What the round pays back: decimal string, zero for a lost round", max_length=20
    )
    game_code: str | None = Field(default=None, max_length=64)


class WinIn(WireModel):
    session_token: str | None = Field(default=None, max_length=128)
    player_id: str | None = Field(
        default=None, max_length=64, description="Names the player once the session expired"
    )
    tx_id: TxId
    round_id: RoundId
    amount: str = Field(description="Decimal string, zero closes a lost round", max_length=20)


class RollbackIn(WireModel):
    session_token: str | None = Field(default=None, max_length=128)
    player_id: str | None = Field(default=None, max_length=64)
    tx_id: TxId
    bet_tx_id: TxId
    round_id: RoundId


# The answer to authenticate. A visitor's launch is a demo: no session, no player, no balance. (Comments,
# not docstrings, on the wire models: a docstring would change the OpenAPI document the client is built from.)
class PlayerOut(WireModel):
    demo: bool
    session_token: str | None
    player_id: str | None
    nickname: str
    currency: str
    balance: str | None
    game_code: str
    game_type: str
    game_name: str
    vassalage: str
    language: str


# The answer to balance (no txId), bet, win and rollback; a replay gets the first answer again.
class MoneyOut(WireModel):
    tx_id: str | None = None
    balance: str
    currency: str
