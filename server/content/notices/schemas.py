"""The wire shapes of notices: what the portal reads (NoticeOut, BannerOut) and what the console reads and
writes (NoticeAdminOut, NoticeIn)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from server.admin import brand_settings
from server.content.texts import TextOut, Texts
from server.http.core.envelope import WireModel
from server.http.core.wire_types import IsoDateTime

Kind = Literal["BANNER", "POPUP", "ANNOUNCEMENT", "PROMOTION", "PLAYER"]
Platform = Literal["W", "M", "A"]
Audience = Literal["ALL", "VISITORS", "MEMBERS", "AGENTS", "RANKS"]
ANNOUNCEMENT_TYPE = r"^[A-Z_]{2,16}$"
DEFAULT_ANNOUNCEMENT_TYPE = "GENERAL"
RANK_MAX = 999
RANKS_MAX = 100


# --- the portal ---------------------------------------------------------------------------------------


class NoticeOut(WireModel):
    id: int
    title: str
    content: str = Field(description="Sanitised HTML")
    date: int = Field(
        description="Milliseconds since 1970: its publication, or the start of its schedule when later"
    )
    type: str = Field(description="The announcement type (GENERAL, PROMOTION, ...), else the notice's kind")


class BannerOut(WireModel):
    id: int
    title: str
    image_url: str | None
    link_url: str | None


class HomeNoticeOut(WireModel):
    player: list[NoticeOut]
    banners: list[BannerOut]
    popup: list[NoticeOut]
    promotion: list[BannerOut]


class AnnouncementPageOut(WireModel):
    list: list[NoticeOut]
    page_num: int
    total_pages: int
    total: int


# --- the console --------------------------------------------------------------------------------------


class NoticeAdminOut(WireModel):
    id: int
    kind: Kind
    announcement_type: str | None
    platform: Platform
    audience: Audience
    ranks: list[int]
    starts_at: datetime | None
    ends_at: datetime | None
    sort_order: int
    published: bool
    published_at: datetime | None = Field(
        description="When it was last published (a draft never was); kept while withdrawn"
    )
    image_url: str | None
    link_url: str | None
    texts: dict[str, TextOut]
    updated_at: datetime


class NoticeListOut(WireModel):
    list: list[NoticeAdminOut]


_LINK = "an https address, or a path on this site beginning with a single /"


class NoticeIn(WireModel):
    kind: Kind
    announcement_type: str | None = Field(
        default=None,
        pattern=ANNOUNCEMENT_TYPE,
        description=f"ANNOUNCEMENT only (GENERAL, PROMOTION, MAINTENANCE, ...); {DEFAULT_ANNOUNCEMENT_TYPE} "
        "when absent",
    )
    platform: Platform = Field(default="A", description="W web, M mobile, A all")
    audience: Audience = "ALL"
    ranks: list[Annotated[int, Field(ge=0, le=RANK_MAX)]] = Field(
        default_factory=list, max_length=RANKS_MAX, description="RANKS only: the rank levels it is for"
    )
    starts_at: IsoDateTime | None = Field(default=None, description="Shown from (UTC); open when absent")
    ends_at: IsoDateTime | None = Field(default=None, description="Shown until (exclusive); open when absent")
    sort_order: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    published: bool = False
    image_url: str | None = Field(
        default=None,
        max_length=brand_settings.LINK_MAX,
        description=f"{_LINK}; BANNER and PROMOTION need one",
    )
    link_url: str | None = Field(default=None, max_length=brand_settings.LINK_MAX, description=_LINK)
    texts: Texts

    @field_validator("image_url", "link_url")
    @classmethod
    def _site_link(cls, url: str | None) -> str | None:
        url = (url or "").strip() or None
        if url is not None and not brand_settings.is_site_link(url):
            raise ValueError(f"must be {_LINK}")
        return url

    @field_validator("ranks")
    @classmethod
    def _ranks(cls, ranks: list[int]) -> list[int]:
        return sorted(set(ranks))

    @model_validator(mode="after")
    def _consistent(self) -> NoticeIn:
        if self.starts_at and self.ends_at and self.ends_at <= self.starts_at:
            raise ValueError("endsAt must come after startsAt")
        if self.kind in ("BANNER", "PROMOTION") and not self.image_url:
            raise ValueError(f"a {self.kind} needs an imageUrl")
        if self.audience == "RANKS" and not self.ranks:
            raise ValueError("a RANKS audience needs at least one rank")
        if self.audience != "RANKS":
            self.ranks = []
        if self.kind == "ANNOUNCEMENT":
            self.announcement_type = self.announcement_type or DEFAULT_ANNOUNCEMENT_TYPE
        else:
            self.announcement_type = None
        return self
