// A content item's text per language: a tab per language (a mark on those written, another on those with a
// problem), each with its title and, where the item has one, its content as HTML beside a live preview.
// The preview goes through the portal's own renderer (components/SafeHtml: DOMPurify with the server's
// allow-list), so it shows what a player will see and a <script> or onerror never reaches this page's DOM.
import { type KeyboardEvent, useEffect, useId, useState } from 'react';

import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { CONTENT_MAX, type Texts, TITLE_MAX } from '../../contentApi';
import { LANGUAGE_NAMES } from '../../i18n';
import { Field } from '../Field';
import type { TextProblem } from './rules';

export function languageName(code: string): string {
  return (LANGUAGE_NAMES as Record<string, { label: string } | undefined>)[code]?.label ?? code;
}

interface Props {
  texts: Texts;
  onChange: (texts: Texts) => void;
  withContent: boolean;
  problems: readonly TextProblem[];
  // A problem of the whole (nothing written at all), shown under the tabs.
  problem?: string | null;
}

export function TextsEditor({ texts, onChange, withContent, problems, problem }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const languages = Object.keys(texts);
  const [current, setCurrent] = useState(languages[0] ?? 'EN');
  const contentId = `${id}-content`;

  // A failed check opens the first language it found a problem in.
  const firstWrong = problems[0]?.language;
  useEffect(() => {
    if (firstWrong) setCurrent(firstWrong);
  }, [firstWrong, problems]);

  const text = texts[current] ?? { title: '', content: '' };
  const edit = (field: 'title' | 'content', value: string) =>
    onChange({ ...texts, [current]: { ...text, [field]: value } });
  const problemOf = (field: 'title' | 'content') => {
    const found = problems.find((p) => p.language === current && p.field === field);
    return found ? t(found.key, { language: languageName(current) }) : null;
  };
  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : languages.length - 1;
    const next = languages[(languages.indexOf(current) + step) % languages.length]!;
    setCurrent(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  const contentProblem = problemOf('content');

  return (
    <fieldset className="cs-content-texts">
      <legend>{t(withContent ? 'content.texts.legend' : 'content.texts.legendTitles')}</legend>
      <div className="cs-tabs cs-content-langs" role="tablist" aria-label={t('content.texts.languages')} onKeyDown={move}>
        {languages.map((code) => {
          const written = Boolean(texts[code]?.title.trim() || texts[code]?.content.trim());
          const wrong = problems.some((p) => p.language === code);
          return (
            <button
              key={code}
              id={`${id}-tab-${code}`}
              type="button"
              role="tab"
              className={['cs-tab', written ? 'is-written' : '', wrong ? 'is-wrong' : ''].filter(Boolean).join(' ')}
              aria-selected={code === current}
              aria-controls={`${id}-panel`}
              tabIndex={code === current ? 0 : -1}
              onClick={() => setCurrent(code)}
            >
              {languageName(code)}
              {written && <span className="visually-hidden">{t('content.texts.written')}</span>}
              {wrong && <span className="visually-hidden">{t('content.texts.wrong')}</span>}
            </button>
          );
        })}
      </div>
      {problem && <p className="cs-field-problem">{problem}</p>}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current}`} className="cs-content-lang-panel">
        <Field
          label={t('content.texts.title', { language: languageName(current) })}
          value={text.title}
          onValue={(value) => edit('title', value)}
          problem={problemOf('title')}
          maxLength={TITLE_MAX * 2}
          autoComplete="off"
        />
        {withContent && (
          <div className="cs-content-html">
            <div className={contentProblem ? 'cs-field has-problem' : 'cs-field'}>
              <label htmlFor={contentId}>{t('content.texts.content', { language: languageName(current) })}</label>
              <textarea
                id={contentId}
                rows={8}
                value={text.content}
                maxLength={CONTENT_MAX + 1000}
                spellCheck={false}
                aria-invalid={contentProblem ? true : undefined}
                aria-describedby={`${contentId}-hint`}
                onChange={(event) => edit('content', event.target.value)}
              />
              <p id={`${contentId}-hint`} className={contentProblem ? 'cs-field-problem' : 'cs-field-hint'}>
                {contentProblem ?? t('content.texts.contentHint')}
              </p>
            </div>
            <section className="cs-content-preview" aria-label={t('content.texts.preview', { language: languageName(current) })}>
              <h3 className="cs-content-preview-title">{t('content.texts.previewTitle')}</h3>
              {text.content.trim() ? (
                <SafeHtml html={text.content} className="cs-content-rendered" testId="content-preview" />
              ) : (
                <p className="cs-muted">{t('content.texts.previewEmpty')}</p>
              )}
            </section>
          </div>
        )}
      </div>
    </fieldset>
  );
}
