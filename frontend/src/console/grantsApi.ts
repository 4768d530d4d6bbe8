// Bonus grants (/wps/admin/members/{username}/bonus, /wps/admin/bonus-grants) and the brand's limits on them
// (/wps/admin/brand/bonus-limits): an operator grants, a grant above the brand's four-eyes threshold waits
// for another staff member, who approves (pays) or rejects it with a reason. The server keeps the ceilings;
// the console shows its refusals with the limit they name.
import type { TFunction } from 'i18next';

import type { components } from '../api/schema';
import { consoleCall } from './api';
import type { QueueQuery } from './cashierApi';
import { CASHIER_PAGE } from './cashierApi';
import { errorKey, problemText } from './i18n';
import { ConsoleError } from './transport';

type Schemas = components['schemas'];

export type BonusGrant = Schemas['BonusGrantOut'];
export type BonusGranted = Schemas['BonusOut'];
export type BonusLimits = Schemas['BonusLimitsOut'];
export type BonusLimitsIn = Schemas['BonusLimitsIn'];
export type GrantStatus = 'PENDING' | 'PAID' | 'REJECTED';
export type GrantDecision = 'approve' | 'reject';

export const GRANT_STATUSES: readonly GrantStatus[] = ['PENDING', 'PAID', 'REJECTED'];
export const GRANT_REASON_MAX = 120; // the server's BonusIn.reason

export function grantBonus(username: string, amount: string, reason: string, requestId: string): Promise<BonusGranted> {
  return consoleCall<BonusGranted>(`/wps/admin/members/${encodeURIComponent(username)}/bonus`, {
    method: 'POST',
    body: { amount, reason, requestId },
  });
}

export function listGrants(status: GrantStatus, query: QueueQuery = {}): Promise<BonusGrant[]> {
  return consoleCall<BonusGrant[]>('/wps/admin/bonus-grants', { query: { limit: CASHIER_PAGE, ...query, status } });
}

export function decideGrant(orderNo: string, decision: GrantDecision, note: string): Promise<BonusGrant> {
  return consoleCall<BonusGrant>(`/wps/admin/bonus-grants/${encodeURIComponent(orderNo)}/${decision}`, {
    method: 'POST',
    body: { note },
  });
}

export function setBonusLimits(body: BonusLimitsIn): Promise<BonusLimits> {
  return consoleCall<BonusLimits>('/wps/admin/brand/bonus-limits', { method: 'PUT', body });
}

// The refusals that name a limit, with it ("at most 20000.00"); the rest as the console says them.
const LIMIT_CODES = ['BONUS_GRANT_LIMIT', 'BONUS_DAILY_LIMIT'];

export function grantProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && LIMIT_CODES.includes(error.code)) {
    const value = (error.value ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof value[name] === 'string' ? value[name] : '—');
    return t(errorKey(error.code), { limit: text('limit'), left: text('left') });
  }
  return problemText(t, error);
}

// An amount as the server takes it (server/http/core/money.py): a decimal string, at most two decimals,
// above zero unless `zero` may be.
const AMOUNT = /^(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?$/;

export function amountOk(text: string, zero = false): boolean {
  const money = text.trim();
  return AMOUNT.test(money) && (zero || !/^0(\.0{1,2})?$/.test(money));
}

// A request id for one grant the staff member is about to send: kept while they retry the same grant, so
// that a lost answer never pays twice.
export function newRequestId(): string {
  return `console-${crypto.randomUUID()}`;
}
