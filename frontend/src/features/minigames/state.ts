// What the widget shows, in the store: GET /wps/minigames, kept live by `minigames:state` pushes (a session
// opened or closed, envelopes left) and by the member's own grabs and plays. A push of a session the list
// does not know, or one that changes a session's state, reads the list again (the next session, the seed,
// the member's own figures); envelopes left only ever go down, whichever of a push or a grab answer is newer.
import { atom } from 'jotai';

import type { MiniGamesStateEvent } from '../../realtime/events';
import { addMoney } from '../../lib/money';
import { store } from '../../state/store';
import { type GrabResult, type MiniGames, miniGamesApi, type PlayResult, type PrizeGame, type RainSession, type SeedReveal } from './api';

export const miniGamesAtom = atom<MiniGames | null>(null);

let reading: Promise<void> | null = null;
let again = false;

// One read at a time; a call while one is on its way reads once more after it (what changed meanwhile).
export function refreshMiniGames(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  reading = miniGamesApi
    .list()
    .then(
      (value) => store.set(miniGamesAtom, { rains: value.rains ?? [], games: value.games ?? [] }),
      () => undefined, // the widget keeps what it has (or stays hidden); the next push or poll reads again
    )
    .finally(() => {
      reading = null;
      if (again) {
        again = false;
        void refreshMiniGames();
      }
    });
  return reading;
}

export function isStateEvent(payload: unknown): payload is MiniGamesStateEvent {
  const p = payload as Partial<MiniGamesStateEvent> | null;
  return !!p && typeof p.sessionId === 'number' && typeof p.left === 'number' && typeof p.state === 'string';
}

function updateRain(sessionId: number, change: (rain: RainSession) => RainSession): void {
  store.set(miniGamesAtom, (current) =>
    current && { ...current, rains: current.rains.map((rain) => (rain.id === sessionId ? change(rain) : rain)) },
  );
}

function updateGame(gameId: number, change: (game: PrizeGame) => PrizeGame): void {
  store.set(miniGamesAtom, (current) =>
    current && { ...current, games: current.games.map((game) => (game.id === gameId ? change(game) : game)) },
  );
}

// A push: returns whether the list should be read again.
export function applyStateEvent(event: MiniGamesStateEvent): boolean {
  const rain = store.get(miniGamesAtom)?.rains.find((r) => r.id === event.sessionId);
  if (!rain) return true;
  updateRain(event.sessionId, (r) => ({
    ...r,
    state: event.state,
    left: r.state === event.state ? Math.min(r.left, event.left) : event.left,
    endsAt: event.endsAt,
  }));
  return rain.state !== event.state;
}

export function applyGrab(sessionId: number, grab: GrabResult): void {
  updateRain(sessionId, (r) => ({
    ...r,
    left: Math.min(r.left, grab.left),
    myGrabs: grab.myGrabs,
    myLimit: grab.myLimit,
    myWon: addMoney(r.myWon ?? '0.00', grab.amount),
  }));
}

// The server's word that the rain is over for this member (GRAB_LIMIT) or for everybody (RAIN_EMPTY).
export function applyLimit(sessionId: number, limit: number): void {
  updateRain(sessionId, (r) => ({ ...r, myGrabs: limit, myLimit: limit }));
}

export function applyEmpty(sessionId: number): void {
  updateRain(sessionId, (r) => ({ ...r, left: 0 }));
}

export function applyPlay(gameId: number, play: PlayResult): void {
  updateGame(gameId, (g) => ({
    ...g,
    playsLeft: play.playsLeft,
    playsUsed: g.playsUsed === null ? null : g.playsUsed + 1,
    nonce: play.nonce + 1,
    seedHash: play.seedHash,
  }));
}

export function applySeed(gameId: number, reveal: SeedReveal): void {
  updateGame(gameId, (g) => ({ ...g, seedHash: reveal.seedHash, clientSeed: reveal.clientSeed, nonce: reveal.nonce }));
}

export function applyClientSeed(gameId: number, clientSeed: string): void {
  updateGame(gameId, (g) => ({ ...g, clientSeed }));
}

// The rain the launcher shows: the one open now (the first to end), else the next to start, else the last
// to have closed.
export function featuredRain(rains: readonly RainSession[]): RainSession | null {
  const open = rains.filter((r) => r.state === 'OPEN').sort((a, b) => a.endsAt - b.endsAt);
  if (open[0]) return open[0];
  const next = rains.filter((r) => r.state === 'SCHEDULED').sort((a, b) => a.startsAt - b.startsAt);
  if (next[0]) return next[0];
  return [...rains].sort((a, b) => b.endsAt - a.endsAt)[0] ?? null;
}
