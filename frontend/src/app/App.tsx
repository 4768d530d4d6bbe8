import { domAnimation, LazyMotion } from 'framer-motion';
import { Provider, useAtomValue } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { MaintenancePage, RegionRestrictedPage } from '../features/system/BlockingPages';
import { SERVICE_PATH } from '../features/system/customerService';
import { ServicePage } from '../features/system/ServicePage';
import { bootAtom, statusAtom } from '../state/atoms';
import { store } from '../state/store';
import { BootError, Splash } from './BootScreens';
import { createRouter } from './routes';

// System status decides what the visitor sees: the app (0), maintenance (1) or region restriction (2).
function StatusGate() {
  const boot = useAtomValue(bootAtom);
  const status = useAtomValue(statusAtom);
  const [router] = useState(createRouter);
  if (boot.phase === 'loading') return <Splash />;
  if (boot.phase === 'failed') return <BootError code={boot.code} />;
  // Opened in its own window by the service entries; reachable in maintenance and under a region block.
  if (window.location.pathname === SERVICE_PATH) return <ServicePage />;
  if (status?.status === 1) return <MaintenancePage />;
  if (status?.status === 2) return <RegionRestrictedPage />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <Provider store={store}>
      <LazyMotion features={domAnimation} strict>
        <StatusGate />
      </LazyMotion>
    </Provider>
  );
}
