import { m } from 'framer-motion';
import { useAtomValue } from 'jotai';

import { useTranslation } from '../../i18n/react';
import { balanceAtom, sessionAtom } from '../store';
import { Amount } from './Amount';

export function TopBar({ onOpenFairness }: { onOpenFairness: () => void }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const balance = useAtomValue(balanceAtom);
  if (!session) return null;
  return (
    <header className="hs-topbar">
      <div className="hs-topbar__game">
        <span className="hs-topbar__logo" aria-hidden="true" />
        <h1 className="hs-topbar__name" data-testid="house-game-name">
          {session.game.name}
        </h1>
        {session.player.demo ? (
          <span className="hs-badge" data-testid="house-demo" title={t('top.demoHint')}>
            {t('top.demo')}
          </span>
        ) : null}
      </div>
      <div className="hs-topbar__right">
        <button type="button" className="hs-btn hs-btn--ghost hs-fair-btn" data-testid="fair-open" aria-label={t('top.fair')}
          onClick={onOpenFairness}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t('top.fair')}</span>
        </button>
        <div className="hs-balance" aria-live="polite">
          <span className="hs-balance__label">{t('top.balance')}</span>
          {/* No AnimatePresence popLayout here: it injects a <style> element, which the CSP refuses. */}
          <m.span
            key={balance}
            initial={{ opacity: 0.2, y: -6 }}
            animate={{ opacity: 1, y: 0 }}
            transition={{ duration: 0.25 }}
          >
            <Amount value={balance} currency={session.player.currency} testId="house-balance" />
          </m.span>
        </div>
      </div>
    </header>
  );
}
