// An application activity's fields in the promotion editor: the bonus approval pays, and how often a member
// may apply (once, or once per day, week, half month or month).
import { useTranslation } from '../../../i18n/react';
import { RELOAD_PERIODS } from '../../promotionsApi';
import { Field } from '../Field';
import { Choice } from './common';
import type { PromotionForm } from './rules';

interface Props {
  form: PromotionForm;
  edit: <K extends keyof PromotionForm>(key: K, field: string) => (value: PromotionForm[K]) => void;
  problemOf: (field: string) => string | null;
}

export function ApplicationFields({ form, edit, problemOf }: Props) {
  const { t } = useTranslation();
  return (
    <div className="cs-content-grid" data-testid="application-fields">
      <Field
        label={t('promotions.applications.amount')}
        hint={t('promotions.applications.amountHint')}
        value={form.amount}
        onValue={edit('amount', 'params.amount')}
        problem={problemOf('params.amount')}
        inputMode="decimal"
        autoComplete="off"
      />
      <Choice<PromotionForm['period']>
        label={t('promotions.applications.period')}
        value={form.period}
        options={['', ...RELOAD_PERIODS]}
        name={(period) => (period ? t(`promotions.periods.${period}`) : t('promotions.applications.once'))}
        onPick={edit('period', 'params.period')}
        hint={t('promotions.applications.periodHint')}
        problem={problemOf('params.period')}
      />
    </div>
  );
}
