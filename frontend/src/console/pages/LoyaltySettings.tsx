// The loyalty tabs that are one config each: cashback (claimed by members, or paid daily by a job, and the
// smallest amount paid; the rates per category live on the VIP levels), points (the conversion ratio, the
// fewest points converted, the points a category's valid turnover earns) and inviting friends (on or off, the
// reward and what an invitee must do for it). With loyalty.write they can be changed; a reader sees them
// read-only.
import { useTranslation } from '../../i18n/react';
import { Choice } from '../components/promotions/common';
import { Field } from '../components/Field';
import { Loading, ReadFailed } from '../components/Problem';
import { useLatestRead } from '../components/useLatestRead';
import {
  CASHBACK_MODES,
  type CashbackMode,
  POINTS_RATE_MAX,
  readCashback,
  readPoints,
  readReferral,
  saveCashback,
  savePoints,
  saveReferral,
} from '../loyaltyApi';
import { cashbackForm, cashbackRequest, pointsForm, pointsRequest, referralForm, referralRequest } from '../loyaltyRules';
import { Check, ConfigForm, loyaltyProblem, RateFields, useConfigForm } from './LoyaltyCommon';

function Reading({ problem, retry }: { problem: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return problem !== null ? <ReadFailed text={loyaltyProblem(t, problem)} retry={retry} /> : <Loading />;
}

export function CashbackTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const { value, readProblem, load } = useLatestRead(readCashback);
  const { form, edit, submit, busy, problem, saved, problemOf } = useConfigForm({
    config: value,
    reload: load,
    toForm: cashbackForm,
    request: cashbackRequest,
    save: saveCashback,
  });
  return (
    <section className="cs-panel" aria-labelledby="cs-loyalty-cashback" data-testid="loyalty-cashback">
      <h2 id="cs-loyalty-cashback">{t('loyalty.cashback.title')}</h2>
      <p className="cs-muted">{t('loyalty.cashback.intro')}</p>
      {form === null ? (
        <Reading problem={readProblem} retry={() => void load()} />
      ) : (
        <ConfigForm
          title={t('loyalty.cashback.title')}
          write={write}
          busy={busy}
          problem={problem}
          saved={saved}
          savedText={t('loyalty.saved')}
          saveText={t('loyalty.cashback.save')}
          onSubmit={(event) => void submit(event)}
        >
          <div className="cs-content-grid">
            <Choice<CashbackMode>
              label={t('loyalty.cashback.mode')}
              value={form.mode}
              options={CASHBACK_MODES}
              name={(mode) => t(`loyalty.cashback.modes.${mode}`)}
              onPick={edit('mode')}
              hint={t(`loyalty.cashback.modeHints.${form.mode}`)}
              problem={problemOf('mode')}
              disabled={!write}
            />
            <Field
              label={t('loyalty.cashback.minimum')}
              hint={t('loyalty.cashback.minimumHint')}
              value={form.minimum}
              onValue={edit('minimum')}
              problem={problemOf('minimum')}
              inputMode="decimal"
              autoComplete="off"
            />
          </div>
        </ConfigForm>
      )}
    </section>
  );
}

export function PointsTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const { value, readProblem, load } = useLatestRead(readPoints);
  const { form, edit, submit, busy, problem, saved, problemOf } = useConfigForm({
    config: value,
    reload: load,
    toForm: pointsForm,
    request: pointsRequest,
    save: savePoints,
  });
  return (
    <section className="cs-panel" aria-labelledby="cs-loyalty-points" data-testid="loyalty-points">
      <h2 id="cs-loyalty-points">{t('loyalty.points.title')}</h2>
      <p className="cs-muted">{t('loyalty.points.intro')}</p>
      {form === null ? (
        <Reading problem={readProblem} retry={() => void load()} />
      ) : (
        <ConfigForm
          title={t('loyalty.points.title')}
          write={write}
          busy={busy}
          problem={problem}
          saved={saved}
          savedText={t('loyalty.saved')}
          saveText={t('loyalty.points.save')}
          onSubmit={(event) => void submit(event)}
        >
          <div className="cs-content-grid">
            <Field
              label={t('loyalty.points.ratio')}
              hint={t('loyalty.points.ratioHint')}
              value={form.ratio}
              onValue={edit('ratio')}
              problem={problemOf('ratio')}
              inputMode="numeric"
              autoComplete="off"
            />
            <Field
              label={t('loyalty.points.minConvert')}
              hint={t('loyalty.points.minConvertHint')}
              value={form.minConvert}
              onValue={edit('minConvert')}
              problem={problemOf('minConvert')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <RateFields
            legend={t('loyalty.points.rates')}
            hint={t('loyalty.points.ratesHint', { max: String(POINTS_RATE_MAX) })}
            field="rates"
            rates={form.rates}
            onChange={(rates, category) => edit('rates', `rates.${category}`)(rates)}
            problemOf={problemOf}
          />
        </ConfigForm>
      )}
    </section>
  );
}

export function ReferralTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const { value, readProblem, load } = useLatestRead(readReferral);
  const { form, edit, submit, busy, problem, saved, problemOf } = useConfigForm({
    config: value,
    reload: load,
    toForm: referralForm,
    request: referralRequest,
    save: saveReferral,
  });
  const amount = (field: 'reward' | 'deposit' | 'turnover') => (
    <Field
      label={t(`loyalty.referral.${field}`)}
      hint={t(`loyalty.referral.${field}Hint`)}
      value={form?.[field] ?? ''}
      onValue={edit(field)}
      problem={problemOf(field)}
      inputMode="decimal"
      autoComplete="off"
    />
  );
  return (
    <section className="cs-panel" aria-labelledby="cs-loyalty-referral" data-testid="loyalty-referral">
      <h2 id="cs-loyalty-referral">{t('loyalty.referral.title')}</h2>
      <p className="cs-muted">{t('loyalty.referral.intro')}</p>
      {form === null ? (
        <Reading problem={readProblem} retry={() => void load()} />
      ) : (
        <ConfigForm
          title={t('loyalty.referral.title')}
          write={write}
          busy={busy}
          problem={problem}
          saved={saved}
          savedText={t('loyalty.saved')}
          saveText={t('loyalty.referral.save')}
          onSubmit={(event) => void submit(event)}
        >
          <Check
            label={t('loyalty.referral.enabled')}
            hint={t('loyalty.referral.enabledHint')}
            checked={form.enabled}
            onChange={edit('enabled')}
            problem={problemOf('enabled')}
          />
          <div className="cs-content-grid">
            {amount('reward')}
            {amount('deposit')}
            {amount('turnover')}
            <Field
              label={t('loyalty.referral.days')}
              hint={t('loyalty.referral.daysHint')}
              value={form.days}
              onValue={edit('days')}
              problem={problemOf('days')}
              inputMode="numeric"
              autoComplete="off"
            />
            <Field
              label={t('loyalty.wagerMultiple')}
              hint={t('loyalty.wagerMultipleHint')}
              value={form.wagerMultiple}
              onValue={edit('wagerMultiple')}
              problem={problemOf('wagerMultiple')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
        </ConfigForm>
      )}
    </section>
  );
}
