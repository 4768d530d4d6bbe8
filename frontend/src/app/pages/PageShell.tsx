import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

interface PageShellProps {
  titleKey: string;
  introKey?: string;
  children?: ReactNode;
}

// The frame every content page shares: its title, an introduction and its content or an empty state.
export function PageShell({ titleKey, introKey, children }: PageShellProps) {
  const { t } = useTranslation();
  return (
    <section className="page container">
      <h1 className="page-title">{t(titleKey)}</h1>
      {introKey && <p className="page-intro">{t(introKey)}</p>}
      {children ?? <p className="empty-state">{t('pages.empty')}</p>}
    </section>
  );
}
