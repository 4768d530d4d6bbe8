"""What a member sees of their own account, and their avatar."""

from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image, UnidentifiedImageError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import AGENT_TYPES, TRIAL, Member, MemberAvatar, MemberLabel
from server.brands.service import Brand
from server.content.texts import check_languages
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError

STATIC_AVATARS = tuple(str(n) for n in range(1, 9))  # frontend/public/avatars/{id}.svg
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
AVATAR_SIZE = 256
# Refuse decompression bombs before decoding: no real photo needs more pixels than this.
MAX_UPLOAD_PIXELS = 40_000_000


def _mask(value: str | None, keep: int = 3) -> str | None:
    if not value:
        return None
    return value[:keep] + "*" * max(len(value) - 2 * keep, 3) + value[-keep:]


def _mask_email(value: str | None) -> str | None:
    if not value or "@" not in value:
        return None
    name, _, domain = value.partition("@")
    return f"{name[:2]}***@{domain}"


async def member_info(session: AsyncSession, member: Member) -> dict[str, Any]:
    labels = list(
        await session.scalars(select(MemberLabel.label_name).where(MemberLabel.member_id == member.id))
    )
    upline_name = None
    if member.upline_id is not None:
        upline_name = await session.scalar(select(Member.username).where(Member.id == member.upline_id))
    return {
        "id": member.id,
        "account": member.username,
        "userName": member.username,
        "nickname": member.nickname or member.username,
        "type": member.member_type,
        "isAgent": member.member_type,
        "isTrial": member.member_type == TRIAL,
        "toUpline": upline_name is not None,
        "uplineName": upline_name,
        "clubLabel": {"labelName": member.club_label_name, "rankLevel": member.rank_level},
        "memberLabel": [{"labelName": name} for name in labels],
        "referralCode": member.referral_code if member.member_type == 0 else None,
        "affiliateCode": member.affiliate_code if member.member_type in AGENT_TYPES else None,
        "countryDialingCode": member.country_dialing_code,
        "mobileNum": _mask(member.mobile_num),
        "email": _mask_email(member.email),
        "lastLoginAt": member.last_login_at,
        "passwordChangeRequired": member.must_change_password,
        "hasPaymentPassword": member.payment_password_hash is not None,
        "language": member.language,
    }


async def set_language(session: AsyncSession, brand: Brand, member: Member, language: str) -> str:
    """The member's language for what the product writes to them (messages); LANGUAGE_UNSUPPORTED for a
    code the brand does not offer."""
    code = language.strip().upper()
    check_languages(brand, [code])
    member.language = code
    await session.flush()
    return code


async def avatar_of(session: AsyncSession, member: Member) -> dict[str, str]:
    if member.avatar_type == "CUSTOM":
        stored = await session.get(MemberAvatar, member.id)
        if stored is not None:
            data = base64.b64encode(stored.content).decode()
            return {"avatarType": "CUSTOM", "avatar": f"data:{stored.media_type};base64,{data}"}
    avatar = member.avatar if member.avatar in STATIC_AVATARS else STATIC_AVATARS[0]
    return {"avatarType": "STATIC", "avatar": avatar}


async def pick_static_avatar(member: Member, avatar: str) -> None:
    if avatar not in STATIC_AVATARS:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "avatar", "type": "choice"}]})
    member.avatar_type = "STATIC"
    member.avatar = avatar


def normalise_image(content: bytes) -> bytes:
    """PNG or JPEG by content (never by name), re-encoded as a square PNG: what we store and serve is
    always our own encoding, whatever the upload carried besides the picture."""
    if not content or len(content) > MAX_UPLOAD_BYTES:
        raise AppError(errors.UPLOAD_INVALID)
    try:
        with Image.open(io.BytesIO(content)) as probe:
            if probe.format not in ("PNG", "JPEG"):
                raise AppError(errors.UPLOAD_INVALID)
            if probe.width * probe.height > MAX_UPLOAD_PIXELS:
                raise AppError(errors.UPLOAD_INVALID)
            probe.verify()
        with Image.open(io.BytesIO(content)) as image:
            picture = image.convert("RGBA")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise AppError(errors.UPLOAD_INVALID) from exc
    side = min(picture.size)
    left, top = (picture.width - side) // 2, (picture.height - side) // 2
    square = picture.crop((left, top, left + side, top + side)).resize((AVATAR_SIZE, AVATAR_SIZE))
    out = io.BytesIO()
    square.save(out, format="PNG", optimize=True)
    return out.getvalue()


async def upload_avatar(session: AsyncSession, member: Member, content: bytes) -> None:
    png = normalise_image(content)
    stored = await session.get(MemberAvatar, member.id)
    if stored is None:
        session.add(
            MemberAvatar(member_id=member.id, content=png, media_type="image/png", updated_at=utcnow())
        )
    else:
        stored.content, stored.updated_at = png, utcnow()
    member.avatar_type, member.avatar = "CUSTOM", "custom"
    await session.flush()
