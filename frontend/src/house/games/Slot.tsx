import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { addMoney, canAfford, isPositive, multiplyMoney } from '../../lib/money';
import { useMediaQuery } from '../../lib/useMediaQuery';
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
import type { FreeSpin, SlotConfig, SlotSpin } from '../types';
import { SlotInfo } from './SlotInfo';
import { SlotReel } from './SlotReel';
import './slot.css';

const MIN_SPIN_MS = 850;
const REEL_STOP_MS = 150;
const FREE_INTRO_MS = 1200;
const FREE_SPIN_MS = 700;
const FREE_BUDGET_MS = 6000; // however many free spins, they are all shown within this
const LINE_COLOURS = ['#ffd34d', '#4aa8ff', '#ff5d8f', '#3ccf91', '#b78cff', '#ff9a3d', '#2fd3d8', '#f0f0f0'];

type Phase = 'idle' | 'spinning' | 'stopping' | 'free';

// The free spins of the round on screen: how many, how many shown so far, and their wins.
interface Feature {
  spins: FreeSpin[];
  shown: number;
}

function startingGrid(config: SlotConfig): string[][] {
  const symbols = config.symbols.length > 0 ? config.symbols : ['?'];
  return Array.from({ length: config.reels }, (_, reel) =>
    Array.from({ length: config.rows }, (_, row) => symbols[(reel * 2 + row * 3) % symbols.length]!),
  );
}

export function SlotGame({ config }: { config: SlotConfig }) {
  const { t } = useTranslation();
  const calm = useMediaQuery('(prefers-reduced-motion: reduce)', false);
  const balance = useAtomValue(balanceAtom);
  const currency = useAtomValue(sessionAtom)?.player.currency ?? '';
  const [lineBet, setLineBet] = useState(config.lineBets[0] ?? '0.00');
  const [phase, setPhase] = useState<Phase>('idle');
  const [grid, setGrid] = useState(() => startingGrid(config));
  const [revealed, setRevealed] = useState(config.reels);
  const [shown, setShown] = useState<SlotSpin | null>(null); // the spin whose wins are lit
  const [feature, setFeature] = useState<Feature | null>(null);
  const [win, setWin] = useState('0.00');
  const [roundId, setRoundId] = useState<string | null>(null);
  const [focus, setFocus] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lines = config.lines || config.paylines.length;
  const total = multiplyMoney(lineBet, lines);
  const busy = phase !== 'idle';
  const roleOf = (symbol: string) =>
    symbol === config.wild ? ('wild' as const) : symbol === config.scatter ? ('scatter' as const) : undefined;

  const wins = useMemo(
    () => (shown ? highlightedLines(shown.grid, config.paylines, shown.lineWins, config.wild) : []),
    [shown, config.paylines, config.wild],
  );
  const cells = useMemo(
    () => (shown ? winningCells(shown.grid, config.paylines, shown.lineWins, config.wild) : new Map<string, number[]>()),
    [shown, config.paylines, config.wild],
  );
  const scatters = useMemo(
    () => (shown ? scatterCells(shown.grid, isPositive(shown.scatterWin), config.scatter) : new Set<string>()),
    [shown, config.scatter],
  );
  const colourOf = (line: number) => LINE_COLOURS[line % LINE_COLOURS.length]!;

  async function reveal(next: string[][], stepMs: number) {
    setGrid(next);
    for (let reel = 1; reel <= config.reels; reel++) {
      setRevealed(reel);
      if (stepMs > 0) await wait(stepMs);
    }
  }

  // The free spins after the paid spin, one after another, the win bar counting up; all at once (the
  // paid spin's grid stays, the free spins listed) when the player asks for reduced motion.
  async function playFreeSpins(spins: FreeSpin[], baseWin: string) {
    if (calm) {
      setFeature({ spins, shown: spins.length });
      return;
    }
    setFeature({ spins, shown: 0 });
    await wait(FREE_INTRO_MS);
    const each = Math.min(FREE_SPIN_MS, FREE_BUDGET_MS / spins.length);
    let running = baseWin;
    for (const [index, spin] of spins.entries()) {
      setPhase('free');
      setShown(null);
      setRevealed(0);
      await wait(each * 0.35);
      await reveal(spin.grid, 0);
      setShown(spin);
      running = addMoney(running, spin.win);
      setWin(running);
      setFeature({ spins, shown: index + 1 });
      await wait(each * 0.65);
    }
  }

  async function spin() {
    if (busy) return;
    setError(null);
    if (!canAfford(balance, total)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    const release = holdBalanceRefresh();
    setPhase('spinning');
    setShown(null);
    setFeature(null);
    setFocus(null);
    setWin('0.00');
    setRevealed(0);
    const started = Date.now();
    try {
      const answer = await spinSlot(lineBet);
      const outcome = answer.outcome;
      const free = outcome.freeSpins ?? [];
      await wait(calm ? 0 : MIN_SPIN_MS - (Date.now() - started));
      setPhase('stopping');
      await reveal(outcome.grid, calm ? 0 : REEL_STOP_MS);
      setShown(outcome);
      const baseWin = outcome.baseWin ?? answer.win;
      setWin(baseWin);
      if (free.length > 0) {
        await wait(calm ? 0 : FREE_SPIN_MS);
        await playFreeSpins(free, baseWin);
      }
      setWin(answer.win);
      setRoundId(String(answer.roundId));
      const count = outcome.lineWins.length;
      const summary =
        count > 0 ? t('slot.summaryLines', { count }) : isPositive(outcome.scatterWin) ? t('slot.scatter') : t('slot.summaryNone');
      settleInstantRound(answer, free.length > 0 ? `${summary} · ${t('slot.summaryFree', { count: free.length })}` : summary);
    } catch (e) {
      setError(roundFailure(e));
      setRevealed(config.reels);
    } finally {
      release();
      setPhase('idle');
    }
  }

  const settled = phase === 'idle' && shown !== null;
  const won = phase === 'idle' && roundId !== null && isPositive(win);
  const inFeature = feature !== null && phase === 'free';
  const freeTotal = feature ? addMoney('0.00', ...feature.spins.slice(0, feature.shown).map((s) => s.win)) : '0.00';

  const side = (
    <>
      {settled && (wins.length > 0 || isPositive(shown.scatterWin)) ? (
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
            {isPositive(shown.scatterWin) ? (
              <li data-testid="slot-line" data-line="scatter">
                <span className="hs-slot__swatch" style={{ background: '#b78cff' }} />
                <span>{t('slot.scatter')}</span>
                <span className="hs-slot__linesym">
                  <SymbolArt symbol={config.scatter} index={config.symbols.indexOf(config.scatter)} />
                </span>
                <Amount value={shown.scatterWin} />
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {feature !== null && feature.shown > 0 ? (
        <section className="hs-slot__wins" aria-label={t('slot.freeSpins')} data-testid="slot-free-spins">
          <h2 className="hs-panel-title">{t('slot.freeSpins')}</h2>
          <ul>
            {feature.spins.slice(0, feature.shown).map((spin, i) => (
              <li key={i} data-testid="slot-free-spin" className="hs-slot__free">
                <span>{t('slot.freeSpinWin', { n: i + 1 })}</span>
                <span className="hs-slot__mult">×{spin.multiplier}</span>
                {spin.retrigger ? <span className="hs-slot__retrigger">{t('slot.retriggered')}</span> : <span />}
                <Amount value={spin.win} />
              </li>
            ))}
            <li className="hs-slot__free is-total">
              <span>{t('slot.freeSpinsTotal')}</span>
              <span />
              <span />
              <Amount value={freeTotal} testId="slot-free-total" />
            </li>
          </ul>
        </section>
      ) : null}
      <SlotInfo config={config} />
      <InstantHistory currency={currency} />
    </>
  );

  return (
    <GameLayout className="hs-slot" side={side}>
      <div className="hs-slot__machine">
        <div className="hs-slot__status">
          <span className="hs-slot__vol" data-volatility={config.volatility}>
            {t('slot.volatility')}: {t(`slot.vol.${config.volatility}`)}
          </span>
          {inFeature ? (
            <span className="hs-slot__counter" data-testid="slot-free-counter">
              {t('slot.freeSpinCounter', { n: feature.shown, total: feature.spins.length })}
            </span>
          ) : (
            <span className="hs-muted">{t('slot.rtp', { rtp: config.rtp })}</span>
          )}
        </div>
        <div className={`hs-slot__reels ${inFeature ? 'is-free' : ''}`} data-testid="slot-grid">
          {grid.map((column, reel) => (
            <SlotReel
              key={reel}
              reel={reel}
              column={column}
              symbols={config.symbols}
              spinning={phase !== 'idle' && reel >= revealed}
              dim={shown !== null && (cells.size > 0 || scatters.size > 0)}
              roleOf={roleOf}
              lit={(row) => {
                if (shown === null) return null;
                const key = cellKey(reel, row);
                const onLines = (cells.get(key) ?? []).filter((l) => focus === null || l === focus);
                if (onLines.length > 0) return colourOf(onLines[0]!);
                return focus === null && scatters.has(key) ? '#b78cff' : null;
              }}
            />
          ))}
          {shown !== null ? (
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
          <AnimatePresence>
            {feature !== null && feature.shown === 0 && phase !== 'idle' ? (
              <m.div
                className="hs-slot__banner"
                data-testid="slot-free-banner"
                initial={{ opacity: 0, scale: 0.6 }}
                animate={{ opacity: 1, scale: 1 }}
                exit={{ opacity: 0 }}
              >
                {t('slot.freeSpinsAwarded', { count: feature.spins.length })}
              </m.div>
            ) : null}
          </AnimatePresence>
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
            {phase === 'idle' || phase === 'free' ? <Amount value={win} /> : '···'}
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

      <div className="hs-controls hs-slot__controls">
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
