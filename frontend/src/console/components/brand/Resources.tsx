// The site's resources: contact links (Facebook, e-mail) and app downloads, each with an optional QR code
// image and a label. Added, changed in place, or removed (after asking).
import { type FormEvent, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import {
  addResource,
  type BrandResource,
  changeResource,
  LABEL_MAX,
  LINK_MAX,
  removeResource,
  RESOURCE_TYPES,
  type ResourceIn,
  type ResourceType,
} from '../../brandApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type PanelProps, RowActions, useChange } from './common';
import { type ResourceField, resourceProblems } from './rules';

interface Draft {
  resourceType: ResourceType;
  url: string;
  qrCodeUrl: string;
  label: string;
}

const EMPTY: Draft = { resourceType: 'FACEBOOK', url: '', qrCodeUrl: '', label: '' };

const draftOf = (resource: BrandResource): Draft => ({
  resourceType: (RESOURCE_TYPES as readonly string[]).includes(resource.resourceType)
    ? (resource.resourceType as ResourceType)
    : 'FACEBOOK',
  url: resource.url,
  qrCodeUrl: resource.qrCodeUrl ?? '',
  label: resource.label ?? '',
});

export const resourceBody = (draft: Draft): ResourceIn => ({
  resourceType: draft.resourceType,
  url: draft.url.trim(),
  qrCodeUrl: draft.qrCodeUrl.trim() || null,
  label: draft.label.trim() || null,
});

function ResourceForm({
  initial,
  title,
  submitLabel,
  busy,
  onSave,
  onCancel,
}: {
  initial: Draft;
  title: string;
  submitLabel: string;
  busy: boolean;
  onSave: (body: ResourceIn) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const typeId = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [shown, setShown] = useState<Partial<Record<ResourceField, string>>>({});
  const edit = (field: keyof Draft) => (value: string) => {
    setDraft((old) => ({ ...old, [field]: value }));
    setShown((old) => ({ ...old, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = resourceBody(draft);
    const problems = resourceProblems(body);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    if ((await onSave(body)) && !onCancel) setDraft(EMPTY);
  };
  const problem = (field: ResourceField) => (shown[field] ? t(shown[field]) : null);
  return (
    <form className="cs-brand-add cs-brand-resource" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <div className="cs-field">
        <label htmlFor={typeId}>{t('brand.resources.type')}</label>
        <select id={typeId} value={draft.resourceType} onChange={(event) => edit('resourceType')(event.target.value)}>
          {RESOURCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`brand.resources.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('brand.resources.url')}
        hint={t(draft.resourceType === 'EMAIL' ? 'brand.resources.emailUrlHint' : 'brand.resources.urlHint')}
        value={draft.url}
        onValue={edit('url')}
        problem={problem('url')}
        autoComplete="off"
        spellCheck={false}
        maxLength={LINK_MAX}
      />
      <Field
        label={t('brand.resources.qrCodeUrl')}
        hint={t('brand.resources.qrHint')}
        value={draft.qrCodeUrl}
        onValue={edit('qrCodeUrl')}
        problem={problem('qrCodeUrl')}
        autoComplete="off"
        spellCheck={false}
        maxLength={LINK_MAX}
      />
      <Field
        label={t('brand.resources.label')}
        value={draft.label}
        onValue={edit('label')}
        problem={problem('label')}
        autoComplete="off"
        maxLength={LABEL_MAX}
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

function ResourceRow({
  resource,
  write,
  busy,
  run,
}: {
  resource: BrandResource;
  write: boolean;
  busy: boolean;
  run: (work: () => Promise<unknown>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const type = t(`brand.resources.types.${resource.resourceType}`, { defaultValue: resource.resourceType });
  const name = resource.label || type;
  if (editing) {
    return (
      <tr>
        <td colSpan={5}>
          <ResourceForm
            initial={draftOf(resource)}
            title={t('brand.resources.editTitle', { name })}
            submitLabel={t('brand.save')}
            busy={busy}
            onSave={async (body) => {
              const done = await run(() => changeResource(resource.id, body));
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
    <tr data-resource={resource.id}>
      <td data-label={t('brand.resources.type')}>{type}</td>
      <td data-label={t('brand.resources.url')} className="cs-link-cell">
        {resource.url}
      </td>
      <td data-label={t('brand.resources.qrCodeUrl')} className="cs-link-cell">
        {resource.qrCodeUrl ?? '—'}
      </td>
      <td data-label={t('brand.resources.label')}>{resource.label ?? '—'}</td>
      {write && (
        <RowActions
          busy={busy}
          editLabel={t('brand.resources.editLabel', { name })}
          removeLabel={t('brand.resources.removeLabel', { name })}
          question={t('brand.resources.confirmRemove', { name })}
          onEdit={() => setEditing(true)}
          onRemove={() => void run(() => removeResource(resource.id))}
        />
      )}
    </tr>
  );
}

export function Resources({ resources, write, onChanged }: PanelProps & { resources: BrandResource[] }) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChange(onChanged);
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-resources">
      <h2 id="cs-brand-resources">{t('brand.resources.title')}</h2>
      <p className="cs-lead">{t('brand.resources.intro')}</p>
      {resources.length === 0 ? (
        <p className="cs-muted">{t('brand.resources.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-brand-resources">
            <caption className="visually-hidden">{t('brand.resources.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('brand.resources.type')}</th>
                <th scope="col">{t('brand.resources.url')}</th>
                <th scope="col">{t('brand.resources.qrCodeUrl')}</th>
                <th scope="col">{t('brand.resources.label')}</th>
                {write && <th scope="col">{t('brand.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {resources.map((resource) => (
                <ResourceRow key={resource.id} resource={resource} write={write} busy={busy} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Problem>{problem}</Problem>
      {write && (
        <ResourceForm
          initial={EMPTY}
          title={t('brand.resources.add')}
          submitLabel={t('brand.resources.addButton')}
          busy={busy}
          onSave={(body) => run(() => addResource(body))}
        />
      )}
    </section>
  );
}
