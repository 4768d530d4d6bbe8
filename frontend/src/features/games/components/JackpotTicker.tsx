import { animate } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
    const read = () =>
      gamesApi.jackpot().then(
        ({ amount }) => {
          const target = Number(toCents(amount));
          const from = last.current ?? Math.round(target * 0.98);
          last.current = target;
          stopAnimation?.();
          const controls = animate(from, target, {
            duration: 1.6,
            ease: 'easeOut',
            onUpdate: (value) => setShown(Math.round(value)),
          });
          stopAnimation = () => controls.stop();
        },
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
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
