// The brand's limits on the bonuses operators grant by hand: the most one grant may be, the most a business
// day's grants may add up to (with what today's have used), and the amount above which a grant waits for a
// second staff member's approval. Each change is audited by the server, which also keeps them consistent.
import { type FormEvent, useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { BrandSettings } from '../../brandApi';
import { amountOk, setBonusLimits } from '../../grantsApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';

type Limits = BrandSettings['bonusLimits'];
type Name = 'grantMax' | 'dailyMax' | 'approvalAbove';
const NAMES: readonly Name[] = ['grantMax', 'dailyMax', 'approvalAbove'];

// Zero only for the threshold (then every grant waits).
function amountProblem(name: Name, value: string): string | undefined {
  return amountOk(value, name === 'approvalAbove') ? undefined : 'grants.form.amountInvalid';
}

export function BonusLimits({ limits, write, onChanged }: PanelProps & { limits: Limits }) {
  const { t } = useTranslation();
  const stored = (from: Limits) => ({ grantMax: from.grantMax, dailyMax: from.dailyMax, approvalAbove: from.approvalAbove });
  const [form, setForm] = useState<Record<Name, string>>(() => stored(limits));
  const [shown, setShown] = useState<Partial<Record<Name, string>>>({});
  const [saved, setSaved] = useState(false);
  const { busy, problem, run } = useChange(onChanged);

  // What the server stored after a save (or another staff member's change, on a reload) fills the form.
  const { grantMax, dailyMax, approvalAbove } = limits;
  useEffect(() => {
    setForm({ grantMax, dailyMax, approvalAbove });
  }, [grantMax, dailyMax, approvalAbove]);

  const edit = (name: Name) => (value: string) => {
    setForm((old) => ({ ...old, [name]: value }));
    setShown((old) => ({ ...old, [name]: undefined }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems: Partial<Record<Name, string>> = {};
    for (const name of NAMES) {
      const found = amountProblem(name, form[name]);
      if (found) problems[name] = found;
    }
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    const body = { grantMax: form.grantMax.trim(), dailyMax: form.dailyMax.trim(), approvalAbove: form.approvalAbove.trim() };
    setSaved(await run(() => setBonusLimits(body)));
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-brand-bonus-limits">
      <h2 id="cs-brand-bonus-limits">{t('grants.limits.title')}</h2>
      <p className="cs-muted">{t('grants.limits.intro')}</p>
      <p className="cs-brand-state" data-testid="bonus-granted-today">
        {t('grants.limits.today', { granted: limits.grantedToday, limit: limits.dailyMax })}
      </p>
      {!write ? (
        <dl className="cs-brand-limits">
          {NAMES.map((name) => (
            <div key={name}>
              <dt>{t(`grants.limits.${name}`)}</dt>
              <dd>{limits[name]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('grants.limits.title')}>
          {NAMES.map((name) => (
            <Field
              key={name}
              label={t(`grants.limits.${name}`)}
              hint={t(`grants.limits.${name}Hint`)}
              value={form[name]}
              onValue={edit(name)}
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              problem={shown[name] ? t(shown[name]) : null}
            />
          ))}
          <Problem>{problem}</Problem>
          {saved && (
            <p className="cs-success" role="status">
              {t('brand.saved')}
            </p>
          )}
          <div className="cs-actions">
            <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
              {t('grants.limits.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
