import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { clockTime } from '../../lib/dates';
import { historyAtom } from '../store';
import { RoundHistory } from './RoundHistory';

export function InstantHistory({ currency }: { currency: string }) {
  const entries = useAtomValue(historyAtom);
  const rows = useMemo(
    () =>
      entries.map((entry) => ({
        id: entry.id,
        title: clockTime(entry.at, true),
        detail: entry.summary,
        bet: entry.bet,
        win: entry.win,
      })),
    [entries],
  );
  return <RoundHistory rows={rows} currency={currency} />;
}
