// One notice, new or changed: its texts per language, who sees it (everyone, visitors, members, agents or
// some ranks), when (a window entered in the browser's zone, sent as UTC instants), where (web, mobile or
// both), its place in the list, a picture and link for banners and promotions, and whether it is published.
import { type FormEvent, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { zoneLabel } from '../../../lib/dates';
import {
  ANNOUNCEMENT_TYPES,
  type Audience,
  AUDIENCES,
  type NoticeAdmin,
  type NoticeIn,
  type NoticeKind,
  PICTURE_KINDS,
  type Platform,
  PLATFORMS,
} from '../../contentApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { type NoticeForm, noticeForm, type NoticeProblems, noticeRequest } from './rules';
import { TextsEditor } from './TextsEditor';

interface Props {
  kind: NoticeKind;
  notice?: NoticeAdmin; // absent: a new one
  title: string;
  busy: boolean;
  problem: string | null;
  onSave: (body: NoticeIn) => void;
  onCancel: () => void;
}

function Choice<T extends string>({
  label,
  value,
  options,
  name,
  onPick,
}: {
  label: string;
  value: T;
  options: readonly T[];
  name: (option: T) => string;
  onPick: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="cs-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onPick(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {name(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function NoticeEditor({ kind, notice, title, busy, problem, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const publishedId = useId();
  const [form, setForm] = useState<NoticeForm>(() => noticeForm(kind, notice));
  const [shown, setShown] = useState<NoticeProblems>({});
  const picture = PICTURE_KINDS.includes(form.kind);
  // A type the server stored that the console does not name stays choosable as it is.
  const typeOptions: readonly string[] = (ANNOUNCEMENT_TYPES as readonly string[]).includes(form.announcementType)
    ? ANNOUNCEMENT_TYPES
    : [...ANNOUNCEMENT_TYPES, form.announcementType];

  const edit = <K extends keyof NoticeForm>(field: K, value: NoticeForm[K]) => {
    setForm((old) => ({ ...old, [field]: value }));
    setShown((old) => ({ ...old, [field]: undefined, ...(field === 'texts' ? { textProblems: undefined } : {}) }));
  };
  const problemOf = (field: keyof Omit<NoticeProblems, 'textProblems'>) => (shown[field] ? t(shown[field]) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = noticeRequest(form);
    if ('problems' in request) {
      setShown(request.problems);
      return;
    }
    setShown({});
    onSave(request.body);
  };

  const zone = zoneLabel(new Date());
  return (
    <form className="cs-panel cs-form cs-content-editor" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        {form.kind === 'ANNOUNCEMENT' && (
          <Choice<string>
            label={t('content.notices.announcementType')}
            value={form.announcementType}
            options={typeOptions}
            name={(option) => t(`content.announcementTypes.${option}`, { defaultValue: option })}
            onPick={(value) => edit('announcementType', value)}
          />
        )}
        <Choice<Platform>
          label={t('content.notices.platform')}
          value={form.platform}
          options={PLATFORMS}
          name={(option) => t(`content.platforms.${option}`)}
          onPick={(value) => edit('platform', value)}
        />
        <Choice<Audience>
          label={t('content.notices.audience')}
          value={form.audience}
          options={AUDIENCES}
          name={(option) => t(`content.audiences.${option}`)}
          onPick={(value) => edit('audience', value)}
        />
        {form.audience === 'RANKS' && (
          <Field
            label={t('content.notices.ranks')}
            hint={t('content.notices.ranksHint')}
            value={form.ranks}
            onValue={(value) => edit('ranks', value)}
            problem={problemOf('ranks')}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        <Field
          label={t('content.notices.start')}
          hint={t('content.notices.zone', { zone })}
          type="datetime-local"
          value={form.start}
          onValue={(value) => edit('start', value)}
          problem={problemOf('start')}
        />
        <Field
          label={t('content.notices.end')}
          hint={t('content.notices.endHint')}
          type="datetime-local"
          value={form.end}
          onValue={(value) => edit('end', value)}
          problem={problemOf('end')}
        />
        <Field
          label={t('content.notices.sortOrder')}
          hint={t('content.notices.sortOrderHint')}
          value={form.sortOrder}
          onValue={(value) => edit('sortOrder', value)}
          problem={problemOf('sortOrder')}
          inputMode="numeric"
          autoComplete="off"
        />
        {picture && (
          <>
            <Field
              label={t('content.notices.imageUrl')}
              hint={t('content.notices.urlHint')}
              value={form.imageUrl}
              onValue={(value) => edit('imageUrl', value)}
              problem={problemOf('imageUrl')}
              autoComplete="off"
              spellCheck={false}
              className="cs-content-wide"
            />
            <Field
              label={t('content.notices.linkUrl')}
              hint={t('content.notices.urlHint')}
              value={form.linkUrl}
              onValue={(value) => edit('linkUrl', value)}
              problem={problemOf('linkUrl')}
              autoComplete="off"
              spellCheck={false}
              className="cs-content-wide"
            />
          </>
        )}
      </div>
      <label className="cs-content-check" htmlFor={publishedId}>
        <input
          id={publishedId}
          type="checkbox"
          checked={form.published}
          onChange={(event) => edit('published', event.target.checked)}
        />
        {t('content.notices.published')}
      </label>
      <TextsEditor
        texts={form.texts}
        onChange={(texts) => edit('texts', texts)}
        withContent
        problems={shown.textProblems ?? []}
        problem={problemOf('texts')}
      />
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('content.save')}
        </button>
        <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
          {t('content.cancel')}
        </button>
      </div>
    </form>
  );
}
