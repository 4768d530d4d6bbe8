"""State behind the anti-abuse checks: payload encryption keys, image captchas, human-verification
challenges. Kept in the database so that every API process sees the same (ARCHITECTURE rule 1)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime


class PayloadKey(CreatedAtMixin, Base):
    """RSA key pairs for the encrypted request bodies of the calls SPEC marks E. The newest unretired key
    is published; older ones still decrypt until they are retired."""

    __tablename__ = "payload_keys"

    kid: Mapped[str] = mapped_column(String(32), primary_key=True)
    private_pem: Mapped[str] = mapped_column(Text)
    public_spki_b64: Mapped[str] = mapped_column(Text)
    retired_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class Captcha(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """An image captcha: bound to the browser that fetched it (cookie) and its address, single use."""

    __tablename__ = "captchas"

    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    answer_hash: Mapped[str] = mapped_column(String(64))
    ip: Mapped[str] = mapped_column(String(45))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class HumanChallenge(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """The built-in human-verification challenge (a proof of work the browser solves), single use."""

    __tablename__ = "human_challenges"

    challenge_id: Mapped[str] = mapped_column(String(64), unique=True)
    salt: Mapped[str] = mapped_column(String(64))
    difficulty: Mapped[int] = mapped_column(Integer)
    ip: Mapped[str] = mapped_column(String(45))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
