import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { launchingAtom } from '../atoms';
import '../games.css';

// SPEC §4: a full-screen loader while a launch call is out. Mounted once in the layout. Plain CSS rather than
// framer-motion: it must leave the moment the launch ends. A CI run once found it left over a game that had
// loaded, the launch long answered: its exit animation (framer-motion, whose features load lazily) never ended.
export function LaunchLoader() {
  const { t } = useTranslation();
  const launching = useAtomValue(launchingAtom);
  if (!launching) return null;
  return (
    <div className="launch-loader" data-testid="launch-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('games.launching')}</span>
    </div>
  );
}
