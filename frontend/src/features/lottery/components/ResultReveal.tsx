import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useEffect, useState } from 'react';

import { MotionScope } from '../../../components/MotionScope';
import { useTranslation } from '../../../i18n/react';
import type { Issue } from '../api';
import type { Reveal } from '../gameState';
import { digitsOf, headlineOf } from '../headline';
import { ResultSheet } from './ResultSheet';

// Each digit spins for a while, later ones longer, then lands one after the other.
const ROLL_MS = 900;
const STAGGER_MS = 260;
const SPIN_MS = 70;

function RollingDigit({ digit, index, live }: { digit: string; index: number; live: boolean }) {
  const reduce = useReducedMotion();
  const rollMs = live && !reduce ? ROLL_MS + index * STAGGER_MS : 0;
  const [shown, setShown] = useState(rollMs > 0 ? '0' : digit);
  const [landed, setLanded] = useState(rollMs === 0);
  useEffect(() => {
    if (rollMs === 0) return;
    const spin = window.setInterval(() => setShown(String(Math.floor(Math.random() * 10))), SPIN_MS);
    const stop = window.setTimeout(() => {
      window.clearInterval(spin);
      setShown(digit);
      setLanded(true);
    }, rollMs);
    return () => {
      window.clearInterval(spin);
      window.clearTimeout(stop);
    };
  }, [digit, rollMs]);
  return (
    <m.span
      key={landed ? 'landed' : 'rolling'}
      className={landed ? 'lot-ball' : 'lot-ball rolling'}
      data-digit={landed ? digit : undefined}
      initial={live && landed ? { scale: 1.5, rotateX: -90, opacity: 0.4 } : false}
      animate={{ scale: 1, rotateX: 0, opacity: 1 }}
      transition={{ type: 'spring', stiffness: 320, damping: 14 }}
    >
      {shown}
    </m.span>
  );
}

interface ResultRevealProps {
  reveal: Reveal | null;
  // The closed issue whose draw is awaited, if any.
  awaited: Issue | null;
}

// The last draw, its digits rolling in when it arrives live (the lottery:opened push).
export function ResultReveal({ reveal, awaited }: ResultRevealProps) {
  const { t } = useTranslation();
  const opened = reveal?.opened ?? null;
  const tier = opened ? headlineOf(opened) : null;
  return (
    <section className="lot-result" data-testid="lottery-result" data-issue={opened?.issueNo}
      data-live={reveal?.live ? 'true' : 'false'} aria-live="polite" aria-label={t('lottery.result.title')}>
      <div className="lot-result-head">
        <h3 className="lot-section-title">{t('lottery.result.title')}</h3>
        {opened && <span className="muted">{t('lottery.issue', { issueNo: opened.issueNo })}</span>}
      </div>
      {awaited && (
        <p className="lot-awaited" data-testid="lottery-awaited" data-issue={awaited.issueNo}>
          <span className="lot-pulse" aria-hidden="true" />
          {t('lottery.result.drawing', { issueNo: awaited.issueNo })}
        </p>
      )}
      <MotionScope>
        <AnimatePresence mode="wait" initial={false}>
          {opened && tier ? (
            <m.div key={opened.issueNo} className="lot-balls" initial={{ opacity: 0, y: 12 }} animate={{ opacity: 1, y: 0 }}
              exit={{ opacity: 0, y: -12 }} transition={{ duration: 0.25 }}>
              <span className="lot-tier-label">{t(`lottery.tiers.${tier.tier}`, { defaultValue: tier.tier })}</span>
              <span className="lot-ball-row" data-testid="lottery-result-digits" data-value={tier.numbers.join(',')}>
                {digitsOf(tier).map((digit, index) => (
                  <RollingDigit key={`${opened.issueNo}-${index}`} digit={digit} index={index} live={reveal?.live ?? false} />
                ))}
              </span>
              <ResultSheet opened={opened} />
            </m.div>
          ) : (
            <p key="none" className="muted">{t('lottery.result.none')}</p>
          )}
        </AnimatePresence>
      </MotionScope>
    </section>
  );
}
