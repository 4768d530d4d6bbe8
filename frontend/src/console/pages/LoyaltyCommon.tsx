// What the loyalty tabs share: a refusal in the section's own words, the marks a form's fields carry (its own
// checks' and the server's VALIDATION_ERROR fields), a settings form that reads, checks and saves one config,
// and the fields every form repeats: a text per language, a rate per game category, a yes/no.
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { useChangeRunner } from '../components/ChangeRunner';
import { Field } from '../components/Field';
import { Problem } from '../components/Problem';
import { languageName } from '../components/content/TextsEditor';
import { problemText } from '../i18n';
import en from '../locales/en.json';
import { type Checked, type Problems, serverProblems } from '../loyaltyRules';
import type { PerLanguage, Rates } from '../loyaltyApi';
import { ConsoleError } from '../transport';

// A refusal as the staff member reads it: the section's words for the codes it knows, else the console's.
export function loyaltyProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && Object.prototype.hasOwnProperty.call(en.loyalty.errors, error.code)) {
    return t(`loyalty.errors.${error.code}`);
  }
  return problemText(t, error);
}

// A row someone else removed (404) or changed (409: a level no longer the highest, a redeem already decided).
const isStale = (error: unknown) => error instanceof ConsoleError && (error.status === 404 || error.status === 409);

// One change at a time (useChangeRunner); what someone else changed meanwhile is read again.
export function useLoyaltyChange(reload: () => Promise<void>) {
  return useChangeRunner(reload, loyaltyProblem, isStale);
}

// "Game category" names as the member records show them (LIVE: Live Casino, RNG: Slots, ...).
export const categoryName = (t: TFunction, category: string) => t(`records.categories.${category}`, { defaultValue: category });

// The marks a form's fields carry, by wire field name.
export function useFieldProblems() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Problems>({});
  const problemOf = useCallback(
    (field: string) => {
      const found = shown[field];
      return found ? t(`loyalty.problems.${found.key}`, found.values) : null;
    },
    [shown, t],
  );
  const clear = useCallback((...fields: string[]) => {
    setShown((old) => {
      if (!fields.some((field) => field in old)) return old;
      const next = { ...old };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);
  return { shown, setShown, problemOf, clear };
}

export type ProblemOf = (field: string) => string | null;

// Sends a checked body; a VALIDATION_ERROR's fields are marked before the refusal goes on to the runner.
export async function sendMarked(send: () => Promise<unknown>, mark: (problems: Problems) => void): Promise<void> {
  try {
    await send();
  } catch (error) {
    const found = serverProblems(error);
    if (found) mark(found);
    throw error;
  }
}

// One config a tab reads, edits and saves whole (the VIP settings, cashback, points, referral): every read
// resets the form to what the server holds; a save is checked first, then sent, then the config read again.
export function useConfigForm<C, F, B>({
  config,
  reload,
  toForm,
  request,
  save,
}: {
  config: C | null;
  reload: () => Promise<void>;
  toForm: (config: C) => F;
  request: (form: F) => Checked<B>;
  save: (body: B) => Promise<unknown>;
}) {
  const [form, setForm] = useState<F | null>(null);
  const [saved, setSaved] = useState(false);
  const marks = useFieldProblems();
  const { busy, problem, setProblem, run } = useLoyaltyChange(reload);
  useEffect(() => {
    if (config) setForm(toForm(config));
  }, [config, toForm]);

  const edit = <K extends keyof F>(key: K, ...fields: string[]) => (value: F[K]) => {
    setForm((old) => (old ? { ...old, [key]: value } : old));
    marks.clear(String(key), ...fields);
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form) return;
    setSaved(false);
    setProblem(null);
    const checked = request(form);
    if ('problems' in checked) {
      marks.setShown(checked.problems);
      return;
    }
    marks.setShown({});
    setSaved(await run(() => sendMarked(() => save(checked.body), marks.setShown)));
  };

  return { form, setForm, edit, submit, busy, problem, saved, setSaved, ...marks };
}

// A form of a tab: its fields (disabled for a reader), what went wrong, a word when it was saved, and the
// save button for those who may change it.
export function ConfigForm({
  title,
  write,
  busy,
  problem,
  saved,
  savedText,
  saveText,
  onSubmit,
  children,
}: {
  title: string;
  write: boolean;
  busy: boolean;
  problem: string | null;
  saved: boolean;
  savedText: string;
  saveText: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="cs-form cs-loyalty-form" onSubmit={onSubmit} noValidate aria-label={title}>
      {/* Disabled for a reader: the values shown, nothing to change (the heading above names it). */}
      <fieldset className="cs-promo-group" disabled={!write}>
        <legend className="visually-hidden">{title}</legend>
        {children}
      </fieldset>
      <Problem>{problem}</Problem>
      {saved && (
        <p className="cs-success" role="status">
          {savedText}
        </p>
      )}
      {write && (
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
            {saveText}
          </button>
        </div>
      )}
    </form>
  );
}

// A yes/no with its hint (or what is wrong with it) under it.
export function Check({
  label,
  checked,
  onChange,
  hint,
  problem,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  problem?: string | null;
}) {
  const id = useId();
  const message = problem || hint;
  return (
    <div className="cs-field cs-promo-check">
      <label className="cs-content-check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {message && <p className={problem ? 'cs-field-problem' : 'cs-field-hint'}>{message}</p>}
    </div>
  );
}

// A text per language ("Name (English)", ...), each marked at "<field>.<LANG>", the whole at "<field>".
export function LanguageFields({
  legend,
  hint,
  label,
  field,
  texts,
  onChange,
  problemOf,
  maxLength,
}: {
  legend: string;
  hint?: string;
  label: (language: string) => string;
  field: string;
  texts: PerLanguage;
  onChange: (texts: PerLanguage, language: string) => void;
  problemOf: ProblemOf;
  maxLength: number;
}) {
  const whole = problemOf(field);
  return (
    <fieldset className="cs-promo-rewards" data-field={field}>
      <legend>{legend}</legend>
      {hint && <p className="cs-field-hint">{hint}</p>}
      {whole && <p className="cs-field-problem">{whole}</p>}
      <div className="cs-content-grid">
        {Object.keys(texts).map((language) => (
          <Field
            key={language}
            label={label(languageName(language))}
            value={texts[language] ?? ''}
            onValue={(value) => onChange({ ...texts, [language]: value }, language)}
            problem={problemOf(`${field}.${language}`)}
            maxLength={maxLength * 2}
            autoComplete="off"
          />
        ))}
      </div>
    </fieldset>
  );
}

// A rate per game category, each marked at "<field>.<CATEGORY>".
export function RateFields({
  legend,
  hint,
  field,
  rates,
  onChange,
  problemOf,
}: {
  legend: string;
  hint: string;
  field: string;
  rates: Rates;
  onChange: (rates: Rates, category: string) => void;
  problemOf: ProblemOf;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="cs-promo-rewards" data-field={field}>
      <legend>{legend}</legend>
      <p className="cs-field-hint">{hint}</p>
      <div className="cs-promo-weight-grid">
        {Object.keys(rates).map((category) => (
          <Field
            key={category}
            label={categoryName(t, category)}
            value={rates[category] ?? ''}
            onValue={(value) => onChange({ ...rates, [category]: value }, category)}
            problem={problemOf(`${field}.${category}`)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={10}
          />
        ))}
      </div>
    </fieldset>
  );
}

// A money amount, or "No limit" for none.
export const limitText = (t: TFunction, value: string | number | null, show: (value: string) => string) =>
  value === null || value === '' ? t('loyalty.noLimit') : show(String(value));
