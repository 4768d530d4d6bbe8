import { Provider, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';

import { SERVICE_PATH } from '../features/system/customerService';
import { DocumentTitle } from '../features/system/DocumentTitle';
import { bootAtom, statusAtom } from '../state/atoms';
import { store } from '../state/store';
import { BootError, Splash } from './BootScreens';
import { AppRoutes, routeTitleKey } from './routes';

// Pages a visitor rarely sees: each loads only when shown, so the first page carries none of them.
const ServicePage = lazy(() =>
  import('../features/system/ServicePage').then((module) => ({ default: module.ServicePage })),
);
const MaintenancePage = lazy(() =>
  import('../features/system/BlockingPages').then((module) => ({ default: module.MaintenancePage })),
);
const RegionRestrictedPage = lazy(() =>
  import('../features/system/BlockingPages').then((module) => ({ default: module.RegionRestrictedPage })),
);

// Each page outside the router names itself in the tab while its code loads.
function Lazily({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  return (
    <>
      <DocumentTitle titleKey={titleKey} />
      <Suspense fallback={<Splash />}>{children}</Suspense>
    </>
  );
}

// The tab names the page at this address (its route's title key) and the brand.
export function RouteTitle() {
  const { pathname } = useLocation();
  return <DocumentTitle titleKey={routeTitleKey(pathname)} />;
}

// System status decides what the visitor sees: the app (0), maintenance (1) or region restriction (2).
function StatusGate() {
  const boot = useAtomValue(bootAtom);
  const status = useAtomValue(statusAtom);
  if (boot.phase === 'loading') return <Splash />;
  if (boot.phase === 'failed') return <BootError code={boot.code} />;
  // Opened in its own window by the service entries; reachable in maintenance and under a region block.
  if (window.location.pathname === SERVICE_PATH) return <Lazily titleKey="service.title"><ServicePage /></Lazily>;
  if (status?.status === 1) return <Lazily titleKey="blocking.maintenanceTitle"><MaintenancePage /></Lazily>;
  if (status?.status === 2) return <Lazily titleKey="blocking.regionTitle"><RegionRestrictedPage /></Lazily>;
  return (
    <BrowserRouter>
      <RouteTitle />
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <StatusGate />
    </Provider>
  );
}
