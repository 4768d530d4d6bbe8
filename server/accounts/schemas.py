"""Wire shapes of the session and member calls (SPEC §3 payloads, §7 calls)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from server.accounts.login import SignedIn
from server.http.core.envelope import WireModel

Short = Field(default=None, max_length=256)


class LoginIn(WireModel):
    username: str | None = Field(default=None, max_length=64)
    password: str | None = Field(default=None, max_length=128)
    captcha: str | None = Field(default=None, max_length=16)
    type: Literal["username", "sms"] = "username"
    mobile_num: str | None = Field(default=None, max_length=32)
    country_dialing_code: str | None = Field(default=None, max_length=8)
    verification_code: str | None = Field(default=None, max_length=12)
    challenge: dict[str, Any] | None = Field(default=None, description="Human-verification result")
    portal: Literal["member", "agent"] = Field(default="member", description="Which portal is signing in")


class LoginOut(WireModel):
    token: str
    first_time_login: bool
    password_expired: bool
    password_change_required: bool = Field(description="The server refuses member actions until changed")
    last_login_at: datetime | None = Field(description="The login before this one")
    is_agent: int = Field(description="Member type: 0 player; 1, 2, 41, 42 agents; 4 trial")
    account: str
    nickname: str

    @classmethod
    def of(cls, signed: SignedIn) -> LoginOut:
        member = signed.member
        return cls(
            token=signed.token,
            first_time_login=signed.first_time_login,
            password_expired=signed.password_expired,
            password_change_required=signed.password_change_required,
            last_login_at=signed.previous_login_at,
            is_agent=member.member_type,
            account=member.username,
            nickname=member.nickname or member.username,
        )


class FreePlayIn(WireModel):
    os: str | None = Field(default=None, max_length=64)
    platform: str | None = Field(default=None, max_length=8)
    random: str | None = Field(default=None, max_length=512)
    gateway_version: int | None = Field(default=None, ge=0, le=1_000_000)


class RegisterIn(WireModel):
    """SPEC §3 register payload. Every field is checked on the server against the merchant's rules."""

    username: str | None = Short
    password: str | None = Short
    confirm_password: str | None = Short
    payee_name: str | None = Short
    email: str | None = Short
    qq_num: str | None = Short
    mobile_num: str | None = Short
    country_dialing_code: str | None = Field(default=None, max_length=8)
    verification_code: str | None = Field(default=None, max_length=12)
    recommender_id: str | None = Short
    captcha: str | None = Field(default=None, max_length=16)
    affiliate_code: str | None = Short
    payment_password: str | None = Short
    line: str | None = Short
    whatsapp: str | None = Short
    facebook: str | None = Short
    wechat: str | None = Short
    telegram: str | None = Short
    zalo: str | None = Short
    id_number: str | None = Short
    referral_code: str | None = Short
    birthday: str | None = Field(
        default=None, max_length=32, description="yyyy-MM-dd; when given, 18 or older (else 400 UNDERAGE)"
    )
    domain: str | None = Short
    register_url: str | None = Field(default=None, max_length=500)
    register_method: str | None = Field(default="WEB", max_length=16)
    login: bool = Field(default=False, description="Answer with a session")
    agreement: bool = Field(default=False, description="The member confirms being 18 or older")
    challenge: dict[str, Any] | None = None

    def wire(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True)


class RegisterOut(WireModel):
    account: str
    session: LoginOut | None


class SmsLoginIn(WireModel):
    mobile_num: str | None = Field(default=None, max_length=32)
    country_dialing_code: str | None = Field(default=None, max_length=8)
    challenge: dict[str, Any] | None = None


class SmsRegisterIn(WireModel):
    mobile_no: str | None = Field(default=None, max_length=32)
    country_dialing_code: str | None = Field(default=None, max_length=8)
    reg_type: str | None = Field(default=None, max_length=16)
    challenge: dict[str, Any] | None = None


class SmsOut(WireModel):
    expired_minutes: int


class CountryOut(WireModel):
    country_code: str
    country_dialing_code: str


class ChangePasswordIn(WireModel):
    old_password: str = Field(max_length=128)
    new_password: str = Field(max_length=128)
    confirm_new_password: str = Field(max_length=128)


class ResetByPhoneIn(WireModel):
    new_password: str = Field(max_length=128)
    mobile_num: str | None = Field(default=None, max_length=32)
    country_dialing_code: str | None = Field(default=None, max_length=8)
    verification_code: str | None = Field(default=None, max_length=12)


class AffiliateOut(WireModel):
    valid: bool


class ClubLabel(WireModel):
    label_name: str | None
    rank_level: int


class MemberLabelOut(WireModel):
    label_name: str


class MemberInfoOut(WireModel):
    id: int
    account: str
    user_name: str
    nickname: str
    type: int
    is_agent: int
    is_trial: bool
    to_upline: bool
    upline_name: str | None
    club_label: ClubLabel
    member_label: list[MemberLabelOut]
    referral_code: str | None
    affiliate_code: str | None
    country_dialing_code: str | None
    mobile_num: str | None = Field(description="Masked")
    email: str | None = Field(description="Masked")
    last_login_at: datetime | None
    password_change_required: bool
    has_payment_password: bool
    language: str | None = Field(
        description="The language the member chose (PUT /wps/member/language); null: the merchant's default"
    )


class LanguageIn(WireModel):
    language: str = Field(min_length=2, max_length=8, description="A language code the brand offers, e.g. VI")


class LanguageOut(WireModel):
    language: str


class AvatarOut(WireModel):
    avatar: str = Field(description="A static avatar's id, or a data: URL of the uploaded picture")
    avatar_type: Literal["STATIC", "CUSTOM"]


class AvatarIn(WireModel):
    avatar_type: Literal["STATIC"] = "STATIC"
    avatar: str = Field(max_length=8)


class StaffLoginIn(WireModel):
    username: str = Field(max_length=64)
    password: str = Field(max_length=128)
    captcha: str | None = Field(default=None, max_length=16)
    otp: str | None = Field(
        default=None,
        max_length=8,
        description="The 6-digit code of an enrolled account; left out (nor a recovery code), a wrong code",
    )
    recovery_code: str | None = Field(
        default=None, max_length=32, description="Instead of a code: a recovery code"
    )


class StaffLoginOut(WireModel):
    token: str
    role: str
    nickname: str
    otp_enrolment_required: bool = Field(
        description="The login opens only the enrolment calls until it is done"
    )
