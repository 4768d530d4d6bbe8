import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { LoadTimeout } from './lazyGroup';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message =
    error instanceof LoadTimeout
      ? t('errors.pageTimeout')
      : isRouteErrorResponse(error) && error.status === 404
        ? t('errors.notFound')
        : t('errors.loadFailed');
  return (
    <section className="page page-error" role="alert">
      <h1>{message}</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </section>
  );
}
