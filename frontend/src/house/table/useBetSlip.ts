import { useEffect, useState } from 'react';

import { addMoney } from '../../lib/money';
import type { Money } from '../types';

export interface BetSlip<B extends string> {
  drafts: Partial<Record<B, Money>>;
  total: Money | null;
  add: (spot: B, chip: Money) => void;
  clear: () => void;
  confirm: () => Promise<void>;
  confirming: boolean;
}

// Chips laid on a table's spots before they are sent: a tap adds the chosen chip to a spot, Confirm
// places each spot's stake as one bet (a refused one stays on the slip), and a new round clears it.
export function useBetSlip<B extends string>(
  roundNo: number | null,
  place: (spot: B, stake: Money) => Promise<boolean>,
): BetSlip<B> {
  const [drafts, setDrafts] = useState<Partial<Record<B, Money>>>({});
  const [confirming, setConfirming] = useState(false);

  useEffect(() => setDrafts({}), [roundNo]);

  const spots = Object.keys(drafts) as B[];
  const stakes = spots.map((spot) => drafts[spot]).filter((s): s is Money => Boolean(s));

  async function confirm() {
    if (confirming) return;
    setConfirming(true);
    try {
      for (const spot of spots) {
        const stake = drafts[spot];
        if (!stake) continue;
        if (!(await place(spot, stake))) break;
        setDrafts((prev) => {
          const rest = { ...prev };
          delete rest[spot];
          return rest;
        });
      }
    } finally {
      setConfirming(false);
    }
  }

  return {
    drafts,
    total: stakes.length ? addMoney(...stakes) : null,
    add: (spot, chip) => setDrafts((prev) => ({ ...prev, [spot]: prev[spot] ? addMoney(prev[spot], chip) : chip })),
    clear: () => setDrafts({}),
    confirm,
    confirming,
  };
}
