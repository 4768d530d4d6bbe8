// What the desk decides before asking the server: which actions a row offers in its state (the server's
// state machine, server/wallet/withdrawals.py TRANSITIONS, and server/wallet/deposits.py), how a withdrawal's
// receipt stands, the filters as the API takes them, and what a live event says.
import { auditQuery } from '../../audit';
import type { AdminWithdrawal, DepositDecision, QueueQuery, WithdrawalAction } from '../../cashierApi';
import type { GrantDecision } from '../../grantsApi';
import { ConsoleError } from '../../transport';

export type Tab = 'deposits' | 'withdrawals' | 'grants';

// The server's event for a new request at the desk (realtime/events.py CONSOLE_CASHIER).
export const CASHIER_EVENT = 'console:cashier';

export function depositActions(status: string): readonly DepositDecision[] {
  return status === 'PENDING' ? ['confirm', 'reject'] : [];
}

// A bonus grant waiting for a second pair of eyes: its requester may only withdraw it (the server refuses
// their approval too).
export function grantActions(status: string, requestedBy: string, me: string | undefined): readonly GrantDecision[] {
  if (status !== 'PENDING') return [];
  return requestedBy === me ? ['reject'] : ['approve', 'reject'];
}

export function withdrawalActions(status: string): readonly WithdrawalAction[] {
  switch (status) {
    case 'PENDING':
      return ['approve', 'reject'];
    case 'APPROVED':
      return ['disburse', 'reject'];
    case 'PARTIAL':
    case 'NOT_RECEIVED':
      return ['refund']; // what did not arrive goes back to the member
    default:
      return [];
  }
}

// An i18n key under cashier.receipt and its values, or null where no payout has been decided yet.
export interface Receipt {
  key: string;
  at?: string; // the instant the key's {{at}} names (shown in the viewer's zone)
  values: Record<string, string>;
}

export function receiptOf(w: AdminWithdrawal): Receipt | null {
  switch (w.status) {
    case 'APPROVED':
      return { key: 'toPay', values: {} };
    case 'DISBURSED':
      return { key: 'awaiting', at: w.disbursedAt ?? undefined, values: {} };
    case 'RECEIVED':
    case 'ALL_RECEIVED':
      return { key: 'confirmed', at: w.confirmedAt ?? undefined, values: {} };
    case 'AUTO_RECEIVED':
      return { key: 'autoReceived', at: w.confirmedAt ?? undefined, values: {} };
    case 'PARTIAL':
      return {
        key: 'partial',
        at: w.confirmedAt ?? undefined,
        values: { received: w.receivedAmount ?? '', remaining: w.remainingAmount ?? '' },
      };
    case 'NOT_RECEIVED':
      return {
        key: 'notReceived',
        at: w.confirmedAt ?? undefined,
        values: { remaining: w.remainingAmount ?? w.amount },
      };
    case 'REFUNDED':
      // The refund returns what the member reported missing (all of it when nothing arrived).
      return { key: 'refunded', values: { amount: w.remainingAmount ?? w.amount } };
    default:
      return null;
  }
}

export interface QueueFilters {
  status: string;
  member: string; // the beginning of a username
  from: string; // yyyy-MM-dd, the browser's calendar; both days included
  to: string;
}

export const NO_FILTERS: QueueFilters = { status: 'PENDING', member: '', from: '', to: '' };

export type FilterResult = { status: string; query: QueueQuery } | { problem: 'badRange' | 'badDate' };

// The day range as the audit log reads it (the browser's days, the last one included).
export function queueQuery(filters: QueueFilters): FilterResult {
  const days = auditQuery({ action: '', staff: '', target: '', from: filters.from, to: filters.to });
  if ('problem' in days) return days;
  const query: QueueQuery = {};
  const member = filters.member.trim();
  if (member) query.member = member;
  if (days.query.from) query.since = days.query.from;
  if (days.query.to) query.until = days.query.to;
  return { status: filters.status, query };
}

// What a console:cashier event announces (a deposit, a withdrawal, a bonus grant waiting for approval);
// null for anything not shaped so.
export interface Arrival {
  tab: Tab;
  orderNo: string;
  amount: string;
}

export function arrivalOf(payload: unknown): Arrival | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { kind, orderNo, amount } = payload as Record<string, unknown>;
  if (typeof orderNo !== 'string' || typeof amount !== 'string') return null;
  if (kind === 'deposit') return { tab: 'deposits', orderNo, amount };
  if (kind === 'withdrawal') return { tab: 'withdrawals', orderNo, amount };
  if (kind === 'grant') return { tab: 'grants', orderNo, amount };
  return null;
}

// The order moved on under the desk (someone else acted first): the queue is read again.
export function isStale(error: unknown): boolean {
  return error instanceof ConsoleError && error.status === 409;
}
