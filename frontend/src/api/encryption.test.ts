import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, call, setRequestContext } from './client';
import { type EncryptedPayload, encryptBody, forgetPublicKey, getPublicKey, type PublicKey } from './encryption';

const subtle = globalThis.crypto.subtle;

function bytes(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function base64(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)));
}

let pair: CryptoKeyPair;
let served: PublicKey;

beforeAll(async () => {
  pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  served = { kid: 'kid-1', publicKey: base64(await subtle.exportKey('spki', pair.publicKey)) };
});

// What the server does: unwrap the AES key with the private key, then open the AES-GCM box.
async function open(payload: EncryptedPayload, privateKey: CryptoKey = pair.privateKey): Promise<unknown> {
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes(payload.key));
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plaintext = await subtle.decrypt({ name: 'AES-GCM', iv: bytes(payload.iv) }, aes, bytes(payload.data));
  return JSON.parse(new TextDecoder().decode(plaintext));
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('encryptBody', () => {
  it('seals {ts, body} for the private key, in the v1 envelope', async () => {
    const body = { username: 'alice', password: 'pässwörd', remember: true };
    const before = Date.now();
    const payload = await encryptBody(body, served);
    expect(payload).toMatchObject({ enc: 'v1', kid: 'kid-1' });
    expect(Object.keys(payload).sort()).toEqual(['data', 'enc', 'iv', 'key', 'kid']);
    expect(bytes(payload.iv)).toHaveLength(12);
    expect(bytes(payload.key)).toHaveLength(256);
    // The ciphertext is the JSON plus the 16-byte GCM tag.
    const opened = (await open(payload)) as { ts: number; body: unknown };
    expect(opened.body).toEqual(body);
    expect(opened.ts).toBeGreaterThanOrEqual(before);
    expect(opened.ts).toBeLessThanOrEqual(Date.now());
    expect(Object.keys(opened).sort()).toEqual(['body', 'ts']);
  });

  it('never produces the same payload twice', async () => {
    const [one, two] = await Promise.all([encryptBody({ a: 1 }, served), encryptBody({ a: 1 }, served)]);
    expect(one!.key).not.toBe(two!.key);
    expect(one!.iv).not.toBe(two!.iv);
    expect(one!.data).not.toBe(two!.data);
  });
});

describe('getPublicKey and encrypted calls', () => {
  const posted: EncryptedPayload[] = [];
  let keyFetches = 0;
  // Each POST answers the next of these; the key call answers `served`.
  let postAnswers: Array<() => Response> = [];

  beforeEach(() => {
    forgetPublicKey();
    posted.length = 0;
    keyFetches = 0;
    postAnswers = [];
    setRequestContext(() => ({ merchant: 'demo', token: null, language: 'EN' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/wps/system/publicKey') {
          keyFetches += 1;
          return answer(200, { success: true, value: { ...served, algorithm: 'RSA-OAEP-256+A256GCM' } });
        }
        posted.push(JSON.parse(init.body as string) as EncryptedPayload);
        const next = postAnswers.shift();
        return next ? next() : answer(200, { success: true, value: 'ok' });
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  const decryptionFailed = () =>
    answer(400, { success: false, value: null, message: 'no', errorCode: 'DECRYPTION_FAILED' });

  it('fetches the key once and keeps it', async () => {
    const [one, two] = await Promise.all([getPublicKey(), getPublicKey()]);
    expect(one).toMatchObject(served);
    expect(two).toBe(one);
    await getPublicKey();
    expect(keyFetches).toBe(1);
  });

  it('drops a failed key fetch so that the next call tries again', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getPublicKey()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { success: true, value: served })));
    await expect(getPublicKey()).resolves.toMatchObject(served);
  });

  it('sends an encrypted body when asked to', async () => {
    const body = { username: 'alice', password: 'secret1' };
    const value = await call('/wps/session/login', { method: 'POST', body, encrypted: true });
    expect(value).toBe('ok');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ enc: 'v1', kid: 'kid-1' });
    expect(JSON.stringify(posted[0])).not.toContain('secret1');
    expect(await open(posted[0]!)).toMatchObject({ body });
    // Plain calls are untouched.
    await call('/wps/x', { method: 'POST', body });
    expect(posted[1]).toEqual(body);
  });

  it('refetches the key and retries once after DECRYPTION_FAILED', async () => {
    postAnswers = [decryptionFailed];
    const value = await call('/wps/session/login', { method: 'POST', body: { a: 1 }, encrypted: true });
    expect(value).toBe('ok');
    expect(keyFetches).toBe(2);
    expect(posted).toHaveLength(2);
    expect(posted[0]!.data).not.toBe(posted[1]!.data);
  });

  it('gives up after the one retry, and does not retry other failures', async () => {
    postAnswers = [decryptionFailed, decryptionFailed];
    const error = await call('/wps/session/login', { method: 'POST', body: {}, encrypted: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'DECRYPTION_FAILED', status: 400 });
    expect(posted).toHaveLength(2);

    posted.length = 0;
    postAnswers = [() => answer(401, { success: false, value: null, message: 'x', errorCode: 'INVALID_CREDENTIALS' })];
    await expect(
      call('/wps/session/login', { method: 'POST', body: {}, encrypted: true }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(posted).toHaveLength(1);
  });
});
