import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';

import { launchingAtom } from '../../features/games/atoms';
import { accountModalAtom } from '../../state/account';
import { alertAtom } from '../../state/alert';
import { tokenAtom } from '../../state/atoms';
import { playChoiceAtom, transferStepAtom } from '../../state/gameLaunch';
import { WhenWanted } from './WhenWanted';

// The layout's overlays (account popups and warnings, the launch loader) are closed on a first visit. Each
// is its own chunk, with the animation code, fetched the first time it opens.
const AccountModals = lazy(() => import('./AccountOverlays').then((module) => ({ default: module.AccountOverlays })));
const LaunchLoader = lazy(() =>
  import('../../features/games/components/LaunchLoader').then((module) => ({ default: module.LaunchLoader })),
);
const TransferStep = lazy(() =>
  import('../../features/wallet/components/TransferStep').then((module) => ({ default: module.TransferStep })),
);
// The member and agent centres are a member's only: their host (and its wiring) is fetched with the session,
// which keeps the first page's script from growing with every member overlay.
const MemberOverlays = lazy(() => import('./MemberOverlays').then((module) => ({ default: module.MemberOverlays })));

export function Overlays() {
  const modal = useAtomValue(accountModalAtom);
  const alert = useAtomValue(alertAtom);
  const launching = useAtomValue(launchingAtom);
  const token = useAtomValue(tokenAtom);
  const choice = useAtomValue(playChoiceAtom);
  const transferStep = useAtomValue(transferStepAtom);
  return (
    <>
      <WhenWanted wanted={modal !== null || alert !== null || choice !== null} Overlay={AccountModals} />
      <WhenWanted wanted={launching} Overlay={LaunchLoader} />
      <WhenWanted wanted={transferStep !== null} Overlay={TransferStep} />
      {token && (
        <Suspense fallback={null}>
          <MemberOverlays />
        </Suspense>
      )}
    </>
  );
}
