import { fetchBalance } from '../../api/balance';
import { call, type Schemas } from '../../api/client';

export type BalanceOut = Schemas['BalanceOut'];
export type Channel = Schemas['ChannelOut'];
export type Deposit = Schemas['DepositOut'];
export type BankAccount = Schemas['BankAccountOut'];
export type Withdrawal = Schemas['WithdrawalOut'];
export type Records = Schemas['RecordsOut'];
export type TransferOut = Schemas['TransferOut'];
export type WithdrawalLimits = Schemas['WithdrawalLimitsOut'];
export type MerchantWallet = Schemas['MerchantWalletOut'];
// The turnover a member still owes on the bonuses it received, and each bonus's lock (issue 31).
export type Wagering = Schemas['WageringOut'];
export type WageringLock = Schemas['LockOut'];

// A retry key per submission: a double click or a retried request makes one order, not two.
export function requestId(): string {
  return crypto.randomUUID();
}

export interface RecordQuery {
  type?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

export const walletApi = {
  balance: fetchBalance,
  merchantWallet: () => call<MerchantWallet>('/wps/v2/wallets/merchant', { moduleId: 'WALLET3' }),
  channels: () => call<Channel[]>('/wps/cashier/deposit/channels', { moduleId: 'WALLET3' }),
  deposit: (body: { channel: string; amount: string; requestId: string; payerReference?: string }) =>
    call<Deposit>('/wps/cashier/deposits', { method: 'POST', body, moduleId: 'WALLET3' }),
  deposits: () => call<Deposit[]>('/wps/cashier/deposits', { moduleId: 'WALLET3' }),
  bankAccounts: () => call<BankAccount[]>('/wps/member/bankAccounts'),
  bindBankAccount: (body: { bankName: string; accountName: string; accountNumber: string }) =>
    call<BankAccount>('/wps/member/bankAccounts', { method: 'POST', body }),
  setPaymentPassword: (body: { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string }) =>
    call<null>('/wps/member/paymentPassword', { method: 'POST', body, encrypted: true }),
  withdraw: (body: { bankAccountId: number; amount: string; paymentPassword: string; requestId: string }) =>
    call<Withdrawal>('/wps/cashier/withdrawals', { method: 'POST', body, encrypted: true, moduleId: 'WALLET3' }),
  withdrawalLimits: () => call<WithdrawalLimits>('/wps/cashier/withdrawal/limits', { moduleId: 'WALLET3' }),
  withdrawals: () => call<Withdrawal[]>('/wps/cashier/withdrawals', { moduleId: 'WALLET3' }),
  cancelWithdrawal: (orderNo: string) =>
    call<Withdrawal>(`/wps/cashier/withdrawals/${orderNo}/cancel`, { method: 'POST' }),
  confirmWithdrawal: (orderNo: string, form: FormData) =>
    call<Withdrawal>(`/wps/cashier/withdrawals/${orderNo}/confirm`, { method: 'POST', multipart: form }),
  walletTransfer: (body: { fromVendor: string; toVendor: string; amount: string; requestId: string }) =>
    call<TransferOut>('/wps/relay/GCS_walletTransfer', { method: 'POST', body, moduleId: 'WALLET3' }),
  transferUpline: (body: { amount: string; paymentPassword: string; requestId: string }) =>
    call<TransferOut>('/wps/member/transferUpline', { method: 'POST', body, encrypted: true }),
  records: (query: RecordQuery) => call<Records>('/wps/member/transactions', { query: { ...query } }),
  bonus: (page: number) => call<Records>('/wps/member/bonus', { query: { page } }),
  // The turnover still owed on bonuses, per bonus (issue 31).
  wagering: (signal?: AbortSignal) => call<Wagering>('/wps/member/bonus/wagering', { signal }),
};
