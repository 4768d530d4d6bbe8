// The brand's wagering weights: what share of a stake in each game category counts toward a bonus's
// turnover (100: all of it, 0: none). With promotions.write they can be changed, all at once; without it
// they are shown as they are.
import { type FormEvent, useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { readWeights, saveWeights, WAGER_CATEGORIES, type WagerCategory, type Weights } from '../../promotionsApi';
import { Field } from '../Field';
import { Loading, Problem, ReadFailed } from '../Problem';
import { promotionProblem, useChange } from './common';
import { wholeIn } from './rules';
import { useLatestRead } from '../useLatestRead';

type Form = Record<WagerCategory, string>;

const formOf = (weights: Weights['weights']): Form =>
  Object.fromEntries(WAGER_CATEGORIES.map((category) => [category, weights[category]?.toString() ?? ''])) as Form;

export function WeightsPanel({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const { value: read, readProblem, load } = useLatestRead(readWeights);
  const weights = read?.weights ?? null;
  const [form, setForm] = useState<Form | null>(null);
  const [shown, setShown] = useState<Partial<Record<WagerCategory, string>>>({});
  const [saved, setSaved] = useState(false);
  // Every read (the first, and after a save) resets the form to what the server holds.
  useEffect(() => {
    if (read) setForm(formOf(read.weights));
  }, [read]);

  const { busy, problem, run } = useChange(load);

  const edit = (category: WagerCategory) => (value: string) => {
    setForm((old) => (old ? { ...old, [category]: value } : old));
    setShown((old) => ({ ...old, [category]: undefined }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form) return;
    const problems: Partial<Record<WagerCategory, string>> = {};
    const body: Partial<Record<WagerCategory, number>> = {};
    for (const category of WAGER_CATEGORIES) {
      const percent = wholeIn(form[category], 0, 100);
      if (percent === null) problems[category] = 'promotions.weights.bad';
      else body[category] = percent;
    }
    setShown(problems);
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    setSaved(await run(() => saveWeights(body)));
  };

  const percentOf = (value: number | undefined) =>
    value === undefined ? '—' : t('promotions.weights.percent', { percent: String(value) });
  const name = (category: WagerCategory) => t(`records.categories.${category}`, { defaultValue: category });
  return (
    <section className="cs-panel cs-promo-weights" aria-labelledby="cs-promo-weights">
      <h2 id="cs-promo-weights">{t('promotions.weights.title')}</h2>
      <p className="cs-muted">{t('promotions.weights.intro')}</p>
      {readProblem !== null && <ReadFailed text={promotionProblem(t, readProblem)} retry={() => void load()} />}
      {weights === null || form === null ? (
        readProblem === null && <Loading />
      ) : !write ? (
        <dl className="cs-promo-weight-list" data-testid="weights">
          {WAGER_CATEGORIES.map((category) => (
            <div key={category} data-category={category}>
              <dt>{name(category)}</dt>
              <dd>{percentOf(weights[category])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form
          className="cs-form"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t('promotions.weights.title')}
        >
          <div className="cs-promo-weight-grid">
            {WAGER_CATEGORIES.map((category) => (
              <Field
                key={category}
                label={name(category)}
                hint={t('promotions.weights.hint')}
                value={form[category]}
                onValue={edit(category)}
                problem={shown[category] ? t(shown[category]) : null}
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
              />
            ))}
          </div>
          <Problem>{problem}</Problem>
          {saved && (
            <p className="cs-success" role="status">
              {t('promotions.weights.saved')}
            </p>
          )}
          <div className="cs-actions">
            <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
              {t('promotions.weights.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
