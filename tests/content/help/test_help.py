"""The help centre: the portal reads it in its language (with fallback) and searches it; staff edit it, a
category goes only when empty, every change is audited, roles are honoured and merchants kept apart."""

from __future__ import annotations

import unicodedata
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.help.models import HelpArticle, HelpCategory
from server.db.session import Database
from tests.content.notices.helpers import staff, visitor
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

HELP = "/wps/system/helpCenter"
ADMIN = "/wps/admin/content/help"
FOOTER = ["ABOUT", "CONTACT", "TERMS", "RESPONSIBLE", "PRIVACY", "AFFILIATES", "REFUND"]


async def read(
    client: httpx.AsyncClient, merchant: str = "demo", language: str | None = None, **params: str
) -> Any:
    return ok(await client.get(HELP, headers=visitor(merchant, language), params=params))["categories"]


async def counts(db: Database) -> tuple[int, int]:
    async with db.read_session() as session:
        categories = await session.scalar(select(func.count()).select_from(HelpCategory))
        articles = await session.scalar(select(func.count()).select_from(HelpArticle))
        return categories or 0, articles or 0


async def trail(db: Database) -> list[AuditEntry]:
    async with db.read_session() as session:
        found = await session.scalars(
            select(AuditEntry).where(AuditEntry.action.startswith("content.help")).order_by(AuditEntry.id)
        )
        return list(found)


def category(code: str, title: str = "Title", **more: Any) -> dict[str, Any]:
    return {"code": code, "sortOrder": 10, "texts": {"EN": {"title": title}}, **more}


def article(
    category_id: int, title: str = "Article", content: str = "<p>Text</p>", **more: Any
) -> dict[str, Any]:
    return {
        "categoryId": category_id,
        "sortOrder": 1,
        "texts": {"EN": {"title": title, "content": content}},
        **more,
    }


async def test_the_seeded_help_centre_in_english_and_vietnamese(client: httpx.AsyncClient) -> None:
    english = await read(client)
    assert [c["code"] for c in english] == FOOTER
    assert [c["title"] for c in english][:3] == ["About us", "Contact us", "Terms & conditions"]
    assert all(c["articles"] for c in english)
    terms = english[2]["articles"]
    assert [a["title"] for a in terms] == ["Account rules", "Deposits and withdrawals"]
    assert terms[0]["content"].startswith("<p>You must be 18 or older")

    vietnamese = await read(client, language="VI")
    assert [c["code"] for c in vietnamese] == FOOTER
    assert vietnamese[3]["title"] == "Chơi có trách nhiệm"
    assert vietnamese[3]["articles"][0]["title"] == "Luôn kiểm soát bản thân"


async def test_merchants_are_kept_apart_and_english_is_the_fallback(
    client: httpx.AsyncClient, db: Database
) -> None:
    # Indonesian: a language nobody wrote the seeded help in.
    demo2 = await read(client, "demo2", language="ID")
    assert [(c["code"], c["title"]) for c in demo2] == [
        ("ABOUT", "About Second Brand"),
        ("CONTACT", "Contact"),
    ]
    assert "Demo Casino" not in str(demo2)
    assert await read(client, "demo2", q="responsible") == []
    # demo2's staff cannot touch demo's help.
    demo_about = (await read(client))[0]
    other = await staff(db, merchant="demo2")
    failed(
        await client.put(f"{ADMIN}/categories/{demo_about['id']}", json=category("ABOUT"), headers=other),
        404,
        "HELP_CATEGORY_NOT_FOUND",
    )
    failed(
        await client.delete(f"{ADMIN}/categories/{demo_about['id']}", headers=other),
        404,
        "HELP_CATEGORY_NOT_FOUND",
    )
    article_id = demo_about["articles"][0]["id"]
    failed(
        await client.delete(f"{ADMIN}/articles/{article_id}", headers=other), 404, "HELP_ARTICLE_NOT_FOUND"
    )
    failed(
        await client.post(f"{ADMIN}/articles", json=article(demo_about["id"]), headers=other),
        404,
        "HELP_CATEGORY_NOT_FOUND",
    )
    listed = ok(await client.get(ADMIN, headers=other))["categories"]
    assert [c["code"] for c in listed] == ["ABOUT", "CONTACT"]


async def test_search_in_the_requested_language(client: httpx.AsyncClient) -> None:
    found = await read(client, q="DỮ LIỆU CÁ NHÂN", language="VI")
    assert [c["code"] for c in found] == ["PRIVACY"]
    assert [a["title"] for a in found[0]["articles"]] == ["Cách chúng tôi sử dụng dữ liệu của bạn"]
    # The same words in English find nothing: the search reads the text the reader gets.
    assert await read(client, q="dữ liệu cá nhân", language="EN") == []
    # However the reader's keyboard composes its accents.
    decomposed = unicodedata.normalize("NFD", "dữ liệu cá nhân")
    assert [c["code"] for c in await read(client, q=decomposed, language="VI")] == ["PRIVACY"]
    # Titles and visible text match, case-insensitively; markup does not.
    assert [c["code"] for c in await read(client, q="WHO WE ARE")] == ["ABOUT"]
    affiliates = await read(client, q="join page")
    assert [c["code"] for c in affiliates] == ["AFFILIATES"]
    assert await read(client, q="href") == []
    # Only the matching articles of a category are listed.
    terms = await read(client, q="withdrawal")
    assert [(c["code"], [a["title"] for a in c["articles"]]) for c in terms] == [
        ("TERMS", ["Account rules", "Deposits and withdrawals"]),
        ("REFUND", ["When money goes back"]),
    ]
    only = await read(client, q="in your own name")
    assert [[a["title"] for a in c["articles"]] for c in only] == [["Deposits and withdrawals"]]
    failed(await client.get(HELP, headers=visitor(), params={"q": "x" * 61}), 422, "VALIDATION_ERROR")


async def test_staff_edit_the_help_centre_with_audit(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    created = ok(await client.post(f"{ADMIN}/categories", json=category("FAQ", "Questions"), headers=admin))
    assert (created["code"], created["texts"], created["articles"]) == (
        "FAQ",
        {"EN": {"title": "Questions"}},
        [],
    )
    failed(
        await client.post(f"{ADMIN}/categories", json=category("FAQ"), headers=admin),
        409,
        "HELP_CATEGORY_CODE_TAKEN",
    )

    body = article(
        created["id"], "How do I deposit?", '<p>Open <a href="/deposit">Deposit</a>.</p><script>x</script>'
    )
    written = ok(await client.post(f"{ADMIN}/articles", json=body, headers=admin))
    assert (
        written["texts"]["EN"]["content"]
        == '<p>Open <a href="/deposit" rel="noopener noreferrer">Deposit</a>.</p>'
    )
    shown = next(c for c in await read(client) if c["code"] == "FAQ")
    assert (shown["title"], [a["title"] for a in shown["articles"]]) == ("Questions", ["How do I deposit?"])

    # A category with articles stays.
    failed(
        await client.delete(f"{ADMIN}/categories/{created['id']}", headers=admin),
        409,
        "HELP_CATEGORY_NOT_EMPTY",
    )
    assert any(c["code"] == "FAQ" for c in await read(client))

    renamed = ok(
        await client.put(
            f"{ADMIN}/categories/{created['id']}",
            json=category("FAQ_MORE", "Q&A", texts={"EN": {"title": "Q&A"}, "VI": {"title": "Hỏi đáp"}}),
            headers=admin,
        )
    )
    assert (renamed["code"], renamed["texts"]["VI"]["title"], len(renamed["articles"])) == (
        "FAQ_MORE",
        "Hỏi đáp",
        1,
    )
    failed(
        await client.put(f"{ADMIN}/categories/{created['id']}", json=category("ABOUT"), headers=admin),
        409,
        "HELP_CATEGORY_CODE_TAKEN",
    )

    about = (await read(client))[0]
    moved = ok(
        await client.put(
            f"{ADMIN}/articles/{written['id']}", json=article(about["id"], "Moved"), headers=admin
        )
    )
    assert moved["categoryId"] == about["id"]
    ok(await client.delete(f"{ADMIN}/categories/{created['id']}", headers=admin))  # empty now
    ok(await client.delete(f"{ADMIN}/articles/{written['id']}", headers=admin))
    failed(
        await client.delete(f"{ADMIN}/articles/{written['id']}", headers=admin), 404, "HELP_ARTICLE_NOT_FOUND"
    )
    assert [c["code"] for c in await read(client)] == FOOTER

    entries = await trail(db)
    assert [e.action for e in entries] == [
        "content.help.category.create",
        "content.help.article.create",
        "content.help.category.change",
        "content.help.article.change",
        "content.help.category.delete",
        "content.help.article.delete",
    ]
    change = entries[2].detail
    assert (change["before"]["code"], change["after"]["code"]) == ("FAQ", "FAQ_MORE")
    assert entries[3].detail["before"]["categoryId"] == created["id"]
    assert entries[4].detail["before"]["texts"]["VI"]["title"] == "Hỏi đáp"
    assert entries[5].detail["before"]["texts"]["EN"]["title"] == "Moved"


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("path", "payload", "code"),
    [
        ("categories", category("faq"), "VALIDATION_ERROR"),
        ("categories", category("A"), "VALIDATION_ERROR"),
        ("categories", category("FAQ", "x" * 10_000), "VALIDATION_ERROR"),
        ("categories", {**category("FAQ"), "texts": {}}, "VALIDATION_ERROR"),
        ("categories", {**category("FAQ"), "texts": {"QQ": {"title": "?"}}}, "LANGUAGE_UNSUPPORTED"),
        ("articles", article(1, "x" * 10_000), "VALIDATION_ERROR"),
        ("articles", article(1, content="x" * 20_001), "VALIDATION_ERROR"),
        ("articles", article(2**53 + 1), "VALIDATION_ERROR"),
    ],
)
async def test_bad_input_stores_nothing(
    client: httpx.AsyncClient, db: Database, path: str, payload: dict[str, Any], code: str
) -> None:
    admin = await staff(db)
    before = await counts(db)
    answer = await client.post(f"{ADMIN}/{path}", json=payload, headers=admin)
    failed(answer, 422, code)
    assert await counts(db) == before
    assert await trail(db) == []


async def test_an_unknown_language_in_an_article(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    about = (await read(client))[0]
    before = await counts(db)
    payload = {**article(about["id"]), "texts": {"vi": {"title": "ok", "content": ""}, "zz": {"title": "?"}}}
    assert failed(
        await client.post(f"{ADMIN}/articles", json=payload, headers=admin), 422, "LANGUAGE_UNSUPPORTED"
    ) == {
        "languages": ["ZZ"],
        "allowed": ["CN", "EN", "JA", "PT", "TH", "TY", "VI"],
    }
    assert await counts(db) == before


async def test_roles(client: httpx.AsyncClient, db: Database) -> None:
    support, auditor, finance = [await staff(db, name) for name in ("support1", "auditor1", "finance1")]
    for reader in (support, auditor):
        assert [c["code"] for c in ok(await client.get(ADMIN, headers=reader))["categories"]] == FOOTER
        failed(
            await client.post(f"{ADMIN}/categories", json=category("FAQ"), headers=reader), 403, "FORBIDDEN"
        )
        failed(await client.post(f"{ADMIN}/articles", json=article(1), headers=reader), 403, "FORBIDDEN")
        failed(await client.delete(f"{ADMIN}/categories/1", headers=reader), 403, "FORBIDDEN")
        failed(await client.put(f"{ADMIN}/articles/1", json=article(1), headers=reader), 403, "FORBIDDEN")
    failed(await client.get(ADMIN, headers=finance), 403, "FORBIDDEN")
    assert await trail(db) == []
