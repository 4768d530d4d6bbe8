"""Who is calling: the Authorization header carries the raw session token (SPEC §7 "T" calls)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import APIKeyHeader

from server.accounts import sessions
from server.accounts.sessions import Principal, SessionPolicy
from server.admin import roles
from server.admin.roles import Permission
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.edge.context import PortalContext, RequestContext, SystemContext
from server.http.edge.db import SessionDep

_token_header = APIKeyHeader(name="Authorization", auto_error=False, description="The raw session token")


def session_policy(request: Request) -> SessionPolicy:
    policy: SessionPolicy = request.app.state.session_policy
    return policy


async def _principal(
    request: Request, session: SessionDep, context: RequestContext, token: str | None
) -> Principal:
    if not token:
        raise AppError(errors.UNAUTHORIZED)
    principal = await sessions.authenticate(
        session, session_policy(request), token.strip(), merchant_id=context.brand.id
    )
    if principal is None:
        raise AppError(errors.UNAUTHORIZED)
    return principal


async def staff_principal(
    request: Request,
    session: SessionDep,
    context: SystemContext,
    token: Annotated[str | None, Depends(_token_header)],
) -> Principal:
    """Back-office calls keep working during maintenance: operators are the ones who end it. A member's
    token is no staff login (401); a live staff login of another merchant is refused as such (403)."""
    if not token:
        raise AppError(errors.UNAUTHORIZED)
    policy = session_policy(request)
    principal = await sessions.authenticate(session, policy, token.strip(), merchant_id=context.brand.id)
    if principal is None:
        elsewhere = await sessions.authenticate(session, policy, token.strip())
        raise AppError(errors.FORBIDDEN if elsewhere and elsewhere.staff_id else errors.UNAUTHORIZED)
    if principal.staff_id is None:
        raise AppError(errors.UNAUTHORIZED)
    return principal


def staff_allowed(permission: Permission) -> Callable[[Principal], Awaitable[Principal]]:
    """A console call's guard: a staff login of this merchant whose role grants `permission` (403
    otherwise). The permission is kept on the guard, so that a test can read every route's from the
    route table."""

    async def guard(principal: Annotated[Principal, Depends(staff_principal)]) -> Principal:
        if principal.otp_enrolment_pending:
            raise AppError(errors.OTP_ENROLMENT_REQUIRED)
        if not roles.may(principal.staff_role, permission):
            raise AppError(errors.FORBIDDEN)
        return principal

    guard.permission = permission  # type: ignore[attr-defined]
    return guard


async def member_principal(
    request: Request,
    session: SessionDep,
    context: PortalContext,
    token: Annotated[str | None, Depends(_token_header)],
) -> Principal:
    """Any member session, trial accounts and pending password changes included: for the calls a
    session needs whatever its state (who am I, log out, change the password)."""
    principal = await _principal(request, session, context, token)
    if principal.member_id is None:
        raise AppError(errors.NON_MEMBER_ACCOUNT)
    return principal


async def optional_member_principal(
    request: Request,
    session: SessionDep,
    context: PortalContext,
    token: Annotated[str | None, Depends(_token_header)],
) -> Principal | None:
    """For calls a visitor may make too (the game catalogue, a trial launch): no token is a visitor; a bad
    token is still refused, so that a stale session is noticed rather than silently dropped."""
    if not token:
        return None
    return await member_principal(request, session, context, token)


async def real_member_principal(principal: Annotated[Principal, Depends(member_principal)]) -> Principal:
    """A member action: refused to trial accounts (SPEC §6) and until a required password change is made."""
    if principal.is_trial:
        raise AppError(errors.TRIAL_ACCOUNT)
    if principal.must_change_password:
        raise AppError(errors.PASSWORD_CHANGE_REQUIRED)
    return principal


# Any staff login of the merchant, enrolled or not: its own account and second factor.
StaffLogin = Annotated[Principal, Depends(staff_principal)]
MembersReader = Annotated[Principal, Depends(staff_allowed(Permission.MEMBERS_READ))]
MemberNoter = Annotated[Principal, Depends(staff_allowed(Permission.MEMBERS_NOTE))]
MembersManager = Annotated[Principal, Depends(staff_allowed(Permission.MEMBERS_MANAGE))]
CashierReader = Annotated[Principal, Depends(staff_allowed(Permission.CASHIER_READ))]
CashierActor = Annotated[Principal, Depends(staff_allowed(Permission.CASHIER_ACT))]
BonusGranter = Annotated[Principal, Depends(staff_allowed(Permission.BONUS_GRANT))]
BonusApprover = Annotated[Principal, Depends(staff_allowed(Permission.BONUS_APPROVE))]
BrandReader = Annotated[Principal, Depends(staff_allowed(Permission.BRAND_READ))]
BrandWriter = Annotated[Principal, Depends(staff_allowed(Permission.BRAND_WRITE))]
StaffReader = Annotated[Principal, Depends(staff_allowed(Permission.STAFF_READ))]
StaffManager = Annotated[Principal, Depends(staff_allowed(Permission.STAFF_MANAGE))]
DashboardReader = Annotated[Principal, Depends(staff_allowed(Permission.DASHBOARD_READ))]
AuditReader = Annotated[Principal, Depends(staff_allowed(Permission.AUDIT_READ))]
OutboxReader = Annotated[Principal, Depends(staff_allowed(Permission.OUTBOX_READ))]
ContentReader = Annotated[Principal, Depends(staff_allowed(Permission.CONTENT_READ))]
ContentWriter = Annotated[Principal, Depends(staff_allowed(Permission.CONTENT_WRITE))]
MessageSender = Annotated[Principal, Depends(staff_allowed(Permission.MESSAGES_SEND))]
FeedbackReader = Annotated[Principal, Depends(staff_allowed(Permission.FEEDBACK_READ))]
FeedbackAnswerer = Annotated[Principal, Depends(staff_allowed(Permission.FEEDBACK_ANSWER))]
ChatReader = Annotated[Principal, Depends(staff_allowed(Permission.CHAT_READ))]
ChatAnswerer = Annotated[Principal, Depends(staff_allowed(Permission.CHAT_ANSWER))]
ChatSupervisor = Annotated[Principal, Depends(staff_allowed(Permission.CHAT_SUPERVISE))]
AgentsReader = Annotated[Principal, Depends(staff_allowed(Permission.AGENTS_READ))]
AgentsManager = Annotated[Principal, Depends(staff_allowed(Permission.AGENTS_MANAGE))]
PromotionsReader = Annotated[Principal, Depends(staff_allowed(Permission.PROMOTIONS_READ))]
PromotionsWriter = Annotated[Principal, Depends(staff_allowed(Permission.PROMOTIONS_WRITE))]
LoyaltyReader = Annotated[Principal, Depends(staff_allowed(Permission.LOYALTY_READ))]
LoyaltyWriter = Annotated[Principal, Depends(staff_allowed(Permission.LOYALTY_WRITE))]
ProtectionReader = Annotated[Principal, Depends(staff_allowed(Permission.PROTECTION_READ))]
ProtectionManager = Annotated[Principal, Depends(staff_allowed(Permission.PROTECTION_MANAGE))]
AnyMember = Annotated[Principal, Depends(member_principal)]
MaybeMember = Annotated[Principal | None, Depends(optional_member_principal)]
RealMember = Annotated[Principal, Depends(real_member_principal)]
