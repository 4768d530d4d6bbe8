import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { MotionScope } from '../../components/MotionScope';
import { gamesApi } from '../../features/games/api';
import { autoTransferAtom, iframeUrlAtom } from '../../features/games/atoms';
import '../../features/games/games.css';
import { useTranslation } from '../../i18n/react';
import { refreshBalance } from '../../state/balance';

const GAME_PATH = '/game';

// Automatic transfer (a wallet per vendor): the game's wallet goes back to the main wallet when the player
// leaves the game, by another page of the portal or by closing the tab. The call goes with fetch keepalive,
// which outlives the page and carries the session header (a sendBeacon could not); the server also sweeps at
// the next launch, and a job after a while, for a goodbye that never arrived. An unmount that is not a
// leaving (React's development double mount) finds the address still at /game and sends nothing.
function useReturnOnLeave(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const leave = () => gamesApi.leaveGame().then(() => refreshBalance(), () => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      if (window.location.pathname !== GAME_PATH) void leave();
    };
  }, [active]);
}

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
  useReturnOnLeave(useAtomValue(autoTransferAtom) && Boolean(url));
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
