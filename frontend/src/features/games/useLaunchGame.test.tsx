import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../api/client';
import type { Brand } from '../../api/system';
import { alertAtom } from '../../state/alert';
import { accountModalAtom, memberAtom, type MemberInfo } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { playChoiceAtom, transferStepAtom } from '../../state/gameLaunch';
import { store } from '../../state/store';
import type { Vendor } from './api';
import { autoTransferAtom, iframeUrlAtom, launchingAtom } from './atoms';
import { useLaunchGame } from './useLaunchGame';

vi.mock('../../api/client', () => ({ call: vi.fn(), ApiError: class extends Error {} }));
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
const mockedCall = vi.mocked(call);

function Buttons() {
  const { launchGame, launchVendor } = useLaunchGame();
  const vendor = { vassalage: 'SBO', singleGameId: null } as Vendor;
  return (
    <>
      <button type="button" onClick={() => void launchGame({ gameId: 7, nodeId: 3, vassalage: 'HOUSE_RNG' })}>game</button>
      <button type="button" onClick={() => void launchGame({ gameId: 8, nodeId: 3, vassalage: 'REAL', allowsTrial: false })}>
        real money only
      </button>
      <button type="button" onClick={() => void launchVendor(vendor)}>vendor</button>
      <button type="button" onClick={() => void launchGame({
        gameId: 11, nodeId: 1, vassalage: 'HOUSE_LOTT', category: 'LOTT', gameType: 'LOTTERY', gameCode: 'vn-fast-1m',
      })}>lottery</button>
      <button type="button" onClick={() => void launchGame({
        gameId: 12, nodeId: 1, vassalage: 'HOUSE_ELOTT', category: 'ELOTT', gameType: 'LOTTERY',
      })}>lottery without a code</button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    ['/rng', '/game', '/lottery'].map((p) => ({ path: p, element: <Buttons /> })),
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

beforeEach(() => {
  window.sessionStorage.clear();
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(memberAtom, null);
  store.set(alertAtom, null);
  store.set(accountModalAtom, null);
  store.set(iframeUrlAtom, null);
  store.set(playChoiceAtom, null);
  store.set(transferStepAtom, null);
  store.set(autoTransferAtom, false);
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('useLaunchGame', () => {
  it('offers a visitor the login or free play and calls nothing; the game launches once signed in', async () => {
    renderAt('/rng');
    fireEvent.click(screen.getByText('game'));
    expect(mockedCall).not.toHaveBeenCalled();
    const choice = store.get(playChoiceAtom);
    expect(choice?.freePlay).toBe(true);
    expect(store.get(alertAtom)).toBeNull();
    // A game its vendor keeps for real money offers the login only.
    fireEvent.click(screen.getByText('real money only'));
    expect(store.get(playChoiceAtom)?.freePlay).toBe(false);
    // Free play signs a trial account in (the account feature), then the choice's launch opens the game.
    store.set(tokenAtom, 'trial-token');
    mockedCall.mockResolvedValue({ game_url: '/house/slot?t=2', game_url2: '', launchMode: 'GLS', trial: false, autoTransfer: false } as never);
    await act(async () => choice?.launch());
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', expect.objectContaining({
      body: expect.objectContaining({ gameId: 7, confirmTrans: 0 }),
    }));
    expect(store.get(iframeUrlAtom)).toBe('/house/slot?t=2');
  });

  it('offers the transfer first where the game plays from its own wallet, then launches with it confirmed', async () => {
    store.set(tokenAtom, 'tok');
    const offer = { walletCode: 'HOUSE', walletName: 'House games', walletBalance: '0.00', mainBalance: '500.00' };
    mockedCall.mockResolvedValueOnce({ game_url: '', game_url2: '', launchMode: 'GLS', trial: false, autoTransfer: false, transferOffer: offer } as never);
    const router = renderAt('/rng');
    fireEvent.click(screen.getByText('game'));
    await act(async () => undefined);
    const step = store.get(transferStepAtom);
    expect(step?.offer).toEqual(offer);
    expect(store.get(iframeUrlAtom)).toBeNull();
    expect(router.state.location.pathname).toBe('/rng');
    mockedCall.mockResolvedValueOnce({ game_url: '/house/slot?t=3', game_url2: '', launchMode: 'GLS', trial: false, autoTransfer: false } as never);
    await act(async () => step?.launch());
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', expect.objectContaining({
      body: expect.objectContaining({ gameId: 7, confirmTrans: 1 }),
    }));
    expect(router.state.location.pathname).toBe('/game');
  });

  it('remembers that the game wallet was filled automatically, so that leaving the game returns it', async () => {
    store.set(tokenAtom, 'tok');
    mockedCall.mockResolvedValue({ game_url: '/house/slot?t=4', game_url2: '', launchMode: 'GLS', trial: false, autoTransfer: true, movedIn: '500.00' } as never);
    renderAt('/rng');
    fireEvent.click(screen.getByText('game'));
    await act(async () => undefined);
    expect(store.get(autoTransferAtom)).toBe(true);
    expect(window.sessionStorage.getItem('gameAutoTransfer')).toBe('1');
  });

  it('launches with the SPEC payload, keeps the address and goes to /game', async () => {
    store.set(tokenAtom, 'tok');
    store.set(memberAtom, { userName: 'player1' } as MemberInfo);
    let answer: (value: unknown) => void = () => undefined;
    mockedCall.mockImplementation((path) =>
      path === '/wps/game/launchGame' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({ list: [] } as never),
    );
    const router = renderAt('/rng');
    fireEvent.click(screen.getByText('game'));
    await act(async () => undefined);
    expect(store.get(launchingAtom)).toBe(true);
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', {
      method: 'POST',
      body: {
        gameId: 7, nodeId: 3, accountType: 1, confirmTrans: 0, vassalage: 'HOUSE_RNG', launchMode: 'GLS',
        platform: 'html5-desktop', clientType: 3, username: 'player1', token: 'tok', merchantCode: 'demo', language: 'EN',
      },
    });
    await act(async () => answer({ game_url: '', game_url2: 'https://cdn/game?t=1', launchMode: 'GLS', trial: false }));
    expect(store.get(launchingAtom)).toBe(false);
    expect(store.get(iframeUrlAtom)).toBe('https://cdn/game?t=1');
    expect(window.sessionStorage.getItem('iframeUrl')).toBe('https://cdn/game?t=1');
    expect(router.state.location.pathname).toBe('/game');
  });

  it('launches a vendor through its first game and shows a failure as an alert', async () => {
    store.set(tokenAtom, 'tok');
    mockedCall.mockImplementation((path) => {
      if (path === '/wps/relay/GCS_gameList') {
        return Promise.resolve({ games: [{ gameId: 9, nodeId: 4, vassalage: 'SBO' }], pageNum: 1, totalPages: 1, total: 1 } as never);
      }
      return Promise.reject(new Error('GAME_DISABLED'));
    });
    renderAt('/rng');
    fireEvent.click(screen.getByText('vendor'));
    await act(async () => undefined);
    expect(mockedCall).toHaveBeenCalledWith('/wps/relay/GCS_gameList', expect.objectContaining({
      query: expect.objectContaining({ vassalage: 'SBO', pageNo: 1, pageSize: 1 }),
    }));
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', expect.objectContaining({
      body: expect.objectContaining({ gameId: 9, nodeId: 4, vassalage: 'SBO' }),
    }));
    expect(store.get(alertAtom)?.message).toBe('t:errors.NETWORK_ERROR');
    expect(store.get(launchingAtom)).toBe(false);
  });

  it('opens lottery games on /lottery, for visitors too, without an iframe launch', async () => {
    const router = renderAt('/rng');
    fireEvent.click(screen.getByText('lottery'));
    await act(async () => undefined);
    expect(router.state.location.pathname + router.state.location.search).toBe('/lottery?gameCode=vn-fast-1m');
    expect(store.get(alertAtom)).toBeNull();
    // A record without its code opens the lottery lobby.
    fireEvent.click(screen.getByText('lottery without a code'));
    await act(async () => undefined);
    expect(router.state.location.pathname + router.state.location.search).toBe('/lottery');
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('follows a launch address that is the portal lottery page instead of framing it', async () => {
    store.set(tokenAtom, 'tok');
    mockedCall.mockResolvedValue({ game_url: '/lottery?token=t1&lang=EN&game=vn-north&merchant=demo', game_url2: '' } as never);
    const router = renderAt('/rng');
    fireEvent.click(screen.getByText('game'));
    await act(async () => undefined);
    expect(router.state.location.pathname + router.state.location.search).toBe('/lottery?gameCode=vn-north&token=t1');
    expect(store.get(iframeUrlAtom)).toBeNull();
  });
});
