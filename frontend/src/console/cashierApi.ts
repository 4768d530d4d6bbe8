// The cashier desk's calls (/wps/admin/deposits, /wps/admin/withdrawals): the two queues, filtered and paged
// by the last order shown, and the operator's decisions, each with its reason. Session problems are the app's
// to handle (api.ts consoleCall); everything else is the desk's.
import type { components, operations } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type AdminDeposit = Schemas['AdminDepositOut'];
export type AdminWithdrawal = Schemas['AdminWithdrawalOut'];
export type DepositAnswer = Schemas['DepositOut'];
export type WithdrawalAnswer = Schemas['WithdrawalOut'];

export type DepositStatus = NonNullable<NonNullable<operations['adminListDeposits']['parameters']['query']>['status']>;
export type WithdrawalStatus = NonNullable<
  NonNullable<operations['adminListWithdrawals']['parameters']['query']>['status']
>;

export const DEPOSIT_STATUSES: readonly DepositStatus[] = ['PENDING', 'COMPLETED', 'REJECTED', 'EXPIRED'];
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = [
  'PENDING',
  'APPROVED',
  'DISBURSED',
  'PARTIAL',
  'NOT_RECEIVED',
  'RECEIVED',
  'ALL_RECEIVED',
  'AUTO_RECEIVED',
  'REFUNDED',
  'REJECTED',
  'CANCELLED',
];

export type DepositDecision = 'confirm' | 'reject';
export type WithdrawalAction = 'approve' | 'reject' | 'disburse' | 'refund';

export const CASHIER_PAGE = 50;
export const NOTE_MAX = 255; // the server's DecisionIn.note

// The filters as the API takes them; `before` is the order number of the last row shown (the next page).
export interface QueueQuery {
  member?: string;
  since?: string; // ISO instants
  until?: string;
  before?: string;
  limit?: number;
}

export function listDeposits(status: DepositStatus, query: QueueQuery = {}): Promise<AdminDeposit[]> {
  return consoleCall<AdminDeposit[]>('/wps/admin/deposits', {
    query: { limit: CASHIER_PAGE, ...query, status },
  });
}

export function listWithdrawals(status: WithdrawalStatus, query: QueueQuery = {}): Promise<AdminWithdrawal[]> {
  return consoleCall<AdminWithdrawal[]>('/wps/admin/withdrawals', {
    query: { limit: CASHIER_PAGE, ...query, status },
  });
}

export function decideDeposit(orderNo: string, decision: DepositDecision, note: string): Promise<DepositAnswer> {
  return consoleCall<DepositAnswer>(
    `/wps/admin/deposits/${encodeURIComponent(orderNo)}/${decision}`,
    { method: 'POST', body: { note } },
  );
}

export function actOnWithdrawal(orderNo: string, action: WithdrawalAction, note: string): Promise<WithdrawalAnswer> {
  return consoleCall<WithdrawalAnswer>(
    `/wps/admin/withdrawals/${encodeURIComponent(orderNo)}/${action}`,
    { method: 'POST', body: { note } },
  );
}
