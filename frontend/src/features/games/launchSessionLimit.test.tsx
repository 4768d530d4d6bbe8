// A launch refused because the session time limit the member set is reached (SESSION_LIMIT, issue 34) shows
// the limit's dialog (sessionLimitAtom, shown by the member's overlays), as a game closed at the limit does,
// rather than the plain warning; the game is not opened.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { type MemberInfo, memberAtom } from '../../state/account';
import { alertAtom } from '../../state/alert';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { sessionLimitAtom } from '../../state/sessionLimit';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import { iframeUrlAtom, launchingAtom } from './atoms';
import { useLaunchGame } from './useLaunchGame';

function Launch() {
  const { launchGame } = useLaunchGame();
  return <button type="button" onClick={() => void launchGame({ gameId: 7, nodeId: 3, vassalage: 'HOUSE_RNG' })}>play</button>;
}

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(memberAtom, { userName: 'amelia' } as MemberInfo);
  store.set(alertAtom, null);
  store.set(sessionLimitAtom, null);
  store.set(iframeUrlAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a launch after the session time limit', () => {
  it('shows the session limit dialog, not the plain warning, and opens nothing', async () => {
    fakeServer(({ path }) =>
      path === '/wps/game/launchGame' ? { status: 403, errorCode: 'SESSION_LIMIT', value: { endsAt: 1_764_000_000_000 } } : undefined,
    );
    const { router } = renderAt('/rng', <Launch />);
    await act(async () => {
      fireEvent.click(screen.getByText('play'));
    });
    await vi.waitFor(() => expect(store.get(sessionLimitAtom)).toEqual({ endsAt: 1_764_000_000_000 }));
    expect(store.get(alertAtom)).toBeNull();
    expect(store.get(iframeUrlAtom)).toBeNull();
    expect(store.get(launchingAtom)).toBe(false);
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('still warns of other refusals', async () => {
    fakeServer(({ path }) => (path === '/wps/game/launchGame' ? { status: 403, errorCode: 'GAME_DISABLED' } : undefined));
    renderAt('/rng', <Launch />);
    await act(async () => {
      fireEvent.click(screen.getByText('play'));
    });
    await vi.waitFor(() => expect(store.get(alertAtom)).not.toBeNull());
    expect(store.get(sessionLimitAtom)).toBeNull();
  });
});
