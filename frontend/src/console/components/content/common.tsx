// What the content tabs share: a refusal in the section's own words, a change that then reads the list
// again, the state badge of a notice and a row of tabs.
import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';

import { useTranslation } from '../../../i18n/react';
import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';
import type { NoticeState } from './rules';
import { contentCode, isGone } from './rules';
import { useChangeRunner } from '../ChangeRunner';

// A refusal as the staff member reads it: the section's words for the codes it knows (a help category
// with articles, a language the brand does not offer), else the console's.
export function contentProblem(t: TFunction, error: unknown): string {
  const code = contentCode(error);
  if (!code) return problemText(t, error);
  const value = error instanceof ConsoleError ? (error.value as { languages?: unknown } | null) : null;
  const languages = Array.isArray(value?.languages) ? value.languages.join(', ') : '';
  return t(`content.errors.${code}`, { languages });
}

// One change at a time (see useChangeRunner), in the section's words; a row someone else removed meanwhile
// reads the list again.
export function useChange(reload: () => Promise<void>) {
  return useChangeRunner(reload, contentProblem, isGone);
}

export function StateBadge({ state }: { state: NoticeState }) {
  const { t } = useTranslation();
  return (
    <span className={`cs-badge cs-content-state is-${state}`} data-state={state}>
      {t(`content.states.${state}`)}
    </span>
  );
}

// A row of buttons acting as tabs (the notice kinds, the feedback statuses): arrow keys move along.
export function TabRow<T extends string>({
  label,
  tabs,
  current,
  name,
  onPick,
  idPrefix,
  controls,
}: {
  label: string;
  tabs: readonly T[];
  current: T;
  name: (tab: T) => string;
  onPick: (tab: T) => void;
  idPrefix: string;
  controls?: string;
}) {
  const move = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(tabs.indexOf(current) + step) % tabs.length]!;
    onPick(next);
    document.getElementById(`${idPrefix}-${next}`)?.focus();
  };
  return (
    <div className="cs-tabs cs-content-tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`${idPrefix}-${tab}`}
          type="button"
          role="tab"
          className="cs-tab"
          aria-selected={tab === current}
          aria-controls={controls}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onPick(tab)}
        >
          {name(tab)}
        </button>
      ))}
    </div>
  );
}

// Page n of m, with the page before and after (the feedback desk, the sent messages).
export function Pager({ pageNo, pages, onPage }: { pageNo: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="cs-actions cs-paging" aria-label={t('content.paging')}>
      <button type="button" className="cs-button secondary small" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('content.previous')}
      </button>
      <span className="cs-muted">{t('content.pageOf', { page: String(pageNo), pages: String(pages) })}</span>
      <button type="button" className="cs-button secondary small" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('content.next')}
      </button>
    </nav>
  );
}
