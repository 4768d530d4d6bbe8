import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';

import { MotionScope } from '../../components/MotionScope';
import { iframeUrlAtom } from '../../features/games/atoms';
import '../../features/games/games.css';
import { useTranslation } from '../../i18n/react';

// /game (header only, SPEC §2.1): the launched game full width, a loader until the frame has loaded, and
// a way home when there is nothing to show (a fresh tab, or a session that never launched a game).
function GameFrame({ url }: { url: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="game-frame">
      <iframe src={url} title={t('pages.game.title')} data-testid="game-iframe" allow="autoplay; fullscreen"
        allowFullScreen onLoad={() => setLoaded(true)} />
      <MotionScope>
        <AnimatePresence>
          {!loaded && (
            <m.div className="game-frame-loader" role="status" initial={{ opacity: 1 }} exit={{ opacity: 0 }}>
              <m.span className="spinner" aria-hidden="true" animate={{ rotate: 360 }}
                transition={{ repeat: Infinity, duration: 0.9, ease: 'linear' }} />
              <span>{t('games.loading')}</span>
            </m.div>
          )}
        </AnimatePresence>
      </MotionScope>
    </div>
  );
}

export default function GamePage() {
  const { t } = useTranslation();
  const url = useAtomValue(iframeUrlAtom);
  if (!url) {
    return (
      <section className="page container">
        <h1 className="page-title">{t('pages.game.title')}</h1>
        <div className="empty-state">
          <p>{t('pages.game.intro')}</p>
          <Link to="/" className="button">{t('games.backHome')}</Link>
        </div>
      </section>
    );
  }
  // A new launch swaps the address: the key gives the new game its own loader.
  return <GameFrame key={url} url={url} />;
}
