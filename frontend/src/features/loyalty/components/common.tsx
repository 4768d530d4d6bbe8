import type { ReactNode } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';

export function Loading() {
  const { t } = useTranslation();
  return <p className="muted" aria-busy="true">{t('loyalty.loading')}</p>;
}

// A read that failed: its error in words and a way to try again.
export function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="loyalty-failed">
      <p className="form-error" role="alert">{errorText(t, error)}</p>
      <button type="button" className="button button-ghost" onClick={onRetry}>{t('common.retry')}</button>
    </div>
  );
}

// A progress bar of `percent` (0..100), named for a screen reader, with its figures in words below.
export function Progress({ percent, label, text }: { percent: number; label: string; text: ReactNode }) {
  return (
    <div className="loyalty-progress">
      <div className="loyalty-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="loyalty-bar-figures">
        <span>{text}</span>
        <span className="loyalty-percent">{percent}%</span>
      </p>
    </div>
  );
}

// The wallet pages' pager: previous, "page x of y", next; nothing for a single page.
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="button button-ghost button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('wallet.records.previous')}
      </button>
      <span>{t('wallet.records.page', { page, pages })}</span>
      <button type="button" className="button button-ghost button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('wallet.records.next')}
      </button>
    </div>
  );
}

// "0.80%" from the wire's "0.80".
export const rateText = (rate: string) => `${rate}%`;
