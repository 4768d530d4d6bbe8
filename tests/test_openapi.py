"""The OpenAPI document is complete, and the copy the web client's types are generated from is current."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from tests.conftest import make_settings

COMMITTED = Path(__file__).resolve().parents[1] / "frontend" / "src" / "api" / "openapi.json"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    app = create_app(make_settings("sqlite+aiosqlite:///:memory:"))
    spec: dict[str, Any] = app.openapi()
    return spec


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, verb, op) for path, ops in document["paths"].items() for verb, op in ops.items()]


def test_every_operation_is_described(document: dict[str, Any]) -> None:
    ids = set()
    for path, verb, op in operations(document):
        where = f"{verb.upper()} {path}"
        assert op.get("operationId"), where
        assert op["operationId"] not in ids, f"{where}: duplicate operationId"
        ids.add(op["operationId"])
        assert op.get("summary"), where
        assert op.get("tags"), where
        ok = op["responses"].get("200", {})
        assert any(media.get("schema") for media in ok.get("content", {}).values()), f"{where}: no 200 schema"


def test_api_calls_document_their_failures_and_headers(document: dict[str, Any]) -> None:
    for path, verb, op in operations(document):
        if not path.startswith("/wps/"):
            continue
        where = f"{verb.upper()} {path}"
        for status in ("400", "401", "403", "404", "422", "429", "503"):
            schema = op["responses"][status]["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/ErrorEnvelope"}, where
        content = op["responses"]["200"]["content"]
        if "application/json" in content:
            success = content["application/json"]["schema"]["$ref"]
            assert success.split("/")[-1].startswith("Envelope_"), where
        else:  # a file (a picture, a QR code): only images, each described as binary
            assert all(media.startswith("image/") for media in content), where
            binary = {"type": "string", "format": "binary"}
            assert all(body["schema"] == binary for body in content.values()), where
        headers = {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}
        # Domain routing comes before the merchant is known; a gateway's server-to-server notice is no
        # browser call and carries the gateway's own signed headers instead.
        if path.startswith("/wps/seamless/"):
            # Vendors' server-to-server calls: the merchant is in the path, the request is signed.
            assert {"X-Vendor-Timestamp", "X-Vendor-Signature"} <= headers, where
        elif path not in ("/wps/system/domainRoute", "/wps/payment/callback/{gateway}"):
            assert {"Merchant", "Language", "ModuleId"} <= headers, where


def test_token_calls_declare_the_authorization_scheme(document: dict[str, Any]) -> None:
    schemes = document["components"]["securitySchemes"]
    assert schemes["APIKeyHeader"] == {
        "type": "apiKey",
        "in": "header",
        "name": "Authorization",
        "description": "The raw session token",
    }
    admin = document["paths"]["/wps/admin/merchant/maintenance"]["put"]
    assert admin["security"] == [{"APIKeyHeader": []}]


def test_every_model_has_a_name_of_its_own(document: dict[str, Any]) -> None:
    # Two models of one name come out as module-qualified names, and the web client's types under the
    # short name silently change shape.
    assert [name for name in document["components"]["schemas"] if name.startswith("server__")] == []


def test_committed_copy_is_current(document: dict[str, Any]) -> None:
    """frontend/src/api/openapi.json feeds the generated TypeScript types: `make api-types` refreshes it."""
    current = json.dumps(document, indent=2, sort_keys=True) + "\n"
    assert COMMITTED.read_text() == current, "run `make api-types` and commit the result"
