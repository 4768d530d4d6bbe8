"""/wps/member: registration, the member's own account, passwords; /wps/agent/affiliate."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Query, Request, UploadFile

from server.accounts import credentials, profile, registration, schemas
from server.accounts.deps import AccessDep, EmailSenderDep, member_row
from server.accounts.login import sign_in
from server.accounts.profile import MAX_UPLOAD_BYTES
from server.http.core import errors
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.errors import AppError
from server.http.edge.auth import AnyMember, RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep, database
from server.http.edge.encrypted import encrypted_body, encrypted_openapi
from server.http.edge.human import challenge_of_form

router = APIRouter(tags=["member"], responses=ERROR_RESPONSES)

RegisterBody = Annotated[schemas.RegisterIn, Depends(encrypted_body(schemas.RegisterIn))]


async def _register(
    body: schemas.RegisterIn, session: SessionDep, access: AccessDep, *, mobile_mode: bool
) -> Envelope[schemas.RegisterOut]:
    member = await registration.register(session, access, body.wire(), mobile_mode=mobile_mode)
    signed = await sign_in(session, access, member, password=body.password) if body.login else None
    return ok(
        schemas.RegisterOut(account=member.username, session=schemas.LoginOut.of(signed) if signed else None)
    )


@router.put(
    "/wps/member/register",
    operation_id="register",
    summary="Register with a username (DIRECTREG3, USERNAMEREG3; encrypted body)",
    openapi_extra=encrypted_openapi(schemas.RegisterIn),
)
async def register(
    body: RegisterBody, session: SessionDep, access: AccessDep
) -> Envelope[schemas.RegisterOut]:
    return await _register(body, session, access, mobile_mode=False)


@router.put(
    "/wps/member/register/mobile",
    operation_id="registerMobile",
    summary="Register with a mobile number (MOBILENUMREG3; REGMOBVERF3 asks for an SMS code)",
    openapi_extra=encrypted_openapi(schemas.RegisterIn),
)
async def register_mobile(
    access: AccessDep, body: RegisterBody, session: SessionDep
) -> Envelope[schemas.RegisterOut]:
    return await _register(body, session, access, mobile_mode=True)


@router.get(
    "/wps/agent/affiliate",
    operation_id="checkAffiliate",
    summary="Whether an agent's invitation code is valid (invitation_code_error when not)",
)
async def affiliate(
    context: PortalContext,
    session: SessionDep,
    code: Annotated[str, Query(min_length=1, max_length=32)],
    domain: Annotated[str | None, Query(max_length=260)] = None,
) -> Envelope[schemas.AffiliateOut]:
    await registration.affiliate_agent(session, context.brand.id, code)
    return ok(schemas.AffiliateOut(valid=True))


@router.get("/wps/member/info", operation_id="getMemberInfo", summary="The signed-in member")
async def info(member: AnyMember, session: SessionDep) -> Envelope[schemas.MemberInfoOut]:
    row = await member_row(session, member)
    return ok(schemas.MemberInfoOut.model_validate(await profile.member_info(session, row)))


@router.put(
    "/wps/member/language",
    operation_id="updateMemberLanguage",
    summary="Keep the member's language on the server (their messages are written in it)",
)
async def update_language(
    body: schemas.LanguageIn, member: AnyMember, context: PortalContext, session: SessionDep
) -> Envelope[schemas.LanguageOut]:
    row = await member_row(session, member)
    language = await profile.set_language(session, context.brand, row, body.language)
    return ok(schemas.LanguageOut(language=language))


async def _avatar(member: AnyMember, session: SessionDep) -> Envelope[schemas.AvatarOut]:
    return ok(
        schemas.AvatarOut.model_validate(await profile.avatar_of(session, await member_row(session, member)))
    )


router.add_api_route(
    "/wps/member/info/icon",
    _avatar,
    methods=["GET"],
    operation_id="getMemberIcon",
    summary="The signed-in member's avatar",
)
router.add_api_route(
    "/wps/relay/MCSFE_getPlayerAvatar",
    _avatar,
    methods=["GET"],
    operation_id="getPlayerAvatar",
    summary="The signed-in member's avatar (relay name of the original client)",
)


@router.put("/wps/member/avatar", operation_id="pickAvatar", summary="Pick one of the built-in avatars")
async def pick_avatar(
    body: schemas.AvatarIn, member: RealMember, session: SessionDep
) -> Envelope[schemas.AvatarOut]:
    row = await member_row(session, member)
    await profile.pick_static_avatar(row, body.avatar)
    return ok(schemas.AvatarOut.model_validate(await profile.avatar_of(session, row)))


@router.post(
    "/wps/member/avatar/upload",
    operation_id="uploadAvatar",
    summary="Upload an avatar (png or jpg, checked by content, at most 5MB)",
)
async def upload_avatar(
    file: UploadFile, member: RealMember, session: SessionDep
) -> Envelope[schemas.AvatarOut]:
    content = await file.read(MAX_UPLOAD_BYTES + 1)
    row = await member_row(session, member)
    await profile.upload_avatar(session, row, content)
    return ok(schemas.AvatarOut.model_validate(await profile.avatar_of(session, row)))


@router.post(
    "/wps/member/password",
    operation_id="changePassword",
    summary="Change the password (encrypted body); the member's other sessions end",
    openapi_extra=encrypted_openapi(schemas.ChangePasswordIn),
)
async def change_password(
    member: AnyMember,
    context: PortalContext,
    body: Annotated[schemas.ChangePasswordIn, Depends(encrypted_body(schemas.ChangePasswordIn))],
    session: SessionDep,
) -> Envelope[None]:
    if member.is_trial:
        raise AppError(errors.TRIAL_ACCOUNT)
    await credentials.change_password(
        session,
        context.brand,
        await member_row(session, member),
        session_id=member.session_id,
        old=body.old_password,
        new=body.new_password,
        confirm=body.confirm_new_password,
    )
    return ok(None)


@router.post(
    "/wps/member/password/email",
    operation_id="forgotPasswordByEmail",
    summary="Forgot password: e-mail a temporary password (form-urlencoded; same answer whether or not "
    "the name and address match)",
)
async def forgot_by_email(
    username: Annotated[str, Form(min_length=1, max_length=64)],
    email: Annotated[str, Form(min_length=3, max_length=254)],
    request: Request,
    session: SessionDep,
    access: AccessDep,
    sender: EmailSenderDep,
    challenge: Annotated[
        str | None, Form(max_length=2000, description="The human-verification result, as JSON text")
    ] = None,
) -> Envelope[None]:
    await access.require_human(session, challenge_of_form(challenge))
    await credentials.forgot_by_email(
        session, database(request), access.brand, sender, username=username, email=email
    )
    return ok(None)


@router.post(
    "/wps/member/password/verification",
    operation_id="resetPasswordByPhone",
    summary="Forgot password: set a new one with an SMS code (CHNGPASSVERIF3; encrypted body)",
    openapi_extra=encrypted_openapi(schemas.ResetByPhoneIn),
)
async def reset_by_phone(
    access: AccessDep,
    body: Annotated[schemas.ResetByPhoneIn, Depends(encrypted_body(schemas.ResetByPhoneIn))],
    session: SessionDep,
) -> Envelope[schemas.RegisterOut]:
    if not access.brand.switch_on("CHNGPASSVERIF3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "CHNGPASSVERIF3"})
    member = await credentials.reset_by_phone(
        session,
        access.brand,
        country_dialing_code=body.country_dialing_code,
        mobile_num=body.mobile_num,
        code=body.verification_code,
        new=body.new_password,
        confirm=body.new_password,
    )
    return ok(schemas.RegisterOut(account=member.username, session=None))
