import { useState } from 'react';
import { useLocation } from 'react-router';

import { KeepAliveOutlet } from '../KeepAliveOutlet';
import { LoginGuard } from '../LoginGuard';
import { ScrollManager } from '../ScrollManager';
import { Footer } from './Footer';
import { HeaderBottom } from './HeaderBottom';
import { HeaderTop } from './HeaderTop';
import { Overlays } from './Overlays';
import { SideBar } from './SideBar';

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
        {footer && <Footer />}
        {/* The mini-game widget mounts here. */}
        <div className="mini-game-slot" id="mini-game-slot" />
        <Overlays />
        <ScrollManager />
      </div>
    </LoginGuard>
  );
}
