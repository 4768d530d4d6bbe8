import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { MotionScope } from '../../../components/MotionScope';
import { useTranslation } from '../../../i18n/react';
import { clockTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { vendorNamesAtom, winnersAtom } from '../atoms';
import { refreshWinners } from '../winners';
import '../records.css';

// The winners list (SPEC §2.9): the board from winnerBoard, then rows pushed by the `winners` event
// (written into the store by watchWinners), newest first, 20 at most, each new row sliding in.
export function WinnerBoard() {
  const { t } = useTranslation();
  const winners = useAtomValue(winnersAtom);
  const vendors = useAtomValue(vendorNamesAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  useEffect(() => {
    void refreshWinners();
  }, []);
  return (
    <section className="winner-board card" aria-labelledby="winners-title" data-testid="winner-board">
      <h2 id="winners-title" className="section-title">{t('games.winners.title')}</h2>
      {winners.length === 0 ? (
        <p className="muted">{t('games.winners.empty')}</p>
      ) : (
        <MotionScope>
          {/* It scrolls past 420 px: focusable, so that a keyboard can scroll it too (WCAG 2.1.1). */}
          <ul className="winner-list" tabIndex={0} aria-labelledby="winners-title">
            <AnimatePresence initial={false}>
              {winners.map((w) => (
                <m.li key={`${w.time}|${w.account}|${w.amount}|${w.gameName}`} className="winner-row"
                  data-testid="winner-row" initial={{ opacity: 0, y: -16 }} animate={{ opacity: 1, y: 0 }}
                  exit={{ opacity: 0 }} transition={{ duration: 0.25 }}>
                  <span className="winner-account">{w.account}</span>
                  <span className="winner-game" title={vendors.get(w.vassalage) ?? w.vassalage}>{w.gameName}</span>
                  <span className="winner-amount money">{formatMoney(w.amount, symbol)}</span>
                  <time className="muted" dateTime={w.time}>{clockTime(w.time)}</time>
                </m.li>
              ))}
            </AnimatePresence>
          </ul>
        </MotionScope>
      )}
    </section>
  );
}
