// What the console offers a login: the sections its permissions open. The server checks every call anyway;
// the console only leaves out what the server would refuse.

export const DASHBOARD_READ = 'dashboard.read';
export const STAFF_READ = 'staff.read';
export const STAFF_MANAGE = 'staff.manage';
export const AUDIT_READ = 'audit.read';
export const MEMBERS_READ = 'members.read';
export const MEMBERS_MANAGE = 'members.manage'; // lock / unlock, forced log-out
export const MEMBERS_NOTE = 'members.note';
export const CASHIER_READ = 'cashier.read';
export const CASHIER_ACT = 'cashier.act'; // decide deposits, approve / reject / disburse / refund withdrawals
export const BONUS_GRANT = 'bonus.grant'; // give a member a bonus (a large one waits for a second pair of eyes)
export const BONUS_APPROVE = 'bonus.approve'; // approve or reject a colleague's bonus grant that waits
export const BRAND_READ = 'brand.read';
export const BRAND_WRITE = 'brand.write'; // switches, maintenance, rules, resources, service entries
export const CONTENT_READ = 'content.read';
export const CONTENT_WRITE = 'content.write'; // notices, announcements, the help centre
export const MESSAGES_SEND = 'messages.send'; // platform messages to members (and their sent list)
export const FEEDBACK_READ = 'feedback.read'; // members' feedback, /join applications
export const FEEDBACK_ANSWER = 'feedback.answer'; // answer feedback, move an application on
export const CHAT_READ = 'chat.read'; // the support desk: queues and conversations
export const CHAT_ANSWER = 'chat.answer'; // claim, answer, note, transfer and close conversations
export const CHAT_SUPERVISE = 'chat.supervise'; // all live conversations, the figures, the canned replies
export const AGENTS_READ = 'agents.read'; // the agent tree, contracts and what their settlements paid
export const AGENTS_MANAGE = 'agents.manage'; // offer and end the merchant's own contracts with first-level agents
export const PROMOTIONS_READ = 'promotions.read'; // the promotions, their entries and the wagering weights
export const PROMOTIONS_WRITE = 'promotions.write'; // create, change, pause, resume and end them; set the weights
export const LOYALTY_READ = 'loyalty.read'; // VIP levels, cashback, points, the mall and its redeems, referral rules
export const LOYALTY_WRITE = 'loyalty.write'; // change them; approve or reject redeems
export const PROTECTION_READ = 'protection.read'; // members' limits, exclusions and history, KYC, risk markers, the settings
export const PROTECTION_MANAGE = 'protection.manage'; // decide KYC submissions, review markers, change the settings

export interface Section {
  path: string; // under /console
  labelKey: string; // i18n key
  permission: string;
}

// In the order the navigation shows them (the day's work first, the administration last); the first a login
// may see is its landing page (ConsoleApp's Home).
export const SECTIONS: readonly Section[] = [
  { path: '/dashboard', labelKey: 'dashboard.nav', permission: DASHBOARD_READ },
  { path: '/members', labelKey: 'sections.members', permission: MEMBERS_READ },
  { path: '/support', labelKey: 'support.nav', permission: CHAT_READ },
  { path: '/agents', labelKey: 'agents.nav', permission: AGENTS_READ },
  { path: '/cashier', labelKey: 'cashier.nav', permission: CASHIER_READ },
  { path: '/brand', labelKey: 'brand.nav', permission: BRAND_READ },
  { path: '/content', labelKey: 'content.nav', permission: CONTENT_READ },
  { path: '/promotions', labelKey: 'promotions.nav', permission: PROMOTIONS_READ },
  { path: '/loyalty', labelKey: 'loyalty.nav', permission: LOYALTY_READ },
  { path: '/protection', labelKey: 'protection.nav', permission: PROTECTION_READ },
  { path: '/feedback', labelKey: 'feedback.nav', permission: FEEDBACK_READ },
  { path: '/staff', labelKey: 'sections.staff', permission: STAFF_READ },
  { path: '/audit', labelKey: 'sections.audit', permission: AUDIT_READ },
];

export function navFor(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

export function can(permissions: readonly string[] | undefined, permission: string): boolean {
  return permissions?.includes(permission) ?? false;
}

export const ROLES = ['OPERATOR', 'FINANCE', 'SUPPORT', 'AUDITOR'] as const;
export type Role = (typeof ROLES)[number];
