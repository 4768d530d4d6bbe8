import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { type CSSProperties, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { canAfford, formatMoney } from '../../lib/money';
import { shootFish } from '../api';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { InstantHistory } from '../components/InstantHistory';
import { StakePicker } from '../components/StakePicker';
import { holdBalanceRefresh } from '../balance';
import { roundFailure, settleInstantRound } from '../instant';
import { balanceAtom, sessionAtom } from '../store';
import type { FishConfig, FishKind } from '../types';

const SCHOOL = 9;
const COLOURS = ['#ffb347', '#7fd3ff', '#ff7eb6', '#9cf28a', '#c7a4ff', '#ffd95a', '#ff8a65', '#5ee0c8'];

interface Swimmer {
  id: number;
  kind: string;
  rank: number; // 0 = the smallest multiplier
  top: number; // % of the sea's height
  duration: number; // s for one crossing
  delay: number; // s, negative: already under way
  leftward: boolean;
}

interface Effect {
  id: number;
  x: number;
  y: number;
  hit: boolean | null; // null while the shot is in the air
  win: string;
  rank: number;
  kind: string;
}

export function humanizeKind(kind: string): string {
  return kind
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

function FishShape({ rank, kinds }: { rank: number; kinds: number }) {
  const colour = COLOURS[rank % COLOURS.length]!;
  const big = rank >= Math.max(1, kinds - 2);
  return (
    <svg viewBox="0 0 120 60" className="hs-fish__svg" aria-hidden="true">
      <polygon points="92,30 118,8 112,30 118,52" fill={colour} opacity="0.85" />
      <ellipse cx="54" cy="30" rx="44" ry={big ? 24 : 19} fill={colour} />
      <path d="M40 10 q14 -10 28 2" fill={colour} opacity="0.8" />
      {big ? (
        <g stroke="#0003" strokeWidth="5">
          <line x1="44" y1="10" x2="40" y2="50" />
          <line x1="62" y1="9" x2="60" y2="51" />
        </g>
      ) : null}
      <circle cx="26" cy="25" r="6" fill="#fff" />
      <circle cx="24.5" cy="25" r="3" fill="#102" />
      <path d="M12 34 q6 4 12 0" stroke="#0006" strokeWidth="2" fill="none" />
    </svg>
  );
}

export function FishGame({ config }: { config: FishConfig }) {
  const { t } = useTranslation();
  const balance = useAtomValue(balanceAtom);
  const currency = useAtomValue(sessionAtom)?.player.currency ?? '';
  const kinds = useMemo<FishKind[]>(() => [...config.kinds].sort((a, b) => a.multiplier - b.multiplier), [config.kinds]);
  const [stake, setStake] = useState(config.stakes[0] ?? '0.10');
  const [school, setSchool] = useState<Swimmer[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const [effects, setEffects] = useState<Effect[]>([]);
  const [last, setLast] = useState<{ hit: boolean; win: string; kind: string; roundId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(1);
  const sea = useRef<HTMLDivElement>(null);

  const spawn = useMemo(
    () => (): Swimmer => {
      // Small fish are common, big ones rare.
      const weights = kinds.map((_, i) => kinds.length - i);
      let pick = Math.random() * weights.reduce((a, b) => a + b, 0);
      let rank = 0;
      while (rank < kinds.length - 1 && pick >= weights[rank]!) pick -= weights[rank++]!;
      const duration = 9 + rank * 2.5 + Math.random() * 6;
      return {
        id: nextId.current++,
        kind: kinds[rank]?.kind ?? '',
        rank,
        top: 6 + Math.random() * 70,
        duration,
        delay: -Math.random() * duration,
        leftward: Math.random() < 0.5,
      };
    },
    [kinds],
  );

  useEffect(() => {
    if (kinds.length === 0) return;
    setSchool(Array.from({ length: SCHOOL }, () => spawn()));
  }, [kinds, spawn]);

  async function shoot(fish: Swimmer, event: MouseEvent<HTMLButtonElement>) {
    if (target !== null) return;
    setError(null);
    if (!canAfford(balance, stake)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    const box = sea.current?.getBoundingClientRect();
    const x = box ? event.clientX - box.left : 0;
    const y = box ? event.clientY - box.top : 0;
    const effectId = nextId.current++;
    const release = holdBalanceRefresh();
    setTarget(fish.id);
    setEffects((list) => [...list, { id: effectId, x, y, hit: null, win: '0.00', rank: fish.rank, kind: fish.kind }]);
    try {
      const answer = await shootFish(fish.kind, stake);
      const { hit } = answer.outcome;
      setEffects((list) => list.map((e) => (e.id === effectId ? { ...e, hit, win: answer.win } : e)));
      setLast({ hit, win: answer.win, kind: fish.kind, roundId: String(answer.roundId) });
      const name = humanizeKind(fish.kind);
      settleInstantRound(answer, hit ? t('fish.summaryHit', { fish: name }) : t('fish.summaryMiss', { fish: name }));
      if (hit) {
        setSchool((list) => list.filter((f) => f.id !== fish.id));
        window.setTimeout(() => setSchool((list) => [...list, spawn()]), 900);
      }
    } catch (e) {
      setError(roundFailure(e));
      setEffects((list) => list.filter((ef) => ef.id !== effectId));
    } finally {
      release();
      setTarget(null);
      window.setTimeout(() => setEffects((list) => list.filter((ef) => ef.id !== effectId)), 1600);
    }
  }

  const side = <InstantHistory currency={currency} />;

  return (
    <GameLayout className="hs-fishgame" side={side}>
      <div className="hs-sea" ref={sea} data-testid="fish-sea">
        <div className="hs-sea__rays" aria-hidden="true" />
        {school.map((fish) => (
          <button
            key={fish.id}
            type="button"
            className={`hs-fish ${fish.leftward ? 'is-left' : ''} ${target === fish.id ? 'is-target' : ''}`}
            style={
              {
                top: `${fish.top}%`,
                animationDuration: `${fish.duration}s`,
                animationDelay: `${fish.delay}s`,
                '--fish-w': `${60 + fish.rank * 20}px`,
              } as CSSProperties
            }
            data-testid={`fish-${fish.kind}`}
            data-kind={fish.kind}
            aria-label={t('fish.shootAt', { fish: humanizeKind(fish.kind) })}
            disabled={target !== null && target !== fish.id}
            onClick={(event) => void shoot(fish, event)}
          >
            <span className="hs-fish__bob">
              <FishShape rank={fish.rank} kinds={kinds.length} />
            </span>
          </button>
        ))}
        <AnimatePresence>
          {effects.map((effect) => (
            <m.div
              key={effect.id}
              className="hs-shot"
              style={{ left: effect.x, top: effect.y }}
              initial={{ opacity: 1 }}
              animate={{ opacity: 1 }}
              exit={{ opacity: 0 }}
            >
              <m.span
                className="hs-shot__ring"
                initial={{ scale: 0.2, opacity: 0.9 }}
                animate={{ scale: effect.hit ? 2.4 : 1.4, opacity: effect.hit === null ? 0.9 : 0 }}
                transition={{ duration: 0.6 }}
              />
              {effect.hit === true ? (
                <>
                  <m.span
                    className="hs-shot__caught"
                    initial={{ scale: 1, rotate: 0, opacity: 1 }}
                    animate={{ scale: 0, rotate: 540, opacity: 0 }}
                    transition={{ duration: 0.8 }}
                  >
                    <FishShape rank={effect.rank} kinds={kinds.length} />
                  </m.span>
                  <m.strong
                    className="hs-shot__text is-hit"
                    initial={{ y: 0, opacity: 0, scale: 0.6 }}
                    animate={{ y: -46, opacity: 1, scale: 1.15 }}
                    transition={{ duration: 0.7 }}
                  >
                    +{formatMoney(effect.win)}
                  </m.strong>
                </>
              ) : null}
              {effect.hit === false ? (
                <m.strong
                  className="hs-shot__text is-miss"
                  initial={{ y: 0, opacity: 0 }}
                  animate={{ y: -30, opacity: 1 }}
                  transition={{ duration: 0.5 }}
                >
                  {t('fish.miss')}
                </m.strong>
              ) : null}
            </m.div>
          ))}
        </AnimatePresence>
        <div className="hs-sea__legend">
          {kinds.map((k, rank) => (
            <span key={k.kind} className="hs-sea__kind">
              <span className="hs-sea__kindfish">
                <FishShape rank={rank} kinds={kinds.length} />
              </span>
              {humanizeKind(k.kind)} <strong>×{k.multiplier}</strong>
            </span>
          ))}
        </div>
      </div>

      <div className="hs-controls">
        <StakePicker values={config.stakes} value={stake} onChange={setStake} testIdPrefix="fish-stake" disabled={target !== null} />
        <div
          className={`hs-fish__result ${last?.hit ? 'is-win' : ''}`}
          data-testid="fish-result"
          data-hit={last ? String(last.hit) : undefined}
          data-round-id={last?.roundId}
          aria-live="polite"
        >
          {last ? (
            <>
              <span>{last.hit ? t('fish.hit', { fish: humanizeKind(last.kind) }) : t('fish.missed')}</span>
              <span className="hs-muted">{t('common.win')}</span>
              <strong data-testid="fish-win" data-amount={last.win}>
                <Amount value={last.win} />
              </strong>
            </>
          ) : (
            <span className="hs-muted">{t('fish.hint')}</span>
          )}
        </div>
      </div>
      <ErrorNote code={error} onDismiss={() => setError(null)} />
    </GameLayout>
  );
}
