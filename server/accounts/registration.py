"""Opening an account: the merchant's field rules enforced on the server, the switches honoured, the
affiliate and referral links recorded, and a daily cap per address."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, phones, sms_codes
from server.accounts.access import Access
from server.accounts.login import username_key
from server.accounts.models import AGENT_TYPES, PLAYER, Member
from server.brands.business_day import business_day
from server.brands.patterns import PATTERNS, RegisterRule, matches
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.loyalty.referral import invitees as referral_invitees

# Register payload fields (SPEC §3) stored on the member as they are, keyed by wire name.
PROFILE_FIELDS = {
    "payeeName": "payee_name",
    "email": "email",
    "qqNum": "qq_num",
    "line": "line",
    "whatsapp": "whatsapp",
    "facebook": "facebook",
    "wechat": "wechat",
    "telegram": "telegram",
    "zalo": "zalo",
    "idNumber": "id_number",
    "recommenderId": "recommender_id",
}
_REFERRAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
MINIMUM_AGE = 18  # SPEC's minimum age
BIRTHDAY_PATTERN = 11  # yyyy-MM-dd


@dataclass(frozen=True)
class FieldError:
    field: str
    type: str  # required | length | pattern | mismatch
    message_key: str
    min: int | None = None
    max: int | None = None

    def wire(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "type": self.type,
            "messageKey": self.message_key,
            "min": self.min,
            "max": self.max,
        }


def check_fields(
    rules: tuple[RegisterRule, ...], values: Mapping[str, str | None], *, always: set[str]
) -> list[FieldError]:
    """Every enabled rule, plus the fields the mode always needs (`always`), against the given values."""
    found: list[FieldError] = []
    for rule in rules:
        if not (rule.enabled or rule.field in always):
            continue
        value = (values.get(rule.field) or "").strip()
        key = PATTERNS[rule.pattern_id].message_key
        if not value:
            if rule.required or rule.field in always:
                found.append(FieldError(rule.field, "required", key, rule.min_length, rule.max_length))
            continue
        if not rule.min_length <= len(value) <= rule.max_length:
            found.append(FieldError(rule.field, "length", key, rule.min_length, rule.max_length))
        elif not matches(rule.pattern_id, value):
            found.append(FieldError(rule.field, "pattern", key, rule.min_length, rule.max_length))
    return found


def birthday_of(value: str | None) -> date | None:
    """The birthday a register payload gives (yyyy-MM-dd, a day that exists), None when none is given, or
    VALIDATION_ERROR (birthday, pattern). Checked whether or not the brand offers the field: a birthday
    given is always held to the minimum age."""
    text = (value or "").strip()
    if not text:
        return None
    if len(text) == 10 and matches(BIRTHDAY_PATTERN, text):
        return datetime.strptime(text, "%Y-%m-%d").date()
    key = PATTERNS[BIRTHDAY_PATTERN].message_key
    raise invalid([FieldError("birthday", "pattern", key, 10, 10)])


def refuse_underage(birthday: date, today: date) -> None:
    """UNDERAGE (400) unless the member turned 18 on or before `today` (the brand's business day). Someone
    born on 29 February turns 18 on 1 March of a common year."""
    age = today.year - birthday.year - ((today.month, today.day) < (birthday.month, birthday.day))
    if age < MINIMUM_AGE:
        raise AppError(errors.UNDERAGE, value={"minimumAge": MINIMUM_AGE})


def invalid(found: list[FieldError]) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [f.wire() for f in found]})


def rule_for(rules: tuple[RegisterRule, ...], field: str) -> RegisterRule | None:
    return next((r for r in rules if r.field == field), None)


async def affiliate_agent(session: AsyncSession, merchant_id: int, code: str) -> Member:
    """The agent whose invitation code this is, or invitation_code_error."""
    agent = await session.scalar(
        select(Member).where(
            Member.merchant_id == merchant_id,
            func.upper(Member.affiliate_code) == code.strip().upper(),
            Member.member_type.in_(AGENT_TYPES),
            Member.status == "ACTIVE",
        )
    )
    if agent is None:
        raise AppError(errors.INVITATION_CODE)
    return agent


async def _new_referral_code(session: AsyncSession, merchant_id: int) -> str:
    while True:
        code = "".join(secrets.choice(_REFERRAL_ALPHABET) for _ in range(8))
        taken = await session.scalar(
            select(Member.id).where(Member.merchant_id == merchant_id, Member.referral_code == code)
        )
        if taken is None:
            return code


async def _check_ip_cap(session: AsyncSession, access: Access) -> None:
    since = utcnow() - timedelta(days=1)
    count = await session.scalar(
        select(func.count())
        .select_from(Member)
        .where(
            Member.merchant_id == access.brand.id,
            Member.registered_ip == access.ip,
            Member.created_by == "SELF",
            Member.created_at >= since,
        )
    )
    if int(count or 0) >= access.brand.registrations_per_ip_per_day:
        raise AppError(errors.TOO_MANY_REQUEST)


async def register(
    session: AsyncSession, access: Access, body: Mapping[str, Any], *, mobile_mode: bool
) -> Member:
    """Validate everything first, then create the member. `body` is the register payload (wire names)."""
    brand = access.brand
    if not brand.switch_on("DIRECTREG3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "DIRECTREG3"})
    mode_switch = "MOBILENUMREG3" if mobile_mode else "USERNAMEREG3"
    if not brand.switch_on(mode_switch):
        raise AppError(errors.MODULE_DISABLED, value={"modId": mode_switch})
    rules = brand.register_rules
    values = {k: (v if isinstance(v, str) else None) for k, v in body.items()}
    # In mobile mode the password is only asked for when MOBILENUMPASSREG3 is on; the member then signs
    # in by SMS code.
    wants_password = not mobile_mode or brand.switch_on("MOBILENUMPASSREG3")
    always = {"password"} if wants_password else set()
    always |= {"mobileNum"} if mobile_mode else {"username"}
    # In mobile mode the username is optional (the number names the account when none is given).
    checked = tuple(replace(r, required=False) if mobile_mode and r.field == "username" else r for r in rules)
    found = check_fields(checked, values, always=always)
    password = values.get("password") or ""
    if wants_password and password and password != (values.get("confirmPassword") or ""):
        found.append(FieldError("confirmPassword", "mismatch", "inconsistent_twice"))
    # REGMOBVERF3 verifies the number a member registers with, by SMS: in mobile mode the number that names
    # the account, in username mode the optional number when one is given (SPEC §7: both variants).
    verify_mobile = brand.switch_on("REGMOBVERF3") and (
        mobile_mode or bool((values.get("mobileNum") or "").strip())
    )
    if verify_mobile and not (values.get("verificationCode") or "").strip():
        found.append(FieldError("verificationCode", "required", "sms_code_required"))
    if found:
        raise invalid(found)
    birthday = birthday_of(values.get("birthday"))
    if birthday is not None:
        refuse_underage(birthday, business_day(utcnow()))
    if body.get("agreement") is not True:
        raise AppError(errors.AGREEMENT_REQUIRED)
    await access.require_human(session, body.get("challenge"))
    captcha_rule = rule_for(rules, "captcha")
    if captcha_rule is not None and captcha_rule.enabled:
        await access.require_captcha(session, values.get("captcha"))
    await _check_ip_cap(session, access)

    mobile = None
    if values.get("mobileNum"):
        mobile = phones.parse_mobile(values.get("countryDialingCode"), values.get("mobileNum"))
        if await phones.member_by_mobile(session, brand.id, mobile) is not None:
            raise AppError(errors.MOBILE_TAKEN)
    if verify_mobile:
        assert mobile is not None
        await sms_codes.consume_code(
            session,
            merchant_id=brand.id,
            purpose="REGISTER",
            phone=mobile.e164,
            code=values.get("verificationCode") or "",
        )
    username = (
        username_key(values.get("username") or "")
        if not mobile_mode
        else f"m{mobile.national if mobile else ''}"
    )
    if mobile_mode and values.get("username") and (rule := rule_for(rules, "username")) and rule.enabled:
        username = username_key(values["username"] or "")
    taken = await session.scalar(
        select(Member.id).where(Member.merchant_id == brand.id, Member.username == username)
    )
    if taken is not None:
        raise AppError(errors.USERNAME_TAKEN)

    upline = None
    if values.get("affiliateCode") and (rule := rule_for(rules, "affiliateCode")) and rule.enabled:
        upline = await affiliate_agent(session, brand.id, values["affiliateCode"] or "")
    referrer = None
    if values.get("referralCode"):
        # A stale or mistyped invite link must not stop someone from signing up: it is just not credited.
        referrer = await session.scalar(
            select(Member).where(
                Member.merchant_id == brand.id,
                Member.referral_code == (values["referralCode"] or "").strip().upper(),
                Member.member_type == PLAYER,
            )
        )

    now = utcnow()
    member = Member(
        merchant_id=brand.id,
        username=username,
        password_hash=await passwords.hash_password_async(password or secrets.token_urlsafe(24)),
        password_changed_at=now,
        member_type=PLAYER,
        created_by="SELF",
        upline_id=upline.id if upline else (referrer.upline_id if referrer else None),
        referred_by_id=referrer.id if referrer else None,
        referral_code=await _new_referral_code(session, brand.id),
        nickname=username,
        registered_ip=access.ip,
        register_url=(values.get("registerUrl") or values.get("domain") or None),
        country_dialing_code=mobile.country_dialing_code if mobile else None,
        mobile_num=mobile.national if mobile else None,
    )
    if birthday is not None:
        member.birthday = birthday.isoformat()
    payment_rule = rule_for(rules, "paymentPassword")
    if payment_rule is not None and payment_rule.enabled and values.get("paymentPassword"):
        member.payment_password_hash = await passwords.hash_password_async(values["paymentPassword"] or "")
    for wire, column in PROFILE_FIELDS.items():
        rule = rule_for(rules, wire)
        if rule is not None and rule.enabled and values.get(wire):
            setattr(member, column, (values[wire] or "").strip())
    session.add(member)
    await session.flush()
    if referrer is not None:
        # Invite friends: the address and device the invitee came from, against self-invitation.
        await referral_invitees.note_invitee(
            session, brand, member, referrer, ip=access.ip, user_agent=access.user_agent
        )
    return member
