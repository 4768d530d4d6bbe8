// The registration form's fields: whether each is offered, whether it must be filled in, and its length
// limits. A row is saved on its own; the pattern a field is checked against is shown, not changed here.
import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type RegisterField, type RegisterFieldIn, setRegisterField } from '../../brandApi';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';

const OWN = { BAD_REQUEST: 'brand.fields.invalid' };
const LENGTH_MAX = 255;

interface Row {
  enabled: boolean;
  required: boolean;
  minLength: string;
  maxLength: string;
}

const rowOf = (field: RegisterField): Row => ({
  enabled: field.enabled,
  required: field.required,
  minLength: String(field.minLength),
  maxLength: String(field.maxLength),
});

const whole = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN);

// The request a row stands for, or the i18n key of what is wrong with it.
export function registerFieldRequest(row: Row, patternId: number): RegisterFieldIn | string {
  const min = whole(row.minLength);
  const max = whole(row.maxLength);
  if (Number.isNaN(min) || Number.isNaN(max) || max < 1 || max > LENGTH_MAX) return 'brand.fields.badLengths';
  if (min > max) return 'brand.fields.minAboveMax';
  if (row.required && !row.enabled) return 'brand.fields.requiredOffered';
  return { enabled: row.enabled, required: row.required, minLength: min, maxLength: max, patternId };
}

function FieldRow({ field, write, onChanged }: PanelProps & { field: RegisterField }) {
  const { t } = useTranslation();
  const [row, setRow] = useState<Row>(() => rowOf(field));
  const [shown, setShown] = useState<string | null>(null);
  const { busy, problem, run } = useChange(onChanged, OWN);
  const { enabled, required, minLength, maxLength } = field;
  useEffect(() => {
    setRow({ enabled, required, minLength: String(minLength), maxLength: String(maxLength) });
  }, [enabled, required, minLength, maxLength]);

  const stored = rowOf(field);
  const dirty = (Object.keys(stored) as (keyof Row)[]).some((key) => stored[key] !== row[key]);
  const edit = <K extends keyof Row>(key: K, value: Row[K]) => {
    setRow((old) => ({ ...old, [key]: value }));
    setShown(null);
  };
  const save = () => {
    const request = registerFieldRequest(row, field.patternId);
    if (typeof request === 'string') {
      setShown(t(request));
      return;
    }
    setShown(null);
    void run(() => setRegisterField(field.field, request));
  };

  const name = field.field;
  const yesNo = (value: boolean) => (
    <span className={value ? 'cs-badge on' : 'cs-badge off'}>{t(value ? 'brand.yes' : 'brand.no')}</span>
  );
  return (
    <tr data-field={name}>
      <th scope="row" className="cs-mod">
        {name}
      </th>
      <td data-label={t('brand.fields.enabled')}>
        {write ? (
          <input
            type="checkbox"
            aria-label={t('brand.fields.enabledOf', { field: name })}
            checked={row.enabled}
            disabled={busy}
            onChange={(event) => edit('enabled', event.target.checked)}
          />
        ) : (
          yesNo(enabled)
        )}
      </td>
      <td data-label={t('brand.fields.required')}>
        {write ? (
          <input
            type="checkbox"
            aria-label={t('brand.fields.requiredOf', { field: name })}
            checked={row.required}
            disabled={busy}
            onChange={(event) => edit('required', event.target.checked)}
          />
        ) : (
          yesNo(required)
        )}
      </td>
      {(['minLength', 'maxLength'] as const).map((key) => (
        <td key={key} data-label={t(`brand.fields.${key}`)}>
          {write ? (
            <input
              type="number"
              className="cs-length"
              min={key === 'minLength' ? 0 : 1}
              max={LENGTH_MAX}
              inputMode="numeric"
              aria-label={t(`brand.fields.${key}Of`, { field: name })}
              value={row[key]}
              disabled={busy}
              onChange={(event) => edit(key, event.target.value)}
            />
          ) : (
            field[key]
          )}
        </td>
      ))}
      <td data-label={t('brand.fields.pattern')}>{field.patternId}</td>
      {write && (
        <td data-label={t('brand.actions')} className="cs-row-actions">
          <button
            type="button"
            className="cs-button secondary small"
            disabled={busy || !dirty}
            aria-label={t('brand.fields.saveOf', { field: name })}
            onClick={save}
          >
            {t('brand.save')}
          </button>
          <Problem>{shown ?? problem}</Problem>
        </td>
      )}
    </tr>
  );
}

export function RegisterFields({ fields, write, onChanged }: PanelProps & { fields: RegisterField[] }) {
  const { t } = useTranslation();
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-fields">
      <h2 id="cs-brand-fields">{t('brand.fields.title')}</h2>
      <p className="cs-lead">{t('brand.fields.intro')}</p>
      <div className="cs-table-wrap">
        <table className="cs-table cs-brand-fields">
          <caption className="visually-hidden">{t('brand.fields.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('brand.fields.field')}</th>
              <th scope="col">{t('brand.fields.enabled')}</th>
              <th scope="col">{t('brand.fields.required')}</th>
              <th scope="col">{t('brand.fields.minLength')}</th>
              <th scope="col">{t('brand.fields.maxLength')}</th>
              <th scope="col">{t('brand.fields.pattern')}</th>
              {write && <th scope="col">{t('brand.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <FieldRow key={field.field} field={field} write={write} onChanged={onChanged} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
