"""/wps/admin/session: a staff member's own login, the account behind it, and its second factor. These
calls need a staff login of the merchant but no permission: every role signs in and enrols."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import Field

from server.accounts import login
from server.accounts import schemas as account_schemas
from server.accounts.deps import AccessDep
from server.accounts.models import SECOND_FACTOR_ROLES, Staff
from server.admin import roles, two_factor
from server.admin.service import audit
from server.admin.two_factor import SecretBox
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, WireModel, ok
from server.http.core.errors import AppError
from server.http.edge.auth import StaffLogin
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep

router = APIRouter(prefix="/wps/admin/session", tags=["admin"], responses=ERROR_RESPONSES)


class StaffMeOut(WireModel):
    username: str
    nickname: str
    role: str
    permissions: list[str] = Field(
        description="What the console may offer; the server checks each call anyway"
    )
    otp_enabled: bool
    otp_enrolment_required: bool


class EnrolmentOut(WireModel):
    secret: str = Field(description="For typing into the app when the QR code cannot be scanned")
    uri: str = Field(description="otpauth:// URI")
    qr_svg: str = Field(description="The URI as a QR code, a data: URI for an <img>")


class OtpCodeIn(WireModel):
    code: str = Field(min_length=6, max_length=6, pattern=r"^\d{6}$")


class RecoveryCodesOut(WireModel):
    recovery_codes: list[str] = Field(description="Shown once: each lets its owner in once without the app")


def _box(request: Request) -> SecretBox:
    box: SecretBox = request.app.state.otp_box
    return box


async def _staff(session: SessionDep, me: StaffLogin) -> Staff:
    staff = await session.get(Staff, me.staff_id)
    if staff is None:
        raise AppError(errors.UNAUTHORIZED)
    return staff


@router.post(
    "/login",
    operation_id="staffLogin",
    summary=(
        "Back-office login: username, password and (an account with two-factor sign-in) the code from the"
        " app or a recovery code, in one call. Every failure of the three answers INVALID_CREDENTIALS alike"
    ),
)
async def staff_login(
    body: account_schemas.StaffLoginIn, request: Request, session: SessionDep, access: AccessDep
) -> Envelope[account_schemas.StaffLoginOut]:
    box = _box(request)

    async def second_factor(staff: Staff) -> None:
        await two_factor.check_login(session, box, staff, body.otp, body.recovery_code)

    token, staff = await login.login_staff(
        session,
        access,
        username=body.username,
        password=body.password,
        captcha=body.captcha,
        second_factor=second_factor,
    )
    return ok(
        account_schemas.StaffLoginOut(
            token=token,
            role=staff.role,
            nickname=staff.nickname or staff.username,
            otp_enrolment_required=staff.role in SECOND_FACTOR_ROLES and staff.otp_enabled_at is None,
        )
    )


@router.get("/me", operation_id="staffMe", summary="The staff account behind this login")
async def me(me: StaffLogin, session: SessionDep) -> Envelope[StaffMeOut]:
    staff = await _staff(session, me)
    return ok(
        StaffMeOut(
            username=staff.username,
            nickname=staff.nickname or staff.username,
            role=staff.role,
            permissions=sorted(roles.GRANTS.get(staff.role, frozenset())),
            otp_enabled=staff.otp_enabled_at is not None,
            otp_enrolment_required=me.otp_enrolment_pending,
        )
    )


@router.post(
    "/2fa/enrol", operation_id="staffOtpEnrol", summary="Start two-factor enrolment: a secret and its QR code"
)
async def enrol(
    me: StaffLogin, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[EnrolmentOut]:
    staff = await _staff(session, me)
    started = await two_factor.start_enrolment(session, _box(request), staff, issuer=context.brand.name)
    return ok(EnrolmentOut(secret=started.secret, uri=started.uri, qr_svg=started.qr_svg))


@router.post(
    "/2fa/confirm",
    operation_id="staffOtpConfirm",
    summary="Finish enrolment with a first code from the app; answers the recovery codes, once",
)
async def confirm(
    body: OtpCodeIn, me: StaffLogin, request: Request, session: SessionDep, context: SystemContext
) -> Envelope[RecoveryCodesOut]:
    staff = await _staff(session, me)
    codes = await two_factor.confirm_enrolment(session, _box(request), staff, body.code)
    await audit(
        session,
        merchant_id=me.merchant_id,
        staff_id=staff.id,
        action="staff.2fa.enrol",
        target=staff.username,
        ip=context.client.ip,
    )
    return ok(RecoveryCodesOut(recovery_codes=codes))
