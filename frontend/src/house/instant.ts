// What every instant round does with its answer: the balance, the revealed seed checked against the
// commitment this page held before the round, the next commitment, and the history row.
import { balanceOf, errorCodeOf } from './api';
import { setBalance } from './balance';
import { fairnessAtom, houseStore, recordRound, revealAtom } from './store';
import type { RoundResponse } from './types';

export function settleInstantRound<O>(answer: RoundResponse<O>, summary: string): void {
  const before = houseStore.get(fairnessAtom);
  const revealed = answer.fairness;
  setBalance(answer.balance);
  houseStore.set(revealAtom, {
    kind: 'instant',
    round: String(revealed.nonce),
    serverSeed: revealed.serverSeed,
    committedHash: before?.serverSeedHash ?? revealed.serverSeedHash,
    observedBefore: Boolean(before?.serverSeedHash),
    clientSeed: revealed.clientSeed,
  });
  houseStore.set(fairnessAtom, {
    serverSeedHash: revealed.nextServerSeedHash,
    clientSeed: revealed.clientSeed,
    nonce: revealed.nonce + 1,
  });
  recordRound({ id: String(answer.roundId), at: Date.now(), bet: answer.bet, win: answer.win, summary });
}

// A failed round: its error code, and the balance it reports (INSUFFICIENT_FUNDS) shown at once.
export function roundFailure(error: unknown): string {
  const balance = balanceOf(error);
  if (balance !== null) setBalance(balance);
  return errorCodeOf(error);
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
