// The console's calls to the back-office API (see transport.ts: headers, the envelope, ConsoleError). Every
// call carries the merchant and, once signed in, the staff token (see main.tsx's context). A call answered UNAUTHORIZED (the session ended) or OTP_ENROLMENT_REQUIRED tells the app,
// which sends the staff member to the login or to the enrolment screen.
import type { components } from '../api/schema';
import type { Role } from './permissions';
import { ConsoleError, type Query, request, type RequestOptions } from './transport';

type Schemas = components['schemas'];

export type StaffLoginIn = Schemas['StaffLoginIn'];
export type StaffLoginOut = Schemas['StaffLoginOut'];
export type StaffMe = Schemas['StaffMeOut'];
export type Enrolment = Schemas['EnrolmentOut'];
export type StaffOut = Schemas['StaffOut'];
export type StaffIn = Schemas['StaffIn'];
export type AuditOut = Schemas['AuditOut'];
export type MemberRow = Schemas['MemberRowOut'];
export type MemberPage = Schemas['MemberPageOut'];
export type StatementLine = Schemas['StatementLineOut'];
export type MemberSession = Schemas['SessionOut'];
export type MemberNote = Schemas['NoteOut'];
export type BetsPage = Schemas['BetsOut'];
export type RecordsPage = Schemas['RecordsOut'];
export type TemporaryPassword = Schemas['TemporaryPasswordOut'];

// A member's records: `filter` is a bet category or a record type; `from` / `to` days (bets) or instants.
export interface RecordsQuery {
  filter?: string;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

export interface AuditQuery {
  action?: string;
  staff?: string;
  target?: string;
  from?: string; // ISO instants
  to?: string;
  beforeId?: number;
  limit?: number;
}

export const AUDIT_PAGE = 50;
export const MEMBER_SEARCH_LIMIT = 50;
export const STATEMENT_PAGE = 50;

// Codes that end what the console can show: the app, not the screen that made the call, handles them.
export const SESSION_CODES: readonly string[] = ['UNAUTHORIZED', 'OTP_ENROLMENT_REQUIRED'];

// A failure the app handles (back to the login or the enrolment): a screen shows nothing of its own for it.
export const isSessionProblem = (error: unknown): error is ConsoleError =>
  error instanceof ConsoleError && SESSION_CODES.includes(error.code);

let sessionProblem: ((code: string) => void) | null = null;

export function onSessionProblem(handler: ((code: string) => void) | null): void {
  sessionProblem = handler;
}

export async function consoleCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (isSessionProblem(error)) sessionProblem?.(error.code);
    throw error;
  }
}

// The fields a VALIDATION_ERROR names (value.fields[].field), e.g. ['username'].
export function invalidFields(error: unknown): string[] {
  if (!(error instanceof ConsoleError) || error.code !== 'VALIDATION_ERROR') return [];
  const fields = (error.value as { fields?: { field?: string | null }[] } | null)?.fields;
  return Array.isArray(fields) ? fields.map((f) => f.field ?? '').filter((name) => name !== '') : [];
}

// Whether the login's next try needs a captcha: the server says so in the failure's value.
export function wantsCaptcha(error: unknown): boolean {
  if (!(error instanceof ConsoleError)) return false;
  if (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID') return true;
  return (error.value as { captcha?: boolean } | null)?.captcha === true;
}

// The login answers its own errors (a wrong username, password or code): none of them ends a session.
export function login(body: StaffLoginIn): Promise<StaffLoginOut> {
  return request<StaffLoginOut>('/wps/admin/session/login', { method: 'POST', body });
}

export function readMe(): Promise<StaffMe> {
  return consoleCall<StaffMe>('/wps/admin/session/me');
}

export function startEnrolment(): Promise<Enrolment> {
  return consoleCall<Enrolment>('/wps/admin/session/2fa/enrol', { method: 'POST' });
}

export function confirmEnrolment(code: string): Promise<{ recoveryCodes: string[] }> {
  return consoleCall<{ recoveryCodes: string[] }>('/wps/admin/session/2fa/confirm', {
    method: 'POST',
    body: { code },
  });
}

export function listStaff(): Promise<StaffOut[]> {
  return consoleCall<StaffOut[]>('/wps/admin/staff');
}

export function createStaff(body: StaffIn): Promise<StaffOut> {
  return consoleCall<StaffOut>('/wps/admin/staff', { method: 'POST', body });
}

export function setStaffRole(id: number, role: Role): Promise<StaffOut> {
  return consoleCall<StaffOut>(`/wps/admin/staff/${id}/role`, { method: 'PUT', body: { role } });
}

export function setStaffDisabled(id: number, disabled: boolean): Promise<StaffOut> {
  return consoleCall<StaffOut>(`/wps/admin/staff/${id}/status`, { method: 'PUT', body: { disabled } });
}

export function resetStaffOtp(id: number): Promise<StaffOut> {
  return consoleCall<StaffOut>(`/wps/admin/staff/${id}/2fa/reset`, { method: 'POST' });
}

export function readAudit(query: AuditQuery): Promise<AuditOut[]> {
  return consoleCall<AuditOut[]>('/wps/admin/audit', {
    query: { limit: AUDIT_PAGE, ...query } as Query,
  });
}

export function searchMembers(q: string): Promise<MemberRow[]> {
  return consoleCall<MemberRow[]>('/wps/admin/members', { query: { q, limit: MEMBER_SEARCH_LIMIT } });
}

export function readMember(id: number): Promise<MemberPage> {
  return consoleCall<MemberPage>(`/wps/admin/members/${id}`);
}

// Newest first; the next (older) page is the lines before the last one shown.
export function readStatement(id: number, beforeId?: number): Promise<StatementLine[]> {
  return consoleCall<StatementLine[]>(`/wps/admin/members/${id}/statement`, {
    query: { beforeId, limit: STATEMENT_PAGE },
  });
}

export function readMemberSessions(id: number): Promise<MemberSession[]> {
  return consoleCall<MemberSession[]>(`/wps/admin/members/${id}/sessions`);
}

// A forced log-out: the session ends and its sockets with it.
export function endMemberSession(id: number, sessionId: number): Promise<null> {
  return consoleCall<null>(`/wps/admin/members/${id}/sessions/${sessionId}`, { method: 'DELETE' });
}

export function setMemberLocked(id: number, locked: boolean): Promise<MemberRow> {
  return consoleCall<MemberRow>(`/wps/admin/members/${id}/status`, { method: 'PUT', body: { locked } });
}

export function readMemberNotes(id: number): Promise<MemberNote[]> {
  return consoleCall<MemberNote[]>(`/wps/admin/members/${id}/notes`);
}

export function addMemberNote(id: number, text: string): Promise<MemberNote> {
  return consoleCall<MemberNote>(`/wps/admin/members/${id}/notes`, { method: 'POST', body: { text } });
}

export function resetMemberPassword(id: number): Promise<TemporaryPassword> {
  return consoleCall<TemporaryPassword>(`/wps/admin/members/${id}/password/reset`, { method: 'POST' });
}

export function readMemberBets(id: number, query: RecordsQuery): Promise<BetsPage> {
  const { filter, from, to, pageNo, pageSize } = query;
  return consoleCall<BetsPage>(`/wps/admin/members/${id}/bets`, {
    query: { category: filter, startDate: from, endDate: to, pageNo, pageSize },
  });
}

export function readMemberTransactions(id: number, query: RecordsQuery): Promise<RecordsPage> {
  const { filter, from, to, pageNo, pageSize } = query;
  return consoleCall<RecordsPage>(`/wps/admin/members/${id}/transactions`, {
    query: { type: filter, from, to, pageNo, pageSize },
  });
}

// A new captcha image (PNG, base64); its answer's token comes back in an HttpOnly cookie.
export function fetchCaptcha(signal?: AbortSignal): Promise<string> {
  return request<string>('/wps/captcha', { signal });
}
