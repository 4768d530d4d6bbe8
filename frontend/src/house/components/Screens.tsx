import { m } from 'framer-motion';

import { useTranslation } from '../../i18n/react';
import { errorKey } from '../i18n';

export function Loader() {
  const { t } = useTranslation();
  return (
    <div className="hs-screen" data-testid="house-loader" role="status" aria-live="polite">
      <m.div
        className="hs-loader"
        animate={{ rotate: 360 }}
        transition={{ repeat: Infinity, duration: 1.1, ease: 'linear' }}
        aria-hidden="true"
      />
      <p>{t('app.loading')}</p>
    </div>
  );
}

export function SessionExpired() {
  const { t } = useTranslation();
  return (
    <div className="hs-screen" data-testid="house-expired" role="alert">
      <div className="hs-screen__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 6v6l4 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <h1>{t('app.expiredTitle')}</h1>
      <p>{t('app.expiredBody')}</p>
    </div>
  );
}

export function BootFailed({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="hs-screen" data-testid="house-boot-error" role="alert">
      <h1>{t('app.failedTitle')}</h1>
      <p>{t(errorKey(code))}</p>
      <button type="button" className="hs-btn hs-btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
