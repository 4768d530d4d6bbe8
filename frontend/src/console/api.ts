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

// Codes that end what the console can show: the app, not the screen that made the call, handles them.
export const SESSION_CODES: readonly string[] = ['UNAUTHORIZED', 'OTP_ENROLMENT_REQUIRED'];

let sessionProblem: ((code: string) => void) | null = null;

export function onSessionProblem(handler: ((code: string) => void) | null): void {
  sessionProblem = handler;
}

async function consoleCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (error instanceof ConsoleError && SESSION_CODES.includes(error.code)) sessionProblem?.(error.code);
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

// The login answers its own errors (wrong password, a code wanted): none of them ends a session.
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

// A new captcha image (PNG, base64); its answer's token comes back in an HttpOnly cookie.
export function fetchCaptcha(signal?: AbortSignal): Promise<string> {
  return request<string>('/wps/captcha', { signal });
}
