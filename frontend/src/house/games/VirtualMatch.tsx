import { AnimatePresence, animate, m } from 'framer-motion';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { canAfford } from '../../lib/money';
import { betOnMatch, errorCodeOf, getMarket } from '../api';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { InstantHistory } from '../components/InstantHistory';
import { StakePicker } from '../components/StakePicker';
import { holdBalanceRefresh } from '../balance';
import { roundFailure, settleInstantRound } from '../instant';
import { goalTimeline, scoreAt } from '../matchTimeline';
import { balanceAtom, sessionAtom } from '../store';
import type { Market, MatchConfig, MatchOutcome } from '../types';

const MATCH_SECONDS = 3.2;

function hue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

function Crest({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const h = hue(name);
  return (
    <svg viewBox="0 0 64 72" className="hs-crest" aria-hidden="true">
      <path d="M32 2l28 10v22c0 18-12 30-28 36C16 64 4 52 4 34V12z" fill={`hsl(${h} 65% 42%)`} stroke={`hsl(${h} 80% 75%)`} strokeWidth="3" />
      <text x="32" y="42" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff">
        {initials}
      </text>
    </svg>
  );
}

export function selectionLabel(code: string, market: Market, fallback: string, t: TFunction): string {
  if (code === 'HOME' || code === 'TEAM_A') return t('vm.winOf', { team: market.home });
  if (code === 'AWAY' || code === 'TEAM_B') return t('vm.winOf', { team: market.away });
  if (code === 'DRAW') return t('vm.draw');
  return fallback;
}

export function VirtualMatchGame({ config, kind }: { config: MatchConfig; kind: 'FOOTBALL' | 'ESPORTS' }) {
  const { t } = useTranslation();
  const balance = useAtomValue(balanceAtom);
  const currency = useAtomValue(sessionAtom)?.player.currency ?? '';
  const [market, setMarket] = useState<Market | null>(null);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<string | null>(null);
  const [stake, setStake] = useState(config.stakes[0] ?? '1.00');
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  const [played, setPlayed] = useState<{ outcome: MatchOutcome; win: string; roundId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const loadMarket = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setMarket(await getMarket());
      setSelection(null);
      setPlayed(null);
      setProgress(0);
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void loadMarket();
  }, [loadMarket]);

  const goals = useMemo(
    () => (played && market ? goalTimeline(played.outcome.score, market.matchId) : []),
    [played, market],
  );
  const shown = played ? scoreAt(goals, progress) : null;
  const finished = played !== null && progress >= 1;

  async function place() {
    if (!market || !selection || playing || played) return;
    setError(null);
    if (!canAfford(balance, stake)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    const release = holdBalanceRefresh();
    setPlaying(true);
    try {
      const answer = await betOnMatch(market.matchId, selection, stake);
      setProgress(0);
      setPlayed({ outcome: answer.outcome, win: answer.win, roundId: String(answer.roundId) });
      await animate(0, 1, { duration: MATCH_SECONDS, ease: 'linear', onUpdate: setProgress });
      setProgress(1);
      const [home, away] = answer.outcome.score;
      settleInstantRound(
        answer,
        t(answer.outcome.won ? 'vm.summaryWon' : 'vm.summaryLost', {
          match: `${market.home} ${home}:${away} ${market.away}`,
        }),
      );
    } catch (e) {
      setError(roundFailure(e));
    } finally {
      release();
      setPlaying(false);
    }
  }

  const clock =
    kind === 'FOOTBALL'
      ? t('vm.minute', { minute: Math.min(90, Math.floor(progress * 90)) })
      : t('vm.progress', { percent: Math.floor(progress * 100) });

  return (
    <GameLayout className={`hs-vm is-${kind.toLowerCase()}`} side={<InstantHistory currency={currency} />}>
      {market ? (
        <div className="hs-vm__card" data-testid="vm-match" data-match-id={market.matchId}>
          <p className="hs-vm__kickoff">
            <span className="hs-badge hs-badge--soft">{kind === 'FOOTBALL' ? t('vm.football') : t('vm.esports')}</span>{' '}
            {market.kickoffLabel}
          </p>
          <div className="hs-vm__teams">
            <div className="hs-vm__team">
              <Crest name={market.home} />
              <span>{market.home}</span>
            </div>
            <div className="hs-vm__score" data-testid="vm-score">
              {shown ? (
                <>
                  <m.span key={`h${shown[0]}`} initial={{ scale: 1.8, opacity: 0 }} animate={{ scale: 1, opacity: 1 }}>
                    {shown[0]}
                  </m.span>
                  <span className="hs-vm__colon">:</span>
                  <m.span key={`a${shown[1]}`} initial={{ scale: 1.8, opacity: 0 }} animate={{ scale: 1, opacity: 1 }}>
                    {shown[1]}
                  </m.span>
                </>
              ) : (
                <span className="hs-vm__vs">{t('hc.vs')}</span>
              )}
              {played ? <small className="hs-vm__clock">{finished ? t('vm.fullTime') : clock}</small> : null}
            </div>
            <div className="hs-vm__team">
              <Crest name={market.away} />
              <span>{market.away}</span>
            </div>
          </div>
          {played ? (
            <div className="hs-vm__bar" aria-hidden="true">
              <m.span style={{ scaleX: progress }} />
            </div>
          ) : null}
          <div className="hs-vm__odds" role="radiogroup" aria-label={t('vm.pick')}>
            {market.selections.map((s) => (
              <button
                key={s.code}
                type="button"
                role="radio"
                aria-checked={selection === s.code}
                className={`hs-odds ${selection === s.code ? 'is-active' : ''} ${
                  finished && played?.outcome.result === s.code ? 'is-result' : ''
                }`}
                data-testid={`vm-odds-${s.code}`}
                disabled={playing || played !== null}
                onClick={() => setSelection(s.code)}
              >
                <span>{selectionLabel(s.code, market, s.label, t)}</span>
                <strong>{s.odds}</strong>
              </button>
            ))}
          </div>
        </div>
      ) : (
        <p className="hs-muted">{loading ? t('vm.loading') : null}</p>
      )}

      <AnimatePresence>
        {finished && played ? (
          <m.div
            key={played.roundId}
            className={`hs-banner ${played.outcome.won ? 'is-player' : 'is-lost'}`}
            data-testid="vm-result"
            data-won={String(played.outcome.won)}
            initial={{ opacity: 0, y: 12 }}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0 }}
          >
            <strong>{played.outcome.won ? t('vm.won') : t('vm.lost')}</strong>
            <span>
              {t('common.win')}{' '}
              <span data-testid="vm-win" data-amount={played.win}>
                <Amount value={played.win} />
              </span>
            </span>
          </m.div>
        ) : null}
      </AnimatePresence>

      <div className="hs-controls">
        <StakePicker
          values={config.stakes}
          value={stake}
          onChange={setStake}
          testIdPrefix="vm-stake"
          disabled={playing || played !== null}
        />
        {played ? (
          <button
            type="button"
            className="hs-btn hs-btn--spin"
            data-testid="vm-next"
            onClick={() => void loadMarket()}
            disabled={!finished || loading}
          >
            {t('vm.next')}
          </button>
        ) : (
          <button
            type="button"
            className="hs-btn hs-btn--spin"
            data-testid="vm-bet"
            onClick={place}
            disabled={!market || !selection || playing}
          >
            {selection ? t('vm.place') : t('vm.pickFirst')}
          </button>
        )}
      </div>
      <ErrorNote code={error} onDismiss={() => setError(null)} />
      {!market && error ? (
        <button type="button" className="hs-btn" onClick={() => void loadMarket()}>
          {t('common.retry')}
        </button>
      ) : null}
    </GameLayout>
  );
}
