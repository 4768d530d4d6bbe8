import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/react';

// A failure, in place: announced to screen readers as it appears.
export function Problem({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className="cs-problem" role="alert" id={id}>
      {children}
    </p>
  );
}

// A list still on its way.
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="cs-muted" role="status">
      {t('app.loading')}
    </p>
  );
}

// A list that could not be read, in the section's words, and a way to try again.
export function ReadFailed({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cs-panel">
      <Problem>{text}</Problem>
      <button type="button" className="cs-button secondary" onClick={retry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
