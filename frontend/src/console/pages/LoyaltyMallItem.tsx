// One points-mall item, new or changed: its category (bonus money, free spins, raffle tickets, physical
// goods), name and description per language, picture, the points it costs, the deposits a member must have
// made, what it gives (an amount, a count, or the goods themselves), its stock and per-member limit (empty:
// none), the raffle its tickets go into, and whether members see it. The form checks what it can before
// sending; a field the server refuses is marked where it is.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { Field } from '../components/Field';
import { Problem } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { addMallItem, changeMallItem, DESCRIPTION_MAX, MALL_CATEGORIES, type MallCategory, type MallItem, ITEM_NAME_MAX } from '../loyaltyApi';
import { type ItemForm, itemForm, itemRequest, valueKind } from '../loyaltyRules';
import { Check, LanguageFields, sendMarked, useFieldProblems, useLoyaltyChange } from './LoyaltyCommon';

interface Props {
  item?: MallItem; // absent: a new one
  title: string;
  reload: () => Promise<void>;
  onSaved: () => void;
  onCancel: () => void;
}

export function ItemEditor({ item, title, reload, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ItemForm>(() => itemForm(item));
  const { setShown, problemOf, clear } = useFieldProblems();
  const { busy, problem, setProblem, run } = useLoyaltyChange(reload);
  const kind = valueKind(form.category);

  const edit = <K extends keyof ItemForm>(key: K, ...fields: string[]) => (value: ItemForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    clear(String(key), ...fields);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const checked = itemRequest(form);
    if ('problems' in checked) {
      setShown(checked.problems);
      return;
    }
    setShown({});
    const send = () => (item ? changeMallItem(item.id, checked.body) : addMallItem(checked.body));
    if (await run(() => sendMarked(send, setShown))) onSaved();
  };

  const whole = (field: 'points' | 'stock' | 'perMember' | 'raffleId' | 'sort', hint?: string) => (
    <Field
      label={t(`loyalty.mall.form.${field}`)}
      hint={hint}
      value={form[field]}
      onValue={edit(field)}
      problem={problemOf(field)}
      inputMode="numeric"
      autoComplete="off"
    />
  );

  return (
    <form className="cs-panel cs-form cs-content-editor cs-promo-editor" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        <Choice<MallCategory>
          label={t('loyalty.mall.form.category')}
          value={form.category}
          options={MALL_CATEGORIES}
          name={(category) => t(`loyalty.mall.categories.${category}`)}
          onPick={edit('category', 'value', 'raffleId')}
          hint={t(`loyalty.mall.categoryHints.${form.category}`)}
          problem={problemOf('category')}
        />
        {whole('points', t('loyalty.mall.form.pointsHint'))}
        {kind && (
          <Field
            label={t(kind === 'money' ? 'loyalty.mall.form.valueMoney' : 'loyalty.mall.form.valueCount')}
            hint={t(kind === 'money' ? 'loyalty.mall.form.valueMoneyHint' : 'loyalty.mall.form.valueCountHint')}
            value={form.value}
            onValue={edit('value')}
            problem={problemOf('value')}
            inputMode={kind === 'money' ? 'decimal' : 'numeric'}
            autoComplete="off"
          />
        )}
        {form.category === 'RAFFLE_TICKETS' && whole('raffleId', t('loyalty.mall.form.raffleIdHint'))}
        <Field
          label={t('loyalty.mall.form.amountRequired')}
          hint={t('loyalty.mall.form.amountRequiredHint')}
          value={form.amountRequired}
          onValue={edit('amountRequired')}
          problem={problemOf('amountRequired')}
          inputMode="decimal"
          autoComplete="off"
        />
        {whole('stock', t('loyalty.mall.form.stockHint'))}
        {whole('perMember', t('loyalty.mall.form.perMemberHint'))}
        {whole('sort', t('loyalty.mall.form.sortHint'))}
        <Field
          label={t('loyalty.mall.form.imageUrl')}
          hint={t('loyalty.mall.form.imageUrlHint')}
          value={form.imageUrl}
          onValue={edit('imageUrl')}
          problem={problemOf('imageUrl')}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <Check
        label={t('loyalty.mall.form.active')}
        hint={t('loyalty.mall.form.activeHint')}
        checked={form.active}
        onChange={edit('active')}
        problem={problemOf('active')}
      />
      <LanguageFields
        legend={t('loyalty.mall.form.names')}
        hint={t('loyalty.namesHint')}
        label={(language) => t('loyalty.nameIn', { language })}
        field="names"
        texts={form.names}
        onChange={(names, language) => edit('names', `names.${language}`)(names)}
        problemOf={problemOf}
        maxLength={ITEM_NAME_MAX}
      />
      <LanguageFields
        legend={t('loyalty.mall.form.descriptions')}
        label={(language) => t('loyalty.descriptionIn', { language })}
        field="descriptions"
        texts={form.descriptions}
        onChange={(descriptions, language) => edit('descriptions', `descriptions.${language}`)(descriptions)}
        problemOf={problemOf}
        maxLength={DESCRIPTION_MAX}
      />
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('loyalty.mall.form.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('loyalty.cancel')}
        </button>
      </div>
    </form>
  );
}
