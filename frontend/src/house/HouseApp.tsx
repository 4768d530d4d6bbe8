import { AnimatePresence, domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import { Provider, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { useTranslation } from '../i18n/react';
import { BALANCE_REFRESH_MS, refreshBalance } from './balance';
import { bootHouse, launchInfo } from './boot';
import { FairnessPanel } from './components/FairnessPanel';
import { BootFailed, Loader, SessionExpired } from './components/Screens';
import { TopBar } from './components/TopBar';
import { BaccaratGame } from './games/Baccarat';
import { DragonTigerGame } from './games/DragonTiger';
import { FishGame } from './games/Fish';
import { HighCardGame } from './games/HighCard';
import { RouletteGame } from './games/Roulette';
import { SicBoGame } from './games/SicBo';
import { SlotGame } from './games/Slot';
import { VirtualMatchGame } from './games/VirtualMatch';
import { bootAtom, houseStore, sessionAtom } from './store';
import type {
  BaccaratConfig,
  FishConfig,
  HighCardConfig,
  HouseSession,
  MatchConfig,
  SlotConfig,
  TableConfig,
} from './types';

function Game({ session }: { session: HouseSession }) {
  const { t } = useTranslation();
  switch (session.game.type) {
    case 'SLOT':
      return <SlotGame config={session.config as SlotConfig} />;
    case 'BACCARAT':
      return <BaccaratGame config={session.config as BaccaratConfig} />;
    case 'DRAGON_TIGER':
      return <DragonTigerGame config={session.config as TableConfig} />;
    case 'ROULETTE':
      return <RouletteGame config={session.config as TableConfig} />;
    case 'SICBO':
      return <SicBoGame config={session.config as TableConfig} />;
    case 'FISH':
      return <FishGame config={session.config as FishConfig} />;
    case 'HIGHCARD':
      return <HighCardGame config={session.config as HighCardConfig} />;
    case 'FOOTBALL':
    case 'ESPORTS':
      return <VirtualMatchGame config={session.config as MatchConfig} kind={session.game.type} />;
    default:
      return <p className="hs-screen">{t('app.unsupported')}</p>;
  }
}

function Table() {
  const session = useAtomValue(sessionAtom);
  const [fairOpen, setFairOpen] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => void refreshBalance(), BALANCE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (session) document.title = session.game.name;
  }, [session]);
  if (!session) return null;
  return (
    <div className={`hs-app is-${session.game.type.toLowerCase()}`} data-testid="house-app" data-game-type={session.game.type}>
      <TopBar onOpenFairness={() => setFairOpen(true)} />
      <main className="hs-main">
        <Game session={session} />
      </main>
      <AnimatePresence>{fairOpen ? <FairnessPanel onClose={() => setFairOpen(false)} /> : null}</AnimatePresence>
    </div>
  );
}

function Gate() {
  const boot = useAtomValue(bootAtom);
  if (boot.phase === 'loading') return <Loader />;
  if (boot.phase === 'expired') return <SessionExpired />;
  if (boot.phase === 'failed') return <BootFailed code={boot.code} onRetry={() => void bootHouse(launchInfo())} />;
  return <Table />;
}

export function HouseApp() {
  return (
    <Provider store={houseStore}>
      <LazyMotion features={domAnimation} strict>
        {/* Players who ask their system for less motion get the results without the animations. */}
        <MotionConfig reducedMotion="user">
          <Gate />
        </MotionConfig>
      </LazyMotion>
    </Provider>
  );
}
