// One promotion, new or changed: its kind (fixed once created), category, window (entered in the browser's
// zone, sent as UTC instants), place in the list and picture, its title and rules per language, and the
// kind's own parameters only (a check-in's streak of rewards, a turnover promotion's tiers, a loss rebate's
// percentage, cap and smallest loss, ...), with the wagering every bonus carries. As the form is filled it
// says what the promotion costs at most per member (and period) and what its wagering asks of a bonus. The
// form checks what it can before sending; a field the server refuses is marked where it is, a tier's at its
// row.
import { type FormEvent, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { zoneLabel } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import { problemText } from '../../i18n';
import {
  addPromotion,
  changePromotion,
  CLAIM_MODES,
  type PromotionAdmin,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  type PromotionKind,
  RELOAD_PERIODS,
  type RewardTier,
  STREAK_DAYS_MAX,
  TIERS_MAX,
  WAGER_BASES,
} from '../../promotionsApi';
import { ConsoleError } from '../../transport';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { TextsEditor } from '../content/TextsEditor';
import { ApplicationFields } from './ApplicationFields';
import { Choice, costText, promotionProblem } from './common';
import { MissionFields } from './MissionFields';
import { RaffleFields } from './RaffleFields';
import {
  expectedCost,
  type FormProblems,
  hasPeriod,
  isDepositKind,
  isPeriodicKind,
  isStale,
  placed,
  type PromotionForm,
  promotionForm,
  promotionRequest,
  serverProblems,
  wagerExample,
  withKind,
} from './rules';

interface Props {
  promotion?: PromotionAdmin; // absent: a new one
  title: string;
  onSaved: (promotion: PromotionAdmin) => void;
  onCancel: () => void;
  onStale?: () => void; // the promotion is gone under the form: the list is read again
}

const NONE: FormProblems = { problems: {}, textProblems: [] };

const withoutTexts = ({ texts: _texts, ...problems }: Record<string, string>) => problems;

export function PromotionEditor({ promotion, title, onSaved, onCancel, onStale }: Props) {
  const { t } = useTranslation();
  const onePerAddressId = useId();
  const [form, setForm] = useState<PromotionForm>(() => promotionForm('SIGNUP', promotion));
  const [shown, setShown] = useState<FormProblems>(NONE);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editing = promotion !== undefined;
  const deposit = isDepositKind(form.kind);
  const periodic = isPeriodicKind(form.kind);

  const clear = (...fields: string[]) =>
    setShown((old) => {
      const problems = { ...old.problems };
      for (const field of fields) delete problems[field];
      return { ...old, problems };
    });
  const edit = <K extends keyof PromotionForm>(key: K, field: string) => (value: PromotionForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    clear(field);
  };
  const problemOf = (field: string) => (shown.problems[field] ? t(shown.problems[field]) : null);

  const setReward = (day: number, value: string) => {
    setForm((old) => ({ ...old, rewards: old.rewards.map((reward, index) => (index === day ? value : reward)) }));
    clear(`params.rewards.${day}`, 'params.rewards');
  };
  const addDay = () => setForm((old) => ({ ...old, rewards: [...old.rewards, ''] }));
  const removeDay = (day: number) => {
    setForm((old) => ({ ...old, rewards: old.rewards.filter((_, index) => index !== day) }));
    // The rows after it move up: their problems no longer match them.
    setShown((old) => ({
      ...old,
      problems: Object.fromEntries(Object.entries(old.problems).filter(([field]) => !field.startsWith('params.rewards'))),
    }));
  };

  // A tier's amount changed: its own mark goes, and the order marks of its row and the next (compared with it).
  const setTier = (row: number, key: keyof RewardTier, value: string) => {
    setForm((old) => ({
      ...old,
      tiers: old.tiers.map((tier, index) => (index === row ? { ...tier, [key]: value } : tier)),
    }));
    clear(`params.tiers.${row}.${key}`, `params.tiers.${row}`, `params.tiers.${row + 1}`, 'params.tiers');
  };
  const addTier = () => setForm((old) => ({ ...old, tiers: [...old.tiers, { turnover: '', reward: '' }] }));
  const removeTier = (row: number) => {
    setForm((old) => ({ ...old, tiers: old.tiers.filter((_, index) => index !== row) }));
    // The rows after it move up: their problems no longer match them.
    setShown((old) => ({
      ...old,
      problems: Object.fromEntries(Object.entries(old.problems).filter(([field]) => !field.startsWith('params.tiers'))),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = promotionRequest(form);
    setProblem(null);
    if (!('body' in request)) {
      setShown(request);
      return;
    }
    setShown(NONE);
    setBusy(true);
    try {
      const saved = await (promotion ? changePromotion(promotion.id, request.body) : addPromotion(request.body));
      setBusy(false);
      onSaved(saved);
    } catch (error) {
      setBusy(false);
      if (isSessionProblem(error)) return;
      if (isStale(error)) onStale?.();
      const found = serverProblems(error, form.kind);
      if (found) setShown(found);
      // The section's words ("see the marked fields") only when every field named is marked in the form.
      const allPlaced = found !== null && Object.keys(found.problems).every((field) => placed(form.kind, field));
      const invalid = error instanceof ConsoleError && error.code === 'VALIDATION_ERROR';
      setProblem(invalid && !allPlaced ? problemText(t, error) : promotionProblem(t, error));
    }
  };

  const cost = expectedCost(form);
  const example = wagerExample(form);
  const zone = zoneLabel(new Date());

  // A reload's "once per" period, or the period a turnover tier or loss rebate is counted over (a new one's
  // to be chosen: until it is, the choice offers "Choose a period").
  const periodChoice = (
    <Choice<PromotionForm['period']>
      label={t(periodic ? 'promotions.form.countPeriod' : 'promotions.form.period')}
      value={form.period}
      options={form.period ? RELOAD_PERIODS : ['', ...RELOAD_PERIODS]}
      name={(period) => (period ? t(`promotions.periods.${period}`) : t('promotions.form.choosePeriod'))}
      onPick={edit('period', 'params.period')}
      hint={periodic ? t('promotions.form.countPeriodHint') : undefined}
      problem={problemOf('params.period')}
    />
  );
  const claimDaysField = (
    <Field
      label={t('promotions.form.claimDays')}
      hint={t(periodic ? 'promotions.form.claimDaysPeriodHint' : 'promotions.form.claimDaysHint')}
      value={form.claimDays}
      onValue={edit('claimDays', 'params.claimDays')}
      problem={problemOf('params.claimDays')}
      inputMode="numeric"
      autoComplete="off"
    />
  );

  return (
    <form
      className="cs-panel cs-form cs-content-editor cs-promo-editor"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={title}
    >
      <h3 className="cs-content-editor-title">{title}</h3>

      <div className="cs-content-grid">
        <Choice<PromotionKind>
          label={t('promotions.form.kind')}
          value={form.kind}
          options={PROMOTION_KINDS}
          name={(kind) => t(`promotions.kinds.${kind}`)}
          onPick={(kind) => {
            setForm((old) => withKind(old, kind));
            setShown(NONE);
          }}
          hint={t(editing ? 'promotions.form.kindFixed' : `promotions.kindHints.${form.kind}`)}
          disabled={editing}
        />
        <Choice
          label={t('promotions.form.category')}
          value={form.category}
          options={PROMOTION_CATEGORIES}
          name={(category) => t(`promotions.categories.${category}`)}
          onPick={edit('category', 'category')}
          problem={problemOf('category')}
        />
        <Field
          label={t('promotions.form.sortOrder')}
          hint={t('promotions.form.sortOrderHint')}
          value={form.sortOrder}
          onValue={edit('sortOrder', 'sortOrder')}
          problem={problemOf('sortOrder')}
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          label={t('promotions.form.start')}
          hint={t('promotions.form.zone', { zone })}
          type="datetime-local"
          value={form.start}
          onValue={edit('start', 'startsAt')}
          problem={problemOf('startsAt')}
        />
        <Field
          label={t('promotions.form.end')}
          hint={t('promotions.form.endHint')}
          type="datetime-local"
          value={form.end}
          onValue={edit('end', 'endsAt')}
          problem={problemOf('endsAt')}
        />
        <Field
          label={t('promotions.form.imageUrl')}
          hint={t('promotions.form.imageUrlHint')}
          value={form.imageUrl}
          onValue={edit('imageUrl', 'imageUrl')}
          problem={problemOf('imageUrl')}
          autoComplete="off"
          spellCheck={false}
        />
      </div>

      <fieldset className="cs-promo-group">
        <legend>{t('promotions.form.bonus', { kind: t(`promotions.kinds.${form.kind}`) })}</legend>
        <div className="cs-content-grid">
          {form.kind === 'SIGNUP' && (
            <Field
              label={t('promotions.form.amount')}
              hint={t('promotions.form.amountHint')}
              value={form.amount}
              onValue={edit('amount', 'params.amount')}
              problem={problemOf('params.amount')}
              inputMode="decimal"
              autoComplete="off"
            />
          )}
          {deposit && (
            <>
              <Field
                label={t('promotions.form.percent')}
                hint={t('promotions.form.percentHint')}
                value={form.percent}
                onValue={edit('percent', 'params.percent')}
                problem={problemOf('params.percent')}
                inputMode="numeric"
                autoComplete="off"
              />
              <Field
                label={t('promotions.form.cap')}
                hint={t('promotions.form.capHint')}
                value={form.cap}
                onValue={edit('cap', 'params.cap')}
                problem={problemOf('params.cap')}
                inputMode="decimal"
                autoComplete="off"
              />
              <Field
                label={t('promotions.form.minDeposit')}
                hint={t('promotions.form.amountHint')}
                value={form.minDeposit}
                onValue={edit('minDeposit', 'params.minDeposit')}
                problem={problemOf('params.minDeposit')}
                inputMode="decimal"
                autoComplete="off"
              />
              <Choice
                label={t('promotions.form.claimMode')}
                value={form.claimMode}
                options={CLAIM_MODES}
                name={(mode) => t(`promotions.claimModes.${mode}`)}
                onPick={edit('claimMode', 'params.claimMode')}
                problem={problemOf('params.claimMode')}
              />
              {claimDaysField}
              {form.kind === 'RELOAD' && periodChoice}
              <div className="cs-field cs-promo-check">
                <label className="cs-content-check" htmlFor={onePerAddressId}>
                  <input
                    id={onePerAddressId}
                    type="checkbox"
                    checked={form.onePerAddress}
                    onChange={(event) => edit('onePerAddress', 'params.onePerAddress')(event.target.checked)}
                  />
                  {t('promotions.form.onePerAddress')}
                </label>
                <p className={problemOf('params.onePerAddress') ? 'cs-field-problem' : 'cs-field-hint'}>
                  {problemOf('params.onePerAddress') ?? t('promotions.form.onePerAddressHint')}
                </p>
              </div>
            </>
          )}
          {periodic && periodChoice}
          {form.kind === 'LOSS_REBATE' && (
            <>
              <Field
                label={t('promotions.form.rebatePercent')}
                hint={t('promotions.form.rebatePercentHint')}
                value={form.percent}
                onValue={edit('percent', 'params.percent')}
                problem={problemOf('params.percent')}
                inputMode="numeric"
                autoComplete="off"
              />
              <Field
                label={t('promotions.form.rebateCap')}
                hint={t('promotions.form.rebateCapHint')}
                value={form.cap}
                onValue={edit('cap', 'params.cap')}
                problem={problemOf('params.cap')}
                inputMode="decimal"
                autoComplete="off"
              />
              <Field
                label={t('promotions.form.minLoss')}
                hint={t('promotions.form.minLossHint')}
                value={form.minLoss}
                onValue={edit('minLoss', 'params.minLoss')}
                problem={problemOf('params.minLoss')}
                inputMode="decimal"
                autoComplete="off"
              />
            </>
          )}
          {periodic && claimDaysField}
        </div>
        {form.kind === 'TURNOVER_TIERS' && (
          <fieldset className="cs-promo-rewards">
            <legend>{t('promotions.form.tiers')}</legend>
            <p className="cs-field-hint">{t('promotions.form.tiersHint')}</p>
            {problemOf('params.tiers') && <p className="cs-field-problem">{problemOf('params.tiers')}</p>}
            <ol className="cs-promo-tier-list">
              {form.tiers.map((tier, row) => {
                const tierNo = String(row + 1);
                const order = problemOf(`params.tiers.${row}`);
                return (
                  <li key={row} className={order ? 'cs-promo-tier has-problem' : 'cs-promo-tier'} data-tier={row}>
                    <Field
                      label={t('promotions.form.tierTurnover', { tier: tierNo })}
                      value={tier.turnover}
                      onValue={(value) => setTier(row, 'turnover', value)}
                      problem={problemOf(`params.tiers.${row}.turnover`)}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    <Field
                      label={t('promotions.form.tierReward', { tier: tierNo })}
                      value={tier.reward}
                      onValue={(value) => setTier(row, 'reward', value)}
                      problem={problemOf(`params.tiers.${row}.reward`)}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    {form.tiers.length > 1 && (
                      <button type="button" className="cs-button secondary small" onClick={() => removeTier(row)}>
                        {t('promotions.form.removeTier', { tier: tierNo })}
                      </button>
                    )}
                    {order && <p className="cs-field-problem cs-promo-tier-problem">{order}</p>}
                  </li>
                );
              })}
            </ol>
            {form.tiers.length < TIERS_MAX && (
              <div className="cs-actions">
                <button type="button" className="cs-button secondary small" onClick={addTier}>
                  {t('promotions.form.addTier')}
                </button>
              </div>
            )}
          </fieldset>
        )}
        {form.kind === 'CHECKIN' && (
          <fieldset className="cs-promo-rewards">
            <legend>{t('promotions.form.rewards')}</legend>
            <p className="cs-field-hint">{t('promotions.form.rewardsHint')}</p>
            {problemOf('params.rewards') && <p className="cs-field-problem">{problemOf('params.rewards')}</p>}
            <ol className="cs-promo-reward-list">
              {form.rewards.map((reward, day) => (
                <li key={day} className="cs-promo-reward">
                  <Field
                    label={t('promotions.form.day', { day: String(day + 1) })}
                    value={reward}
                    onValue={(value) => setReward(day, value)}
                    problem={problemOf(`params.rewards.${day}`)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                  {form.rewards.length > 1 && (
                    <button type="button" className="cs-button secondary small" onClick={() => removeDay(day)}>
                      {t('promotions.form.removeDay', { day: String(day + 1) })}
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {form.rewards.length < STREAK_DAYS_MAX && (
              <div className="cs-actions">
                <button type="button" className="cs-button secondary small" onClick={addDay}>
                  {t('promotions.form.addDay')}
                </button>
              </div>
            )}
          </fieldset>
        )}
        {form.kind === 'APPLICATION' && <ApplicationFields form={form} edit={edit} problemOf={problemOf} />}
        {form.kind === 'MISSION' && <MissionFields form={form} setForm={setForm} problemOf={problemOf} clear={clear} />}
        {form.kind === 'RAFFLE' && <RaffleFields form={form} setForm={setForm} edit={edit} problemOf={problemOf} />}
      </fieldset>

      <fieldset className="cs-promo-group">
        <legend>{t('promotions.form.wagering')}</legend>
        <div className="cs-content-grid">
          <Field
            label={t('promotions.form.wagerMultiple')}
            hint={t('promotions.form.wagerMultipleHint')}
            value={form.wagerMultiple}
            onValue={edit('wagerMultiple', 'params.wagerMultiple')}
            problem={problemOf('params.wagerMultiple')}
            inputMode="numeric"
            autoComplete="off"
          />
          {deposit && (
            <Choice
              label={t('promotions.form.wagerBase')}
              value={form.wagerBase}
              options={WAGER_BASES}
              name={(base) => t(`promotions.wagerBases.${base}`)}
              onPick={edit('wagerBase', 'params.wagerBase')}
              problem={problemOf('params.wagerBase')}
            />
          )}
          <Field
            label={t('promotions.form.maxStake')}
            hint={t('promotions.form.maxStakeHint')}
            value={form.maxStake}
            onValue={edit('maxStake', 'params.maxStake')}
            problem={problemOf('params.maxStake')}
            inputMode="decimal"
            autoComplete="off"
          />
          <Field
            label={t('promotions.form.expiryDays')}
            hint={t('promotions.form.expiryDaysHint')}
            value={form.expiryDays}
            onValue={edit('expiryDays', 'params.expiryDays')}
            problem={problemOf('params.expiryDays')}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      </fieldset>

      <section className="cs-promo-preview" aria-label={t('promotions.form.preview')}>
        <p data-testid="promotion-cost">
          <strong>{t('promotions.form.costTitle')}</strong>{' '}
          {cost === null
            ? t('promotions.cost.unknown')
            : costText(t, form.kind, cost, hasPeriod(form.kind) ? form.period : form.kind === 'MISSION' ? form.mission.period : null, form.rewards.length)}
        </p>
        <p data-testid="promotion-wagering">
          <strong>{t('promotions.form.wageringTitle')}</strong>{' '}
          {example === null
            ? t('promotions.wager.unknown')
            : example === 'none'
              ? t('promotions.wager.none')
              : example.deposit
                ? t('promotions.wager.withDeposit', { ...example })
                : t('promotions.wager.example', { ...example })}
        </p>
      </section>

      <TextsEditor
        texts={form.texts}
        onChange={(texts) => {
          setForm((old) => ({ ...old, texts }));
          setShown((old) => ({ problems: withoutTexts(old.problems), textProblems: [] }));
        }}
        withContent
        problems={shown.textProblems}
        problem={problemOf('texts')}
      />

      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('promotions.form.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('promotions.form.cancel')}
        </button>
      </div>
    </form>
  );
}
