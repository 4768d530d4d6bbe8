"""Withdrawals as a two-phase transfer: the money is held, then paid out (and confirmed by the member) or
released. Every step is a transition of one state machine, so each money movement happens at most once."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, throttle
from server.accounts.models import Member
from server.brands.service import Brand
from server.content.messages import service as messages
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import bonus_locks, cashier_events, game_money, transfers
from server.wallet.cashier_models import MemberBankAccount, Withdrawal
from server.wallet.models import MAIN, LedgerAccount
from server.wallet.service import tell_cashier_desk

# action -> {from status: to status}. Anything else is refused with WITHDRAWAL_STATE.
TRANSITIONS: dict[str, dict[str, str]] = {
    "cancel": {"PENDING": "CANCELLED"},
    "approve": {"PENDING": "APPROVED"},
    "reject": {"PENDING": "REJECTED", "APPROVED": "REJECTED"},
    "disburse": {"APPROVED": "DISBURSED"},
    "received": {"DISBURSED": "RECEIVED"},
    "partial": {"DISBURSED": "PARTIAL"},
    "not_received": {"DISBURSED": "NOT_RECEIVED"},
    "all_received": {"PARTIAL": "ALL_RECEIVED", "NOT_RECEIVED": "ALL_RECEIVED"},
    "auto_receive": {"DISBURSED": "AUTO_RECEIVED"},
    "refund": {"PARTIAL": "REFUNDED", "NOT_RECEIVED": "REFUNDED"},
}
MEMBER_ACTIONS = {"cancel", "received", "partial", "not_received", "all_received"}
OPERATOR_ACTIONS = {"approve", "reject", "disburse", "refund"}
PAYMENT_PASSWORD_ATTEMPTS = throttle.ThrottlePolicy(
    window=timedelta(hours=1), captcha_after=10**6, lock_name_after=5, lock_ip_after=10**6
)
# SPEC §9's default-password check: the well-known six-digit ascending string is the first guess anyone
# tries, so it is never accepted as a withdrawal password.
WELL_KNOWN_DEFAULT = "123456"


def next_status(current: str, action: str) -> str:
    target = TRANSITIONS.get(action, {}).get(current)
    if target is None:
        raise AppError(errors.WITHDRAWAL_STATE, value={"status": current, "action": action})
    return target


async def check_payment_password(
    session: AsyncSession, brand: Brand, member: Member, password: str, ip: str
) -> None:
    """Five wrong tries an hour lock it; each wrong try sticks although the call fails."""
    if member.payment_password_hash is None:
        raise AppError(errors.PAYMENT_PASSWORD_NOT_SET)
    name = f"paypw:{member.id}"
    await throttle.check(session, merchant_id=brand.id, name=name, ip=ip, policy=PAYMENT_PASSWORD_ATTEMPTS)
    ok = await passwords.verify_password_async(member.payment_password_hash, password)
    await throttle.record(session, merchant_id=brand.id, name=name, ip=ip, succeeded=ok)
    if not ok:
        raise AppError(errors.PAYMENT_PASSWORD_WRONG, commit_changes=True)


def refuse_well_known_default(new: str) -> None:
    if new.strip() == WELL_KNOWN_DEFAULT:
        raise AppError(
            errors.PAYMENT_PASSWORD_DEFAULT,
            value={"fields": [{"field": "paymentPassword", "type": "default"}]},
        )


async def set_payment_password(member: Member, login_password: str, new: str) -> None:
    refuse_well_known_default(new)
    if not await passwords.verify_password_async(member.password_hash, login_password):
        raise AppError(errors.OLD_PASSWORD_WRONG)
    member.payment_password_hash = await passwords.hash_password_async(new)


def _normal_name(name: str) -> str:
    return " ".join(name.split()).casefold()


async def bind_bank_account(
    session: AsyncSession, member: Member, *, bank_name: str, account_name: str, account_number: str
) -> MemberBankAccount:
    """The account name must be the member's real name; the first account bound sets it."""
    if member.payee_name and _normal_name(member.payee_name) != _normal_name(account_name):
        raise AppError(errors.PAYEE_NAME_MISMATCH)
    member.payee_name = member.payee_name or " ".join(account_name.split())
    existing = await session.scalar(
        select(MemberBankAccount).where(
            MemberBankAccount.member_id == member.id,
            MemberBankAccount.bank_name == bank_name,
            MemberBankAccount.account_number == account_number,
        )
    )
    if existing is not None:
        return existing
    bank = MemberBankAccount(
        merchant_id=member.merchant_id,
        member_id=member.id,
        bank_name=bank_name,
        account_name=" ".join(account_name.split()),
        account_number=account_number,
    )
    session.add(bank)
    await session.flush()
    return bank


async def made_today(session: AsyncSession, member_id: int) -> int:
    """The withdrawals that count against the daily limit: today's (UTC), less the cancelled and rejected."""
    today = utcnow().replace(hour=0, minute=0, second=0, microsecond=0)
    count = await session.scalar(
        select(func.count())
        .select_from(Withdrawal)
        .where(
            Withdrawal.member_id == member_id,
            Withdrawal.created_at >= today,
            Withdrawal.status.not_in(("CANCELLED", "REJECTED")),
        )
    )
    return int(count or 0)


@dataclass(frozen=True)
class Limits:
    # The main wallet: the money a withdrawal can hold (game wallets must be moved back first, which a
    # merchant with automatic transfer does itself, so there they count too).
    available: int
    min_amount: int
    max_amount: int
    daily_count: int
    used_today: int
    payment_password_set: bool


async def limits(session: AsyncSession, brand: Brand, member: Member) -> Limits:
    """What the withdrawal form shows and checks before the member submits; `request` checks it again."""
    main = await session.scalar(
        select(LedgerAccount.balance).where(
            LedgerAccount.member_id == member.id, LedgerAccount.kind == MAIN, LedgerAccount.vendor_code == ""
        )
    )
    automatic = game_money.moves_money(brand, member)
    in_games = await game_money.in_game_wallets(session, member) if automatic else 0
    return Limits(
        available=int(main or 0) + in_games,
        min_amount=brand.withdraw_min,
        max_amount=brand.withdraw_max,
        daily_count=brand.withdraw_daily_count,
        used_today=await made_today(session, member.id),
        payment_password_set=member.payment_password_hash is not None,
    )


# Checks other domains attach at start-up (loyalty's VIP withdrawal limits), run under the member's row lock
# with the amount asked: one raises AppError to refuse. The wallet knows none of them.
RequestCheck = Callable[[AsyncSession, Brand, Member, int], Awaitable[None]]
_request_checks: list[RequestCheck] = []


def on_request(check: RequestCheck) -> None:
    if check not in _request_checks:
        _request_checks.append(check)


def _order_no(prefix: str) -> str:
    return f"{prefix}{utcnow():%Y%m%d}{secrets.token_hex(5).upper()}"


@dataclass(frozen=True)
class WithdrawalRequest:
    bank_account_id: int
    amount: int
    payment_password: str
    request_id: str


async def request(
    session: AsyncSession, brand: Brand, member: Member, ask: WithdrawalRequest, *, ip: str
) -> Withdrawal:
    # The member's requests take turns from here: the daily count and the retry check below are each
    # read and then acted on, which parallel requests could otherwise all pass at once.
    await session.execute(select(Member.id).where(Member.id == member.id).with_for_update())
    same = await session.scalar(
        select(Withdrawal).where(Withdrawal.member_id == member.id, Withdrawal.request_id == ask.request_id)
    )
    if same is not None:  # a retried request: the first answer stands
        if (same.amount, same.bank_account_id) != (ask.amount, ask.bank_account_id):
            raise AppError(errors.IDEMPOTENCY_CONFLICT)
        return same
    await check_payment_password(session, brand, member, ask.payment_password, ip)
    bank = await session.get(MemberBankAccount, ask.bank_account_id)
    if bank is None or bank.member_id != member.id:
        raise AppError(errors.NOT_FOUND, "no such bank account")
    if not brand.withdraw_min <= ask.amount <= brand.withdraw_max:
        raise AppError(errors.WITHDRAW_LIMIT, value={"min": brand.withdraw_min, "max": brand.withdraw_max})
    if await made_today(session, member.id) >= brand.withdraw_daily_count:
        raise AppError(errors.WITHDRAW_DAILY_LIMIT)
    for check in tuple(_request_checks):
        await check(session, brand, member, ask.amount)
    # A bonus's turnover still owed keeps every unit of the main wallet in (bonus_locks, rule 11).
    await bonus_locks.refuse_if_locked(session, brand, member.id)
    # Automatic transfer: money still in a game's wallet (a lottery page, a tab whose goodbye was lost) comes
    # back to the main wallet first, as the form's `available` promised.
    await game_money.return_game_money(session, brand, member)
    order_no = _order_no("W")
    try:
        async with session.begin_nested():
            hold = await transfers.hold_withdrawal(session, brand, member.id, ask.amount, order_no)
            withdrawal = Withdrawal(
                merchant_id=brand.id,
                order_no=order_no,
                request_id=ask.request_id,
                member_id=member.id,
                bank_account_id=bank.id,
                amount=ask.amount,
                status="PENDING",
                hold_transfer_id=hold.transfer_id,
            )
            session.add(withdrawal)
            await session.flush()
        await tell_cashier_desk(session, brand, "withdrawal", order_no, ask.amount)
    except IntegrityError:
        # The same request arrived twice at once; the other one holds the money, this one answers as it.
        winner = await session.scalar(
            select(Withdrawal).where(
                Withdrawal.member_id == member.id, Withdrawal.request_id == ask.request_id
            )
        )
        if winner is None:
            raise
        return winner
    return withdrawal


async def tell_member(session: AsyncSession, withdrawal: Withdrawal) -> None:
    """The withdrawal's new status to the member's open panels (after COMMIT)."""
    await cashier_events.request_status(
        session,
        "withdrawal",
        member_id=withdrawal.member_id,
        order_no=withdrawal.order_no,
        status=withdrawal.status,
        amount=withdrawal.amount,
    )


async def locked(session: AsyncSession, brand: Brand, order_no: str) -> Withdrawal:
    found = await session.scalar(
        select(Withdrawal)
        .where(Withdrawal.merchant_id == brand.id, Withdrawal.order_no == order_no)
        .with_for_update()
    )
    if found is None:
        raise AppError(errors.NOT_FOUND)
    return found


@dataclass(frozen=True)
class Receipt:
    received_amount: int | None = None
    remaining_amount: int | None = None
    proof_png: bytes | None = None
    note: str | None = None


async def act(
    session: AsyncSession,
    brand: Brand,
    withdrawal: Withdrawal,
    action: str,
    *,
    staff_id: int | None = None,
    receipt: Receipt = Receipt(),
    note: str | None = None,
) -> Withdrawal:
    """One transition, with the money it moves. The caller holds the row lock (see `locked`)."""
    target = next_status(withdrawal.status, action)
    if action in ("cancel", "reject"):
        await transfers.release_withdrawal(
            session, brand, withdrawal.member_id, withdrawal.amount, withdrawal.order_no
        )
    elif action == "disburse":
        settled = await transfers.settle_withdrawal(
            session, brand, withdrawal.member_id, withdrawal.amount, withdrawal.order_no
        )
        withdrawal.settle_transfer_id = settled.transfer_id
        withdrawal.disbursed_at = utcnow()
    elif action == "partial":
        received, remaining = receipt.received_amount, receipt.remaining_amount
        if received is None or remaining is None or received <= 0 or remaining <= 0:
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": "receivedAmount", "type": "amount"}]}
            )
        if received + remaining != withdrawal.amount:
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": "remainingAmount", "type": "sum"}]}
            )
        withdrawal.received_amount, withdrawal.remaining_amount = received, remaining
    elif action == "not_received":
        if receipt.proof_png is None:
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": "proof", "type": "required"}]}
            )
        withdrawal.proof_image = receipt.proof_png
        withdrawal.received_amount, withdrawal.remaining_amount = 0, withdrawal.amount
    elif action == "refund":
        owed = withdrawal.remaining_amount or withdrawal.amount
        refunded = await transfers.refund_withdrawal(
            session, brand, withdrawal.member_id, owed, withdrawal.order_no
        )
        withdrawal.refund_transfer_id = refunded.transfer_id
    if action in MEMBER_ACTIONS and action != "cancel":
        withdrawal.confirmed_at = utcnow()
    if receipt.note:
        withdrawal.member_note = receipt.note
    if staff_id is not None:
        withdrawal.decided_by = staff_id
    if note:
        withdrawal.operator_note = note[:255]
    withdrawal.status = target
    await session.flush()
    await tell_member(session, withdrawal)
    if action in ("approve", "reject"):  # the member hears of the decision: WITHDRAWAL_APPROVED / _REJECTED
        await messages.send_system(
            session, withdrawal.member_id, f"WITHDRAWAL_{target}", amount=format_amount(withdrawal.amount)
        )
    return withdrawal


async def auto_receive(session: AsyncSession) -> list[str]:
    """The scheduled job: paid-out withdrawals nobody confirmed in time count as received (SPEC §4)."""
    from server.brands.models import Merchant

    done: list[str] = []
    merchants = await session.execute(select(Merchant.id, Merchant.withdraw_auto_receive_minutes))
    for merchant_id, minutes in merchants:
        due = utcnow() - timedelta(minutes=minutes)
        rows = await session.scalars(
            select(Withdrawal)
            .where(
                Withdrawal.merchant_id == merchant_id,
                Withdrawal.status == "DISBURSED",
                Withdrawal.disbursed_at <= due,
            )
            .with_for_update()
        )
        for withdrawal in rows:
            withdrawal.status = next_status(withdrawal.status, "auto_receive")
            withdrawal.confirmed_at = utcnow()
            await tell_member(session, withdrawal)
            done.append(withdrawal.order_no)
    await session.flush()
    return done
