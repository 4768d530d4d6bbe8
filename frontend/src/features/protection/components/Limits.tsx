import { type FormEvent, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { fromCents, isAmount, toCents } from '../../../lib/money';
import { type LimitKind, type LimitPeriod, type Protection, protectionApi, type ProtectionLimit } from '../api';
import { moment, useMoney } from '../format';

type Outcome = { ok: boolean; text: string } | null;

// The words after a change: at once, or from the pending change's time.
function savedText(t: ReturnType<typeof useTranslation>['t'], pending: { effectiveAt: number } | null | undefined): string {
  return pending ? t('protection.savedLater', { at: moment(pending.effectiveAt) }) : t('protection.savedNow');
}

// One limit (a kind and a period): what is set, what this period used and has left, a pending change with
// its time and a Cancel button, and a field to set a new amount or remove the limit.
export function LimitRow({ limit, onChange }: { limit: ProtectionLimit; onChange: (next: Protection) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const inputId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { kind, period, amount, used, left, pending } = limit;

  const run = async (change: () => Promise<Protection>, after?: (next: Protection) => string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const next = await change();
      onChange(next);
      setText('');
      const row = next.limits.find((l) => l.kind === kind && l.period === period);
      setOutcome({ ok: true, text: after ? after(next) : savedText(t, row?.pending) });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(text)) {
      setOutcome({ ok: false, text: t('protection.amountInvalid') });
      return;
    }
    void run(() => protectionApi.setLimit(kind, period, fromCents(toCents(text.trim()))));
  };

  return (
    <li className="protection-row" data-testid="limit-row" data-kind={kind} data-period={period}>
      <div className="protection-row-main">
        <strong>{t(`protection.periods.${period}`)}</strong>
        <strong className="money" data-testid="limit-amount">{amount === null ? t('protection.noLimit') : money(amount)}</strong>
      </div>
      <p className="muted protection-line">
        {left === null ? t('protection.usedOnly', { used: money(used) }) : t('protection.usedLeft', { used: money(used), left: money(left) })}
      </p>
      {pending && (
        <div className="protection-pending" data-testid="limit-pending">
          <span>
            {pending.amount === null
              ? t('protection.pendingRemoval', { at: moment(pending.effectiveAt) })
              : t('protection.pendingAmount', { amount: money(pending.amount), at: moment(pending.effectiveAt) })}
          </span>
          <button type="button" className="button button-ghost protection-button" data-testid="limit-cancel" disabled={busy}
            onClick={() => void run(() => protectionApi.cancelLimit(kind, period), () => t('protection.cancelled'))}>
            {t('protection.cancelChange')}
          </button>
        </div>
      )}
      <form className="protection-set" onSubmit={save} noValidate>
        <label htmlFor={inputId}>{t(`protection.newLimit.${kind}`, { period: t(`errors.periods.${period}`) })}</label>
        <div className="protection-set-controls">
          <input id={inputId} data-testid="limit-input" inputMode="decimal" autoComplete="off" value={text} disabled={busy}
            placeholder={amount ?? '0.00'} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="button protection-button" data-testid="limit-save" disabled={busy || !text.trim()}>
            {t('protection.save')}
          </button>
          {amount !== null && (pending === null || pending.amount !== null) && (
            <button type="button" className="button button-ghost protection-button" data-testid="limit-remove" disabled={busy}
              onClick={() => void run(() => protectionApi.setLimit(kind, period, null))}>
              {t('protection.remove')}
            </button>
          )}
        </div>
      </form>
      {outcome && (
        <p className={outcome.ok ? 'form-hint protection-outcome' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}
          data-testid="limit-outcome">
          {outcome.text}
        </p>
      )}
    </li>
  );
}

// The three limits of one kind (per day, week and month), under the kind's name and what it counts.
export function LimitGroup({ kind, limits, onChange }: { kind: LimitKind; limits: ProtectionLimit[]; onChange: (next: Protection) => void }) {
  const { t } = useTranslation();
  const order: Record<LimitPeriod, number> = { DAY: 0, WEEK: 1, MONTH: 2 };
  const rows = limits.filter((l) => l.kind === kind).sort((a, b) => order[a.period] - order[b.period]);
  return (
    <div className="protection-group" data-testid={`limit-group-${kind}`}>
      <h4>{t(`protection.kinds.${kind}`)}</h4>
      <p className="form-hint">{t(`protection.kindHints.${kind}`)}</p>
      <ul className="protection-rows">
        {rows.map((limit) => (
          <LimitRow key={`${limit.kind}:${limit.period}`} limit={limit} onChange={onChange} />
        ))}
      </ul>
    </div>
  );
}

export const SESSION_MINUTES = { min: 15, max: 1440 };

// The session time limit in minutes, with the same rule as the money limits (lower at once, higher or removed
// after 24 hours) and the same pending change with its Cancel button.
export function SessionLimit({ protection, onChange }: { protection: Protection; onChange: (next: Protection) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { sessionMinutes: minutes, sessionPending: pending } = protection;

  const run = async (change: () => Promise<Protection>, after?: () => string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const next = await change();
      onChange(next);
      setText('');
      setOutcome({ ok: true, text: after ? after() : savedText(t, next.sessionPending) });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || value < SESSION_MINUTES.min || value > SESSION_MINUTES.max) {
      setOutcome({ ok: false, text: t('protection.session.invalid', SESSION_MINUTES) });
      return;
    }
    void run(() => protectionApi.setSessionLimit(value));
  };

  return (
    <div className="protection-row" data-testid="session-limit">
      <div className="protection-row-main">
        <strong>{t('protection.session.current')}</strong>
        <strong data-testid="session-minutes">{minutes === null ? t('protection.noLimit') : t('protection.minutes', { minutes })}</strong>
      </div>
      {pending && (
        <div className="protection-pending" data-testid="session-pending">
          <span>
            {pending.minutes === null
              ? t('protection.pendingRemoval', { at: moment(pending.effectiveAt) })
              : t('protection.pendingAmount', { amount: t('protection.minutes', { minutes: pending.minutes }), at: moment(pending.effectiveAt) })}
          </span>
          <button type="button" className="button button-ghost protection-button" data-testid="session-cancel" disabled={busy}
            onClick={() => void run(() => protectionApi.cancelSessionLimit(), () => t('protection.cancelled'))}>
            {t('protection.cancelChange')}
          </button>
        </div>
      )}
      <form className="protection-set" onSubmit={save} noValidate>
        <label htmlFor={inputId}>{t('protection.session.new', SESSION_MINUTES)}</label>
        <div className="protection-set-controls">
          <input id={inputId} data-testid="session-input" inputMode="numeric" autoComplete="off" value={text} disabled={busy}
            placeholder={minutes === null ? '' : String(minutes)} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="button protection-button" data-testid="session-save" disabled={busy || !text.trim()}>
            {t('protection.save')}
          </button>
          {minutes !== null && (pending === null || pending.minutes !== null) && (
            <button type="button" className="button button-ghost protection-button" data-testid="session-remove" disabled={busy}
              onClick={() => void run(() => protectionApi.setSessionLimit(null))}>
              {t('protection.remove')}
            </button>
          )}
        </div>
      </form>
      {outcome && (
        <p className={outcome.ok ? 'form-hint protection-outcome' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
