"""/wps/admin/loyalty/referral: the console's invite-friends rules (loyalty.read to read, loyalty.write to
change; OPERATOR has both, AUDITOR reads). A change is audited in its transaction, with the rules before."""

from __future__ import annotations

from fastapi import APIRouter

from server.admin.audit_trail import audit
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.edge.auth import LoyaltyReader, LoyaltyWriter
from server.http.edge.context import SystemContext
from server.http.edge.db import SessionDep
from server.loyalty.referral import rules, schemas

router = APIRouter(prefix="/wps/admin/loyalty", tags=["admin"], responses=ERROR_RESPONSES)


@router.get("/referral", operation_id="adminGetReferralRules", summary="The invite-friends rules")
async def get_rules(
    reader: LoyaltyReader, session: SessionDep, context: SystemContext
) -> Envelope[schemas.ReferralRulesOut]:
    found = await rules.rules_of(session, context.brand.id)
    return ok(schemas.ReferralRulesOut.model_validate(found.wire()))


@router.put("/referral", operation_id="adminSetReferralRules", summary="Replace the invite-friends rules")
async def set_rules(
    body: schemas.ReferralRulesIn, writer: LoyaltyWriter, session: SessionDep, context: SystemContext
) -> Envelope[schemas.ReferralRulesOut]:
    assert writer.staff_id is not None
    wanted = rules.parse_rules(body.model_dump(by_alias=True))
    before = await rules.rules_of(session, context.brand.id)
    saved = await rules.save_rules(session, context.brand.id, wanted)
    await audit(
        session,
        merchant_id=context.brand.id,
        staff_id=writer.staff_id,
        action="loyalty.referral",
        detail={"before": before.wire(), "after": saved.wire()},
        ip=context.client.ip,
    )
    return ok(schemas.ReferralRulesOut.model_validate(saved.wire()))
