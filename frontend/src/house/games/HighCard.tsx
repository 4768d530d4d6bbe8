import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { canAfford } from '../../lib/money';
import { playDuel } from '../api';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { InstantHistory } from '../components/InstantHistory';
import { PlayingCard } from '../components/PlayingCard';
import { StakePicker } from '../components/StakePicker';
import { holdBalanceRefresh } from '../balance';
import { roundFailure, settleInstantRound, wait } from '../instant';
import { balanceAtom, sessionAtom } from '../store';
import type { HighCardConfig, HighCardOutcome } from '../types';

const MATCHING_MS = 900;

export function HighCardGame({ config }: { config: HighCardConfig }) {
  const { t } = useTranslation();
  const balance = useAtomValue(balanceAtom);
  const session = useAtomValue(sessionAtom);
  const currency = session?.player.currency ?? '';
  const me = session?.player.nickname || t('hc.you');
  const [stake, setStake] = useState(config.stakes[0] ?? '1.00');
  const [busy, setBusy] = useState(false);
  const [duel, setDuel] = useState<{ outcome: HighCardOutcome; win: string; roundId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function play() {
    if (busy) return;
    setError(null);
    if (!canAfford(balance, stake)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    const release = holdBalanceRefresh();
    setBusy(true);
    setDuel(null);
    const started = Date.now();
    try {
      const answer = await playDuel(stake);
      await wait(MATCHING_MS - (Date.now() - started));
      setDuel({ outcome: answer.outcome, win: answer.win, roundId: String(answer.roundId) });
      const { winner, opponentName } = answer.outcome;
      settleInstantRound(answer, t(`hc.summary.${winner}`, { opponent: opponentName }));
    } catch (e) {
      setError(roundFailure(e));
    } finally {
      release();
      setBusy(false);
    }
  }

  const outcome = duel?.outcome;
  return (
    <GameLayout className="hs-hc" side={<InstantHistory currency={currency} />}>
      <div className="hs-hc__table">
        <div className={`hs-hc__seat ${outcome?.winner === 'PLAYER' ? 'is-winner' : ''}`}>
          <span className="hs-hc__name">{me}</span>
          <PlayingCard code={outcome?.playerCard ?? null} revealed={Boolean(outcome)} size="lg" testId="hc-player-card" />
        </div>
        <div className="hs-hc__vs" aria-hidden="true">
          {busy ? (
            <m.span animate={{ opacity: [0.3, 1, 0.3] }} transition={{ repeat: Infinity, duration: 1 }}>
              {t('hc.matching')}
            </m.span>
          ) : (
            <span>{t('hc.vs')}</span>
          )}
        </div>
        <div className={`hs-hc__seat ${outcome?.winner === 'OPPONENT' ? 'is-winner' : ''}`}>
          <span className="hs-hc__name" data-testid="hc-opponent">
            {outcome?.opponentName ?? t('hc.opponent')}
          </span>
          <PlayingCard
            code={outcome?.opponentCard ?? null}
            revealed={Boolean(outcome)}
            delay={0.5}
            size="lg"
            testId="hc-opponent-card"
          />
        </div>
      </div>

      <AnimatePresence mode="wait">
        {duel && outcome ? (
          <m.div
            key={duel.roundId}
            className={`hs-banner is-${outcome.winner.toLowerCase()}`}
            data-testid="hc-result"
            data-winner={outcome.winner}
            initial={{ opacity: 0, scale: 0.8 }}
            animate={{ opacity: 1, scale: 1 }}
            exit={{ opacity: 0 }}
            transition={{ delay: 1 }}
          >
            <strong>{t(`hc.result.${outcome.winner}`, { opponent: outcome.opponentName })}</strong>
            <span>
              {t('common.win')}{' '}
              <span data-testid="hc-win" data-amount={duel.win}>
                <Amount value={duel.win} />
              </span>
            </span>
          </m.div>
        ) : (
          <m.p key="hint" className="hs-muted hs-center" initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }}>
            {t('hc.hint', { rake: config.rakePercent })}
          </m.p>
        )}
      </AnimatePresence>

      <div className="hs-controls">
        <StakePicker values={config.stakes} value={stake} onChange={setStake} testIdPrefix="hc-stake" disabled={busy} />
        <button type="button" className="hs-btn hs-btn--spin" data-testid="hc-duel" onClick={play} disabled={busy}>
          {t('hc.duel')}
        </button>
      </div>
      <ErrorNote code={error} onDismiss={() => setError(null)} />
    </GameLayout>
  );
}
