import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, call, setRequestContext } from './client';

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the headers every call carries and unwraps the value', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { success: true, value: { status: 0 } }));
    vi.stubGlobal('fetch', fetch);
    setRequestContext(() => ({ merchant: 'demo', token: 'tok', language: 'CN' }));
    const value = await call('/wps/system/status', { query: { url: 'http://x/', skip: undefined }, moduleId: 'VIP3' });
    expect(value).toEqual({ status: 0 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/wps/system/status?url=http%3A%2F%2Fx%2F');
    expect(init.headers).toMatchObject({ Merchant: 'demo', Authorization: 'tok', Language: 'CN', ModuleId: 'VIP3' });
  });

  it('leaves the merchant out before the brand is known', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { success: true, value: null }));
    vi.stubGlobal('fetch', fetch);
    setRequestContext(() => ({ merchant: 'demo', token: null, language: 'EN' }));
    await call('/wps/system/domainRoute', { withoutMerchant: true });
    expect(fetch.mock.calls[0]![1].headers).not.toHaveProperty('Merchant');
    expect(fetch.mock.calls[0]![1].headers).not.toHaveProperty('Authorization');
  });

  it('turns a failure envelope into an ApiError with its stable code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        answer(403, { success: false, value: { modId: 'FREEPLAY3' }, message: 'off', errorCode: 'MODULE_DISABLED' }),
      ),
    );
    const error = await call('/wps/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'MODULE_DISABLED', status: 403, value: { modId: 'FREEPLAY3' } });
  });

  it('reports an answer that is not the envelope, and a dead network, as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(call('/wps/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 502 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call('/wps/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
