// One VIP level, new or changed: its name per language and emblem, the deposits and valid turnover over the
// window that reach it (level 0, where everyone starts, has none), and its perks: the bonuses on reaching it,
// each month and on the member's birthday with the wagering they carry, the cashback rate per game category,
// the daily withdrawal limits (empty: none) and the VIP chat. The form checks what it can before sending; a
// field the server refuses is marked where it is.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { Field } from '../components/Field';
import { Problem } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { CASHBACK_RATE_MAX, EMBLEMS, type Emblem, LEVEL_NAME_MAX, saveVipLevel, type VipLevel } from '../loyaltyApi';
import { type LevelForm, levelForm, levelRequest } from '../loyaltyRules';
import { Check, LanguageFields, RateFields, sendMarked, useFieldProblems, useLoyaltyChange } from './LoyaltyCommon';

interface Props {
  level: number;
  stored?: VipLevel; // absent: a new level
  template?: VipLevel; // a new level starts from the highest's perks
  below?: VipLevel;
  above?: VipLevel;
  title: string;
  reload: () => Promise<void>;
  onSaved: () => void;
  onCancel: () => void;
}

type MoneyField = 'depositRequired' | 'turnoverRequired' | 'upgradeBonus' | 'monthlyBonus' | 'birthdayBonus' | 'dailyWithdrawalAmount';

export function LevelEditor({ level, stored, template, below, above, title, reload, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<LevelForm>(() => levelForm(stored ?? template, !stored));
  const { setShown, problemOf, clear } = useFieldProblems();
  const { busy, problem, setProblem, run } = useLoyaltyChange(reload);

  const edit = <K extends keyof LevelForm>(key: K, ...fields: string[]) => (value: LevelForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    clear(String(key), ...fields);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const checked = levelRequest(form, below, above);
    if ('problems' in checked) {
      setShown(checked.problems);
      return;
    }
    setShown({});
    if (await run(() => sendMarked(() => saveVipLevel(level, checked.body), setShown))) onSaved();
  };

  const money = (field: MoneyField, hint?: string, disabled = false) => (
    <Field
      label={t(`loyalty.vip.form.${field}`)}
      hint={hint}
      value={form[field]}
      onValue={edit(field)}
      problem={problemOf(field)}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
    />
  );
  // Level 0 is where everyone starts: nothing to reach.
  const starting = level === 0;

  return (
    <form className="cs-panel cs-form cs-content-editor cs-promo-editor" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <LanguageFields
        legend={t('loyalty.vip.form.names')}
        hint={t('loyalty.namesHint')}
        label={(language) => t('loyalty.nameIn', { language })}
        field="names"
        texts={form.names}
        onChange={(names, language) => edit('names', `names.${language}`)(names)}
        problemOf={problemOf}
        maxLength={LEVEL_NAME_MAX}
      />
      <div className="cs-content-grid">
        <Choice<Emblem>
          label={t('loyalty.vip.form.emblem')}
          value={form.emblem}
          options={EMBLEMS}
          name={(emblem) => t(`loyalty.vip.emblems.${emblem}`)}
          onPick={edit('emblem')}
          problem={problemOf('emblem')}
        />
      </div>
      <fieldset className="cs-promo-group">
        <legend>{t('loyalty.vip.form.thresholds')}</legend>
        <p className="cs-field-hint">{t(starting ? 'loyalty.vip.form.startingHint' : 'loyalty.vip.form.thresholdsHint')}</p>
        <div className="cs-content-grid">
          {money('depositRequired', undefined, starting)}
          {money('turnoverRequired', undefined, starting)}
        </div>
      </fieldset>
      <fieldset className="cs-promo-group">
        <legend>{t('loyalty.vip.form.perks')}</legend>
        <div className="cs-content-grid">
          {money('upgradeBonus', t('loyalty.vip.form.upgradeBonusHint'))}
          {money('monthlyBonus', t('loyalty.vip.form.monthlyBonusHint'))}
          {money('birthdayBonus', t('loyalty.vip.form.birthdayBonusHint'))}
          <Field
            label={t('loyalty.wagerMultiple')}
            hint={t('loyalty.wagerMultipleHint')}
            value={form.wagerMultiple}
            onValue={edit('wagerMultiple')}
            problem={problemOf('wagerMultiple')}
            inputMode="numeric"
            autoComplete="off"
          />
          <Field
            label={t('loyalty.vip.form.dailyWithdrawalCount')}
            hint={t('loyalty.vip.form.noLimitHint')}
            value={form.dailyWithdrawalCount}
            onValue={edit('dailyWithdrawalCount')}
            problem={problemOf('dailyWithdrawalCount')}
            inputMode="numeric"
            autoComplete="off"
          />
          {money('dailyWithdrawalAmount', t('loyalty.vip.form.noLimitHint'))}
        </div>
        <Check
          label={t('loyalty.vip.form.vipChat')}
          hint={t('loyalty.vip.form.vipChatHint')}
          checked={form.vipChat}
          onChange={edit('vipChat')}
          problem={problemOf('vipChat')}
        />
        <RateFields
          legend={t('loyalty.vip.form.cashbackRates')}
          hint={t('loyalty.vip.form.cashbackRatesHint', { max: String(CASHBACK_RATE_MAX) })}
          field="cashbackRates"
          rates={form.cashbackRates}
          onChange={(rates, category) => edit('cashbackRates', `cashbackRates.${category}`)(rates)}
          problemOf={problemOf}
        />
      </fieldset>
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('loyalty.vip.form.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('loyalty.cancel')}
        </button>
      </div>
    </form>
  );
}
