// The player-protection settings form as it is typed, checked and turned into the PUT body: the reality
// check's default (one of the choices), the KYC rule (an amount, a positive decimal string, only for
// ABOVE_AMOUNT) and the support organisations (a name, an https:// address, a phone as typed or none). A problem is
// keyed by the wire field ("kycAmount", "organisations.0.url"); the server's VALIDATION_ERROR fields are
// marked the same way.
import { isAmount, normaliseAmount } from '../lib/money';
import { invalidFields } from './api';
import {
  KYC_RULES,
  type KycRule,
  ORGANISATION_NAME_MAX,
  ORGANISATION_PHONE_MAX,
  ORGANISATION_URL_MAX,
  ORGANISATIONS_MAX,
  type ProtectionSettings,
  REALITY_CHECK_CHOICES,
} from './protectionApi';

export interface FieldProblem {
  key: string; // protection.problems.<key>
  values?: Record<string, string>;
}
export type Problems = Record<string, FieldProblem>;
export type Checked<T> = { body: T } | { problems: Problems };

export interface OrganisationForm {
  name: string;
  url: string;
  phone: string;
}

export interface SettingsForm {
  realityCheckMinutes: string;
  kycRule: KycRule;
  kycAmount: string;
  organisations: OrganisationForm[];
}

const chars = (text: string) => [...text].length;

export const emptyOrganisation = (): OrganisationForm => ({ name: '', url: '', phone: '' });

export function settingsForm(settings: ProtectionSettings): SettingsForm {
  return {
    realityCheckMinutes: String(settings.realityCheckMinutes),
    kycRule: settings.kycRule,
    kycAmount: settings.kycAmount ?? '',
    organisations: settings.organisations.map((o) => ({ name: o.name, url: o.url, phone: o.phone ?? '' })),
  };
}

// An absolute https:// address with a host (http, javascript: and relative addresses are refused).
export function isHttpsUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(text);
}

export function settingsRequest(form: SettingsForm): Checked<ProtectionSettings> {
  const problems: Problems = {};
  const fail = (field: string, key: string, values?: Record<string, string>) => {
    problems[field] ??= { key, values };
  };

  const minutes = Number(form.realityCheckMinutes);
  if (!REALITY_CHECK_CHOICES.includes(minutes)) fail('realityCheckMinutes', 'choice');
  if (!KYC_RULES.includes(form.kycRule)) fail('kycRule', 'choice');

  let kycAmount: string | null = null;
  if (form.kycRule === 'ABOVE_AMOUNT') {
    const amount = form.kycAmount.trim();
    if (!amount) fail('kycAmount', 'required');
    else if (!isAmount(amount)) fail('kycAmount', 'amount');
    else kycAmount = normaliseAmount(amount);
  }

  if (form.organisations.length > ORGANISATIONS_MAX) fail('organisations', 'tooMany', { max: String(ORGANISATIONS_MAX) });
  const organisations = form.organisations.map((organisation, n) => {
    const at = `organisations.${n}`;
    const name = organisation.name.trim();
    const url = organisation.url.trim();
    const phone = organisation.phone.trim();
    if (!name) fail(`${at}.name`, 'required');
    else if (chars(name) > ORGANISATION_NAME_MAX) fail(`${at}.name`, 'long', { max: String(ORGANISATION_NAME_MAX) });
    if (!url) fail(`${at}.url`, 'required');
    else if (chars(url) > ORGANISATION_URL_MAX) fail(`${at}.url`, 'long', { max: String(ORGANISATION_URL_MAX) });
    else if (!isHttpsUrl(url)) fail(`${at}.url`, 'https');
    if (chars(phone) > ORGANISATION_PHONE_MAX) fail(`${at}.phone`, 'long', { max: String(ORGANISATION_PHONE_MAX) });
    return { name, url, phone: phone || null };
  });

  if (Object.keys(problems).length > 0) return { problems };
  return { body: { realityCheckMinutes: minutes, kycRule: form.kycRule, kycAmount, organisations } };
}

// The fields a VALIDATION_ERROR names, marked "refused" ("body.organisations.0.url" -> "organisations.0.url").
export function serverProblems(error: unknown): Problems | null {
  const fields = invalidFields(error);
  if (fields.length === 0) return null;
  const problems: Problems = {};
  for (const field of fields) problems[field.replace(/^body\./, '')] ??= { key: 'refused' };
  return problems;
}
