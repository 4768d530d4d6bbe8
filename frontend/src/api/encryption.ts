// Encrypted request bodies for the calls SPEC marks E (login, register, passwords): a fresh AES-256-GCM key
// seals {ts, body}, and the server's RSA-OAEP (SHA-256) public key wraps that AES key. WebCrypto only.
// The key is fetched through the transport, not the client: the client imports this module.
import { send } from './transport';

export interface PublicKey {
  kid: string;
  publicKey: string; // base64 of the DER SubjectPublicKeyInfo
}

export interface EncryptedPayload {
  enc: 'v1';
  kid: string;
  key: string;
  iv: string;
  data: string;
}

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  // In slices: spreading a long array into one call can overflow the argument limit.
  for (let start = 0; start < view.length; start += 0x8000) {
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encryptBody(body: unknown, key: PublicKey): Promise<EncryptedPayload> {
  const subtle = globalThis.crypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    fromBase64(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  // ts lets the server refuse a captured body replayed more than a few minutes later.
  const plaintext = new TextEncoder().encode(JSON.stringify({ ts: Date.now(), body }));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plaintext);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  return { enc: 'v1', kid: key.kid, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) };
}

// One fetch for the whole page life; a failed fetch is not kept, so the next call tries again.
let publicKey: Promise<PublicKey> | null = null;

export function getPublicKey(): Promise<PublicKey> {
  if (!publicKey) {
    const pending = send<PublicKey>('/wps/system/publicKey', {});
    publicKey = pending;
    pending.catch(() => {
      if (publicKey === pending) publicKey = null;
    });
  }
  return publicKey;
}

// After DECRYPTION_FAILED: the key may have been rotated, so the next getPublicKey asks again.
export function forgetPublicKey(): void {
  publicKey = null;
}
