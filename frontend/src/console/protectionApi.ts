// The player-protection section's calls (issue 34; protection.read to read, protection.manage to change):
// the members with a limit, an exclusion, a KYC submission or an open risk marker, one member's limits and
// history (/wps/admin/protection/members), the KYC review queue with its pictures (/wps/admin/kyc), the risk
// markers the nightly job raises (/wps/admin/protection/markers) and the brand's settings (the reality
// check's default, the KYC rule, the support organisations). Staff cannot lift an exclusion: no call does.
//
// The member's protection (ProtectionOut, as the portal's GET /wps/protection answers it) and the KYC queue's
// rows come from the generated schema (src/api/schema.d.ts, `make api-types`); the console's own protection
// shapes (/wps/admin/protection) are written out here from the contract until the schema carries
// them. Money is a decimal string ("12.34"), times epoch milliseconds, a day "yyyy-MM-dd".
import type { components } from '../api/schema';
import { consoleCall } from './api';
import { requestBlob } from './transport';

type Schemas = components['schemas'];

export type LimitKind = Schemas['ProtectionLimitOut']['kind'];
export type LimitPeriod = Schemas['ProtectionLimitOut']['period'];
export type KycStatus = 'NONE' | Schemas['KycSubmissionOut']['status'];
export type KycSide = Schemas['KycSubmissionOut']['sides'][number];
export type KycRule = 'NONE' | 'FIRST_WITHDRAWAL' | 'ABOVE_AMOUNT';
export type MarkerKind = 'DEPOSITS_RISING' | 'NIGHT_PLAY' | 'WITHDRAWAL_REVERSED';
export type MarkerStatus = 'OPEN' | 'REVIEWED';
export type HistoryActor = 'MEMBER' | 'STAFF' | 'SYSTEM';
export type HistoryEvent =
  | 'LIMIT_SET'
  | 'LIMIT_PENDING'
  | 'LIMIT_APPLIED'
  | 'LIMIT_CANCELLED'
  | 'SESSION_LIMIT_SET'
  | 'REALITY_CHECK_SET'
  | 'TIME_OUT'
  | 'SELF_EXCLUSION'
  | 'CLOSED'
  | 'KYC_SUBMITTED'
  | 'KYC_APPROVED'
  | 'KYC_REJECTED'
  | 'MARKER_REVIEWED';

// What a detail (a history entry's, a marker's) holds: the server's words, read by key.
export type Detail = Record<string, unknown>;

export type Exclusion = Schemas['ProtectionExclusionOut']; // until null: permanent (a closure, a permanent self-exclusion)
export type PendingLimit = Schemas['ProtectionPendingOut']; // amount null: the limit is being removed
export type ProtectionLimit = Schemas['ProtectionLimitOut']; // amount null: no limit; left null then too
export type ProtectionOut = Schemas['ProtectionOut']; // limits: always 9 rows

export interface ProtectionMemberRow {
  memberId: number;
  username: string;
  limits: number; // how many limits are set
  exclusion: Exclusion | null;
  kycStatus: KycStatus;
  openMarkers: number;
}

export interface ProtectionMemberPage {
  list: ProtectionMemberRow[];
  total: number;
}

export interface HistoryEntry {
  at: number;
  actor: HistoryActor;
  event: HistoryEvent;
  detail: Detail | null;
}

export interface ProtectionMember {
  memberId: number;
  username: string;
  protection: ProtectionOut;
  kycStatus: KycStatus;
  history: HistoryEntry[];
}

export type KycSubmission = Schemas['KycSubmissionOut'];
export type KycPage = Schemas['KycSubmissionListOut'];

export interface Marker {
  id: number;
  memberId: number;
  username: string;
  kind: MarkerKind;
  day: string;
  detail: Detail | null;
  status: MarkerStatus;
  reviewedBy: string | null;
  reviewedAt: number | null;
  note: string | null;
}

export interface MarkerPage {
  list: Marker[];
  total: number;
}

export interface Organisation {
  name: string;
  url: string; // https only
  phone: string | null;
}

export interface ProtectionSettings {
  realityCheckMinutes: number;
  kycRule: KycRule;
  kycAmount: string | null; // ABOVE_AMOUNT only
  organisations: Organisation[];
}

export const LIMIT_KINDS: readonly LimitKind[] = ['DEPOSIT', 'LOSS', 'WAGER'];
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['DAY', 'WEEK', 'MONTH'];
// The queue's filter, the submissions waiting first.
export const KYC_STATUSES: readonly Exclude<KycStatus, 'NONE'>[] = ['PENDING', 'APPROVED', 'REJECTED'];
export const MARKER_STATUSES: readonly MarkerStatus[] = ['OPEN', 'REVIEWED'];
export const KYC_RULES: readonly KycRule[] = ['NONE', 'FIRST_WITHDRAWAL', 'ABOVE_AMOUNT'];
export const REALITY_CHECK_CHOICES: readonly number[] = [15, 30, 45, 60, 90, 120];

// Bounds (the server's: server/protection/admin/schemas.py, kyc/schemas.py).
export const REASON_MAX = 500; // a KYC rejection's reason, 1..500 characters
export const NOTE_MAX = 500; // a marker review's note, 1..500 characters
export const ORGANISATIONS_MAX = 10;
export const ORGANISATION_NAME_MAX = 100;
export const ORGANISATION_URL_MAX = 300;
export const ORGANISATION_PHONE_MAX = 40;
export const USERNAME_MAX = 64;
export const PROTECTION_PAGE = 20;

const KYC = '/wps/admin/kyc';
const PROTECTION = '/wps/admin/protection';

export const listProtectionMembers = (username: string, page: number, size = PROTECTION_PAGE) =>
  consoleCall<ProtectionMemberPage>(`${PROTECTION}/members`, { query: { username, page, size } });
export const readProtectionMember = (memberId: number) => consoleCall<ProtectionMember>(`${PROTECTION}/members/${memberId}`);

export const listKyc = (status: KycStatus, page: number, size = PROTECTION_PAGE) =>
  consoleCall<KycPage>(KYC, { query: { status, page, size } });
export const kycDocumentPath = (id: number, side: KycSide) => `${KYC}/${id}/documents/${side}`;
// The picture's bytes, fetched with the staff token (see transport.ts requestBlob).
export const fetchKycDocument = (id: number, side: KycSide, signal?: AbortSignal) => requestBlob(kycDocumentPath(id, side), signal);
export const approveKyc = (id: number) => consoleCall<KycSubmission>(`${KYC}/${id}/approve`, { method: 'POST' });
// The member is told the reason.
export const rejectKyc = (id: number, reason: string) =>
  consoleCall<KycSubmission>(`${KYC}/${id}/reject`, { method: 'POST', body: { reason } });

export const listMarkers = (status: MarkerStatus, page: number, size = PROTECTION_PAGE) =>
  consoleCall<MarkerPage>(`${PROTECTION}/markers`, { query: { status, page, size } });
export const reviewMarker = (id: number, note: string) =>
  consoleCall<Marker>(`${PROTECTION}/markers/${id}/review`, { method: 'POST', body: { note } });

export const readProtectionSettings = () => consoleCall<ProtectionSettings>(`${PROTECTION}/settings`);
export const saveProtectionSettings = (body: ProtectionSettings) =>
  consoleCall<ProtectionSettings>(`${PROTECTION}/settings`, { method: 'PUT', body });
