// The help centre as the portal's /help shows it: its categories (About, Contact, Terms, ...) in order, each
// with its articles. With content.write both can be added, changed and deleted; a category goes only once
// it is empty (the server answers 409 HELP_CATEGORY_NOT_EMPTY otherwise, said in the category's panel).
import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import {
  addHelpArticle,
  addHelpCategory,
  changeHelpArticle,
  changeHelpCategory,
  type HelpArticle,
  type HelpCategory,
  readHelp,
  removeHelpArticle,
  removeHelpCategory,
} from '../../contentApi';
import { Loading, Problem, ReadFailed } from '../Problem';
import { contentProblem, useChange } from './common';
import { ConfirmAction } from '../ChangeRunner';
import { ArticleEditor, CategoryEditor } from './HelpEditors';
import { titleIn } from './rules';
import { languageName } from './TextsEditor';
import { useLatestRead } from '../useLatestRead';
import { StoredTexts } from './StoredTexts';

type Editing = { category: true } | { article: HelpArticle | null } | null;

function CategoryPanel({
  category,
  write,
  reload,
}: {
  category: HelpCategory;
  write: boolean;
  reload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const { busy, problem, setProblem, run } = useChange(reload);
  const name = titleIn(category.texts, i18n.language) || category.code;
  const headingId = `cs-help-category-${category.id}`;

  const open = (next: Editing) => {
    setProblem(null);
    setEditing(next);
  };
  const close = () => open(null);

  return (
    <section className="cs-panel cs-help-category" aria-labelledby={headingId} data-category={category.id}>
      <div className="cs-content-head">
        <h3 id={headingId}>
          {name} <code className="cs-muted">{category.code}</code>
        </h3>
        <span className="cs-muted">{t('content.help.order', { n: String(category.sortOrder) })}</span>
        {write && editing === null && (
          <span className="cs-buttons">
            <button
              type="button"
              className="cs-button secondary small"
              disabled={busy}
              aria-label={t('content.editLabel', { name })}
              onClick={() => open({ category: true })}
            >
              {t('content.edit')}
            </button>
            <ConfirmAction
              action={t('content.delete')}
              busy={busy}
              label={t('content.deleteLabel', { name })}
              question={t('content.help.confirmDeleteCategory', { name })}
              onConfirm={() => void run(() => removeHelpCategory(category.id))}
            />
          </span>
        )}
      </div>
      {editing !== null && 'category' in editing && (
        <CategoryEditor
          category={category}
          title={t('content.help.editCategory', { name })}
          busy={busy}
          problem={problem}
          onSave={(body) => void run(() => changeHelpCategory(category.id, body)).then((done) => done && close())}
          onCancel={close}
        />
      )}
      {category.articles.length === 0 ? (
        <p className="cs-muted">{t('content.help.noArticles')}</p>
      ) : (
        <ul className="cs-help-articles">
          {category.articles.map((article) => {
            const title = titleIn(article.texts, i18n.language);
            return (
              <li key={article.id} data-article={article.id}>
                <div className="cs-content-head">
                  <span className="cs-content-title">{title}</span>
                  <span className="cs-muted">
                    {t('content.help.order', { n: String(article.sortOrder) })} ·{' '}
                    {Object.keys(article.texts).map(languageName).join(' · ')}
                  </span>
                  {write && editing === null && (
                    <span className="cs-buttons">
                      <button
                        type="button"
                        className="cs-button secondary small"
                        disabled={busy}
                        aria-label={t('content.editLabel', { name: title })}
                        onClick={() => open({ article })}
                      >
                        {t('content.edit')}
                      </button>
                      <ConfirmAction
                        action={t('content.delete')}
                        busy={busy}
                        label={t('content.deleteLabel', { name: title })}
                        question={t('content.help.confirmDeleteArticle', { name: title })}
                        onConfirm={() => void run(() => removeHelpArticle(article.id))}
                      />
                    </span>
                  )}
                </div>
                <StoredTexts texts={article.texts} summary={t('content.notices.showTexts')} />
                {editing !== null && 'article' in editing && editing.article?.id === article.id && (
                  <ArticleEditor
                    categoryId={category.id}
                    article={article}
                    title={t('content.help.editArticle', { name: title })}
                    busy={busy}
                    problem={problem}
                    onSave={(body) => void run(() => changeHelpArticle(article.id, body)).then((done) => done && close())}
                    onCancel={close}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing !== null && 'article' in editing && editing.article === null && (
        <ArticleEditor
          categoryId={category.id}
          title={t('content.help.addArticleTo', { name })}
          busy={busy}
          problem={problem}
          onSave={(body) => void run(() => addHelpArticle(body)).then((done) => done && close())}
          onCancel={close}
        />
      )}
      {editing === null && <Problem>{problem}</Problem>}
      {write && editing === null && (
        <div className="cs-actions">
          <button type="button" className="cs-button secondary" onClick={() => open({ article: null })}>
            {t('content.help.addArticle', { name })}
          </button>
        </div>
      )}
    </section>
  );
}

export function HelpTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const { value: read, readProblem, load } = useLatestRead(readHelp);
  const categories = read?.categories ?? null;
  const [adding, setAdding] = useState(false);

  const { busy, problem, setProblem, run } = useChange(load);

  return (
    <div className="cs-content-stack">
      <p className="cs-lead">{t('content.help.intro')}</p>
      {write &&
        (adding ? (
          <CategoryEditor
            title={t('content.help.addCategory')}
            busy={busy}
            problem={problem}
            onSave={(body) => void run(() => addHelpCategory(body)).then((done) => done && setAdding(false))}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <div className="cs-actions">
            <button
              type="button"
              className="cs-button primary"
              onClick={() => {
                setProblem(null);
                setAdding(true);
              }}
            >
              {t('content.help.addCategory')}
            </button>
          </div>
        ))}
      {readProblem !== null && <ReadFailed text={contentProblem(t, readProblem)} retry={() => void load()} />}
      {categories === null ? (
        readProblem === null && (
          <Loading />
        )
      ) : categories.length === 0 ? (
        <p className="cs-muted">{t('content.help.empty')}</p>
      ) : (
        categories.map((category) => <CategoryPanel key={category.id} category={category} write={write} reload={load} />)
      )}
    </div>
  );
}
