import { AnimatePresence, m } from 'framer-motion';

import { useTranslation } from '../../i18n/react';
import { errorKey } from '../i18n';

// A failed call's message: the errorCode mapped to its translated text, after what failed (`lead`) if given.
export function ErrorNote({ code, lead, onDismiss }: { code: string | null; lead?: string; onDismiss?: () => void }) {
  const { t } = useTranslation();
  return (
    <AnimatePresence>
      {code ? (
        <m.div
          key={code}
          className="hs-error"
          role="alert"
          data-testid="house-error"
          data-code={code}
          initial={{ opacity: 0, y: -6 }}
          animate={{ opacity: 1, y: 0 }}
          exit={{ opacity: 0, y: -6 }}
        >
          <span>{lead ? `${lead} ${t(errorKey(code))}` : t(errorKey(code))}</span>
          {onDismiss ? (
            <button type="button" className="hs-error__close" onClick={onDismiss} aria-label={t('common.dismiss')}>
              ×
            </button>
          ) : null}
        </m.div>
      ) : null}
    </AnimatePresence>
  );
}
