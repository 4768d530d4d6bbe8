import { useEffect, useMemo, useRef } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { Game } from '../api';
import { throttle } from '../paging';
import { type ListQuery, useGameList } from '../useGameList';
import { GameCard } from './GameCard';

// SPEC §9 infinite scroll: throttle 200 ms, distance 0 (more is asked for when the sentinel itself
// enters the viewport).
export const SCROLL_THROTTLE_MS = 200;

// Distance 0: the sentinel itself is inside the viewport. Measured when it has a layout; without one (a
// hidden kept-alive lobby, or a test DOM) the observer's last report decides, and a hidden lobby's is false.
function sentinelOnScreen(element: HTMLElement | null, observed: boolean): boolean {
  if (!element) return false;
  if (element.offsetParent === null) return observed;
  const { top, bottom } = element.getBoundingClientRect();
  return top <= window.innerHeight && bottom >= 0;
}

interface GameGridProps {
  query: ListQuery | null;
  shown: (game: Game) => boolean;
  onPlay: (game: Game) => void;
}

export function GameGrid({ query, shown, onPlay }: GameGridProps) {
  const { t } = useTranslation();
  const { games, loading, failed, done, more, retry } = useGameList(query, shown);
  const sentinel = useRef<HTMLDivElement>(null);
  const observed = useRef(false);
  // Checked when the throttled call actually runs: a call held back by the throttle must not reveal more
  // if the games that arrived meanwhile pushed the sentinel off screen.
  const ask = useMemo(
    () => throttle(() => sentinelOnScreen(sentinel.current, observed.current) && more(), SCROLL_THROTTLE_MS),
    [more],
  );
  useEffect(() => () => ask.cancel(), [ask]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        observed.current = entries.some((entry) => entry.isIntersecting);
        if (observed.current) ask();
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ask]);

  // The observer only reports changes: when a reveal still leaves the sentinel on screen (a tall window),
  // ask again rather than wait for a scroll that may never come.
  useEffect(() => {
    if (!loading) ask();
  }, [games.length, loading, ask]);

  return (
    <div className="game-grid-wrap">
      {games.length > 0 && (
        <ul className="game-grid" data-testid="game-grid">
          {games.map((game) => (
            <GameCard key={game.gameId} game={game} onPlay={onPlay} />
          ))}
        </ul>
      )}
      {done && games.length === 0 && <p className="empty-state">{t('games.noGames')}</p>}
      {loading && (
        <p className="grid-status muted" role="status">
          {t('games.loading')}
        </p>
      )}
      {failed && (
        <p className="grid-status" role="alert">
          {t('errors.NETWORK_ERROR')}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t('common.retry')}
          </button>
        </p>
      )}
      <div ref={sentinel} className="grid-sentinel" aria-hidden="true" />
    </div>
  );
}
