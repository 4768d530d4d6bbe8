import { useState } from 'react';
import { useLocation } from 'react-router';

import { deferred } from '../../components/deferred';
import { KeepAliveOutlet } from '../KeepAliveOutlet';
import { LoginGuard } from '../LoginGuard';
import { ScrollManager } from '../ScrollManager';
import { HeaderBottom } from './HeaderBottom';
import { HeaderTop } from './HeaderTop';
import { Overlays } from './Overlays';
import { SideBar } from './SideBar';

// The footer is below the fold of a first page: its code comes in its own chunk, which the boot starts
// fetching alongside the page's (preloadFooter), and it shows when that arrives.
const LazyFooter = deferred(() => import('./Footer').then((module) => module.Footer));
export const preloadFooter = LazyFooter.preload;

interface LayoutProps {
  header: boolean;
  footer: boolean;
  sidebar: boolean;
}

// The root layout of SPEC §2.2: header (top and bottom), main, side bar, footer and the mini-game slot.
export function Layout({ header, footer, sidebar }: LayoutProps) {
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(true);
  const onLottery = pathname === '/lottery';
  return (
    <LoginGuard>
      <div className={sidebar ? 'layout has-sidebar' : 'layout'}>
        {header && (
          <header className="header">
            <HeaderTop
              navToggle={onLottery ? { open: navOpen, toggle: () => setNavOpen((o) => !o) } : null}
            />
            {(!onLottery || navOpen) && <HeaderBottom />}
          </header>
        )}
        <main className="main" id="main">
          <KeepAliveOutlet />
        </main>
        {sidebar && <SideBar />}
        {footer && <LazyFooter.Component />}
        {/* The mini-game widget mounts here. */}
        <div className="mini-game-slot" id="mini-game-slot" />
        <Overlays />
        <ScrollManager />
      </div>
    </LoginGuard>
  );
}
