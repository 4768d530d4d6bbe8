// The mini-game launcher (issue 33): floats over every page, dragged by the pointer anywhere inside the
// viewport (its place, and whether it is collapsed to one small button, kept in localStorage); it shows the
// rain open now or the next one with a live countdown, and each wheel or egg with the member's plays left.
// Each opens in a sheet over the page (its code fetched on the first open). Nothing shows when the merchant
// has no rain and no game.
import { LazyMotion, m, MotionConfig, useMotionValue } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { loadMotionFeatures } from '../../components/MotionScope';
import { useTranslation } from '../../i18n/react';
import { GameIcon } from './icons';
import { playsStatus, rainStatus } from './labels';
import { useMiniGamesFeed } from './live';
import './minigames.css';
import { clampOffset, type Place, readPlace, savePlace } from './position';
import type { Opened } from './shared';
import { featuredRain, miniGamesAtom, refreshMiniGames } from './state';
import { useNow } from './time';

const GameSheet = lazy(() => import('./GameSheet').then((module) => ({ default: module.GameSheet })));

export function MiniGameWidget() {
  useMiniGamesFeed();
  const { t } = useTranslation();
  const list = useAtomValue(miniGamesAtom);
  // One small button until the member opens it: expanded, the panel would sit over the page's own actions.
  const [place, setPlace] = useState<Place>(() => readPlace(true));
  const [opened, setOpened] = useState<Opened | null>(null);
  const x = useMotionValue(place.x);
  const y = useMotionValue(place.y);
  const box = useRef<HTMLDivElement>(null);
  const dragged = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  const rain = list ? featuredRain(list.rains) : null;
  const games = list?.games ?? [];
  const shown = rain !== null || games.length > 0;
  const counting = rain !== null && rain.state !== 'CLOSED';
  const now = useNow(shown && counting);

  // A countdown that ran out with no push (the socket away): read the list again, once per session and state.
  const due = rain && ((rain.state === 'SCHEDULED' && now >= rain.startsAt + 2000) || (rain.state === 'OPEN' && now >= rain.endsAt + 2000));
  const dueKey = due ? `${rain.id}:${rain.state}` : null;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (dueKey && asked.current !== dueKey) {
      asked.current = dueKey;
      void refreshMiniGames();
    }
  }, [dueKey]);

  // Inside the viewport: the saved place on mount, and again whenever the window changes size or the
  // launcher its shape (collapsed, expanded).
  const keepInside = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const home = { left: rect.left - x.get(), right: rect.right - x.get(), top: rect.top - y.get(), bottom: rect.bottom - y.get() };
    const next = clampOffset({ x: x.get(), y: y.get() }, home, { width: window.innerWidth, height: window.innerHeight });
    x.set(next.x);
    y.set(next.y);
  }, [x, y]);
  useLayoutEffect(() => {
    if (!shown) return;
    keepInside();
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [shown, place.collapsed, games.length, keepInside]);

  const remember = (next: Partial<Place>) =>
    setPlace((current) => {
      const updated = { ...current, x: x.get(), y: y.get(), ...next };
      savePlace(updated);
      return updated;
    });

  if (!shown) return null;

  const open = (target: Opened) => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setOpened(target);
  };
  const close = () => {
    setOpened(null);
    opener.current?.focus();
  };
  const live = rain?.state === 'OPEN';
  const playable = games.reduce((sum, game) => sum + (game.playsLeft ?? 0), 0);

  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        <m.div
          ref={box}
          className={place.collapsed ? 'mg-launcher mg-collapsed' : 'mg-launcher'}
          data-testid="mini-game-launcher"
          style={{ x, y }}
          drag
          dragMomentum={false}
          dragElastic={0}
          onPointerDownCapture={() => {
            dragged.current = false;
          }}
          onDragStart={() => {
            dragged.current = true;
          }}
          onDragEnd={() => {
            keepInside();
            remember({});
          }}
          // A drag that ends over a button is not a tap on it.
          onClickCapture={(event) => {
            if (!dragged.current) return;
            dragged.current = false;
            event.stopPropagation();
            event.preventDefault();
          }}
        >
          {place.collapsed ? (
            <button
              type="button"
              className="mg-fab"
              aria-label={t('miniGames.launcher.expand')}
              aria-expanded="false"
              onClick={() => remember({ collapsed: false })}
            >
              <GameIcon kind={rain ? 'RAIN' : games[0]!.kind} size={28} />
              {(live || playable > 0) && (
                <span className="mg-badge" data-testid="mini-game-badge">
                  {live ? t('miniGames.launcher.live') : playable}
                </span>
              )}
            </button>
          ) : (
            <section className="mg-panel" aria-label={t('miniGames.launcher.title')}>
              <header className="mg-panel-head">
                <h2>{t('miniGames.launcher.title')}</h2>
                <button
                  type="button"
                  className="mg-icon-button"
                  aria-label={t('miniGames.launcher.collapse')}
                  aria-expanded="true"
                  onClick={() => remember({ collapsed: true })}
                >
                  <span aria-hidden="true">–</span>
                </button>
              </header>
              <ul className="mg-entries">
                {rain && (
                  <li>
                    <button type="button" className={live ? 'mg-entry mg-entry-live' : 'mg-entry'} data-testid="mini-game-rain"
                      data-state={rain.state} onClick={open({ kind: 'rain', id: rain.id })}>
                      <span className="mg-entry-icon"><GameIcon kind="RAIN" /></span>
                      <span className="mg-entry-text">
                        <strong>{rain.name}</strong>
                        <span className="mg-entry-status" data-testid="mini-game-rain-status">{rainStatus(t, rain, now)}</span>
                      </span>
                    </button>
                  </li>
                )}
                {games.map((game) => (
                  <li key={game.id}>
                    <button type="button" className="mg-entry" data-testid="mini-game-game" data-kind={game.kind}
                      onClick={open({ kind: 'game', id: game.id })}>
                      <span className="mg-entry-icon"><GameIcon kind={game.kind} /></span>
                      <span className="mg-entry-text">
                        <strong>{game.name}</strong>
                        <span className="mg-entry-status">{playsStatus(t, game)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </m.div>
      </LazyMotion>
      {opened && (
        <Suspense fallback={null}>
          <GameSheet opened={opened} onClose={close} />
        </Suspense>
      )}
    </MotionConfig>
  );
}
