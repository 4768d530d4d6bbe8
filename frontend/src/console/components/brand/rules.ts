// What the brand forms can tell before sending: the server's own rules (server/admin/brand_settings.py,
// server/admin/schemas.py) repeated, so that a mistake is shown at its field instead of as a refusal. The
// server checks again; these only save a round trip.
import type { MaintenanceIn, ResourceIn, ServiceEntryIn, SwitchNode } from '../../brandApi';
import { LABEL_MAX, LINK_MAX, MESSAGE_MAX } from '../../brandApi';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\s\\\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const MAILBOX = /^mailto:[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/;

// Characters as the server counts them (code points), not UTF-16 units.
export const charCount = (text: string) => [...text].length;

// An https address or a path on the portal's own site ("/down#ios"); never "//host", javascript: or data:.
export function isSiteLink(url: string): boolean {
  if (!url || charCount(url) > LINK_MAX || UNSAFE.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}

export function isMailLink(url: string): boolean {
  return charCount(url) <= LINK_MAX && MAILBOX.test(url);
}

// --- switches --------------------------------------------------------------------------------------

// Every switch that is on by itself but off because a switch above it is off.
export function heldOff(nodes: readonly SwitchNode[], parentOn = true): Set<string> {
  const found = new Set<string>();
  for (const node of nodes) {
    if (node.enabled && !parentOn) found.add(node.modId);
    for (const id of heldOff(node.children, parentOn && node.enabled)) found.add(id);
  }
  return found;
}

// --- maintenance -----------------------------------------------------------------------------------

export type MaintenanceMode = 'off' | 'now' | 'schedule';

export interface MaintenanceForm {
  mode: MaintenanceMode;
  start: string; // datetime-local, the browser's zone
  end: string;
  message: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

// A datetime-local value ("2026-11-26T10:30", the browser's zone) as a UTC instant with its offset
// ("2026-11-26T03:30:00.000Z"); null when it is no time.
export function localToUtc(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local); // without an offset: the browser's zone, as the input showed it
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

// An instant from the server as a datetime-local value in the browser's zone.
export function utcToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function maintenanceForm(settings: {
  maintenance: boolean;
  maintenanceStart: string | null;
  maintenanceEnd: string | null;
  maintenanceMessage: string | null;
}): MaintenanceForm {
  return {
    mode: settings.maintenance ? 'now' : settings.maintenanceStart ? 'schedule' : 'off',
    start: utcToLocal(settings.maintenanceStart),
    end: utcToLocal(settings.maintenanceEnd),
    message: settings.maintenanceMessage ?? '',
  };
}

export type MaintenanceField = 'start' | 'end' | 'message';

// The request the form stands for, or what is wrong with it (field -> i18n key under brand.maintenance).
export function maintenanceRequest(
  form: MaintenanceForm,
): { body: MaintenanceIn } | { problems: Partial<Record<MaintenanceField, string>> } {
  const problems: Partial<Record<MaintenanceField, string>> = {};
  const message = form.message.trim();
  if (charCount(message) > MESSAGE_MAX) problems.message = 'brand.maintenance.messageTooLong';
  else if (CONTROL.test(message.replace(/\r/g, ''))) problems.message = 'brand.maintenance.messagePlain';
  let start: string | null = null;
  let end: string | null = null;
  if (form.mode === 'schedule') {
    start = localToUtc(form.start);
    if (!start) problems.start = 'brand.maintenance.startRequired';
    if (form.end) {
      end = localToUtc(form.end);
      if (!end) problems.end = 'brand.maintenance.badTime';
      else if (start && end <= start) problems.end = 'brand.maintenance.endBeforeStart';
    }
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: { on: form.mode === 'now', start, end, message: message || null },
  };
}

// --- resources and customer-service entries ----------------------------------------------------------

export type ResourceField = 'url' | 'qrCodeUrl' | 'label';

export function resourceProblems(resource: ResourceIn): Partial<Record<ResourceField, string>> {
  const problems: Partial<Record<ResourceField, string>> = {};
  const mail = resource.resourceType === 'EMAIL' && isMailLink(resource.url);
  if (!mail && !isSiteLink(resource.url)) {
    problems.url = resource.resourceType === 'EMAIL' ? 'brand.resources.badEmailUrl' : 'brand.resources.badUrl';
  }
  if (resource.qrCodeUrl && !isSiteLink(resource.qrCodeUrl)) problems.qrCodeUrl = 'brand.resources.badUrl';
  const label = resource.label ?? '';
  if (charCount(label.trim()) > LABEL_MAX) problems.label = 'brand.resources.labelTooLong';
  else if (CONTROL.test(label) || /[\n\t]/.test(label)) problems.label = 'brand.resources.labelPlain';
  return problems;
}

export function serviceProblems(entry: ServiceEntryIn): Partial<Record<'path', string>> {
  return isSiteLink(entry.path) ? {} : { path: 'brand.resources.badUrl' };
}
