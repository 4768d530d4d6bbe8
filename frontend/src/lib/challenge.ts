// The built-in human verification: the server hands out a salt and a difficulty, and the browser finds a
// nonce whose SHA-256 of `${salt}:${nonce}` starts with that many zero bits. The hash is computed here in
// plain TypeScript: WebCrypto's digest costs a promise round trip per attempt, which makes a search of a
// few ten thousand hashes take seconds, while a synchronous single-block SHA-256 does it in milliseconds.
import { call } from '../api/client';

export interface HumanChallenge {
  challengeId: string;
  algorithm: string;
  salt: string;
  difficulty: number;
  expiresAt: string;
}

export interface ChallengeSolution {
  challengeId: string;
  nonce: number;
}

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

// Reused between calls: the search hashes tens of thousands of short strings and allocation would dominate.
const schedule = new Int32Array(64);
const state = new Int32Array(8);

function compress(block: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const at = offset + i * 4;
    w[i] = (block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
    const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!;
  let e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = state[0]! + a;
  state[1] = state[1]! + b;
  state[2] = state[2]! + c;
  state[3] = state[3]! + d;
  state[4] = state[4]! + e;
  state[5] = state[5]! + f;
  state[6] = state[6]! + g;
  state[7] = state[7]! + h;
}

/** SHA-256 (FIPS 180-4) of any byte string. */
export function sha256(data: Uint8Array): Uint8Array {
  const blocks = Math.ceil((data.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const bits = data.length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);
  state.set(INITIAL);
  for (let offset = 0; offset < padded.length; offset += 64) compress(padded, offset);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = word >>> 16;
    out[i * 4 + 2] = word >>> 8;
    out[i * 4 + 3] = word;
  }
  return out;
}

export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

// Long searches give the page a chance to paint and handle input this often.
const YIELD_EVERY_MS = 30;
const encoder = new TextEncoder();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The smallest nonce whose hash has `difficulty` leading zero bits. */
export async function solve(salt: string, difficulty: number, signal?: AbortSignal): Promise<number> {
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > 32) {
    throw new RangeError(`unsupported difficulty ${difficulty}`);
  }
  let lastYield = Date.now();
  for (let nonce = 0; nonce <= Number.MAX_SAFE_INTEGER; nonce++) {
    if (leadingZeroBits(sha256(encoder.encode(`${salt}:${nonce}`))) >= difficulty) return nonce;
    if ((nonce & 1023) === 1023 && Date.now() - lastYield > YIELD_EVERY_MS) {
      await nextTask();
      signal?.throwIfAborted();
      lastYield = Date.now();
    }
  }
  throw new Error('no nonce found');
}

/** Fetch a challenge and solve it: the result goes in the `challenge` field of the protected call. */
export async function solveChallenge(signal?: AbortSignal): Promise<ChallengeSolution> {
  const challenge = await call<HumanChallenge>('/wps/verification/challenge', { signal });
  if (challenge.algorithm !== 'SHA-256') throw new Error(`unsupported algorithm ${challenge.algorithm}`);
  const nonce = await solve(challenge.salt, challenge.difficulty, signal);
  return { challengeId: challenge.challengeId, nonce };
}
