import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { canAfford, isPositive, multiplyMoney } from '../../lib/money';
import { spinSlot } from '../api';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { InstantHistory } from '../components/InstantHistory';
import { StakePicker } from '../components/StakePicker';
import { SymbolArt } from '../components/SymbolTile';
import { holdBalanceRefresh } from '../balance';
import { roundFailure, settleInstantRound, wait } from '../instant';
import { cellKey, highlightedLines, scatterCells, winningCells } from '../slotLines';
import { balanceAtom, sessionAtom } from '../store';
import type { SlotConfig, SlotOutcome } from '../types';

const MIN_SPIN_MS = 850;
const REEL_STOP_MS = 150;
const LINE_COLOURS = ['#ffd34d', '#4aa8ff', '#ff5d8f', '#3ccf91', '#b78cff', '#ff9a3d', '#2fd3d8', '#f0f0f0'];

type Phase = 'idle' | 'spinning' | 'stopping';

function startingGrid(config: SlotConfig): string[][] {
  const symbols = config.symbols.length > 0 ? config.symbols : ['?'];
  return Array.from({ length: config.reels }, (_, reel) =>
    Array.from({ length: config.rows }, (_, row) => symbols[(reel * 2 + row * 3) % symbols.length]!),
  );
}

function Reel({ column, reel, spinning, symbols, lit, dim }: {
  column: string[];
  reel: number;
  spinning: boolean;
  symbols: string[];
  lit: (row: number) => string | null;
  dim: boolean;
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

export function SlotGame({ config }: { config: SlotConfig }) {
  const { t } = useTranslation();
  const balance = useAtomValue(balanceAtom);
  const currency = useAtomValue(sessionAtom)?.player.currency ?? '';
  const [lineBet, setLineBet] = useState(config.lineBets[0] ?? '0.00');
  const [phase, setPhase] = useState<Phase>('idle');
  const [grid, setGrid] = useState(() => startingGrid(config));
  const [revealed, setRevealed] = useState(config.reels);
  const [outcome, setOutcome] = useState<SlotOutcome | null>(null);
  const [win, setWin] = useState('0.00');
  const [roundId, setRoundId] = useState<string | null>(null);
  const [focus, setFocus] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lines = config.lines || config.paylines.length;
  const total = multiplyMoney(lineBet, lines);
  const busy = phase !== 'idle';

  const wins = useMemo(
    () => (outcome ? highlightedLines(outcome.grid, config.paylines, outcome.lineWins) : []),
    [outcome, config.paylines],
  );
  const cells = useMemo(
    () => (outcome ? winningCells(outcome.grid, config.paylines, outcome.lineWins) : new Map<string, number[]>()),
    [outcome, config.paylines],
  );
  const scatters = useMemo(
    () => (outcome ? scatterCells(outcome.grid, isPositive(outcome.scatterWin)) : new Set<string>()),
    [outcome],
  );
  const colourOf = (line: number) => LINE_COLOURS[line % LINE_COLOURS.length]!;

  async function spin() {
    if (busy) return;
    setError(null);
    if (!canAfford(balance, total)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    const release = holdBalanceRefresh();
    setPhase('spinning');
    setOutcome(null);
    setFocus(null);
    setWin('0.00');
    setRevealed(0);
    const started = Date.now();
    try {
      const answer = await spinSlot(lineBet);
      await wait(MIN_SPIN_MS - (Date.now() - started));
      setPhase('stopping');
      setGrid(answer.outcome.grid);
      for (let reel = 1; reel <= config.reels; reel++) {
        setRevealed(reel);
        await wait(REEL_STOP_MS);
      }
      setOutcome(answer.outcome);
      setWin(answer.win);
      setRoundId(String(answer.roundId));
      const count = answer.outcome.lineWins.length;
      settleInstantRound(
        answer,
        count > 0 ? t('slot.summaryLines', { count }) : isPositive(answer.win) ? t('slot.scatter') : t('slot.summaryNone'),
      );
    } catch (e) {
      setError(roundFailure(e));
      setRevealed(config.reels);
    } finally {
      release();
      setPhase('idle');
    }
  }

  const settled = phase === 'idle' && outcome !== null;
  const won = settled && isPositive(win);

  const side = (
    <>
      {settled && (wins.length > 0 || isPositive(outcome.scatterWin)) ? (
        <section className="hs-slot__wins" aria-label={t('slot.winningLines')}>
          <h2 className="hs-panel-title">{t('slot.winningLines')}</h2>
          <ul data-testid="slot-lines">
            {wins.map((line) => (
              <li
                key={`${line.index}-${line.win.symbol}`}
                data-testid="slot-line"
                data-line={line.index + 1}
                className={focus === line.index ? 'is-focus' : ''}
                onMouseEnter={() => setFocus(line.index)}
                onMouseLeave={() => setFocus(null)}
                onFocus={() => setFocus(line.index)}
                onBlur={() => setFocus(null)}
                tabIndex={0}
              >
                <span className="hs-slot__swatch" style={{ background: colourOf(line.index) }} />
                <span>{t('slot.lineWin', { line: line.index + 1, count: line.win.count })}</span>
                <span className="hs-slot__linesym">
                  <SymbolArt symbol={line.win.symbol} index={config.symbols.indexOf(line.win.symbol)} />
                </span>
                <Amount value={line.win.amount} />
              </li>
            ))}
            {isPositive(outcome.scatterWin) ? (
              <li data-testid="slot-line" data-line="scatter">
                <span className="hs-slot__swatch" style={{ background: '#b78cff' }} />
                <span>{t('slot.scatter')}</span>
                <span />
                <Amount value={outcome.scatterWin} />
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <details className="hs-paytable">
        <summary>{t('slot.paytable')}</summary>
        <p className="hs-muted hs-small">{t('slot.paytableHint', { lines })}</p>
        <ul>
          {Object.entries(config.paytable).map(([symbol, pays]) => (
            <li key={symbol}>
              <span className="hs-slot__linesym">
                <SymbolArt symbol={symbol} index={config.symbols.indexOf(symbol)} />
              </span>
              {Object.entries(pays)
                .sort(([a], [b]) => Number(a) - Number(b))
                .map(([count, pay]) => (
                  <span key={count} className="hs-paytable__pay">
                    {t('slot.pays', { count, pay })}
                  </span>
                ))}
            </li>
          ))}
        </ul>
      </details>
      <InstantHistory currency={currency} />
    </>
  );

  return (
    <GameLayout className="hs-slot" side={side}>
      <div className="hs-slot__machine">
        <div className="hs-slot__reels" data-testid="slot-grid">
          {grid.map((column, reel) => (
            <Reel
              key={reel}
              reel={reel}
              column={column}
              symbols={config.symbols}
              spinning={phase !== 'idle' && reel >= revealed}
              dim={settled && (cells.size > 0 || scatters.size > 0)}
              lit={(row) => {
                const key = cellKey(reel, row);
                const onLines = (cells.get(key) ?? []).filter((l) => focus === null || l === focus);
                if (onLines.length > 0) return colourOf(onLines[0]!);
                return focus === null && scatters.has(key) ? '#b78cff' : null;
              }}
            />
          ))}
          {settled ? (
            <svg
              className="hs-slot__lines"
              viewBox={`0 0 ${config.reels * 100} ${config.rows * 100}`}
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              {wins
                .filter((line) => focus === null || line.index === focus)
                .map((line) => (
                  <m.polyline
                    key={`${line.index}-${line.win.symbol}`}
                    points={(config.paylines[line.index] ?? []).map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
                    fill="none"
                    stroke={colourOf(line.index)}
                    strokeWidth="4"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                    initial={{ pathLength: 0, opacity: 0 }}
                    animate={{ pathLength: 1, opacity: 0.9 }}
                    transition={{ duration: 0.6 }}
                  />
                ))}
            </svg>
          ) : null}
        </div>
        <div className={`hs-slot__winbar ${won ? 'is-win' : ''}`} aria-live="polite">
          <span className="hs-slot__winlabel">{t('common.win')}</span>
          <strong
            className="hs-slot__win"
            data-testid="slot-win"
            data-amount={win}
            data-state={phase === 'idle' ? 'settled' : 'spinning'}
            data-round-id={roundId ?? undefined}
          >
            {phase === 'idle' ? <Amount value={win} /> : '···'}
          </strong>
          <AnimatePresence>
            {settled ? (
              <m.span
                key={roundId ?? 'none'}
                className="hs-slot__msg"
                initial={{ opacity: 0, scale: 0.8 }}
                animate={{ opacity: 1, scale: 1 }}
                exit={{ opacity: 0 }}
              >
                {won ? t('common.youWin') : t('common.noWin')}
              </m.span>
            ) : null}
          </AnimatePresence>
        </div>
      </div>

      <div className="hs-controls">
        <StakePicker
          values={config.lineBets}
          value={lineBet}
          onChange={setLineBet}
          label={t('slot.lineBet')}
          testIdPrefix="slot-linebet"
          disabled={busy}
        />
        <div className="hs-controls__total">
          <span>{t('slot.totalBet', { lines })}</span>
          <Amount value={total} testId="slot-total" />
        </div>
        <button
          type="button"
          className="hs-btn hs-btn--spin"
          data-testid="slot-spin"
          onClick={spin}
          disabled={busy}
          aria-busy={busy}
        >
          <m.svg
            viewBox="0 0 24 24"
            className="hs-btn__spinicon"
            animate={busy ? { rotate: 360 } : { rotate: 0 }}
            transition={busy ? { repeat: Infinity, duration: 0.6, ease: 'linear' } : { duration: 0.2 }}
            aria-hidden="true"
          >
            <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </m.svg>
          {t('slot.spin')}
        </button>
      </div>
      <ErrorNote code={error} onDismiss={() => setError(null)} />

    </GameLayout>
  );
}
