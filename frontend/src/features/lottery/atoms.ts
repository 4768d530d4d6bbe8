import { atom } from 'jotai';

import type { GameMenuItem } from './api';

// The lottery session (POST /lgw/session) of the portal login it was opened for; memory only, never stored.
export interface LotterySession {
  // The portal token at the time: a new login needs a new session.
  token: string;
  sessionId: string;
}

export const lotterySessionAtom = atom<LotterySession | null>(null);

// The games the member bet on, newest first (null for visitors or before the answer).
export const recentLotteryAtom = atom<GameMenuItem[] | null>(null);

// Bumped when the member's bets change (a bet placed, a draw settled): "my bets" fetches again.
export const betsVersionAtom = atom(0);

// Where the member's won bets won on each issue's sheet ("tier:index"), by issue number, from "my bets".
export const myWinsAtom = atom<Record<string, Set<string>>>({});

export const winKey = (tier: string, index: number) => `${tier}:${index}`;

export function winsByIssue(bets: readonly { issueNo: string; wonNumbers?: readonly { tier: string; index: number }[] }[]) {
  const wins: Record<string, Set<string>> = {};
  for (const bet of bets) {
    for (const place of bet.wonNumbers ?? []) {
      (wins[bet.issueNo] ??= new Set()).add(winKey(place.tier, place.index));
    }
  }
  return wins;
}
