// Notices as they change: the console publishes, changes or withdraws a notice, banner, popup or announcement
// and the server pushes notices:changed to the merchant's room; every open page that shows notices reads
// them again (HomeNotices, the announcement list), by following noticesVersionAtom, which the socket bumps.
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { EVENTS } from '../../realtime/events';
import { onEvent } from '../../realtime/socket';
import { socketStateAtom } from '../../state/atoms';
import { store } from '../../state/store';

// Bumped once per change (or burst of changes) the page has heard of.
export const noticesVersionAtom = atom(0);

// A change reaches every open page of the merchant at once: each reads again at a random moment within this
// spread, so that the server does not take all of them in the same instant.
export const REFETCH_SPREAD_MS = 2000;

let timer: ReturnType<typeof setTimeout> | null = null;

function readAgainSoon(): void {
  if (timer !== null) return; // one read answers every change pushed meanwhile
  timer = setTimeout(() => {
    timer = null;
    store.set(noticesVersionAtom, (version) => version + 1);
  }, Math.random() * REFETCH_SPREAD_MS);
}

let watching = false;

// Idempotent: the first page showing notices starts it, and it runs for the page's life. A socket that comes
// back after being cut off reads again too: a change may have been pushed while it was away.
export function watchNotices(): void {
  if (watching) return;
  watching = true;
  onEvent(EVENTS.noticesChanged, readAgainSoon);
  let cutOff = false;
  store.sub(socketStateAtom, () => {
    const state = store.get(socketStateAtom);
    if (state === 'offline') cutOff = true;
    if (state === 'online' && cutOff) {
      cutOff = false;
      readAgainSoon();
    }
  });
}

// For a component's fetch effect: a dependency that changes when the merchant's notices did.
export function useNoticesVersion(): number {
  useEffect(watchNotices, []);
  return useAtomValue(noticesVersionAtom);
}
