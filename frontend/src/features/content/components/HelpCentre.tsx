import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { errorText } from '../../../components/errorText';
import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { languageAtom } from '../../../state/atoms';
import { contentApi, type HelpCategory } from '../api';
import '../content.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MAX = 60;

type Load<T> = { phase: 'loading' } | { phase: 'ready'; value: T } | { phase: 'failed'; error: unknown };

// The help centre's categories in the reader's language; `q` narrows them to the articles that contain it,
// asked once typing has paused for `wait` ms; null asks nothing.
function useHelp(q: string | null, wait = 0): Load<HelpCategory[]> {
  const language = useAtomValue(languageAtom);
  const [state, setState] = useState<Load<HelpCategory[]>>({ phase: 'loading' });
  useEffect(() => {
    if (q === null) return;
    const abort = new AbortController();
    setState({ phase: 'loading' });
    const timer = setTimeout(() => {
      contentApi.helpCentre(q, abort.signal).then(
        (help) => setState({ phase: 'ready', value: help.categories }),
        (error: unknown) => {
          if (!abort.signal.aborted) setState({ phase: 'failed', error });
        },
      );
    }, wait);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q, language, wait]);
  return state;
}

export interface HelpCentreProps {
  // What a category shows below its articles (the contact channels under CONTACT).
  extra?: (code: string) => ReactNode;
}

// The help centre (SPEC §2.2 footer, §7 helpCenter): the categories the operator wrote, one shown at a
// time with its articles, and a search over them. ?cat=CODE opens a category (the footer's links) and
// &article=ID one of its articles; /help#refund, the older form, opens REFUND.
export function HelpCentre({ extra }: HelpCentreProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const q = query.trim();
  const all = useHelp('');
  const found = useHelp(q || null, SEARCH_DEBOUNCE_MS);
  const categories = all.phase === 'ready' ? all.value : [];
  const wanted = (params.get('cat') ?? hash.replace(/^#/, '')).toUpperCase();
  const category = categories.find((c) => c.code === wanted) ?? categories[0];
  const articleId = Number(params.get('article'));
  const article = category?.articles.find((a) => a.id === articleId) ?? category?.articles[0];

  // /help#refund: the section exists only once the help has arrived, after the layout's scroll manager
  // looked for it.
  const ready = all.phase === 'ready';
  useEffect(() => {
    if (ready && hash) document.getElementById(hash.slice(1).toLowerCase())?.scrollIntoView?.();
  }, [ready, hash]);

  const open = (code: string, id?: number) => {
    const next = new URLSearchParams(params);
    next.set('cat', code);
    if (id === undefined) next.delete('article');
    else next.set('article', String(id));
    setParams(next, { replace: false });
    setQuery('');
  };

  if (all.phase === 'failed') return <p className="form-error" role="alert">{errorText(t, all.error)}</p>;
  if (all.phase === 'loading') return <p className="muted" aria-busy="true">{t('help.loading')}</p>;
  if (categories.length === 0) return <p className="empty-state">{t('help.empty')}</p>;
  return (
    <div className="help-centre">
      <div className="help-search" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('help.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={SEARCH_MAX}
          placeholder={t('help.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {q ? (
        <SearchResults q={q} found={found} onOpen={open} />
      ) : (
        <div className="help-layout">
          <nav className="help-categories" aria-label={t('help.categoriesLabel')}>
            {categories.map((c) => (
              <button
                key={c.id}
                type="button"
                className={c === category ? 'help-category active' : 'help-category'}
                aria-current={c === category ? 'page' : undefined}
                onClick={() => open(c.code)}
              >
                {c.title}
              </button>
            ))}
          </nav>
          {category && (
            <section className="help-section" id={category.code.toLowerCase()} aria-labelledby={`${searchId}-cat`}>
              <h2 id={`${searchId}-cat`}>{category.title}</h2>
              {category.articles.length > 1 && (
                <ul className="help-articles">
                  {category.articles.map((a) => (
                    <li key={a.id}>
                      <button
                        type="button"
                        className={a === article ? 'link-button active' : 'link-button'}
                        aria-current={a === article ? 'true' : undefined}
                        onClick={() => open(category.code, a.id)}
                      >
                        {a.title}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {article ? (
                <article className="help-article" data-testid="help-article">
                  <h3>{article.title}</h3>
                  <SafeHtml className="rich-text" html={article.content} />
                </article>
              ) : (
                <p className="muted">{t('help.noArticles')}</p>
              )}
              {extra?.(category.code)}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function SearchResults({
  q,
  found,
  onOpen,
}: {
  q: string;
  found: Load<HelpCategory[]>;
  onOpen: (code: string, id: number) => void;
}) {
  const { t } = useTranslation();
  if (found.phase === 'loading') return <p className="muted" aria-busy="true">{t('help.searching')}</p>;
  if (found.phase === 'failed') return <p className="form-error" role="alert">{errorText(t, found.error)}</p>;
  const hits = found.value.flatMap((c) => c.articles.map((a) => ({ category: c, article: a })));
  if (hits.length === 0) return <p className="empty-state">{t('help.noResults', { q })}</p>;
  return (
    <section aria-label={t('help.resultsLabel', { q })} data-testid="help-results">
      <p className="muted">{t('help.resultCount', { n: hits.length })}</p>
      <ul className="help-results">
        {hits.map(({ category, article }) => (
          <li key={article.id}>
            <button type="button" className="help-result" onClick={() => onOpen(category.code, article.id)}>
              <span className="muted">{category.title}</span>
              <span>{article.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
