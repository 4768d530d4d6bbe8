import { Link, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { PageShell } from './PageShell';

// Any address the route table does not know: says so, and leads home.
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageShell titleKey="errors.notFound">
      <div className="empty-state" data-testid="not-found">
        <p>{t('pages.notFound.text', { path: pathname })}</p>
        <Link className="button" to="/">
          {t('pages.notFound.home')}
        </Link>
      </div>
    </PageShell>
  );
}
