// The wagering a member still owes on the bonuses it received (issue 31): the wallet's bonus details show
// it, and so do the promotions' screens, so the call lives here rather than in either feature. The shapes
// are written out by hand until api/schema.d.ts is generated again from the server's OpenAPI document
// (server/promotions/schemas.py: LockOut, WageringOut).
import { call } from './client';

export interface WageringLock {
  id: number;
  // Where the bonus came from: "promotion:12".
  source: string;
  // The bonus, the turnover it requires, what is counted so far and what is left (decimal strings).
  amount: string;
  requirement: string;
  wagered: string;
  remaining: string;
  // The largest stake allowed while it is open; null: any.
  maxStake: string | null;
  status: 'OPEN' | 'MET' | 'FORFEITED';
  // What went back to the promotion when it expired unmet.
  forfeited: string;
  // Milliseconds since 1970.
  createdAt: number;
  expiresAt: number;
}

export interface Wagering {
  // The turnover still owed before money can leave the wallet.
  outstanding: string;
  locks: WageringLock[];
}

export const fetchWagering = (signal?: AbortSignal) => call<Wagering>('/wps/member/bonus/wagering', { signal });
