import { useCallback, useRef, useState } from 'react';

import { addMoney, canAfford } from '../../lib/money';
import { setBalance } from '../balance';
import { roundFailure } from '../instant';
import { balanceAtom, houseStore } from '../store';
import type { Money } from '../types';
import type { TableBetAnswer } from './types';

// A chip tapped on a spot, on its way to the house.
export interface PendingBet<B extends string> {
  key: number;
  roundNo: number;
  spot: B;
  stake: Money;
  // The member's bets the table listed when the chip was tapped: a bet listed later, before the chip's own
  // answer came, may be this chip's (a poll can overtake an answer).
  listedBefore: ReadonlySet<number>;
}

// A tapped chip the house did not take, and why (an error code of the house's catalogue).
export interface Refusal<B extends string> {
  code: string;
  spot: B;
  stake: Money;
}

const MAX_REFUSALS = 6;

export interface BetQueue<B extends string> {
  pending: PendingBet<B>[];
  // The chips not taken since the player last dismissed the note, oldest first (a few at most).
  refusals: Refusal<B>[];
  dismiss: () => void;
  pendingOn: (spot: B) => Money | null;
  place: (spot: B, stake: Money) => Promise<boolean>;
}

// Every table's one way to bet, as live tables take bets on a phone: a tap places the chip at once. The
// chip shows on its spot while it travels; taps that come faster than the answers wait their turn and go in
// order. A chip that is not taken (the round closed before it arrived, the balance does not cover it, the
// house refused it) leaves its spot and is reported with its spot and amount, until the player dismisses the
// note: none is dropped unsaid, also when several are refused at once.
export function useBetQueue<B extends string>(
  // The round taking bets now, asked when a chip is tapped and again when it is sent; null when closed.
  roundOpen: () => number | null,
  // The ids of the member's bets the table lists now.
  listed: () => ReadonlySet<number>,
  bet: (roundNo: number, spot: B, stake: Money) => Promise<TableBetAnswer<B>>,
  placed: (answer: TableBetAnswer<B>) => void,
): BetQueue<B> {
  const [pending, setPending] = useState<PendingBet<B>[]>([]);
  const [refusals, setRefusals] = useState<Refusal<B>[]>([]);
  const refuse = useCallback(
    (refusal: Refusal<B>) => setRefusals((prev) => [...prev, refusal].slice(-MAX_REFUSALS)),
    [],
  );
  const queued = useRef<PendingBet<B>[]>([]);
  const line = useRef<Promise<unknown>>(Promise.resolve());
  const counter = useRef(0);

  const settle = useCallback((key: number) => {
    queued.current = queued.current.filter((p) => p.key !== key);
    setPending(queued.current);
  }, []);

  const send = useCallback(
    async (chip: PendingBet<B>): Promise<boolean> => {
      try {
        if (roundOpen() !== chip.roundNo) {
          refuse({ code: 'BETTING_CLOSED', spot: chip.spot, stake: chip.stake });
          return false;
        }
        const answer = await bet(chip.roundNo, chip.spot, chip.stake);
        setBalance(answer.balance);
        placed(answer);
        return true;
      } catch (e) {
        refuse({ code: roundFailure(e), spot: chip.spot, stake: chip.stake });
        return false;
      } finally {
        settle(chip.key);
      }
    },
    [roundOpen, bet, placed, settle, refuse],
  );

  const place = useCallback(
    (spot: B, stake: Money): Promise<boolean> => {
      const roundNo = roundOpen();
      if (roundNo === null) {
        refuse({ code: 'BETTING_CLOSED', spot, stake });
        return Promise.resolve(false);
      }
      const balance = houseStore.get(balanceAtom) ?? '0.00';
      if (!canAfford(balance, addMoney(stake, ...queued.current.map((p) => p.stake)))) {
        refuse({ code: 'INSUFFICIENT_FUNDS', spot, stake });
        return Promise.resolve(false);
      }
      counter.current += 1;
      const chip = { key: counter.current, roundNo, spot, stake, listedBefore: listed() };
      queued.current = [...queued.current, chip];
      setPending(queued.current);
      const sent = line.current.then(() => send(chip));
      line.current = sent;
      return sent;
    },
    [roundOpen, listed, send, refuse],
  );

  const pendingOn = (spot: B) => {
    const stakes = pending.filter((p) => p.spot === spot).map((p) => p.stake);
    return stakes.length ? addMoney(...stakes) : null;
  };

  return { pending, refusals, dismiss: () => setRefusals([]), pendingOn, place };
}
