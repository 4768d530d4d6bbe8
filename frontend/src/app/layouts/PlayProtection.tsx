import { useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { autoTransferAtom, iframeUrlAtom } from '../../features/games/atoms';
import { PlayWatch } from '../../features/protection/play/PlayWatch';
import { SESSION_KEYS, writeSession } from '../../state/sessionKeys';

// Where a game runs in the portal: /game while it holds a launched game's address, and the portal's own
// lottery pages, where the member bets.
export const LOTTERY_PAGES: ReadonlySet<string> = new Set(['/lottery', '/vnlottery', '/seaLottery']);

export function isGameOpen(pathname: string, iframeUrl: string | null): boolean {
  return (pathname === '/game' && Boolean(iframeUrl)) || LOTTERY_PAGES.has(pathname);
}

// Player protection's reality check and session time limit (issue 34), told where a game is open and how the
// game view closes: the player goes home first (leaving /game sends an automatically transferred game wallet
// back, GamePage), then the launched game's address is forgotten, so that going back does not reopen it.
export function PlayProtection() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const iframeUrl = useAtomValue(iframeUrlAtom);
  const leave = useCallback(() => {
    navigate('/');
    writeSession(SESSION_KEYS.iframeUrl, null);
    writeSession(SESSION_KEYS.gameAutoTransfer, null);
    store.set(iframeUrlAtom, null);
    store.set(autoTransferAtom, false);
  }, [navigate, store]);
  return <PlayWatch playing={isGameOpen(pathname, iframeUrl)} onLeave={leave} />;
}
