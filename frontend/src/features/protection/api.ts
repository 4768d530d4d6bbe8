// Player protection's portal calls (issue 34): the member's limits, session time limit, reality check,
// time-out, self-exclusion and closure (server/protection), identity verification (server/protection/kyc),
// and the withdrawal of what is left that an excluded member may still make. The shapes are the generated
// API types (api/schema.d.ts). Money is a decimal string ("100.00"), times milliseconds since 1970.
import { call, type Schemas } from '../../api/client';

export type { ExcludedValue, ExclusionKind } from '../../state/excluded';

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'WAGER'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

// One limit (a kind and a period): amount null is no limit; `used` this period so far (deposits, net loss or
// stakes); a pending change (a higher amount, or null: a removal) waits for its time.
export type ProtectionLimit = Schemas['ProtectionLimitOut'];
// Always nine limits; the session time limit; the reality check's interval and choices; an exclusion in
// force; the brand's time-out days and self-exclusion months (besides the permanent one).
export type Protection = Schemas['ProtectionOut'];
// until null: permanent (or a closed account).
export type Exclusion = Schemas['ProtectionExclusionOut'];
export type ExclusionBody = Schemas['ProtectionExclusionIn'];
export type Organisation = Schemas['ProtectionOrganisationIO'];
export type WithdrawRemainingBody = Schemas['ProtectionWithdrawRemainingIn'];

export const KYC_DOCUMENTS = ['ID_CARD', 'PASSPORT', 'DRIVING_LICENCE'] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
export type KycStatus = Schemas['KycStatusOut'];

export interface KycPictures {
  front: File;
  back: File | null;
  selfie: File | null;
}

// A retry key per submission: a retried request withdraws once.
export function requestId(): string {
  return crypto.randomUUID();
}

type Signal = AbortSignal | undefined;

export const protectionApi = {
  read: (signal?: Signal) => call<Protection>('/wps/protection', { signal }),
  setLimit: (kind: LimitKind, period: LimitPeriod, amount: string | null) =>
    call<Protection>('/wps/protection/limits', { method: 'PUT', body: { kind, period, amount } }),
  cancelLimit: (kind: LimitKind, period: LimitPeriod) =>
    call<Protection>(`/wps/protection/limits/${kind}/${period}/pending`, { method: 'DELETE' }),
  setSessionLimit: (minutes: number | null) =>
    call<Protection>('/wps/protection/session-limit', { method: 'PUT', body: { minutes } }),
  cancelSessionLimit: () => call<Protection>('/wps/protection/session-limit/pending', { method: 'DELETE' }),
  setRealityCheck: (minutes: number) =>
    call<Protection>('/wps/protection/reality-check', { method: 'PUT', body: { minutes } }),
  exclude: (body: ExclusionBody) => call<Exclusion>('/wps/protection/exclusion', { method: 'POST', body }),
  close: (password: string) => call<Exclusion>('/wps/protection/closure', { method: 'POST', body: { password } }),
  withdrawRemaining: (body: WithdrawRemainingBody) =>
    call<Schemas['ProtectionWithdrawRemainingOut']>('/wps/protection/withdraw-remaining', { method: 'POST', body }),
  organisations: (signal?: Signal) => call<Schemas['ProtectionOrganisationListOut']>('/wps/protection/organisations', { signal }),
  kyc: (signal?: Signal) => call<KycStatus>('/wps/kyc', { signal }),
  submitKyc: (documentType: KycDocument, pictures: KycPictures) => {
    const form = new FormData();
    form.append('documentType', documentType);
    form.append('front', pictures.front, pictures.front.name);
    if (pictures.back) form.append('back', pictures.back, pictures.back.name);
    if (pictures.selfie) form.append('selfie', pictures.selfie, pictures.selfie.name);
    return call<KycStatus>('/wps/kyc', { method: 'POST', multipart: form });
  },
};
