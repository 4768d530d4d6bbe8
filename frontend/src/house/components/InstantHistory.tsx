import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { historyAtom } from '../store';
import { RoundHistory } from './RoundHistory';

export function InstantHistory({ currency }: { currency: string }) {
  const { i18n } = useTranslation();
  const entries = useAtomValue(historyAtom);
  const rows = useMemo(() => {
    const time = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    return entries.map((entry) => ({
      id: entry.id,
      title: time.format(entry.at),
      detail: entry.summary,
      bet: entry.bet,
      win: entry.win,
    }));
  }, [entries, i18n.language]);
  return <RoundHistory rows={rows} currency={currency} />;
}
