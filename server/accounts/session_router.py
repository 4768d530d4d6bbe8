"""/wps/session and the SMS code calls: signing in and out."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from server.accounts import login, phones, schemas, sms_codes
from server.accounts.deps import AccessDep, SmsSenderDep
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import AnyMember
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.http.edge.encrypted import encrypted_body, encrypted_openapi

router = APIRouter(tags=["session"], responses=ERROR_RESPONSES)

LoginBody = Annotated[schemas.LoginIn, Depends(encrypted_body(schemas.LoginIn))]


@router.post(
    "/wps/session/login",
    operation_id="login",
    summary="Log in by username and password, or by SMS code (encrypted body)",
    openapi_extra=encrypted_openapi(schemas.LoginIn),
)
async def login_call(access: AccessDep, body: LoginBody, session: SessionDep) -> Envelope[schemas.LoginOut]:
    if body.type == "sms":
        signed = await login.login_with_sms(
            session,
            access,
            country_dialing_code=body.country_dialing_code,
            mobile_num=body.mobile_num,
            code=body.verification_code,
            portal=body.portal,
        )
    else:
        await access.require_human(session, body.challenge)
        signed = await login.login_with_password(
            session,
            access,
            username=(body.username or "").strip(),
            password=body.password or "",
            captcha=body.captcha,
            portal=body.portal,
        )
    return ok(schemas.LoginOut.of(signed))


@router.post(
    "/wps/session/login/freeplay",
    operation_id="loginFreePlay",
    summary="Start free play with a trial account (FREEPLAY3)",
)
async def free_play(
    body: schemas.FreePlayIn, session: SessionDep, access: AccessDep
) -> Envelope[schemas.LoginOut]:
    return ok(schemas.LoginOut.of(await login.start_free_play(session, access)))


@router.delete("/wps/session/logout", operation_id="logout", summary="End this session")
async def logout(member: AnyMember, session: SessionDep) -> Envelope[None]:
    await login.logout(session, member.session_id)
    return ok(None)


async def _send(
    purpose: str,
    session: SessionDep,
    access: AccessDep,
    sender: SmsSenderDep,
    dialing: str | None,
    number: str | None,
    challenge: dict[str, object] | None,
) -> Envelope[schemas.SmsOut]:
    minutes = await sms_codes.request_code(
        session,
        access,
        sender,
        purpose=purpose,
        country_dialing_code=dialing,
        number=number,
        challenge=challenge,
    )
    return ok(schemas.SmsOut(expired_minutes=minutes))


@router.post(
    "/wps/verification/sms/noLogin",
    operation_id="sendLoginSms",
    summary="Send a login code by SMS (MOBILEVERCODELOGIN3)",
)
async def sms_login(
    body: schemas.SmsLoginIn, session: SessionDep, access: AccessDep, sender: SmsSenderDep
) -> Envelope[schemas.SmsOut]:
    return await _send(
        "LOGIN", session, access, sender, body.country_dialing_code, body.mobile_num, body.challenge
    )


@router.post(
    "/wps/verification/sms/register",
    operation_id="sendRegisterSms",
    summary="Send a registration code by SMS (REGMOBVERF3)",
)
async def sms_register(
    body: schemas.SmsRegisterIn, session: SessionDep, access: AccessDep, sender: SmsSenderDep
) -> Envelope[schemas.SmsOut]:
    return await _send(
        "REGISTER", session, access, sender, body.country_dialing_code, body.mobile_no, body.challenge
    )


@router.post(
    "/wps/verification/sms/forgot",
    operation_id="sendForgotSms",
    summary="Send a password-reset code by SMS (CHNGPASSVERIF3)",
)
async def sms_forgot(
    body: schemas.SmsLoginIn, session: SessionDep, access: AccessDep, sender: SmsSenderDep
) -> Envelope[schemas.SmsOut]:
    return await _send(
        "FORGOT", session, access, sender, body.country_dialing_code, body.mobile_num, body.challenge
    )


@router.get(
    "/wps/system/countries",
    operation_id="getCountries",
    summary="The countries the merchant takes mobile numbers from, with their dialing codes",
)
async def countries(context: SystemContext) -> Envelope[list[schemas.CountryOut]]:
    return ok([schemas.CountryOut.model_validate(c) for c in phones.countries(context.brand.countries)])
