// The raffle (issue 31, server/promotions/raffle.py): the promotion detail's `raffle` box and the check any
// player can make of the draw in their browser.
//
// The draw (the server's DRAW_RULE, repeated here): each member's tickets are numbered in one sequence,
// members by ascending id, from 0 (the published ranges). For each prize rank r = 0, 1, ... the tickets of
// the members who have not won yet are renumbered 0..T-1 in the same order; for n = 0, 1, 2, ... the value
// v = HMAC-SHA256(key = the seed's 32 bytes, message = ASCII "r:n") read as a big-endian integer is kept
// when it is below floor(2^256 / T) * T (else the next n is tried), and the ticket at position v mod T wins
// rank r; a member wins at most once. The commitment is the hex SHA-256 of the seed's hex text.
// Amounts are decimal strings, times milliseconds since 1970 (as api.ts).
import type { PromotionDetail } from './api';

export interface RaffleRange {
  name: string; // the member's masked username
  first: number;
  count: number;
}

export interface RaffleWinner {
  rank: number; // 0: the first prize
  name: string;
  ticket: number; // its number in the ranges
  prize: string;
}

export interface Raffle {
  commitment: string;
  drawAt: number;
  drawn: boolean;
  seed: string | null; // null until drawn
  tickets: number | null; // every member's, once drawn
  myTickets: number | null; // null for visitors; live until the draw
  ranges: RaffleRange[];
  winners: RaffleWinner[];
}

// A raffle's terms (params): tickets per `ticketEvery` of deposits or turnover, at most maxTickets each
// (null: no limit), the prizes by rank, and the days a winner has to claim.
export interface RaffleTerms {
  ticketBy?: 'DEPOSIT' | 'TURNOVER' | null;
  ticketEvery?: string | null;
  maxTickets?: number | null;
  prizes?: string[] | null;
}

export type RaffleDetail = PromotionDetail & { raffle?: Raffle | null; params: PromotionDetail['params'] & RaffleTerms };

const SPACE = 1n << 256n;

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(text.length / 2));
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const ascii = (text: string) => new TextEncoder().encode(text);

export const SEED_PATTERN = /^[0-9a-f]{64}$/;

// The hex SHA-256 of the seed's hex text.
export async function commitmentOf(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', ascii(seed)));
}

export interface DrawnWinner {
  rank: number;
  range: number; // the winner's index in the ranges
  ticket: number;
}

// The winners the seed gives from the ranges, one per prize while tickets remain (the server's draw).
export async function redraw(seed: string, ranges: Pick<RaffleRange, 'first' | 'count'>[], prizes: number): Promise<DrawnWinner[]> {
  const key = await crypto.subtle.importKey('raw', bytesOf(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const remaining = ranges.map((range, index) => ({ ...range, index }));
  const winners: DrawnWinner[] = [];
  for (let rank = 0; rank < prizes; rank += 1) {
    const total = BigInt(remaining.reduce((sum, r) => sum + r.count, 0));
    if (total === 0n) break;
    const limit = (SPACE / total) * total;
    let value = SPACE;
    for (let n = 0; value >= limit; n += 1) {
      value = BigInt(`0x${hex(await crypto.subtle.sign('HMAC', key, ascii(`${rank}:${n}`)))}`);
    }
    let at = Number(value % total);
    const found = remaining.findIndex((r) => {
      if (at < r.count) return true;
      at -= r.count;
      return false;
    });
    const winner = remaining[found]!;
    winners.push({ rank, range: winner.index, ticket: winner.first + at });
    remaining.splice(found, 1);
  }
  return winners;
}

export interface Verification {
  commitment: boolean; // SHA-256 of the seed is the commitment published before the draw
  winners: boolean; // the ranges are whole and the draw repeated gives the published winners
}

// The ranges are one sequence from 0 (each starting where the one before ended) and add up to the total.
function rangesWhole(raffle: Raffle): boolean {
  let next = 0;
  for (const range of raffle.ranges) {
    if (range.first !== next || range.count <= 0) return false;
    next += range.count;
  }
  return raffle.tickets === null || raffle.tickets === next;
}

// The whole check of a drawn raffle.
export async function verify(raffle: Raffle, prizes: number): Promise<Verification> {
  const seed = raffle.seed ?? '';
  if (!SEED_PATTERN.test(seed)) return { commitment: false, winners: false };
  const commitment = (await commitmentOf(seed)) === raffle.commitment.toLowerCase();
  if (!rangesWhole(raffle)) return { commitment, winners: false };
  const drawn = await redraw(seed, raffle.ranges, prizes);
  const winners =
    drawn.length === raffle.winners.length &&
    drawn.every((w, i) => {
      const shown = raffle.winners[i]!;
      return shown.rank === w.rank && shown.ticket === w.ticket && shown.name === raffle.ranges[w.range]!.name;
    });
  return { commitment, winners };
}
