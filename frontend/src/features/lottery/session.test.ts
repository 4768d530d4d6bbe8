import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, call } from '../../api/client';
import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { lotterySessionAtom } from './atoms';
import { currentSessionId, withSession } from './session';

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);

const game = { gameCode: 'vn-fast-1m', prizeMode: 'Lott' };

beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'CN');
  store.set(tokenAtom, 'portal-token');
  store.set(lotterySessionAtom, null);
  let launches = 0;
  mockedCall.mockImplementation((path) => {
    if (path === '/wps/game/launchGame') {
      launches += 1;
      return Promise.resolve({ game_url: `/lottery?gameCode=vn-fast-1m&token=launch${launches}`, game_url2: '' } as never);
    }
    if (path === '/lgw/session') return Promise.resolve({ sessionId: `session${launches}` } as never);
    return Promise.reject(new Error(path));
  });
});

afterEach(() => mockedCall.mockReset());

describe('lottery session', () => {
  it('launches in LOTT mode, exchanges the token and keeps the session for this login', async () => {
    const run = vi.fn().mockResolvedValue('done');
    expect(await withSession(game, run)).toBe('done');
    expect(run).toHaveBeenCalledWith('session1');
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', {
      method: 'POST',
      body: {
        launchMode: 'LOTT', lottoArea: 'VN', lottoPrizeMode: 'Lott', lottoGameCode: 'vn-fast-1m', lottoView: 'betting',
        device: 'WEB', backUrl: '/lottery', language: 'CN',
      },
    });
    expect(mockedCall).toHaveBeenCalledWith('/lgw/session', { method: 'POST', body: { token: 'launch1', merchant: 'demo' } });
    await withSession(game, run);
    expect(mockedCall.mock.calls.filter(([p]) => p === '/wps/game/launchGame')).toHaveLength(1);
    // Another login does not use this session.
    store.set(tokenAtom, 'other-login');
    expect(currentSessionId()).toBeNull();
  });

  it('launches again once when the session is gone, and gives up after that', async () => {
    const run = vi.fn()
      .mockRejectedValueOnce(new ApiError('HOUSE_SESSION_INVALID', '', 401))
      .mockResolvedValueOnce('retried');
    expect(await withSession(game, run)).toBe('retried');
    expect(run.mock.calls.map(([id]) => id)).toEqual(['session1', 'session2']);

    const failing = vi.fn().mockRejectedValue(new ApiError('HOUSE_SESSION_INVALID', '', 401));
    await expect(withSession(game, failing)).rejects.toMatchObject({ code: 'HOUSE_SESSION_INVALID' });
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('shares one launch between concurrent callers and needs a login', async () => {
    const run = vi.fn().mockResolvedValue(null);
    await Promise.all([withSession(game, run), withSession(game, run)]);
    expect(mockedCall.mock.calls.filter(([p]) => p === '/wps/game/launchGame')).toHaveLength(1);
    store.set(tokenAtom, null);
    await expect(withSession(game, run)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
