import { m } from 'framer-motion';
import { useMemo } from 'react';

import { SymbolArt } from '../components/SymbolTile';

// One reel: a blurred strip of the game's symbols while it spins, then its three symbols, lit when they
// are on a winning line (or a paying scatter), dimmed when others are.
export function SlotReel({ column, reel, spinning, symbols, lit, dim, roleOf }: {
  column: string[];
  reel: number;
  spinning: boolean;
  symbols: string[];
  lit: (row: number) => string | null;
  dim: boolean;
  roleOf: (symbol: string) => 'wild' | 'scatter' | undefined;
}) {
  const strip = useMemo(
    () => Array.from({ length: 10 }, (_, i) => symbols[(reel * 7 + i * 3 + 1) % Math.max(1, symbols.length)] ?? ''),
    [reel, symbols],
  );
  const indexOf = (symbol: string) => symbols.indexOf(symbol);
  return (
    <div className="hs-reel" data-testid={`slot-reel-${reel}`}>
      {spinning ? (
        <m.div
          className="hs-reel__strip"
          animate={{ y: ['0%', '-50%'] }}
          transition={{ repeat: Infinity, duration: 0.32, ease: 'linear' }}
        >
          {[...strip, ...strip].map((symbol, i) => (
            <div className="hs-cell is-blur" key={i}>
              <SymbolArt symbol={symbol} index={indexOf(symbol)} />
            </div>
          ))}
        </m.div>
      ) : (
        column.map((symbol, row) => {
          const colour = lit(row);
          return (
            <m.div
              key={`${row}-${symbol}`}
              className={`hs-cell ${colour ? 'is-lit' : ''} ${dim && !colour ? 'is-dim' : ''}`}
              data-symbol={symbol}
              data-role={roleOf(symbol)}
              data-lit={colour ? 'true' : undefined}
              initial={{ y: '-40%', opacity: 0.4 }}
              animate={{ y: '0%', opacity: 1 }}
              transition={{ type: 'spring', stiffness: 420, damping: 22 }}
            >
              <m.div
                className="hs-cell__tile"
                animate={colour ? { scale: [1, 1.08, 1] } : { scale: 1 }}
                transition={colour ? { repeat: Infinity, duration: 1.1 } : { duration: 0.2 }}
              >
                <SymbolArt symbol={symbol} index={indexOf(symbol)} />
              </m.div>
            </m.div>
          );
        })
      )}
    </div>
  );
}
