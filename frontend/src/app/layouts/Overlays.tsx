import { useAtomValue } from 'jotai';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useState } from 'react';

import { launchingAtom } from '../../features/games/atoms';
import { accountModalAtom } from '../../state/account';
import { alertAtom } from '../../state/alert';
import { memberCentreAtom } from '../../state/memberCentre';

// The layout's overlays (account popups and warnings, the launch loader, the member centre) are closed on
// a first visit. Each is its own chunk, with the animation code, fetched the first time it opens.
const AccountModals = lazy(() =>
  import('../../features/account/components/AccountModals').then((module) => ({ default: module.AccountModals })),
);
const LaunchLoader = lazy(() =>
  import('../../features/games/components/LaunchLoader').then((module) => ({ default: module.LaunchLoader })),
);
const MemberCentre = lazy(() => import('../memberCentre/MemberCentre').then((module) => ({ default: module.MemberCentre })));

// Mounted from the first time it is wanted, and kept: a closing overlay plays its exit, a reopened one
// keeps what was typed into it.
function WhenWanted({ wanted, Overlay }: { wanted: boolean; Overlay: LazyExoticComponent<ComponentType> }) {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  if (!seen && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay />
    </Suspense>
  );
}

export function Overlays() {
  const modal = useAtomValue(accountModalAtom);
  const alert = useAtomValue(alertAtom);
  const launching = useAtomValue(launchingAtom);
  const memberPage = useAtomValue(memberCentreAtom);
  return (
    <>
      <WhenWanted wanted={modal !== null || alert !== null} Overlay={AccountModals} />
      <WhenWanted wanted={launching} Overlay={LaunchLoader} />
      <WhenWanted wanted={memberPage !== null} Overlay={MemberCentre} />
    </>
  );
}
