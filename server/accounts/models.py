"""Members (players, agents, trial accounts), staff (customer service, operators) and login sessions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

PLAYER = 0
AGENT_TYPES = (1, 2, 41, 42)
TRIAL = 4


# Who opened the account: a player for themselves, an agent for a downline, an operator, or free play.
CREATED_BY = ("SELF", "AGENT", "OPERATOR", "TRIAL")


class Member(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "members"
    __table_args__ = (
        # Usernames are unique within a merchant, not across; stored lower-case so "Player1" == "player1".
        UniqueConstraint("merchant_id", "username"),
        UniqueConstraint("merchant_id", "country_dialing_code", "mobile_num"),
        UniqueConstraint("merchant_id", "affiliate_code"),
        UniqueConstraint("merchant_id", "referral_code"),
        CheckConstraint("member_type IN (0, 1, 2, 4, 41, 42)", name="member_type"),
        CheckConstraint("status IN ('ACTIVE', 'DISABLED')", name="status"),
        CheckConstraint("created_by IN ('SELF', 'AGENT', 'OPERATOR', 'TRIAL')", name="created_by"),
        CheckConstraint("avatar_type IN ('STATIC', 'CUSTOM')", name="avatar_type"),
    )

    username: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    password_changed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Set when someone else chose the password (an agent, an operator, a reset by e-mail).
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False)
    payment_password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    member_type: Mapped[int] = mapped_column(SmallInteger, default=PLAYER)  # the wire's isAgent / type
    status: Mapped[str] = mapped_column(String(16), default="ACTIVE")
    created_by: Mapped[str] = mapped_column(String(16), default="SELF")
    upline_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="SET NULL"), nullable=True, index=True
    )
    referred_by_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="SET NULL"), nullable=True
    )
    affiliate_code: Mapped[str | None] = mapped_column(String(32), nullable=True)  # agents' invitation code
    referral_code: Mapped[str | None] = mapped_column(
        String(32), nullable=True
    )  # players' invite-a-friend code
    recommender_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)
    club_label_name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rank_level: Mapped[int] = mapped_column(Integer, default=0)
    # The language the member chose (PUT /wps/member/language): their messages are written in it. None: the
    # merchant's default language.
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    first_login_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    last_login_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    last_login_ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
    registered_ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
    register_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    trial_expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    avatar_type: Mapped[str] = mapped_column(String(8), default="STATIC")
    avatar: Mapped[str] = mapped_column(String(64), default="1")  # a static avatar's id, or "custom"
    # Set once the member has a player-protection row (a limit or an exclusion): only then does a bet or a
    # deposit read it (server/protection/policy.py).
    play_protected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    # Profile and KYC fields of SPEC §3.
    country_dialing_code: Mapped[str | None] = mapped_column(String(8), nullable=True)
    mobile_num: Mapped[str | None] = mapped_column(String(20), nullable=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    payee_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    full_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    bank_account_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    id_number: Mapped[str | None] = mapped_column(String(40), nullable=True)
    birthday: Mapped[str | None] = mapped_column(String(10), nullable=True)  # yyyy-MM-dd
    address: Mapped[str | None] = mapped_column(String(255), nullable=True)
    nationality: Mapped[str | None] = mapped_column(String(64), nullable=True)
    occupation: Mapped[str | None] = mapped_column(String(64), nullable=True)
    source_of_income: Mapped[str | None] = mapped_column(String(64), nullable=True)
    qq_num: Mapped[str | None] = mapped_column(String(20), nullable=True)
    line: Mapped[str | None] = mapped_column(String(64), nullable=True)
    whatsapp: Mapped[str | None] = mapped_column(String(20), nullable=True)
    facebook: Mapped[str | None] = mapped_column(String(100), nullable=True)
    wechat: Mapped[str | None] = mapped_column(String(64), nullable=True)
    telegram: Mapped[str | None] = mapped_column(String(64), nullable=True)
    zalo: Mapped[str | None] = mapped_column(String(20), nullable=True)


class MemberLabel(IdMixin, Base):
    __tablename__ = "member_labels"
    __table_args__ = (UniqueConstraint("member_id", "label_name"),)

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    label_name: Mapped[str] = mapped_column(String(64))


class MemberAvatar(Base):
    """An uploaded avatar, re-encoded by us (never the uploaded bytes as they came)."""

    __tablename__ = "member_avatars"

    member_id: Mapped[int] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), primary_key=True
    )
    content: Mapped[bytes] = mapped_column(LargeBinary)
    media_type: Mapped[str] = mapped_column(String(32))
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())


# The staff roles that move money or change the brand sign in with a second factor
# (server/admin/two_factor.py).
SECOND_FACTOR_ROLES = frozenset({"OPERATOR", "FINANCE"})


class Staff(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """People who work the back office of one merchant."""

    __tablename__ = "staff"
    __table_args__ = (
        UniqueConstraint("merchant_id", "username"),
        CheckConstraint("role IN ('OPERATOR', 'FINANCE', 'SUPPORT', 'AUDITOR')", name="role"),
    )

    username: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16))
    nickname: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # A disabled account cannot log in, and its sessions were revoked when it was disabled.
    disabled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Two-factor sign-in (server/admin/two_factor.py): the sealed TOTP secret, when it was switched on,
    # and the last time step whose code was accepted (a code is good once).
    otp_secret: Mapped[str | None] = mapped_column(String(255), nullable=True)
    otp_enabled_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    otp_last_step: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class StaffRecoveryCode(IdMixin, CreatedAtMixin, Base):
    """A single-use way past the second factor (a lost phone); only its SHA-256 is kept."""

    __tablename__ = "staff_recovery_codes"

    staff_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("staff.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class AuthSession(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A login. Only the SHA-256 of the token is kept: a database leak yields no usable token."""

    __tablename__ = "auth_sessions"
    __table_args__ = (CheckConstraint("(member_id IS NULL) <> (staff_id IS NULL)", name="one_principal"),)

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="CASCADE"), nullable=True, index=True
    )
    staff_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("staff.id", ondelete="CASCADE"), nullable=True, index=True
    )
    last_seen_at: Mapped[datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    revoke_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ip: Mapped[str | None] = mapped_column(String(45), nullable=True)
    user_agent: Mapped[str | None] = mapped_column(String(255), nullable=True)


class LoginAttempt(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Every login attempt, counted for throttling per account name and per address. The name is kept
    whether or not such an account exists, so the counting reveals nothing."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_name_time", "merchant_id", "username_key", "created_at"),
        Index("ix_login_attempts_ip_time", "merchant_id", "ip", "created_at"),
    )

    username_key: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(45))
    succeeded: Mapped[bool] = mapped_column(Boolean)


class VerificationCode(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A one-time SMS code. Only its hash is kept; it dies on use, on expiry or after too many tries."""

    __tablename__ = "verification_codes"
    __table_args__ = (
        CheckConstraint("purpose IN ('LOGIN', 'REGISTER', 'FORGOT')", name="purpose"),
        Index("ix_verification_codes_phone_time", "merchant_id", "phone", "created_at"),
        Index("ix_verification_codes_ip_time", "merchant_id", "ip", "created_at"),
    )

    purpose: Mapped[str] = mapped_column(String(16))
    phone: Mapped[str] = mapped_column(String(24))  # E.164, e.g. +639171234567
    code_hash: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(45))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class PasswordReset(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """A temporary password sent by e-mail. The old password keeps working until this one is used."""

    __tablename__ = "password_resets"

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    temp_hash: Mapped[str] = mapped_column(String(255))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class SmsOutbox(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """What the development SMS sender 'sent'; operators and tests read it. No real gateway is called."""

    __tablename__ = "sms_outbox"

    phone: Mapped[str] = mapped_column(String(24), index=True)
    purpose: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)


class EmailOutbox(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "email_outbox"

    to_address: Mapped[str] = mapped_column(String(254), index=True)
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
