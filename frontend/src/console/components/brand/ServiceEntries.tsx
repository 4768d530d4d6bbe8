// The customer-service entries: the live chat every member gets and the VIP service of members above rank
// level 4, each a page the portal opens in its service window. One of each type (the server refuses a
// second one, which the portal would never open).
import { type FormEvent, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import {
  addServiceEntry,
  changeServiceEntry,
  LINK_MAX,
  removeServiceEntry,
  SERVICE_TYPES,
  type ServiceEntry,
  type ServiceEntryIn,
  type ServiceType,
} from '../../brandApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type PanelProps, RowActions, useChange } from './common';
import { serviceProblems } from './rules';

const OWN = { CONFLICT: 'brand.service.taken' };

function EntryForm({
  types,
  initial,
  title,
  submitLabel,
  busy,
  onSave,
  onCancel,
}: {
  types: readonly ServiceType[];
  initial: ServiceEntryIn;
  title: string;
  submitLabel: string;
  busy: boolean;
  onSave: (body: ServiceEntryIn) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const typeId = useId();
  const [entry, setEntry] = useState<ServiceEntryIn>(initial);
  const [shown, setShown] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = { csType: entry.csType, path: entry.path.trim() };
    const problems = serviceProblems(body);
    setShown(problems.path ? t(problems.path) : null);
    if (problems.path) return;
    if ((await onSave(body)) && !onCancel) setEntry((old) => ({ ...old, path: '' }));
  };
  return (
    <form className="cs-brand-add" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <div className="cs-field">
        <label htmlFor={typeId}>{t('brand.service.type')}</label>
        <select
          id={typeId}
          value={entry.csType}
          onChange={(event) => setEntry((old) => ({ ...old, csType: event.target.value as ServiceType }))}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`brand.service.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('brand.service.path')}
        hint={t('brand.resources.urlHint')}
        value={entry.path}
        onValue={(path) => {
          setEntry((old) => ({ ...old, path }));
          setShown(null);
        }}
        problem={shown}
        autoComplete="off"
        spellCheck={false}
        maxLength={LINK_MAX}
      />
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="cs-button secondary" onClick={onCancel}>
            {t('brand.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function EntryRow({
  entry,
  write,
  busy,
  run,
}: {
  entry: ServiceEntry;
  write: boolean;
  busy: boolean;
  run: (work: () => Promise<unknown>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const name = t(`brand.service.types.${entry.csType}`, { defaultValue: entry.csType });
  if (editing) {
    return (
      <tr>
        <td colSpan={3}>
          <EntryForm
            types={SERVICE_TYPES}
            initial={{ csType: entry.csType as ServiceType, path: entry.path }}
            title={t('brand.service.editTitle', { name })}
            submitLabel={t('brand.save')}
            busy={busy}
            onSave={async (body) => {
              const done = await run(() => changeServiceEntry(entry.id, body));
              if (done) setEditing(false);
              return done;
            }}
            onCancel={() => setEditing(false)}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr data-entry={entry.id}>
      <td data-label={t('brand.service.type')}>{name}</td>
      <td data-label={t('brand.service.path')} className="cs-link-cell">
        {entry.path}
      </td>
      {write && (
        <RowActions
          busy={busy}
          editLabel={t('brand.service.editLabel', { name })}
          removeLabel={t('brand.service.removeLabel', { name })}
          question={t('brand.service.confirmRemove', { name })}
          onEdit={() => setEditing(true)}
          onRemove={() => void run(() => removeServiceEntry(entry.id))}
        />
      )}
    </tr>
  );
}

export function ServiceEntries({ entries, write, onChanged }: PanelProps & { entries: ServiceEntry[] }) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChange(onChanged, OWN);
  const free = SERVICE_TYPES.filter((type) => !entries.some((entry) => entry.csType === type));
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-service">
      <h2 id="cs-brand-service">{t('brand.service.title')}</h2>
      <p className="cs-lead">{t('brand.service.intro')}</p>
      {entries.length === 0 ? (
        <p className="cs-muted">{t('brand.service.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table">
            <caption className="visually-hidden">{t('brand.service.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('brand.service.type')}</th>
                <th scope="col">{t('brand.service.path')}</th>
                {write && <th scope="col">{t('brand.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} write={write} busy={busy} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Problem>{problem}</Problem>
      {write && free.length > 0 && (
        <EntryForm
          key={free.join()}
          types={free}
          initial={{ csType: free[0]!, path: '' }}
          title={t('brand.service.add')}
          submitLabel={t('brand.service.addButton')}
          busy={busy}
          onSave={(body) => run(() => addServiceEntry(body))}
        />
      )}
    </section>
  );
}
