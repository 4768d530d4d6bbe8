import { type FormEvent, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import { type Exclusion, protectionApi } from '../api';
import { moment } from '../format';

const DAY_MS = 86_400_000;

// What the member is about to do: a time-out of some days, a self-exclusion of some months (null: permanent)
// or the closure of the account.
export type Step = { kind: 'TIME_OUT'; days: number } | { kind: 'SELF_EXCLUSION'; months: number | null } | { kind: 'CLOSED' };

// "6 months", "1 year", "5 years", "Permanently".
export function monthsText(t: ReturnType<typeof useTranslation>['t'], months: number | null): string {
  if (months === null) return t('protection.exclusion.permanent');
  if (months % 12 === 0) return months === 12 ? t('protection.exclusion.oneYear') : t('protection.exclusion.years', { years: months / 12 });
  return t('protection.exclusion.months', { months });
}

// The end of what the member is about to take, as far as the browser can tell (the server's clock decides).
function untilOf(step: Step, now: number): number | null {
  if (step.kind === 'TIME_OUT') return now + step.days * DAY_MS;
  if (step.kind === 'SELF_EXCLUSION' && step.months !== null) {
    const date = new Date(now);
    date.setMonth(date.getMonth() + step.months);
    return date.getTime();
  }
  return null;
}

// The consequences in words, then the login password, then the one button that does it. `onDone` gets the
// server's answer (every session of the member is revoked by then).
export function ExclusionConfirm({ step, onCancel, onDone }: { step: Step; onCancel: () => void; onDone: (exclusion: Exclusion, password: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => Date.now());
  const until = untilOf(step, now);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(t('protection.confirm.passwordRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer =
        step.kind === 'CLOSED'
          ? await protectionApi.close(password)
          : await protectionApi.exclude(
              step.kind === 'TIME_OUT' ? { kind: 'TIME_OUT', days: step.days, password } : { kind: 'SELF_EXCLUSION', months: step.months, password },
            );
      onDone(answer, password);
    } catch (error) {
      setProblem(errorText(t, error));
      setBusy(false);
    }
  };
  const lines =
    step.kind === 'CLOSED'
      ? [t('protection.confirm.closed'), t('protection.confirm.loggedOut'), t('protection.confirm.fundsKept'), t('protection.confirm.historyKept')]
      : [
          step.kind === 'TIME_OUT'
            ? t('protection.confirm.timeOut', { until: moment(until) })
            : until === null
              ? t('protection.confirm.selfExclusionPermanent')
              : t('protection.confirm.selfExclusion', { until: moment(until) }),
          t('protection.confirm.loggedOut'),
          until === null ? t('protection.confirm.noLoginPermanent') : t('protection.confirm.noLogin'),
          until === null ? t('protection.confirm.finalPermanent') : t('protection.confirm.final'),
        ];
  return (
    <form className="protection-confirm" data-testid="exclusion-form" data-kind={step.kind} onSubmit={(e) => void submit(e)} noValidate>
      <p className="protection-confirm-title">{t('protection.confirm.title')}</p>
      <ul className="protection-consequences">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <FormField label={t('protection.confirm.password')} type="password" value={password} onValue={setPassword}
        autoComplete="current-password" data-testid="exclusion-password" />
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="form-actions">
        <button type="submit" className="button protection-danger" data-testid="exclusion-submit" disabled={busy}>
          {t(`protection.confirm.submit.${step.kind}`)}
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

// Take a break (a time-out of one of the brand's numbers of days), self-exclusion (6 months, 1 year, 5 years
// or permanently) and closing the account, each behind its confirmation.
export function ExclusionSections({ timeOutDays, selfExclusionMonths, onDone }: {
  timeOutDays: number[];
  selfExclusionMonths: number[];
  onDone: (exclusion: Exclusion, password: string) => void;
}) {
  const { t } = useTranslation();
  const breakId = useId();
  const [days, setDays] = useState<number | null>(timeOutDays[0] ?? null);
  const [months, setMonths] = useState<number | null>(selfExclusionMonths[0] ?? null);
  const [step, setStep] = useState<Step | null>(null);
  const confirm = (kind: Step['kind']) => step?.kind === kind && (
    <ExclusionConfirm step={step} onCancel={() => setStep(null)} onDone={onDone} />
  );
  const choices: (number | null)[] = [...selfExclusionMonths, null];
  return (
    <>
      <div className="protection-block" data-testid="time-out">
        <h4>{t('protection.timeOut.title')}</h4>
        <p className="form-hint">{t('protection.timeOut.hint')}</p>
        <div className="form-field">
          <label htmlFor={breakId}>{t('protection.timeOut.length')}</label>
          <select id={breakId} value={days ?? ''} disabled={step !== null} data-testid="time-out-days"
            onChange={(event) => setDays(Number(event.target.value))}>
            {timeOutDays.map((n) => (
              <option key={n} value={n}>{n === 1 ? t('protection.timeOut.oneDay') : t('protection.timeOut.days', { days: n })}</option>
            ))}
          </select>
        </div>
        {step?.kind !== 'TIME_OUT' && (
          <button type="button" className="button button-ghost protection-button" data-testid="time-out-start" disabled={days === null || step !== null}
            onClick={() => days !== null && setStep({ kind: 'TIME_OUT', days })}>
            {t('protection.timeOut.start')}
          </button>
        )}
        {confirm('TIME_OUT')}
      </div>
      <div className="protection-block" data-testid="self-exclusion">
        <h4>{t('protection.exclusion.title')}</h4>
        <p className="form-hint">{t('protection.exclusion.hint')}</p>
        <fieldset className="protection-choices" disabled={step !== null}>
          <legend className="visually-hidden">{t('protection.exclusion.length')}</legend>
          {choices.map((n) => (
            <label key={n ?? 'permanent'} className="protection-choice">
              <input type="radio" name="self-exclusion" checked={months === n} onChange={() => setMonths(n)} />
              <span>{monthsText(t, n)}</span>
            </label>
          ))}
        </fieldset>
        {step?.kind !== 'SELF_EXCLUSION' && (
          <button type="button" className="button button-ghost protection-button" data-testid="self-exclusion-start" disabled={step !== null}
            onClick={() => setStep({ kind: 'SELF_EXCLUSION', months })}>
            {t('protection.exclusion.start')}
          </button>
        )}
        {confirm('SELF_EXCLUSION')}
      </div>
      <div className="protection-block" data-testid="closure">
        <h4>{t('protection.closure.title')}</h4>
        <p className="form-hint">{t('protection.closure.hint')}</p>
        {step?.kind !== 'CLOSED' && (
          <button type="button" className="button button-ghost protection-button" data-testid="closure-start" disabled={step !== null}
            onClick={() => setStep({ kind: 'CLOSED' })}>
            {t('protection.closure.start')}
          </button>
        )}
        {confirm('CLOSED')}
      </div>
    </>
  );
}
