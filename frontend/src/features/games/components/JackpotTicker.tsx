import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { formatMoney, fromCents, toCents } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { gamesApi } from '../api';
import '../records.css';

const REFRESH_MS = 30_000;

// The jackpot figure on the home page: read every 30 s, and rolled up to each new figure in whole cents
// (the figure is money, so the display never shows a value that is not a whole number of cents).
export function JackpotTicker() {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const [shown, setShown] = useState<number | null>(null);
  const last = useRef<number | null>(null);
  useEffect(() => {
    let stopAnimation: (() => void) | null = null;
    let live = true;
    const read = () =>
      gamesApi
        .jackpot()
        .then(async ({ amount }) => {
          const target = Number(toCents(amount));
          const from = last.current ?? Math.round(target * 0.98);
          last.current = target;
          stopAnimation?.();
          stopAnimation = null;
          // The starting figure shows at once; the roll starts when the animation code has arrived.
          setShown(from);
          const { countUp } = await import('../countUp');
          if (!live || last.current !== target) return;
          stopAnimation = countUp(from, target, (value) => setShown(Math.round(value)));
        })
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      stopAnimation?.();
    };
  }, []);
  if (shown === null) return null;
  return (
    <section className="jackpot" aria-label={t('games.jackpot')} data-testid="jackpot">
      <span className="jackpot-label">{t('games.jackpot')}</span>
      <span className="jackpot-amount money" aria-live="off">{formatMoney(fromCents(BigInt(shown)), symbol)}</span>
    </section>
  );
}
