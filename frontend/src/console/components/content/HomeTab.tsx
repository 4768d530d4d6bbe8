// The brand's home-page words: the hero's title, subtitle and highlight chips, and the footer's words about
// the brand, per language (a tab each, marked when written or wrong). Plain text. Figures are placeholders
// ({slots}) the server fills from the catalogue, listed here with what they stand for now, and the preview
// shows the words as the portal will. content.write saves every language at once; content.read sees the
// same, read-only. The portal shows a save within the brand cache window.
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem } from '../../api';
import { type HomeAdmin, readHome, saveHome } from '../../contentApi';
import { Field } from '../Field';
import { Loading, Problem, ReadFailed } from '../Problem';
import { contentProblem, useChange } from './common';
import {
  ABOUT_MAX,
  CHIP_MAX,
  filled,
  type HomeField,
  type HomeForm,
  homeForm,
  homePayload,
  type HomeProblem,
  type HomeWords,
  isWritten,
  PLACEHOLDERS,
  SUBTITLE_MAX,
  TITLE_MAX,
} from './homeRules';
import { languageName } from './TextsEditor';

const EMPTY: HomeWords = { heroTitle: '', heroSubtitle: '', chips: ['', '', '', ''], footerAbout: '' };

function Preview({ words, figures, language }: { words: HomeWords; figures: HomeAdmin['figures']; language: string }) {
  const { t } = useTranslation();
  const show = (text: string) => filled(text.trim(), figures, language);
  const chips = words.chips.filter((chip) => chip.trim());
  return (
    <section className="cs-content-preview" aria-label={t('content.home.preview', { language: languageName(language) })}>
      <h3 className="cs-content-preview-title">{t('content.texts.previewTitle')}</h3>
      {isWritten(words) ? (
        <div data-testid="home-preview" lang={language.toLowerCase()}>
          <p className="cs-home-preview-title">{show(words.heroTitle)}</p>
          {words.heroSubtitle.trim() && <p>{show(words.heroSubtitle)}</p>}
          {chips.length > 0 && (
            <ul className="cs-home-preview-chips">
              {chips.map((chip, i) => (
                <li key={i}>{show(chip)}</li>
              ))}
            </ul>
          )}
          {words.footerAbout.trim() && <p className="cs-muted">{show(words.footerAbout)}</p>}
        </div>
      ) : (
        <p className="cs-muted">{t('content.home.previewEmpty')}</p>
      )}
    </section>
  );
}

export function HomeTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [stored, setStored] = useState<HomeAdmin | null>(null);
  const [readProblem, setReadProblem] = useState<unknown>(null);
  const [form, setForm] = useState<HomeForm>({});
  const [current, setCurrent] = useState('EN');
  const [problems, setProblems] = useState<HomeProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setReadProblem(null);
    try {
      const read = await readHome();
      if (request !== latest.current) return;
      setStored(read);
      setForm(homeForm(read.texts));
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setReadProblem(error);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const { busy, problem, run } = useChange(load);

  // A failed check opens the first language it found a problem in.
  const firstWrong = problems[0]?.language;
  useEffect(() => {
    if (firstWrong) setCurrent(firstWrong);
  }, [firstWrong, problems]);

  if (readProblem !== null) return <ReadFailed text={contentProblem(t, readProblem)} retry={() => void load()} />;
  if (stored === null) return <Loading />;

  const languages = Object.keys(form);
  const words = form[current] ?? EMPTY;
  const language = languageName(current);
  const edit = (change: Partial<HomeWords>) => {
    setForm((old) => ({ ...old, [current]: { ...words, ...change } }));
    setSaved(false);
  };
  const problemOf = (field: HomeField) => {
    const found = problems.find((p) => p.language === current && p.field === field);
    return found ? t(found.key, { language, ...found.values }) : null;
  };
  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : languages.length - 1;
    const next = languages[(languages.indexOf(current) + step) % languages.length]!;
    setCurrent(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const payload = homePayload(form);
    if ('problems' in payload) {
      setProblems(payload.problems);
      return;
    }
    setProblems([]);
    setSaved(await run(() => saveHome(payload.texts)));
  };
  const aboutId = `${id}-about`;
  const aboutProblem = problemOf('footerAbout');
  const tabs = (
    <div className="cs-tabs cs-content-langs" role="tablist" aria-label={t('content.texts.languages')} onKeyDown={move}>
      {languages.map((code) => {
        const written = isWritten(form[code]);
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
  );
  const preview = <Preview words={words} figures={stored.figures} language={current} />;

  return (
    <section className="cs-panel cs-home-words" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('content.home.title')}</h2>
      <p className="cs-muted">{t('content.home.intro')}</p>
      <div className="cs-home-figures" data-testid="home-figures">
        <h3>{t('content.home.placeholders')}</h3>
        <ul>
          {PLACEHOLDERS.map((name) => (
            <li key={name}>
              <code>{`{${name}}`}</code> {t(`content.home.figures.${name}`)}:{' '}
              <strong>{filled(`{${name}}`, stored.figures, current)}</strong>
            </li>
          ))}
        </ul>
      </div>
      {!write ? (
        // Read-only: what the portal shows in each language, no editor.
        <>
          {tabs}
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current}`}>
            {preview}
          </div>
        </>
      ) : (
        <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('content.home.title')}>
          {tabs}
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current}`} className="cs-content-html">
            <div>
              <Field
                label={t('content.home.heroTitle', { language })}
                hint={t('content.home.plainText')}
                value={words.heroTitle}
                onValue={(heroTitle) => edit({ heroTitle })}
                problem={problemOf('heroTitle')}
                maxLength={TITLE_MAX * 2}
                autoComplete="off"
              />
              <Field
                label={t('content.home.heroSubtitle', { language })}
                value={words.heroSubtitle}
                onValue={(heroSubtitle) => edit({ heroSubtitle })}
                problem={problemOf('heroSubtitle')}
                maxLength={SUBTITLE_MAX * 2}
                autoComplete="off"
              />
              {words.chips.map((chip, i) => (
                <Field
                  key={i}
                  label={t('content.home.chip', { n: String(i + 1), language })}
                  value={chip}
                  onValue={(value) => edit({ chips: words.chips.map((old, j) => (j === i ? value : old)) })}
                  problem={problemOf(`chip${i}`)}
                  maxLength={CHIP_MAX * 2}
                  autoComplete="off"
                />
              ))}
              <div className={aboutProblem ? 'cs-field has-problem' : 'cs-field'}>
                <label htmlFor={aboutId}>{t('content.home.footerAbout', { language })}</label>
                <textarea
                  id={aboutId}
                  rows={4}
                  value={words.footerAbout}
                  maxLength={ABOUT_MAX * 2}
                  aria-invalid={aboutProblem ? true : undefined}
                  aria-describedby={aboutProblem ? `${aboutId}-problem` : undefined}
                  onChange={(event) => edit({ footerAbout: event.target.value })}
                />
                {aboutProblem && (
                  <p id={`${aboutId}-problem`} className="cs-field-problem">
                    {aboutProblem}
                  </p>
                )}
              </div>
            </div>
            {preview}
          </div>
          <Problem>{problem}</Problem>
          {saved && (
            <p className="cs-success" role="status">
              {t('content.home.saved')}
            </p>
          )}
          <div className="cs-actions">
            <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
              {t('content.home.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
