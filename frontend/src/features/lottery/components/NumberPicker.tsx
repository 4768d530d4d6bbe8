import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { NumberPick, PickSpec } from '../api';
import { addTyped, type EntryError, gridNumbers, maxCountOf, toggleNumber, toggleOption } from '../pick';

interface NumberPickerProps {
  pick: PickSpec;
  selection: string[];
  onChange: (selection: string[]) => void;
  disabled?: boolean;
}

function TypedEntry({ pick, selection, onChange, disabled }: NumberPickerProps & { pick: NumberPick }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<EntryError | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = addTyped(text, pick, selection);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setText('');
    onChange(result.selection);
  };
  return (
    <form className="lot-entry" onSubmit={submit} noValidate>
      <label className="lot-entry-label" htmlFor="lottery-entry">
        {t('lottery.picker.typed', { digits: pick.digits })}
      </label>
      <div className="lot-entry-row">
        <input id="lottery-entry" className="lot-input" data-testid="lottery-entry" inputMode="numeric"
          autoComplete="off" value={text} disabled={disabled} placeholder={'0'.repeat(pick.digits)}
          aria-invalid={error !== null} aria-describedby={error ? 'lottery-entry-error' : undefined}
          onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button button-ghost" data-testid="lottery-entry-add" disabled={disabled}>
          {t('lottery.picker.add')}
        </button>
      </div>
      {error && (
        <p id="lottery-entry-error" className="form-error" role="alert" data-testid="lottery-entry-error">
          {t(`lottery.picker.${error.key}`, error.values)}
        </p>
      )}
    </form>
  );
}

// The numbers of a play type: a grid up to two digits, typed entry for three and four, buttons for options.
export function NumberPicker(props: NumberPickerProps) {
  const { t } = useTranslation();
  const { pick, selection, onChange, disabled } = props;
  const max = maxCountOf(pick);
  const grid = pick.kind === 'number' ? gridNumbers(pick) : null;
  return (
    <section className="lot-picker" aria-label={t('lottery.picker.title')}>
      <div className="lot-picker-head">
        <h3 className="lot-section-title">{t(pick.kind === 'option' ? 'lottery.picker.options' : 'lottery.picker.title')}</h3>
        {pick.kind === 'number' && (
          <span className="muted" data-testid="lottery-picked-count">
            {t('lottery.picker.picked', { count: selection.length, max })}
          </span>
        )}
        {selection.length > 0 && (
          <button type="button" className="link-button" onClick={() => onChange([])}>
            {t('lottery.picker.clear')}
          </button>
        )}
      </div>
      {pick.kind === 'option' && (
        <div className="lot-options">
          {pick.options.map((option) => (
            <button key={option} type="button" className={selection.includes(option) ? 'lot-option on' : 'lot-option'}
              aria-pressed={selection.includes(option)} data-testid={`lottery-option-${option}`} disabled={disabled}
              onClick={() => onChange(toggleOption(selection, option))}>
              {t(`lottery.options.${option}`, { defaultValue: option })}
            </button>
          ))}
        </div>
      )}
      {pick.kind === 'number' && grid && (
        <div className={pick.digits === 1 ? 'lot-grid lot-grid-1' : 'lot-grid'}>
          {grid.map((value) => {
            const on = selection.includes(value);
            return (
              <button key={value} type="button" className={on ? 'lot-number on' : 'lot-number'} aria-pressed={on}
                data-testid={`lottery-number-${value}`} disabled={disabled || (!on && selection.length >= max)}
                onClick={() => onChange(toggleNumber(selection, value, max))}>
                {value}
              </button>
            );
          })}
        </div>
      )}
      {pick.kind === 'number' && !grid && <TypedEntry {...props} pick={pick} />}
    </section>
  );
}
