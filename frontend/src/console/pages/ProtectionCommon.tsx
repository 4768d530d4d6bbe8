// What the player-protection tabs share: a refusal in the console's words, one change at a time, how a time,
// an exclusion and a KYC status are shown, a detail (a history entry's, a risk marker's) said in words, and
// the reason / note typed in place before an action.
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useChangeRunner } from '../components/ChangeRunner';
import { errorKey, problemText } from '../i18n';
import en from '../locales/en.json';
import type { Detail, Exclusion, KycStatus } from '../protectionApi';
import { ConsoleError } from '../transport';

const p = en.protection;
const has = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

// A refusal as the staff member reads it: the console's words for its code; a conflict the console has no
// words of its own for (a submission or marker someone else decided meanwhile) in the section's.
export function protectionProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && error.status === 409 && errorKey(error.code) === 'errors.GENERIC') {
    return t('protection.stale');
  }
  return problemText(t, error);
}

// A row someone else decided (409) or that went (404) meanwhile: the list is read again.
const isStale = (error: unknown) => error instanceof ConsoleError && (error.status === 404 || error.status === 409);

export function useProtectionChange(reload: () => Promise<void>) {
  return useChangeRunner(reload, protectionProblem, isStale);
}

// "2026-12-14 20:00:00 GMT+8" from epoch milliseconds.
export const when = (millis: number | null | undefined) =>
  millis === null || millis === undefined ? '—' : dateTime(new Date(millis).toISOString());

// "Self-exclusion until 2027-06-14 …", "Account closed, permanent", or "None".
export function exclusionText(t: TFunction, exclusion: Exclusion | null): string {
  if (!exclusion) return t('protection.exclusion.none');
  const kind = t(`protection.exclusion.kinds.${exclusion.kind}`, { defaultValue: exclusion.kind });
  return exclusion.until === null
    ? t('protection.exclusion.permanentText', { kind })
    : t('protection.exclusion.untilText', { kind, time: when(exclusion.until) });
}

export function KycBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const look = status === 'APPROVED' ? 'issued' : status === 'REJECTED' ? 'expired' : status === 'PENDING' ? 'claimable' : 'none';
  return (
    <span className={`cs-badge cs-promo-entry is-${look}`} data-kyc={status}>
      {t(`protection.kycStatuses.${status}`, { defaultValue: status })}
    </span>
  );
}

// The words for an enumerated value a detail carries (a limit's kind and period, an exclusion's kind, a
// document type, a marker's kind, a KYC status); anything else as it came.
const NAMED: readonly [object, string][] = [
  [p.member.kinds, 'protection.member.kinds'],
  [p.member.periods, 'protection.member.periods'],
  [p.exclusion.kinds, 'protection.exclusion.kinds'],
  [p.documentTypes, 'protection.documentTypes'],
  [p.markers.kinds, 'protection.markers.kinds'],
  [p.kycStatuses, 'protection.kycStatuses'],
];
const MONEY = /^-?\d+\.\d{2}$/;
const TIMES = new Set(['until', 'effectiveAt']);
// A limit's amounts: money, or (the session limit's) minutes; none is "No limit".
const AMOUNTS = new Set(['amount', 'previous']);

function valueWords(t: TFunction, key: string, value: unknown, detail: Detail): string {
  if (value === null || value === undefined) {
    if (AMOUNTS.has(key)) return t('protection.member.noLimit');
    if (key === 'until') return t('protection.exclusion.permanent');
    return '—';
  }
  if (typeof value === 'boolean') return t(value ? 'protection.yes' : 'protection.no');
  if (typeof value === 'number') {
    if (TIMES.has(key)) return when(value);
    if (AMOUNTS.has(key) && detail.kind === 'SESSION') return t('protection.member.minutes', { minutes: String(value) });
    if (key === 'minutes') return t('protection.member.minutes', { minutes: String(value) });
    return String(value);
  }
  if (typeof value === 'string') {
    if (MONEY.test(value)) return formatMoney(value);
    for (const [table, prefix] of NAMED) if (has(table, value)) return t(`${prefix}.${value}`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => valueWords(t, key, item, detail)).join(', ');
  return JSON.stringify(value);
}

// A detail as labelled words ("Kind: Deposits", "Period: Day", "Amount: 100.00"). What says nothing is left
// out: an empty value (the session limit's period), a null the entry does not use (a time-out's months);
// a null that means something is said (no limit, permanent).
export function detailWords(t: TFunction, detail: Detail | null | undefined): { key: string; label: string; text: string }[] {
  if (!detail) return [];
  return Object.entries(detail)
    .filter(([key, value]) => value !== '' && (value !== null || AMOUNTS.has(key) || key === 'until'))
    .map(([key, value]) => ({
      key,
      label: has(p.detail, key) ? t(`protection.detail.${key}`) : key,
      text: valueWords(t, key, value, detail),
    }));
}

export function DetailWords({ detail }: { detail: Detail | null | undefined }) {
  const { t } = useTranslation();
  const words = detailWords(t, detail);
  if (words.length === 0) return <span className="cs-muted">—</span>;
  return (
    <dl className="cs-protection-detail">
      {words.map((word) => (
        <div key={word.key} data-detail={word.key}>
          <dt>{word.label}</dt>
          <dd>{word.text}</dd>
        </div>
      ))}
    </dl>
  );
}

// A text typed in place (a rejection's reason, a review's note): required, at most `max` characters; the
// action runs with it trimmed.
export function TextAction({
  id,
  label,
  action,
  formLabel,
  max,
  busy,
  onSend,
  onCancel,
  words,
  tone = 'danger',
}: {
  id: string;
  label: string;
  action: string;
  formLabel: string;
  max: number;
  busy: boolean;
  onSend: (text: string) => void;
  onCancel: () => void;
  words: { required: string; long: string; hint: string };
  tone?: 'danger' | 'primary';
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const length = [...text.trim()].length;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setProblem(t(words.required));
    if ([...value].length > max) return setProblem(t(words.long, { max: String(max) }));
    setProblem(null);
    onSend(value);
  };

  return (
    <form className="cs-application-reject" noValidate onSubmit={send} aria-label={formLabel}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        value={text}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      <span className={problem ? 'cs-field-problem' : 'cs-field-hint'} role={problem ? 'alert' : undefined}>
        {problem ?? t(words.hint, { length: String(length), max: String(max) })}
      </span>
      <span className="cs-buttons">
        <button type="submit" className={`cs-button ${tone} small`} disabled={busy} aria-busy={busy || undefined}>
          {action}
        </button>
        <button type="button" className="cs-button secondary small" disabled={busy} onClick={onCancel}>
          {t('protection.cancel')}
        </button>
      </span>
    </form>
  );
}
