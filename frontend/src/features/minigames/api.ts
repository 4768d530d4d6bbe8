// The mini-games' portal calls (issue 33): the red-envelope rain, the lucky wheel and the golden egg. The
// wire shapes are the contract (server/minigames/*), written out here until api/schema.d.ts is
// generated again from the server's OpenAPI document. Money is a decimal string, times milliseconds since
// 1970, probabilities decimal strings of percent ("12.5" = 12.5 %).
import { call } from '../../api/client';

// The push of a rain session's state (realtime/events.ts MiniGamesStateEvent); named here, its one listener.
export const MINIGAMES_STATE = 'minigames:state';

export type RainState = 'SCHEDULED' | 'OPEN' | 'CLOSED';

export interface RainSession {
  id: number; // the session's id (the calls' sessionId)
  rainId: number;
  name: string;
  state: RainState;
  startsAt: number;
  endsAt: number;
  envelopes: number;
  left: number;
  budget: string;
  minAmount: string;
  seedHash: string;
  seed: string | null; // null until CLOSED
  myGrabs: number | null; // null for visitors
  myLimit: number | null;
  myWon: string | null;
}

export interface RainGrab {
  seq: number;
  account: string; // masked
  amount: string;
  at: number;
}

export type RainDetail = RainSession & { rule: string; grabs: RainGrab[] };

export interface GrabResult {
  seq: number;
  amount: string;
  left: number;
  myGrabs: number;
  myLimit: number;
}

export type GameKind = 'WHEEL' | 'EGG';
export type PrizeKind = 'MONEY' | 'POINTS' | 'TICKETS' | 'NOTHING';

export interface Prize {
  index: number;
  kind: PrizeKind;
  amount: string | null;
  value: number | null;
  wagerMultiple: number;
  label: string;
  probability: string;
}

export interface PrizeGame {
  id: number;
  kind: GameKind;
  name: string;
  prizes: Prize[];
  expectedCost: string;
  earn: { perDeposit: string | null; perTurnover: string | null; perCheckin: number };
  playsEarned: number | null; // null for visitors
  playsUsed: number | null;
  playsLeft: number | null;
  checkedInToday: boolean | null;
  seedHash: string | null; // null for visitors
  clientSeed: string | null;
  nonce: number | null; // the next play's
}

export interface MiniGames {
  rains: RainSession[];
  games: PrizeGame[];
}

export interface PlayResult {
  playId: number;
  prizeIndex: number;
  prize: Prize;
  nonce: number;
  seedHash: string;
  playsLeft: number;
}

export interface SeedReveal {
  previousSeed: string;
  previousSeedHash: string;
  seedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface CheckIn {
  day: string; // YYYY-MM-DD
  checkedIn: true;
}

export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

type Signal = AbortSignal | undefined;

export const miniGamesApi = {
  list: (signal?: Signal) => call<MiniGames>('/wps/minigames', { signal }),
  rain: (sessionId: number, signal?: Signal) => call<RainDetail>(`/wps/minigames/rains/${sessionId}`, { signal }),
  grab: (sessionId: number) => call<GrabResult>(`/wps/minigames/rains/${sessionId}/grab`, { method: 'POST', body: {} }),
  play: (gameId: number, clientSeed?: string) =>
    call<PlayResult>(`/wps/minigames/games/${gameId}/play`, { method: 'POST', body: clientSeed ? { clientSeed } : {} }),
  seed: (gameId: number) => call<SeedReveal>(`/wps/minigames/games/${gameId}/seed`, { method: 'POST', body: {} }),
  checkin: () => call<CheckIn>('/wps/minigames/checkin', { method: 'POST', body: {} }),
};
