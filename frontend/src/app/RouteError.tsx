import { useTranslation } from '../i18n/react';
import { LoadTimeout } from './lazyGroup';

// What a page that failed (its chunk did not arrive, or it threw) shows in its place, inside the layout.
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof LoadTimeout ? t('errors.pageTimeout') : t('errors.loadFailed');
  return (
    <section className="page page-error" role="alert">
      <h1>{message}</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </section>
  );
}
