import { useTranslation } from '../i18n/react';

// SPEC §9 pagination defaults: page range 3 (pages shown around the current one), margin pages 1 (pages
// always shown at each end); the pages left out collapse into a gap.
export const PAGE_RANGE = 3;
export const MARGIN_PAGES = 1;

export type PageItem = number | 'gap';

export function pageItems(current: number, total: number, range = PAGE_RANGE, margin = MARGIN_PAGES): PageItem[] {
  if (total <= 0) return [];
  const keep = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p += 1) keep.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p += 1) keep.add(p);
  // The window keeps its size at the ends: on page 1 of 10 it is 1-3, on page 10 it is 8-10.
  let start = current - Math.floor((range - 1) / 2);
  start = Math.max(1, Math.min(start, total - range + 1));
  for (let p = start; p < start + range && p <= total; p += 1) keep.add(p);
  const pages = [...keep].sort((a, b) => a - b);
  const out: PageItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    // A gap of exactly one page shows that page instead of an ellipsis standing for it.
    if (previous !== undefined && page - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) out.push('gap');
    out.push(page);
  });
  return out;
}

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="page-button" disabled={page <= 1} onClick={() => onPage(page - 1)}
        aria-label={t('pagination.previous')}>‹</button>
      {pageItems(page, totalPages).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className="page-gap" aria-hidden="true">…</span>
        ) : (
          <button key={item} type="button" className={item === page ? 'page-button active' : 'page-button'}
            aria-current={item === page ? 'page' : undefined} aria-label={t('pagination.page', { page: item })}
            onClick={() => onPage(item)}>
            {item}
          </button>
        ),
      )}
      <button type="button" className="page-button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}
        aria-label={t('pagination.next')}>›</button>
    </nav>
  );
}
