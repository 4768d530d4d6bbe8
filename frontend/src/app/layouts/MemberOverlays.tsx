import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';

import { agentCentreAtom } from '../../state/agentCentre';
import { memberCentreAtom } from '../../state/memberCentre';
import { WhenWanted } from './WhenWanted';

// The member centre and the agent centre (SPEC §2.3, §2.4), each its own chunk fetched the first time it
// opens. Only a logged-in member opens either, so this host is not on a visitor's first page: Overlays
// fetches it once there is a session, as the header fetches the member panel. Player protection's watch over
// the games a member plays (PlayProtection, its own chunk) lives here too, for the same reason.
const MemberCentre = lazy(() => import('../memberCentre/MemberCentre').then((module) => ({ default: module.MemberCentre })));
const AgentCentre = lazy(() => import('../agentCentre/AgentCentre').then((module) => ({ default: module.AgentCentre })));
const PlayProtection = lazy(() => import('./PlayProtection').then((module) => ({ default: module.PlayProtection })));

export function MemberOverlays() {
  const memberPage = useAtomValue(memberCentreAtom);
  const agentPage = useAtomValue(agentCentreAtom);
  return (
    <>
      <WhenWanted wanted={memberPage !== null} Overlay={MemberCentre} />
      <WhenWanted wanted={agentPage !== null} Overlay={AgentCentre} />
      <Suspense fallback={null}>
        <PlayProtection />
      </Suspense>
    </>
  );
}
