// The red-envelope rain's sheet. Before the start: the countdown and the seed's hash, published now so the
// seed (shown after the end) can be checked against it. While open: envelopes fall and each tap asks the
// server for one (POST grab); the amount won pops up, envelopes left and the member's grabs follow the
// pushes and the answers; a visitor or a trial account is asked to log in instead. Under reduced motion the
// envelopes are a plain row of buttons. After the end: the seed, every grab, and Verify, which recomputes
// every envelope in the browser (fairness.ts) and says whether each published amount and the seed match.
import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { parseCents } from '../../lib/money';
import { isTrialAtom, memberActionAllowed } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { refreshBalance } from '../../state/balance';
import { type RainDetail, type RainSession, miniGamesApi } from './api';
import { errorCode, errorLimit, gameErrorText } from './errors';
import { type RainVerification, verifyRain } from './fairness';
import { GameIcon } from './icons';
import { rainStatus } from './labels';
import { Sheet } from './Sheet';
import { useMoney } from './shared';
import { applyEmpty, applyGrab, applyLimit, refreshMiniGames } from './state';
import { countdown, useNow } from './time';

// Envelopes on screen at once (fewer when fewer are left), and grabs on their way at once.
const FALLING = 6;
const IN_FLIGHT = 3;

type Won = { key: number; amount: string };
type Check = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; result: RainVerification } | { phase: 'unsupported' };

function Facts({ rain, detail }: { rain: RainSession; detail: RainDetail | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="mg-facts">
      <dt>{t('miniGames.rain.envelopes')}</dt>
      <dd data-testid="rain-left">{t('miniGames.rain.leftOf', { left: rain.left, total: rain.envelopes })}</dd>
      <dt>{t('miniGames.rain.budget')}</dt>
      <dd>{money(rain.budget)}</dd>
      {rain.myLimit !== null && (
        <>
          <dt>{t('miniGames.rain.myGrabs')}</dt>
          <dd data-testid="rain-my-grabs">{t('miniGames.rain.grabsOf', { grabs: rain.myGrabs ?? 0, limit: rain.myLimit })}</dd>
        </>
      )}
      {rain.myWon !== null && parseCents(rain.myWon) !== 0n && (
        <>
          <dt>{t('miniGames.rain.myWon')}</dt>
          <dd data-testid="rain-my-won">{money(rain.myWon)}</dd>
        </>
      )}
      <dt>{t('miniGames.fair.seedHash')}</dt>
      <dd className="mg-hash" data-testid="rain-seed-hash">{rain.seedHash}</dd>
      {(rain.seed ?? detail?.seed) && (
        <>
          <dt>{t('miniGames.fair.seed')}</dt>
          <dd className="mg-hash" data-testid="rain-seed">{rain.seed ?? detail?.seed}</dd>
        </>
      )}
    </dl>
  );
}

function LoginPrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const trial = useAtomValue(isTrialAtom);
  return (
    <div className="mg-login" data-testid="rain-login">
      <p>{trial ? t('miniGames.login.trial') : t('miniGames.login.visitor')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          onClose();
          memberActionAllowed();
        }}
      >
        {trial ? t('miniGames.login.register') : t('miniGames.login.action')}
      </button>
    </div>
  );
}

function Envelopes({ rain }: { rain: RainSession }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reduce = useReducedMotion();
  const [inFlight, setInFlight] = useState(0);
  const [won, setWon] = useState<Won[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Each slot's envelope is replaced by a new one (from the top) when tapped.
  const [rounds, setRounds] = useState<number[]>(() => Array.from({ length: FALLING }, () => 0));
  const wins = useRef(0);
  const sessionId = rain.id;

  const grab = async (slot: number) => {
    if (inFlight >= IN_FLIGHT) return;
    setRounds((current) => current.map((round, i) => (i === slot ? round + 1 : round)));
    setInFlight((n) => n + 1);
    try {
      const result = await miniGamesApi.grab(sessionId);
      applyGrab(sessionId, result);
      setError(null);
      const key = (wins.current += 1);
      setWon((current) => [...current.slice(-2), { key, amount: result.amount }]);
      setTimeout(() => setWon((current) => current.filter((w) => w.key !== key)), 2500);
      void refreshBalance();
    } catch (caught) {
      setError(gameErrorText(t, caught));
      const code = errorCode(caught);
      if (code === 'GRAB_LIMIT') applyLimit(sessionId, errorLimit(caught) ?? rain.myLimit ?? rain.myGrabs ?? 0);
      if (code === 'RAIN_EMPTY') applyEmpty(sessionId);
      if (code === 'RAIN_NOT_OPEN' || code === 'RAIN_EMPTY') void refreshMiniGames();
    } finally {
      setInFlight((n) => n - 1);
    }
  };

  const limited = rain.myLimit !== null && (rain.myGrabs ?? 0) >= rain.myLimit;
  const count = limited ? 0 : Math.min(FALLING, rain.left);
  return (
    <div className="mg-rain-play">
      {error && <p className="form-error" role="alert" data-testid="rain-error">{error}</p>}
      {limited && <p className="notice" data-testid="rain-limited">{t('miniGames.rain.limitReached', { limit: rain.myLimit })}</p>}
      {!limited && rain.left === 0 && <p className="notice" data-testid="rain-empty">{t('miniGames.rain.empty')}</p>}
      <div className="mg-wins" aria-live="polite" data-testid="rain-wins">
        <AnimatePresence>
          {won.map((w) => (
            <m.p key={w.key} className="mg-win" initial={{ opacity: 0, y: 12, scale: 0.8 }} animate={{ opacity: 1, y: 0, scale: 1 }}
              exit={{ opacity: 0, y: -16 }} transition={{ duration: 0.3 }}>
              {t('miniGames.rain.won', { amount: money(w.amount) })}
            </m.p>
          ))}
        </AnimatePresence>
      </div>
      {count > 0 &&
        (reduce ? (
          <ul className="mg-envelope-list" data-testid="rain-envelope-list">
            {rounds.slice(0, count).map((round, slot) => (
              <li key={`${slot}:${round}`}>
                <button type="button" className="mg-envelope" aria-label={t('miniGames.rain.grab')} disabled={inFlight >= IN_FLIGHT}
                  onClick={() => void grab(slot)}>
                  <GameIcon kind="RAIN" size={40} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mg-sky" data-testid="rain-sky">
            {rounds.slice(0, count).map((round, slot) => (
              <m.button
                key={`${slot}:${round}`}
                type="button"
                className="mg-envelope mg-falling"
                aria-label={t('miniGames.rain.grab')}
                style={{ left: `${4 + ((slot * 37 + round * 23) % 80)}%` }}
                initial={{ y: -80 }}
                animate={{ y: 340 }}
                transition={{ duration: 2.6 + ((slot * 7 + round * 3) % 5) * 0.35, delay: (slot % 3) * 0.4, ease: 'linear', repeat: Infinity }}
                onClick={() => void grab(slot)}
              >
                <GameIcon kind="RAIN" size={40} />
              </m.button>
            ))}
          </div>
        ))}
    </div>
  );
}

function Verify({ rain, detail }: { rain: RainSession; detail: RainDetail }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ phase: 'idle' });
  const seed = rain.seed ?? detail.seed;
  if (!seed) return null;
  const run = async () => {
    const budget = parseCents(rain.budget);
    const minAmount = parseCents(rain.minAmount);
    if (typeof crypto === 'undefined' || !crypto.subtle || budget === null || minAmount === null) {
      setCheck({ phase: 'unsupported' });
      return;
    }
    setCheck({ phase: 'busy' });
    try {
      const grabs = detail.grabs.map((grab) => ({ seq: grab.seq, amount: parseCents(grab.amount) ?? -1n }));
      const result = await verifyRain({ seed, sessionId: rain.id, budget, envelopes: rain.envelopes, minAmount, seedHash: rain.seedHash, grabs });
      setCheck({ phase: 'done', result });
    } catch {
      setCheck({ phase: 'unsupported' });
    }
  };
  return (
    <div className="mg-verify">
      <button type="button" className="button" onClick={() => void run()} disabled={check.phase === 'busy'}>
        {t('miniGames.fair.verify')}
      </button>
      {check.phase === 'busy' && <p className="muted" aria-busy="true">{t('miniGames.fair.checking')}</p>}
      {check.phase === 'unsupported' && <p className="form-error" role="alert">{t('miniGames.fair.unsupported')}</p>}
      {check.phase === 'done' && (
        <ul className="mg-verdicts" role="status" data-testid="rain-verdicts">
          <li className={check.result.seed ? 'mg-ok' : 'mg-bad'} data-testid="verdict-seed" data-ok={check.result.seed}>
            <span aria-hidden="true">{check.result.seed ? '✓ ' : '✗ '}</span>
            {check.result.seed ? t('miniGames.fair.seedOk') : t('miniGames.fair.seedBad')}
          </li>
          <li className={check.result.amounts ? 'mg-ok' : 'mg-bad'} data-testid="verdict-amounts" data-ok={check.result.amounts}>
            <span aria-hidden="true">{check.result.amounts ? '✓ ' : '✗ '}</span>
            {check.result.amounts
              ? t('miniGames.fair.amountsOk', { n: check.result.checked })
              : t('miniGames.fair.amountsBad', { n: check.result.wrong.length, seqs: check.result.wrong.map((s) => `#${s + 1}`).join(', ') })}
          </li>
        </ul>
      )}
    </div>
  );
}

export function RainSheet({ rain, onClose }: { rain: RainSession; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const token = useAtomValue(tokenAtom);
  const trial = useAtomValue(isTrialAtom);
  const [detail, setDetail] = useState<RainDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const now = useNow(rain.state !== 'CLOSED');

  // The detail (the rule; the grabs once closed), read again when the session changes state.
  useEffect(() => {
    const abort = new AbortController();
    miniGamesApi.rain(rain.id, abort.signal).then(
      (value) => {
        setDetail(value);
        setFailed(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailed(gameErrorText(t, error));
      },
    );
    return () => abort.abort();
  }, [rain.id, rain.state, t]);

  const member = token !== null && !trial;
  return (
    <Sheet title={rain.name} onClose={onClose} testId="rain-sheet">
      <p className="mg-status" data-testid="rain-status" data-state={rain.state}>
        {rain.state === 'SCHEDULED' && rain.startsAt > now ? (
          <>
            {t('miniGames.rain.startsAt')} <strong className="mg-countdown" data-testid="rain-countdown">{countdown(rain.startsAt - now)}</strong>
          </>
        ) : (
          rainStatus(t, rain, now)
        )}
      </p>
      {rain.state === 'OPEN' && (member ? <Envelopes rain={rain} /> : <LoginPrompt onClose={onClose} />)}
      {rain.state === 'SCHEDULED' && <p className="muted">{t('miniGames.rain.before', { min: money(rain.minAmount) })}</p>}
      <Facts rain={rain} detail={detail} />
      {failed && <p className="form-error" role="alert">{failed}</p>}
      {rain.state === 'CLOSED' && detail && (
        <>
          <h3>{t('miniGames.rain.grabs')}</h3>
          {detail.grabs.length === 0 ? (
            <p className="muted">{t('miniGames.rain.noGrabs')}</p>
          ) : (
            <div className="mg-table-wrap">
              <table className="mg-table" data-testid="rain-grabs">
                <thead>
                  <tr>
                    <th scope="col">{t('miniGames.rain.seq')}</th>
                    <th scope="col">{t('miniGames.rain.account')}</th>
                    <th scope="col">{t('miniGames.rain.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.grabs.map((grab) => (
                    <tr key={grab.seq}>
                      <td>{grab.seq + 1}</td>
                      <td>{grab.account}</td>
                      <td className="money">{money(grab.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Verify rain={rain} detail={detail} />
        </>
      )}
      {detail?.rule && (
        <details className="mg-rule">
          <summary>{t('miniGames.fair.rule')}</summary>
          <p lang="en" data-testid="rain-rule">{detail.rule}</p>
        </details>
      )}
    </Sheet>
  );
}
