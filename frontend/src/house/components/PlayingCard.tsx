import { m } from 'framer-motion';

import { parseCard, type Suit } from '../cards';

const SUIT_PATHS: Record<Suit, string> = {
  S: 'M12 2C9 6 3 9 3 14a4.5 4.5 0 0 0 8 2.8L9.5 22h5L13 16.8A4.5 4.5 0 0 0 21 14c0-5-6-8-9-12z',
  H: 'M12 21C5 15.5 2 12.4 2 8.5A4.8 4.8 0 0 1 12 6a4.8 4.8 0 0 1 10 2.5c0 3.9-3 7-10 12.5z',
  D: 'M12 2l8 10-8 10-8-10z',
  C: 'M12 2a4.2 4.2 0 0 0-3.4 6.7A4.2 4.2 0 1 0 10.8 16L9.5 22h5l-1.3-6a4.2 4.2 0 1 0 2.2-7.3A4.2 4.2 0 0 0 12 2z',
};

export function SuitIcon({ suit, className }: { suit: Suit; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d={SUIT_PATHS[suit]} fill="currentColor" />
    </svg>
  );
}

// A playing card drawn with CSS and an inline SVG suit; face down until revealed, then flipped.
export function PlayingCard({ code, revealed = true, delay = 0, size = 'md', testId }: {
  code: string | null;
  revealed?: boolean;
  delay?: number;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  const card = code ? parseCard(code) : null;
  const faceUp = revealed && card !== null;
  return (
    <m.div
      className={`hs-card hs-card--${size} ${faceUp ? 'is-up' : 'is-down'} ${card?.red ? 'is-red' : ''}`}
      data-testid={testId}
      data-card={faceUp ? code : undefined}
      initial={faceUp ? { rotateY: -90, y: -24, opacity: 0 } : false}
      animate={{ rotateY: 0, y: 0, opacity: 1 }}
      transition={{ delay, duration: 0.45, ease: 'easeOut' }}
    >
      {faceUp ? (
        <>
          <span className="hs-card__rank">{card.rank}</span>
          <SuitIcon suit={card.suit} className="hs-card__suit" />
          <SuitIcon suit={card.suit} className="hs-card__pip" />
        </>
      ) : (
        <span className="hs-card__back" aria-hidden="true" />
      )}
    </m.div>
  );
}
