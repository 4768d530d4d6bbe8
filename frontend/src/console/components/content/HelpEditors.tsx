// The help centre's two forms: a category (its code, place and name per language) and an article (its
// place and its title and HTML content per language).
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { HelpArticle, HelpArticleIn, HelpCategory, HelpCategoryIn, Texts } from '../../contentApi';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { articleRequest, categoryRequest, emptyTexts, type TextProblem } from './rules';
import { TextsEditor } from './TextsEditor';

interface EditorProps<Body> {
  title: string;
  busy: boolean;
  problem: string | null;
  onSave: (body: Body) => void;
  onCancel: () => void;
}

function Buttons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cs-actions">
      <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
        {t('content.save')}
      </button>
      <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
        {t('content.cancel')}
      </button>
    </div>
  );
}

type Shown = Partial<Record<'code' | 'sortOrder' | 'texts', string>> & { textProblems?: TextProblem[] };

export function CategoryEditor({
  category,
  title,
  busy,
  problem,
  onSave,
  onCancel,
}: EditorProps<HelpCategoryIn> & { category?: HelpCategory }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(category?.code ?? '');
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? 0));
  const [texts, setTexts] = useState<Texts>(() => emptyTexts(category?.texts));
  const [shown, setShown] = useState<Shown>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = categoryRequest({ code, sortOrder, texts });
    if ('problems' in request) {
      setShown({ ...request.problems, textProblems: request.textProblems });
      return;
    }
    setShown({});
    onSave(request.body);
  };
  const problemOf = (field: 'code' | 'sortOrder' | 'texts') => (shown[field] ? t(shown[field]) : null);

  return (
    <form className="cs-panel cs-form cs-content-editor" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        <Field
          label={t('content.help.code')}
          hint={t('content.help.codeHint')}
          value={code}
          onValue={(value) => {
            setCode(value);
            setShown((old) => ({ ...old, code: undefined }));
          }}
          problem={problemOf('code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
        />
        <Field
          label={t('content.notices.sortOrder')}
          hint={t('content.notices.sortOrderHint')}
          value={sortOrder}
          onValue={(value) => {
            setSortOrder(value);
            setShown((old) => ({ ...old, sortOrder: undefined }));
          }}
          problem={problemOf('sortOrder')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <TextsEditor
        texts={texts}
        onChange={(next) => {
          setTexts(next);
          setShown((old) => ({ ...old, texts: undefined, textProblems: undefined }));
        }}
        withContent={false}
        problems={shown.textProblems ?? []}
        problem={problemOf('texts')}
      />
      <Problem>{problem}</Problem>
      <Buttons busy={busy} onCancel={onCancel} />
    </form>
  );
}

export function ArticleEditor({
  categoryId,
  article,
  title,
  busy,
  problem,
  onSave,
  onCancel,
}: EditorProps<HelpArticleIn> & { categoryId: number; article?: HelpArticle }) {
  const { t } = useTranslation();
  const [sortOrder, setSortOrder] = useState(String(article?.sortOrder ?? 0));
  const [texts, setTexts] = useState<Texts>(() => emptyTexts(article?.texts));
  const [shown, setShown] = useState<Shown>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = articleRequest(categoryId, { sortOrder, texts });
    if ('problems' in request) {
      setShown({ ...request.problems, textProblems: request.textProblems });
      return;
    }
    setShown({});
    onSave(request.body);
  };

  return (
    <form className="cs-panel cs-form cs-content-editor" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="cs-content-editor-title">{title}</h3>
      <div className="cs-content-grid">
        <Field
          label={t('content.notices.sortOrder')}
          hint={t('content.notices.sortOrderHint')}
          value={sortOrder}
          onValue={(value) => {
            setSortOrder(value);
            setShown((old) => ({ ...old, sortOrder: undefined }));
          }}
          problem={shown.sortOrder ? t(shown.sortOrder) : null}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <TextsEditor
        texts={texts}
        onChange={(next) => {
          setTexts(next);
          setShown((old) => ({ ...old, texts: undefined, textProblems: undefined }));
        }}
        withContent
        problems={shown.textProblems ?? []}
        problem={shown.texts ? t(shown.texts) : null}
      />
      <Problem>{problem}</Problem>
      <Buttons busy={busy} onCancel={onCancel} />
    </form>
  );
}
