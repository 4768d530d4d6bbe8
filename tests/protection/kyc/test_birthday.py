"""The registration's birthday (issue 34): optional unless the brand requires it (its field rule), a real
yyyy-MM-dd day, and 18 years or more before the brand's business day (Asia/Manila), else 400 UNDERAGE."""

from __future__ import annotations

from datetime import date, timedelta

import httpx
import pytest
from sqlalchemy import select, update

from server.brands.business_day import business_day
from server.brands.models import Merchant, RegisterFieldRule
from server.db.base import utcnow
from server.db.session import Database
from tests.accounts.test_register import payload, register, stored
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


def years_before(today: date, years: int) -> date:
    """The same day `years` earlier (29 February becomes 1 March in a common year)."""
    try:
        return today.replace(year=today.year - years)
    except ValueError:
        return date(today.year - years, 3, 1)


async def set_birthday_rule(db: Database, *, enabled: bool, required: bool) -> None:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        await session.execute(
            update(RegisterFieldRule)
            .where(RegisterFieldRule.merchant_id == merchant_id, RegisterFieldRule.field == "birthday")
            .values(enabled=enabled, required=required)
        )


async def test_the_18th_birthday_today_is_old_enough(client: httpx.AsyncClient, db: Database) -> None:
    today = business_day(utcnow())
    eighteen = years_before(today, 18)
    failed(
        await register(Portal(client), payload(birthday=(eighteen + timedelta(days=1)).isoformat())),
        400,
        "UNDERAGE",
    )
    assert await stored(db, "newplayer1") is None
    ok(await register(Portal(client), payload(birthday=eighteen.isoformat())))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.birthday == eighteen.isoformat()


async def test_without_a_birthday_nothing_is_asked(client: httpx.AsyncClient, db: Database) -> None:
    ok(await register(Portal(client), payload()))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.birthday is None


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("birthday", "kind"),
    [
        ("2000-02-30", "pattern"),
        ("2001-02-29", "pattern"),
        ("2000-13-01", "pattern"),
        ("01-02-2000", "pattern"),
        ("2000-1-1", "length"),
        ("yesterday", "length"),
    ],
)
async def test_a_birthday_must_be_a_real_day(client: httpx.AsyncClient, birthday: str, kind: str) -> None:
    value = failed(await register(Portal(client), payload(birthday=birthday)), 422, "VALIDATION_ERROR")
    [problem] = value["fields"]
    assert (problem["field"], problem["type"], problem["messageKey"]) == ("birthday", kind, "reg_pattern_11")


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize("days", [-365, -1, 0, 1, 365, 17 * 365])
async def test_the_future_and_minors_are_refused(client: httpx.AsyncClient, days: int) -> None:
    """Born `days` before today: in the future, today, a year ago, some seventeen years ago."""
    birthday = business_day(utcnow()) - timedelta(days=days)
    refused = failed(await register(Portal(client), payload(birthday=birthday.isoformat())), 400, "UNDERAGE")
    assert refused == {"minimumAge": 18}


async def test_a_brand_may_require_it(client: httpx.AsyncClient, db: Database) -> None:
    await set_birthday_rule(db, enabled=True, required=True)
    value = failed(await register(Portal(client), payload()), 422, "VALIDATION_ERROR")
    assert [(p["field"], p["type"]) for p in value["fields"]] == [("birthday", "required")]
    rules = ok(await client.get("/wps/system/setting/register", headers={"Merchant": "demo"}))
    [rule] = [r for r in rules if r["field"] == "birthday"]
    assert (rule["enabled"], rule["required"], rule["patternId"]) == (True, True, 11)
    failed(await register(Portal(client), payload(birthday="2015-06-01")), 400, "UNDERAGE")
    ok(await register(Portal(client), payload(birthday="1990-06-01")))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.birthday == "1990-06-01"


async def test_offered_but_not_asked_by_default(client: httpx.AsyncClient, db: Database) -> None:
    rules = ok(await client.get("/wps/system/setting/register", headers={"Merchant": "demo"}))
    [rule] = [r for r in rules if r["field"] == "birthday"]
    assert (rule["enabled"], rule["required"], rule["minLength"], rule["maxLength"]) == (True, False, 10, 10)
    # A brand that does not offer it still holds a birthday given to the minimum age.
    await set_birthday_rule(db, enabled=False, required=False)
    failed(await register(Portal(client), payload(birthday="2020-01-01")), 400, "UNDERAGE")
    failed(await register(Portal(client), payload(birthday="2020-02-30")), 422, "VALIDATION_ERROR")
    ok(await register(Portal(client), payload(birthday="1980-12-31")))
    member = await stored(db, "newplayer1")
    assert member is not None
    assert member.birthday == "1980-12-31"
