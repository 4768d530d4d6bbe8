// An audit entry's detail as labelled fields, not JSON: each known key under its label (an unknown one under
// its own name), money as money, instants in the browser's time, yes/no for switches, roles by their name;
// what an entry nests (a change's "before" and "after", a notice's texts per language) as fields inside.
import type { TFunction } from 'i18next';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { auditKey } from '../labels';
import en from '../locales/en.json';

const MONEY_KEYS = new Set(['amount', 'balance']);
const MONEY = /^-?\d+(\.\d{1,2})?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
// A long value (a notice's HTML, an answer) is cut here; the whole of it is in the title.
const LONGEST = 160;
// Deeper than this, what is left is shown as text: no entry nests further today.
const DEEPEST = 3;

type Detail = Record<string, unknown>;

function isRecord(value: unknown): value is Detail {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(t: TFunction, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (MONEY_KEYS.has(key) && MONEY.test(value)) return formatMoney(value);
    if (INSTANT.test(value)) return dateTime(value) || value;
    if (Object.prototype.hasOwnProperty.call(en.roles, value)) return t(`roles.${value}`);
    return value;
  }
  if (Array.isArray(value) && value.every((item) => !isRecord(item) && !Array.isArray(item))) {
    return value.length === 0 ? '—' : value.map((item) => text(t, key, item)).join(', ');
  }
  return JSON.stringify(value);
}

function Value({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  const { t } = useTranslation();
  if (isRecord(value) && depth < DEEPEST) return <Fields detail={value} depth={depth + 1} />;
  if (Array.isArray(value) && value.some(isRecord) && depth < DEEPEST) {
    return (
      <ol className="cs-audit-list">
        {value.map((item, index) => (
          <li key={index}>{isRecord(item) ? <Fields detail={item} depth={depth + 1} /> : text(t, name, item)}</li>
        ))}
      </ol>
    );
  }
  const shown = text(t, name, value);
  return shown.length > LONGEST ? <span title={shown}>{`${shown.slice(0, LONGEST)}…`}</span> : <>{shown}</>;
}

function Fields({ detail, depth }: { detail: Detail; depth: number }) {
  const { t } = useTranslation();
  const entries = Object.entries(detail);
  if (entries.length === 0) return <>—</>;
  return (
    <dl className="cs-audit-detail">
      {entries.map(([key, value]) => {
        const label = auditKey(t, key);
        return (
          <div key={key} className="cs-audit-field">
            <dt>{label ?? <code>{key}</code>}</dt>
            <dd>
              <Value name={key} value={value} depth={depth} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function AuditDetail({ detail }: { detail: Detail | null | undefined }) {
  if (!detail || Object.keys(detail).length === 0) return <span className="cs-muted">—</span>;
  return <Fields detail={detail} depth={0} />;
}
