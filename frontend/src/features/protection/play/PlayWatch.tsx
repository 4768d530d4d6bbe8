import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';

import { isTrialAtom } from '../../../state/account';
import { tokenAtom } from '../../../state/atoms';
import { sessionLimitAtom } from '../../../state/sessionLimit';

// Their own chunk, fetched when a game opens or the session limit is reached: the member's overlays carry
// only this trigger.
const PlayGuard = lazy(() => import('./PlayGuard').then((module) => ({ default: module.PlayGuard })));
const SessionLimitDialog = lazy(() => import('./PlayGuard').then((module) => ({ default: module.SessionLimitDialog })));

export interface PlayWatchProps {
  // A game is open on this page (the app knows where games run).
  playing: boolean;
  // Closes the game view and takes the player home.
  onLeave: () => void;
}

// Player protection while playing (issue 34): the reality check and the session time limit run while a real
// member (not a trial account, which plays with play money) has a game open; the session limit's dialog shows
// wherever the member is, once it is reached.
export function PlayWatch({ playing, onLeave }: PlayWatchProps) {
  const token = useAtomValue(tokenAtom);
  const trial = useAtomValue(isTrialAtom);
  const limitReached = useAtomValue(sessionLimitAtom) !== null;
  const guarded = playing && Boolean(token) && !trial;
  if (!guarded && !limitReached) return null;
  return (
    <Suspense fallback={null}>
      {guarded && !limitReached && <PlayGuard key={token} onLeave={onLeave} />}
      {limitReached && <SessionLimitDialog />}
    </Suspense>
  );
}
