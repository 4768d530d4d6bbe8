// The red-envelope rain's amounts, recomputed in the browser from the session's seed once it is published
// (issue 33's contract, the server's server/minigames/rain): the seed's SHA-256 was shown before the session,
// so the seed fixes every envelope and the member can check each published grab.
//
// The random stream is the house games' FairRng (server/house/engine/fair.py): blocks
// HMAC-SHA256(key = the seed's text as ASCII, message = ASCII "client_seed:nonce:counter"), counter 0, 1, 2...,
// read as one byte stream; an integer below n takes ceil(bits(n - 1) / 8) bytes big-endian, masked to
// bits(n - 1) bits, and is drawn again while not below n (rejection sampling: no modulo bias).
// The envelopes (client seed "rain:{sessionId}", nonce 0), in minor units: with R left to share among r
// envelopes and the minimum m, the last takes R; any other m + randbelow(hi - m + 1) with
// hi = min(floor(2R / r), R - m(r - 1)). Amounts are BigInt: a budget may pass 2^53 minor units.

const ascii = (text: string) => new TextEncoder().encode(text);

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

// The hex SHA-256 of the seed's text (the hash published before the session).
export async function seedHashOf(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', ascii(seed)));
}

export async function seedMatches(seed: string, published: string): Promise<boolean> {
  return (await seedHashOf(seed)) === published.trim().toLowerCase();
}

// FairRng, byte for byte.
export class FairRng {
  private readonly key: Promise<CryptoKey>;
  private readonly prefix: string;
  private counter = 0;
  private buffer = new Uint8Array(0);

  constructor(serverSeed: string, clientSeed: string, nonce: number) {
    this.key = crypto.subtle.importKey('raw', ascii(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    this.prefix = `${clientSeed}:${nonce}:`;
  }

  private async bytes(count: number): Promise<Uint8Array> {
    while (this.buffer.length < count) {
      const block = new Uint8Array(await crypto.subtle.sign('HMAC', await this.key, ascii(`${this.prefix}${this.counter}`)));
      this.counter += 1;
      const joined = new Uint8Array(this.buffer.length + block.length);
      joined.set(this.buffer);
      joined.set(block, this.buffer.length);
      this.buffer = joined;
    }
    const taken = this.buffer.slice(0, count);
    this.buffer = this.buffer.slice(count);
    return taken;
  }

  // A uniform integer in [0, n).
  async randbelow(n: bigint): Promise<bigint> {
    if (n <= 0n) throw new RangeError('n must be positive');
    if (n === 1n) return 0n;
    const bits = (n - 1n).toString(2).length;
    const size = Math.ceil(bits / 8);
    const mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      const value = BigInt(`0x${hex(await this.bytes(size))}`) & mask;
      if (value < n) return value;
    }
  }
}

export interface RainTerms {
  seed: string;
  sessionId: number;
  budget: bigint; // minor units
  envelopes: number;
  minAmount: bigint; // minor units
}

// Every envelope's amount, in minor units, envelope 0 first.
export async function envelopeAmounts({ seed, sessionId, budget, envelopes, minAmount }: RainTerms): Promise<bigint[]> {
  const rng = new FairRng(seed, `rain:${sessionId}`, 0);
  const out: bigint[] = [];
  let rest = budget;
  for (let k = 0; k < envelopes; k += 1) {
    const r = BigInt(envelopes - k);
    let amount: bigint;
    if (r === 1n) {
      amount = rest;
    } else {
      const double = (2n * rest) / r;
      const room = rest - minAmount * (r - 1n);
      const hi = double < room ? double : room;
      amount = minAmount + (await rng.randbelow(hi - minAmount + 1n));
    }
    out.push(amount);
    rest -= amount;
  }
  return out;
}

export interface PublishedGrab {
  seq: number;
  amount: bigint;
}

export interface RainVerification {
  seed: boolean; // the seed's SHA-256 is the hash published before the session
  amounts: boolean; // every published grab is the amount the seed gives its envelope
  checked: number; // grabs compared
  wrong: number[]; // the seq of each grab that differs (or names no envelope)
  total: bigint; // what the seed shares out: the budget, by construction
}

// The whole check of a closed session: the seed against its hash, then every grab against its envelope.
export async function verifyRain(terms: RainTerms & { seedHash: string; grabs: PublishedGrab[] }): Promise<RainVerification> {
  const seed = await seedMatches(terms.seed, terms.seedHash);
  const amounts = terms.envelopes > 0 && terms.budget >= terms.minAmount * BigInt(terms.envelopes) ? await envelopeAmounts(terms) : [];
  const wrong = terms.grabs.filter((grab) => amounts[grab.seq] !== grab.amount).map((grab) => grab.seq);
  return {
    seed,
    amounts: amounts.length > 0 && wrong.length === 0,
    checked: terms.grabs.length,
    wrong,
    total: amounts.reduce((sum, amount) => sum + amount, 0n),
  };
}

// A wheel's or egg's play (server/minigames/prizes/play.py): FairRng(server seed, client seed, nonce) draws
// below 1,000,000 and the prizes' parts per million, laid end to end in table order, say where it lands.
const PERCENT = /^(0|[1-9]\d{0,2})(?:\.(\d{1,4}))?$/;

export function partsPerMillion(probability: string): number | null {
  const found = PERCENT.exec(probability.trim());
  return found ? Number(found[1]) * 10_000 + Number((found[2] ?? '').padEnd(4, '0')) : null;
}

export async function playOutcome(probabilities: readonly string[], seed: string, clientSeed: string, nonce: number): Promise<number | null> {
  const parts = probabilities.map(partsPerMillion);
  if (parts.some((p) => p === null) || parts.reduce((a, b) => a! + b!, 0) !== 1_000_000) return null;
  const draw = Number(await new FairRng(seed, clientSeed, nonce).randbelow(1_000_000n));
  let edge = 0;
  for (const [index, part] of parts.entries()) {
    edge += part!;
    if (draw < edge) return index;
  }
  return null;
}
