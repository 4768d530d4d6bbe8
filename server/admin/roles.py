"""Staff roles and what each may do. The server checks a permission on every console call (see
server/http/edge/auth.py `staff_allowed`); the console only hides what the server would refuse."""

from __future__ import annotations

from enum import StrEnum

OPERATOR, FINANCE, SUPPORT, AUDITOR = "OPERATOR", "FINANCE", "SUPPORT", "AUDITOR"
ROLES = (OPERATOR, FINANCE, SUPPORT, AUDITOR)


class Permission(StrEnum):
    MEMBERS_READ = "members.read"
    MEMBERS_NOTE = "members.note"  # staff notes on a member
    MEMBERS_MANAGE = "members.manage"  # lock / unlock, end sessions, reset the password
    CASHIER_READ = "cashier.read"
    CASHIER_ACT = "cashier.act"  # decide deposits, approve / reject / disburse / refund withdrawals
    BONUS_GRANT = "bonus.grant"  # money given away: the promotion-expense account
    BONUS_APPROVE = "bonus.approve"  # the second pair of eyes: approve or reject a colleague's large grant
    BRAND_READ = "brand.read"
    BRAND_WRITE = "brand.write"  # maintenance, switches, rules, resources
    STAFF_READ = "staff.read"
    STAFF_MANAGE = "staff.manage"
    AUDIT_READ = "audit.read"
    DASHBOARD_READ = "dashboard.read"  # the merchant's daily money and players
    OUTBOX_READ = "outbox.read"  # the development senders' outbox holds login codes
    CONTENT_READ = "content.read"  # notices, announcements, help articles as staff see them (drafts too)
    CONTENT_WRITE = "content.write"  # publish notices, banners, announcements and help articles
    MESSAGES_SEND = "messages.send"  # platform messages to one member, a label, a rank or everyone
    FEEDBACK_READ = "feedback.read"  # members' feedback and the affiliate / agent applications
    FEEDBACK_ANSWER = "feedback.answer"  # answer feedback (the answer reaches the member as a message)
    CHAT_READ = "chat.read"  # the support desk: queues, conversations, their members
    CHAT_ANSWER = "chat.answer"  # take, answer, transfer and close conversations; presence at the desk
    CHAT_SUPERVISE = "chat.supervise"  # every live conversation, the figures, any transfer, canned replies
    AGENTS_READ = "agents.read"  # the agent tree, contracts and what their settlements paid
    AGENTS_MANAGE = "agents.manage"  # offer and end the merchant's own contracts with first-level agents
    PROMOTIONS_READ = "promotions.read"  # promotions, who joined, what they paid
    PROMOTIONS_WRITE = "promotions.write"  # create, change, pause and end promotions; the wagering weights
    LOYALTY_READ = "loyalty.read"  # VIP levels, cashback and points rates, the mall, redeems, referral rules
    LOYALTY_WRITE = "loyalty.write"  # change them; approve or reject a mall redeem
    PROTECTION_READ = "protection.read"  # members' limits, exclusions, KYC documents and risk markers
    PROTECTION_MANAGE = "protection.manage"  # review KYC and risk markers; the brand's protection settings


_READS = frozenset(
    {
        Permission.MEMBERS_READ,
        Permission.CASHIER_READ,
        Permission.STAFF_READ,
        Permission.AUDIT_READ,
        Permission.DASHBOARD_READ,
        Permission.BRAND_READ,
        Permission.CONTENT_READ,
        Permission.FEEDBACK_READ,
        Permission.CHAT_READ,
        Permission.AGENTS_READ,
        Permission.PROMOTIONS_READ,
        Permission.LOYALTY_READ,
        Permission.PROTECTION_READ,
    }
)

GRANTS: dict[str, frozenset[Permission]] = {
    OPERATOR: frozenset(Permission),
    FINANCE: frozenset(
        {
            Permission.MEMBERS_READ,
            Permission.CASHIER_READ,
            Permission.CASHIER_ACT,
            Permission.BONUS_APPROVE,
            Permission.DASHBOARD_READ,
            Permission.AGENTS_READ,
        }
    ),
    SUPPORT: frozenset(
        {
            Permission.MEMBERS_READ,
            Permission.MEMBERS_NOTE,
            Permission.CONTENT_READ,
            Permission.FEEDBACK_READ,
            Permission.FEEDBACK_ANSWER,
            Permission.CHAT_READ,
            Permission.CHAT_ANSWER,
            Permission.PROTECTION_READ,
        }
    ),
    AUDITOR: _READS,
}


def may(role: str | None, permission: Permission) -> bool:
    return role is not None and permission in GRANTS.get(role, frozenset())
