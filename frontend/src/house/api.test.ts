import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  balanceOf,
  getBaccaratRound,
  getBalance,
  HouseApiError,
  openSession,
  placeBaccaratBet,
  setClientSeed,
  setSessionGoneHandler,
  setSessionId,
  spinSlot,
} from './api';

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const SESSION = {
  sessionId: 'sess-1',
  game: { code: 'slot-golden-dragon', type: 'SLOT', name: 'Golden Dragon' },
  player: { nickname: 'amy', currency: 'PHP', demo: false },
  merchant: 'demo',
  balance: '100.00',
  fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'c1', nonce: 0 },
  config: { lines: 20, lineBets: ['0.05'], rows: 3, reels: 5, symbols: [], paylines: [], paytable: {} },
};

describe('house api', () => {
  beforeEach(() => setSessionId(null));
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionGoneHandler(null);
  });

  it('opens the session with the launch token, then sends X-House-Session on every call', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(200, { success: true, value: SESSION }))
      .mockResolvedValueOnce(answer(200, { success: true, value: { balance: '99.00' } }));
    vi.stubGlobal('fetch', fetch);

    const session = await openSession('launch-tok', 'demo');
    expect(session.sessionId).toBe('sess-1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/house/api/session');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ token: 'launch-tok', merchant: 'demo' });
    expect(init.headers).not.toHaveProperty('X-House-Session');

    await expect(getBalance()).resolves.toEqual({ balance: '99.00' });
    const [balanceUrl, balanceInit] = fetch.mock.calls[1]!;
    expect(balanceUrl).toBe('/house/api/balance');
    expect(balanceInit.method).toBe('GET');
    expect(balanceInit.headers).toMatchObject({ 'X-House-Session': 'sess-1' });
    expect(balanceInit.body).toBeUndefined();
  });

  it('posts the typed bodies of the contract', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(answer(200, { success: true, value: {} })));
    vi.stubGlobal('fetch', fetch);
    setSessionId('s');
    await spinSlot('0.50');
    await placeBaccaratBet(42, 'BANKER', '5.00');
    await setClientSeed('lucky');
    await getBaccaratRound(41);
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method, init.body && JSON.parse(init.body)])).toEqual([
      ['/house/api/round', 'POST', { lineBet: '0.50' }],
      ['/house/api/baccarat/bet', 'POST', { roundNo: 42, betOn: 'BANKER', stake: '5.00' }],
      ['/house/api/clientSeed', 'POST', { clientSeed: 'lucky' }],
      ['/house/api/baccarat/round/41', 'GET', undefined],
    ]);
  });

  it('turns a failure envelope into a HouseApiError carrying errorCode, status and value', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        answer(422, { success: false, errorCode: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', value: { balance: '0.40' } }),
      ),
    );
    setSessionId('s');
    const error = await spinSlot('1.00').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HouseApiError);
    expect(error).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', status: 422, message: 'Insufficient balance' });
    expect(balanceOf(error)).toBe('0.40');
  });

  it('reports a used launch token and an expired session to the session-gone handler', async () => {
    const gone = vi.fn();
    setSessionGoneHandler(gone);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(401, { success: false, errorCode: 'LAUNCH_TOKEN_INVALID', message: 'expired' })),
    );
    await expect(openSession('used', 'demo')).rejects.toMatchObject({ errorCode: 'LAUNCH_TOKEN_INVALID', status: 401 });
    expect(gone).toHaveBeenCalledWith('LAUNCH_TOKEN_INVALID');

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(409, { success: false, errorCode: 'BETTING_CLOSED', message: 'closed' })),
    );
    await expect(placeBaccaratBet(1, 'TIE', '1.00')).rejects.toMatchObject({ errorCode: 'BETTING_CLOSED', status: 409 });
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('reports an answer that is not the envelope, and a dead network, with stable codes', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(getBalance()).rejects.toMatchObject({ errorCode: 'NETWORK_ERROR', status: 502 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 503 })));
    await expect(getBalance()).rejects.toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', status: 503 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getBalance()).rejects.toMatchObject({ errorCode: 'NETWORK_ERROR', status: 0 });
  });

  it('falls back to a code from the status when the envelope carries none', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(429, { success: false, message: 'slow down' })));
    await expect(getBalance()).rejects.toMatchObject({ errorCode: 'TOO_MANY_REQUEST', status: 429 });
  });
});
