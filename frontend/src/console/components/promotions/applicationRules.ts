// An application activity's own parameters (server/promotions/kinds.py, APPLICATION): the bonus paid when
// staff approve an application, and how often a member may apply (no period: once; else once per period).
import type { ParamsIn } from '../../promotionsApi';
import type { PromotionForm } from './rules';

export const APPLICATION_FIELDS = ['params.amount', 'params.period'] as const;

export function applicationParams(
  form: PromotionForm,
  amount: (field: string, value: string) => string | undefined,
): Partial<ParamsIn> {
  return { amount: amount('amount', form.amount), ...(form.period ? { period: form.period } : {}) };
}
