import { useTranslation } from '../i18n/react';
import { boot } from './boot';

export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <img src="/favicon.svg" alt="" width={64} height={64} />
    </div>
  );
}

// The domain is not a merchant's, or the API could not be reached.
export function BootError({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <div className="blocking" role="alert" data-testid="boot-error">
      <section className="blocking-card">
        <h1>{t(`errors.${code}`, { defaultValue: t('errors.NETWORK_ERROR') })}</h1>
        <button type="button" className="button" onClick={() => void boot()}>
          {t('common.retry')}
        </button>
      </section>
    </div>
  );
}
