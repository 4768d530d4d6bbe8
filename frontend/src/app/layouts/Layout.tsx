import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { deferred } from '../../components/deferred';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/useMediaQuery';
import { KeepAliveOutlet } from '../KeepAliveOutlet';
import { LoginGuard } from '../LoginGuard';
import { ScrollManager } from '../ScrollManager';
import { CompactHeader } from './CompactHeader';
import { Overlays } from './Overlays';
import './layout.css';

// The footer is below the fold of a first page: its code comes in its own chunk, which the boot starts
// fetching alongside the page's (preloadFooter), and it shows when that arrives.
const LazyFooter = deferred(() => import('./Footer').then((module) => module.Footer));
export const preloadFooter = LazyFooter.preload;
// The full header is a wide screen's only (the login form and the game categories with their dropdowns): it
// comes in its own chunk, which the boot starts fetching with the page's on a wide screen (preloadHeader).
// Until it arrives, its place is kept at its height, so nothing moves when it shows.
const LazyFullHeader = deferred(
  () => import('./FullHeader').then((module) => module.FullHeader),
  <div className="header-placeholder" aria-hidden="true" />,
);
export function preloadHeader(): void {
  if (typeof matchMedia === 'function' && matchMedia(WIDE_SCREEN).matches) {
    void LazyFullHeader.preload().catch(() => undefined);
  }
}
// The compact header's menu is closed on a first visit: its code comes on the first tap. The tab bar and the
// help button float over the page (they move nothing when they arrive): each comes in its own chunk, fetched
// as the layout mounts, which keeps the first page's script within its budget.
const LazyDrawer = deferred(() => import('./MenuDrawer').then((module) => module.MenuDrawer));
const LazyTabBar = deferred(() => import('./TabBar').then((module) => module.TabBar));
const LazySideBar = deferred(() => import('./SideBar').then((module) => module.SideBar));
// The mini-game widget's slot (#mini-game-slot, issue 33) floats over every page: its code, and the slot
// itself, come in a chunk of their own, fetched as the layout mounts (the launcher after the page is idle).
const LazyMiniGames = deferred(() => import('../../features/minigames/slot').then((module) => module.default));

interface LayoutProps {
  header: boolean;
  footer: boolean;
  sidebar: boolean;
}

// The root layout of SPEC §2.2: header, main, side bar, footer and the mini-game slot. From 1280 px the
// header is the full two rows; below, one compact row with a menu drawer, and a phone gets the bottom tab bar
// (not on the game page, which keeps the whole screen for the game).
export function Layout({ header, footer, sidebar }: LayoutProps) {
  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(closeMenu, [pathname, wide, closeMenu]);
  const onLottery = pathname === '/lottery';
  const onGame = pathname === '/game';
  const tabs = header && !wide && !onGame;
  const classes = ['layout', sidebar && 'has-sidebar', tabs && 'has-tabs', onGame && 'on-game'];
  return (
    <LoginGuard>
      <div className={classes.filter(Boolean).join(' ')}>
        {header && (
          <header className={wide ? 'header' : 'header header-slim'}>
            {wide ? (
              <LazyFullHeader.Component onLottery={onLottery} />
            ) : (
              <CompactHeader menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} />
            )}
          </header>
        )}
        <main className="main" id="main">
          <KeepAliveOutlet />
        </main>
        {sidebar && <LazySideBar.Component />}
        {footer && <LazyFooter.Component />}
        {tabs && <LazyTabBar.Component menuOpen={menuOpen} onGames={() => setMenuOpen(true)} />}
        {menuOpen && <LazyDrawer.Component onClose={closeMenu} />}
        <LazyMiniGames.Component />
        <Overlays />
        <ScrollManager />
      </div>
    </LoginGuard>
  );
}
