import '../protection.css';

import { useEffect, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { sumBalanceAtom } from '../../../state/balance';
import { memberCentreAtom } from '../../../state/memberCentre';
import { excludedAtom } from '../../../state/excluded';
import { store } from '../../../state/store';
import { type Exclusion, LIMIT_KINDS, type Organisation, type Protection, protectionApi } from '../api';
import { ExclusionSections } from '../components/Exclusion';
import { LimitGroup, SessionLimit } from '../components/Limits';
import { moment } from '../format';

type Load = { phase: 'loading' } | { phase: 'ready'; value: Protection } | { phase: 'failed'; error: unknown };

// The exclusion the member just took: every session is revoked (this tab's too), so the browser forgets its
// own (`forgetSession`, the account's, handed in by the member centre), the member centre closes, and the
// notice says what happens now, with the way to withdraw what is left.
function excluded(exclusion: Exclusion, password: string, forgetSession: () => void) {
  const member = store.get(memberAtom);
  store.set(excludedAtom, {
    kind: exclusion.kind,
    until: exclusion.until,
    withdrawable: store.get(sumBalanceAtom),
    username: member?.userName ?? member?.account ?? null,
    password,
  });
  forgetSession();
  store.set(memberCentreAtom, null);
  store.set(accountModalAtom, 'excluded');
}

function RealityCheck({ protection, onChange }: { protection: Protection; onChange: (next: Protection) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState(protection.realityCheckMinutes);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const next = await protectionApi.setRealityCheck(chosen);
      onChange(next);
      setChosen(next.realityCheckMinutes);
      setOutcome({ ok: true, text: t('protection.savedNow') });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  const choices = protection.realityCheckChoices.includes(protection.realityCheckMinutes)
    ? protection.realityCheckChoices
    : [...protection.realityCheckChoices, protection.realityCheckMinutes].sort((a, b) => a - b);
  return (
    <div className="protection-row" data-testid="reality-check">
      <div className="form-field">
        <label htmlFor={id}>{t('protection.reality.every')}</label>
        <div className="protection-set-controls">
          <select id={id} value={chosen} disabled={busy} data-testid="reality-check-minutes"
            onChange={(event) => setChosen(Number(event.target.value))}>
            {choices.map((minutes) => (
              <option key={minutes} value={minutes}>{t('protection.minutes', { minutes })}</option>
            ))}
          </select>
          <button type="button" className="button protection-button" data-testid="reality-check-save"
            disabled={busy || chosen === protection.realityCheckMinutes} onClick={() => void save()}>
            {t('protection.save')}
          </button>
        </div>
      </div>
      {outcome && (
        <p className={outcome.ok ? 'form-hint protection-outcome' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}

// The brand's support organisations, when it names any.
function Organisations() {
  const { t } = useTranslation();
  const [list, setList] = useState<Organisation[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    protectionApi.organisations(abort.signal).then(
      (answer) => setList(answer.list),
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  if (list.length === 0) return null;
  return (
    <Section title={t('protection.help.title')}>
      <p className="form-hint">{t('protection.help.hint')}</p>
      <ul className="protection-rows" data-testid="protection-organisations">
        {list.map((organisation) => (
          <li key={organisation.name} className="protection-row">
            <a href={organisation.url} target="_blank" rel="noopener noreferrer">{organisation.name}</a>
            {organisation.phone && <a className="muted" href={`tel:${organisation.phone.replace(/[^\d+]/g, '')}`}>{organisation.phone}</a>}
          </li>
        ))}
      </ul>
    </Section>
  );
}

// The member-centre page "Responsible gaming" (issue 34): the deposit, loss and wager limits per day, week and
// month, the session time limit, the reality check's interval, a break, self-exclusion and closing the account.
export function ResponsibleGamingPage({ forgetSession }: { forgetSession: () => void }) {
  const { t } = useTranslation();
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<Load>({ phase: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    protectionApi.read(abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [reloads]);
  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('protection.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <div className="protection-page" data-testid="protection-page">
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setReloads((n) => n + 1)}>{t('common.retry')}</button>
      </div>
    );
  }
  const protection = state.value;
  const onChange = (value: Protection) => setState({ phase: 'ready', value });
  const { exclusion } = protection;
  return (
    <div className="protection-page" data-testid="protection-page">
      <p className="form-hint">{t('protection.intro')}</p>
      {exclusion && (
        <p className="notice" role="status">
          {exclusion.kind === 'CLOSED'
            ? t('protection.current.CLOSED')
            : exclusion.until === null
              ? t('protection.current.permanent')
              : t(`protection.current.${exclusion.kind}`, { until: moment(exclusion.until) })}
        </p>
      )}
      <Section title={t('protection.limits.title')}>
        <p className="notice protection-rule" data-testid="limit-rule">{t('protection.limits.rule')}</p>
        {LIMIT_KINDS.map((kind) => (
          <LimitGroup key={kind} kind={kind} limits={protection.limits} onChange={onChange} />
        ))}
      </Section>
      <Section title={t('protection.session.title')}>
        <p className="form-hint">{t('protection.session.hint')}</p>
        <SessionLimit protection={protection} onChange={onChange} />
      </Section>
      <Section title={t('protection.reality.title')}>
        <p className="form-hint">{t('protection.reality.hint')}</p>
        <RealityCheck protection={protection} onChange={onChange} />
      </Section>
      <Section title={t('protection.breaks.title')}>
        <ExclusionSections timeOutDays={protection.timeOutDays} selfExclusionMonths={protection.selfExclusionMonths}
          onDone={(exclusion, password) => excluded(exclusion, password, forgetSession)} />
      </Section>
      <Organisations />
    </div>
  );
}
