"""Request bodies that travel encrypted, for the calls SPEC marks E (login, register, passwords).

    @router.post("/x", openapi_extra=encrypted_openapi(LoginIn))
    async def login(context: PortalContext, body: Annotated[LoginIn, Depends(encrypted_body(LoginIn))]):

Put the context before the body so that maintenance and region checks answer before decryption does.
"""

# No `from __future__ import annotations` here: FastAPI evaluates the dependency's annotations at run time,
# and they name `model`, a variable of the enclosing function that a string annotation could not reach.

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import Body, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, GetJsonSchemaHandler, PlainValidator, ValidationError
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from server.http.core import errors
from server.http.core.errors import AppError
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.http.edge.input_guard import MESSAGES, problem_in
from server.security import payloads

M = TypeVar("M", bound=BaseModel)


class EncryptedPayload(BaseModel):
    """The wire envelope of an encrypted body. Its plaintext is the UTF-8 JSON {"ts": <epoch ms>, "body":
    <the call's body>}, refused when ts is more than five minutes from the server's clock."""

    enc: Literal["v1"] = Field(description="Format version")
    kid: str = Field(description="The kid of the key from getPublicKey")
    key: str = Field(description="Base64 of a fresh 32-byte AES key, RSA-OAEP (SHA-256, MGF1 SHA-256)")
    iv: str = Field(description="Base64 of the 12-byte AES-GCM nonce")
    data: str = Field(description="Base64 of the AES-256-GCM ciphertext, its 16-byte tag appended, no AAD")


class _OneOf:
    """A body is exactly one of the two shapes; pydantic documents a union as anyOf."""

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        generated = dict(handler(schema))
        if "anyOf" in generated:
            generated["oneOf"] = generated.pop("anyOf")
        return generated


def _as_sent(value: Any) -> Any:
    return value


def _invalid(kind: str, message: str) -> RequestValidationError:
    return RequestValidationError([{"type": kind, "loc": ("body",), "msg": message}])


def encrypted_body(model: type[M]) -> Callable[..., Awaitable[M]]:
    """A dependency that yields the call's body as `model`: decrypted when it comes encrypted, taken as
    sent only when the merchant allows plain bodies, else ENCRYPTION_REQUIRED."""

    async def read_body(
        request: Request,
        context: SystemContext,
        session: SessionDep,
        # Declared so that FastAPI documents the body as oneOf [EncryptedPayload, model] and puts both
        # schemas in components; it accepts anything, the checks below decide.
        _documented: Annotated[
            Any,
            PlainValidator(_as_sent, json_schema_input_type=EncryptedPayload | model),
            _OneOf(),
            Body(title=f"Encrypted{model.__name__}"),
        ],
    ) -> M:
        try:
            sent = await request.json()
        except ValueError:  # not JSON, or not UTF-8; FastAPI already said so for a JSON content type
            raise _invalid("json_invalid", "JSON decode error") from None
        if not isinstance(sent, dict):
            raise _invalid("dict_type", "Input should be a valid dictionary")
        if "enc" in sent:
            sent = await payloads.decrypt(session, sent)
        elif not context.brand.allow_plain_payloads:
            raise AppError(errors.ENCRYPTION_REQUIRED)
        # The edge saw only ciphertext: what it refuses in plain bodies is refused here.
        problem = problem_in(sent)
        if problem:
            raise _invalid(problem, MESSAGES[problem])
        try:
            return model.model_validate(sent)
        except ValidationError as exc:
            # Shaped like FastAPI's own body errors, without `input`: it may hold a decrypted password.
            raise RequestValidationError(
                [
                    {"type": e["type"], "loc": ("body", *e["loc"]), "msg": e["msg"]}
                    for e in exc.errors(include_url=False)
                ]
            ) from None

    return read_body


def encrypted_openapi(model: type[BaseModel]) -> dict[str, Any]:
    """For the route's `openapi_extra=`: describes the encryption. The oneOf schema itself comes from the
    `encrypted_body` dependency, which is what puts both schemas in components."""
    return {
        "requestBody": {
            "required": True,
            "description": (
                f"An EncryptedPayload whose plaintext is {{ts, body: {model.__name__}}}, keyed with "
                "getPublicKey. A plain "
                f"{model.__name__} is accepted only where the merchant allows it (else ENCRYPTION_REQUIRED); "
                "a body that cannot be opened answers DECRYPTION_FAILED."
            ),
        },
        "x-encrypted-body": {
            "algorithm": payloads.ALGORITHM,
            "publicKey": "/wps/system/publicKey",
            "plain": model.__name__,
        },
    }
