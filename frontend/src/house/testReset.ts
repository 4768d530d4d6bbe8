// What every house screen test undoes after itself: the rendered page, stubbed globals, the session and the
// store's boot, session and history.
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

import { setSessionId } from './api';
import { bootAtom, historyAtom, houseStore, sessionAtom } from './store';

export function resetHouseSession() {
  cleanup();
  vi.unstubAllGlobals();
  setSessionId(null);
  houseStore.set(bootAtom, { phase: 'loading' });
  houseStore.set(sessionAtom, null);
  houseStore.set(historyAtom, []);
}
