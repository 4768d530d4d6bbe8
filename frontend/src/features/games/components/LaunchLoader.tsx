import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';

import { MotionScope } from '../../../components/MotionScope';
import { useTranslation } from '../../../i18n/react';
import { launchingAtom } from '../atoms';
import '../games.css';

// SPEC §4: a full-screen loader while a launch call is out. Mounted once in the layout.
export function LaunchLoader() {
  const { t } = useTranslation();
  const launching = useAtomValue(launchingAtom);
  return (
    <MotionScope>
      <AnimatePresence>
        {launching && (
          <m.div className="launch-loader" data-testid="launch-loader" role="status" aria-live="polite"
            initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }} transition={{ duration: 0.15 }}>
            <m.span className="spinner" aria-hidden="true" animate={{ rotate: 360 }}
              transition={{ repeat: Infinity, duration: 0.9, ease: 'linear' }} />
            <span>{t('games.launching')}</span>
          </m.div>
        )}
      </AnimatePresence>
    </MotionScope>
  );
}
