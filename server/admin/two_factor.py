"""Two-factor sign-in for staff: TOTP (RFC 6238, through pyotp) with single-use recovery codes.

Required for the roles that move money or change the brand (SECOND_FACTOR_ROLES). Until such an account has
enrolled, its login opens only the enrolment calls. A TOTP secret must be readable to check a code, so it
is kept sealed with a key of the deployment's (settings.staff_otp_key), not hashed; recovery codes are
only checked against, so only their hashes are kept. A code is accepted once: the time step it belongs to
is recorded by a conditional UPDATE that a second use of the same step cannot pass."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

import pyotp
import segno
from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import delete, or_, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Staff, StaffRecoveryCode
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError

RECOVERY_CODES = 10
_STEP_SECONDS = 30
_DRIFT_STEPS = 1  # a code of the step before or after is accepted: phones' clocks drift


class SecretBox:
    """Seals TOTP secrets at rest with a key derived from the deployment's setting."""

    def __init__(self, key: str) -> None:
        self._fernet = Fernet(base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()))

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode()).decode()

    def open(self, sealed: str) -> str:
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except InvalidToken:
            # The key changed under a stored secret: the account must be reset by an operator.
            raise AppError(errors.OTP_INVALID) from None


@dataclass(frozen=True)
class Enrolment:
    secret: str
    uri: str
    qr_svg: str  # a data: URI an <img> shows


def _hash(code: str) -> str:
    return hashlib.sha256(code.replace("-", "").strip().lower().encode()).hexdigest()


async def start_enrolment(session: AsyncSession, box: SecretBox, staff: Staff, issuer: str) -> Enrolment:
    """A new secret for the account's authenticator app; it counts once a code from it is confirmed. Asking
    again before confirming replaces the secret (a scan that went wrong)."""
    if staff.otp_enabled_at is not None:
        raise AppError(errors.CONFLICT)
    secret = pyotp.random_base32()
    staff.otp_secret = box.seal(secret)
    staff.otp_last_step = None
    await session.flush()
    uri = pyotp.TOTP(secret).provisioning_uri(name=staff.username, issuer_name=issuer)
    return Enrolment(secret, uri, segno.make(uri, error="m").svg_data_uri(scale=5))


async def _accept_code(session: AsyncSession, box: SecretBox, staff: Staff, code: str) -> bool:
    if staff.otp_secret is None or not code.isdigit() or len(code) != 6:
        return False
    totp = pyotp.TOTP(box.open(staff.otp_secret))
    now_step = int(time.time()) // _STEP_SECONDS
    for step in range(now_step - _DRIFT_STEPS, now_step + _DRIFT_STEPS + 1):
        if hmac.compare_digest(totp.at(step * _STEP_SECONDS), code):
            used = await session.execute(
                update(Staff)
                .where(Staff.id == staff.id, or_(Staff.otp_last_step.is_(None), Staff.otp_last_step < step))
                .values(otp_last_step=step)
            )
            return bool(used.rowcount)  # type: ignore[attr-defined]
    return False


async def confirm_enrolment(session: AsyncSession, box: SecretBox, staff: Staff, code: str) -> list[str]:
    """Switch the second factor on with a first code from the app; answers the recovery codes, once."""
    if staff.otp_enabled_at is not None or staff.otp_secret is None:
        raise AppError(errors.CONFLICT)
    if not await _accept_code(session, box, staff, code):
        raise AppError(errors.OTP_INVALID)
    switched = await session.execute(
        update(Staff)
        .where(Staff.id == staff.id, Staff.otp_enabled_at.is_(None))
        .values(otp_enabled_at=utcnow())
    )
    if not switched.rowcount:  # type: ignore[attr-defined]
        raise AppError(errors.CONFLICT)
    codes = [f"{secrets.token_hex(3)}-{secrets.token_hex(3)}" for _ in range(RECOVERY_CODES)]
    await session.execute(delete(StaffRecoveryCode).where(StaffRecoveryCode.staff_id == staff.id))
    session.add_all(StaffRecoveryCode(staff_id=staff.id, code_hash=_hash(code)) for code in codes)
    await session.flush()
    return codes


async def check_login(
    session: AsyncSession, box: SecretBox, staff: Staff, otp: str | None, recovery_code: str | None
) -> None:
    """What a login whose password was right must carry besides: a fresh code, or an unused recovery code.
    A missing one is refused as a wrong one is (OTP_INVALID, which the login answers as a wrong password):
    a login that said "now the code" would tell a guesser the password was right."""
    if staff.otp_enabled_at is None:
        return
    if otp:
        if await _accept_code(session, box, staff, otp.strip()):
            return
    elif recovery_code:
        used = await session.execute(
            update(StaffRecoveryCode)
            .where(
                StaffRecoveryCode.staff_id == staff.id,
                StaffRecoveryCode.code_hash == _hash(recovery_code),
                StaffRecoveryCode.used_at.is_(None),
            )
            .values(used_at=utcnow())
        )
        if used.rowcount:  # type: ignore[attr-defined]
            return
    raise AppError(errors.OTP_INVALID)


async def reset(session: AsyncSession, staff: Staff) -> None:
    """A lost phone: the account enrols again at its next login."""
    staff.otp_secret = None
    staff.otp_enabled_at = None
    staff.otp_last_step = None
    await session.execute(delete(StaffRecoveryCode).where(StaffRecoveryCode.staff_id == staff.id))
    await session.flush()
