// The lucky wheel's and the golden egg's sheet: the prize table (the wheel's segments, with each prize's
// chance), the member's plays left and how to earn more (a check-in button among them), the game itself, and
// under "Fairness" the hash of the member's server seed, their client seed and the next nonce; "Reveal
// seed" (POST seed) shows the seed those plays used, checks it against its hash, and repeats each play made
// here since in the browser (fairness.ts), then a new seed starts.
import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isTrialAtom, memberActionAllowed } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { refreshBalance } from '../../state/balance';
import { CLIENT_SEED, type PlayResult, type Prize, type PrizeGame, miniGamesApi, type SeedReveal } from './api';
import { gameErrorText } from './errors';
import { playOutcome, seedMatches } from './fairness';
import { prizeText } from './labels';
import { Sheet } from './Sheet';
import { useMoney } from './shared';
import { GameIcon } from './icons';
import { applyClientSeed, applyPlay, applySeed, refreshMiniGames } from './state';

const SPIN_SECONDS = 4;
const TURNS = 5;

type Phase = { phase: 'idle' } | { phase: 'asking'; egg?: number } | { phase: 'showing'; play: PlayResult; egg?: number } | { phase: 'done'; play: PlayResult; egg?: number };
type Played = { nonce: number; clientSeed: string; prizeIndex: number; seedHash: string };
type Message = { ok: boolean; text: string };

function Plays({ game, onMessage }: { game: PrizeGame; onMessage: (message: Message) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const earn = game.earn;
  const checkIn = async () => {
    setBusy(true);
    try {
      await miniGamesApi.checkin();
      onMessage({ ok: true, text: t('miniGames.game.checkedIn', { n: earn.perCheckin }) });
      await refreshMiniGames();
    } catch (error) {
      onMessage({ ok: false, text: gameErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mg-plays">
      {game.playsLeft !== null && (
        <p className="mg-plays-left" data-testid="game-plays-left">
          {t('miniGames.game.playsLeft', { n: game.playsLeft })}
        </p>
      )}
      <ul className="mg-earn" aria-label={t('miniGames.game.earn')}>
        {earn.perDeposit && <li>{t('miniGames.game.perDeposit', { amount: money(earn.perDeposit) })}</li>}
        {earn.perTurnover && <li>{t('miniGames.game.perTurnover', { amount: money(earn.perTurnover) })}</li>}
        {earn.perCheckin > 0 && <li>{t('miniGames.game.perCheckin', { n: earn.perCheckin })}</li>}
      </ul>
      {earn.perCheckin > 0 && game.checkedInToday !== null && (
        <button type="button" className="button button-ghost mg-checkin" data-testid="game-checkin" disabled={busy || game.checkedInToday}
          onClick={() => void checkIn()}>
          {game.checkedInToday ? t('miniGames.game.checkedInToday') : t('miniGames.game.checkIn')}
        </button>
      )}
    </div>
  );
}

function Fairness({ game, clientSeed, setClientSeed, plays }: {
  game: PrizeGame;
  clientSeed: string;
  setClientSeed: (seed: string) => void;
  plays: Played[];
}) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState<{ seed: SeedReveal; hashOk: boolean; checked: number; matched: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (game.seedHash === null) return null;
  const valid = CLIENT_SEED.test(clientSeed);
  const revealSeed = async () => {
    setBusy(true);
    setError(null);
    try {
      const seed = await miniGamesApi.seed(game.id);
      applySeed(game.id, seed);
      const probabilities = game.prizes.map((prize) => prize.probability);
      const mine = plays.filter((play) => play.seedHash === seed.previousSeedHash);
      let matched = 0;
      for (const play of mine) {
        if ((await playOutcome(probabilities, seed.previousSeed, play.clientSeed, play.nonce)) === play.prizeIndex) matched += 1;
      }
      setReveal({ seed, hashOk: await seedMatches(seed.previousSeed, seed.previousSeedHash), checked: mine.length, matched });
      setClientSeed(seed.clientSeed);
    } catch (caught) {
      setError(gameErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="mg-fair" data-testid="game-fairness">
      <summary>{t('miniGames.fair.title')}</summary>
      <dl className="mg-facts">
        <dt>{t('miniGames.fair.seedHash')}</dt>
        <dd className="mg-hash" data-testid="game-seed-hash">{game.seedHash}</dd>
        <dt>{t('miniGames.fair.nonce')}</dt>
        <dd data-testid="game-nonce">{game.nonce}</dd>
      </dl>
      <label className="mg-field">
        <span>{t('miniGames.fair.clientSeed')}</span>
        <input value={clientSeed} maxLength={64} onChange={(event) => setClientSeed(event.target.value)} aria-invalid={!valid}
          data-testid="game-client-seed" />
      </label>
      {!valid && <p className="form-error">{t('miniGames.fair.clientSeedRule')}</p>}
      <p className="muted">{t('miniGames.fair.explain')}</p>
      <button type="button" className="button button-ghost" onClick={() => void revealSeed()} disabled={busy} data-testid="game-reveal">
        {t('miniGames.fair.reveal')}
      </button>
      {error && <p className="form-error" role="alert">{error}</p>}
      {reveal && (
        <div role="status" data-testid="game-revealed">
          <dl className="mg-facts">
            <dt>{t('miniGames.fair.previousSeed')}</dt>
            <dd className="mg-hash">{reveal.seed.previousSeed}</dd>
            <dt>{t('miniGames.fair.previousSeedHash')}</dt>
            <dd className="mg-hash">{reveal.seed.previousSeedHash}</dd>
          </dl>
          <ul className="mg-verdicts">
            <li className={reveal.hashOk ? 'mg-ok' : 'mg-bad'} data-testid="verdict-game-seed" data-ok={reveal.hashOk}>
              <span aria-hidden="true">{reveal.hashOk ? '✓ ' : '✗ '}</span>
              {reveal.hashOk ? t('miniGames.fair.seedOk') : t('miniGames.fair.seedBad')}
            </li>
            {reveal.checked > 0 && (
              <li className={reveal.matched === reveal.checked ? 'mg-ok' : 'mg-bad'} data-testid="verdict-plays"
                data-ok={reveal.matched === reveal.checked}>
                <span aria-hidden="true">{reveal.matched === reveal.checked ? '✓ ' : '✗ '}</span>
                {t('miniGames.fair.playsChecked', { matched: reveal.matched, n: reveal.checked })}
              </li>
            )}
          </ul>
        </div>
      )}
    </details>
  );
}

// Segment i is centred at i x (360 / n) degrees clockwise from the top, where the pointer is.
function point(angle: number, radius: number): string {
  const rad = (angle * Math.PI) / 180;
  return `${(100 + radius * Math.sin(rad)).toFixed(2)} ${(100 - radius * Math.cos(rad)).toFixed(2)}`;
}

function Wheel({ prizes, rotation, spinning, onStopped }: { prizes: Prize[]; rotation: number; spinning: boolean; onStopped: () => void }) {
  const step = 360 / prizes.length;
  return (
    <div className="mg-wheel" data-testid="wheel">
      <span className="mg-pointer" aria-hidden="true" />
      <m.div
        className="mg-wheel-disc"
        animate={{ rotate: rotation }}
        transition={spinning ? { duration: SPIN_SECONDS, ease: [0.15, 0.75, 0.25, 1] } : { duration: 0 }}
        onAnimationComplete={() => {
          if (spinning) onStopped();
        }}
      >
        <svg viewBox="0 0 200 200" role="img" aria-hidden="true">
          {prizes.map((prize, i) => {
            const from = i * step - step / 2;
            const to = i * step + step / 2;
            return (
              <g key={prize.index}>
                <path d={`M 100 100 L ${point(from, 96)} A 96 96 0 0 1 ${point(to, 96)} Z`} className={`mg-seg mg-seg-${i % 4}`} />
                <text x="100" y="30" transform={`rotate(${i * step} 100 100)`} textAnchor="middle" className="mg-seg-label">
                  {prize.label.length > 12 ? `${prize.label.slice(0, 11)}…` : prize.label}
                </text>
              </g>
            );
          })}
          <circle cx="100" cy="100" r="14" className="mg-hub" />
        </svg>
      </m.div>
    </div>
  );
}

function Eggs({ phase, closed, onPick }: { phase: Phase; closed: boolean; onPick: (egg: number) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const picked = phase.phase === 'idle' ? null : (phase.egg ?? null);
  return (
    <ul className="mg-eggs" data-testid="eggs">
      {[0, 1, 2].map((egg) => {
        const mine = picked === egg;
        const cracked = mine && (phase.phase === 'showing' || phase.phase === 'done');
        return (
          <li key={egg}>
            <m.button
              type="button"
              className={cracked ? 'mg-egg mg-egg-cracked' : 'mg-egg'}
              aria-label={t('miniGames.egg.pick', { n: egg + 1 })}
              disabled={closed || phase.phase !== 'idle'}
              data-testid="egg"
              animate={mine && phase.phase === 'asking' ? { rotate: [0, -10, 10, -6, 6, 0] } : { rotate: 0, opacity: picked !== null && !mine ? 0.45 : 1 }}
              transition={mine && phase.phase === 'asking' ? { duration: 0.6, repeat: Infinity } : { duration: 0.3 }}
              onClick={() => onPick(egg)}
            >
              <GameIcon kind="EGG" cracked={cracked} size={56} />
              {cracked && 'play' in phase && (
                <m.span className="mg-egg-prize" initial={{ scale: 0.4, opacity: 0 }} animate={{ scale: 1, opacity: 1 }}>
                  {prizeText(t, money, phase.play.prize)}
                </m.span>
              )}
            </m.button>
          </li>
        );
      })}
    </ul>
  );
}

export function PrizeGameSheet({ game, onClose }: { game: PrizeGame; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reduce = useReducedMotion();
  const token = useAtomValue(tokenAtom);
  const trial = useAtomValue(isTrialAtom);
  const [phase, setPhase] = useState<Phase>({ phase: 'idle' });
  const [rotation, setRotation] = useState(0);
  const [message, setMessage] = useState<Message | null>(null);
  const [clientSeed, setClientSeed] = useState(game.clientSeed ?? '');
  const [plays, setPlays] = useState<Played[]>([]);
  const fallback = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (fallback.current) clearTimeout(fallback.current);
  }, []);

  const member = token !== null && !trial;
  const wheel = game.kind === 'WHEEL';
  const left = game.playsLeft ?? 0;

  const settle = (play: PlayResult, egg?: number) => {
    if (fallback.current) clearTimeout(fallback.current);
    fallback.current = null;
    setPhase({ phase: 'done', play, egg });
    if (play.prize.kind === 'MONEY') void refreshBalance();
  };

  const play = async (egg?: number) => {
    if (!memberActionAllowed()) {
      onClose();
      return;
    }
    setMessage(null);
    setPhase({ phase: 'asking', egg });
    const sent = clientSeed !== (game.clientSeed ?? '') && CLIENT_SEED.test(clientSeed) ? clientSeed : undefined;
    try {
      const result = await miniGamesApi.play(game.id, sent);
      applyPlay(game.id, result);
      if (sent) applyClientSeed(game.id, sent);
      setPlays((current) => [...current, { nonce: result.nonce, clientSeed: sent ?? game.clientSeed ?? '', prizeIndex: result.prizeIndex, seedHash: result.seedHash }]);
      if (wheel && !reduce) {
        const step = 360 / game.prizes.length;
        setRotation((current) => {
          const target = (((-result.prizeIndex * step - current) % 360) + 360) % 360;
          return current + TURNS * 360 + target;
        });
        setPhase({ phase: 'showing', play: result, egg });
        // Should the animation not report its end (a hidden tab), the prize shows anyway.
        fallback.current = setTimeout(() => settle(result, egg), (SPIN_SECONDS + 1) * 1000);
      } else {
        if (wheel) setRotation(-result.prizeIndex * (360 / game.prizes.length));
        setPhase({ phase: 'showing', play: result, egg });
        settle(result, egg);
      }
    } catch (error) {
      setPhase({ phase: 'idle' });
      setMessage({ ok: false, text: gameErrorText(t, error) });
    }
  };

  const result = phase.phase === 'done' ? phase.play : null;
  return (
    <Sheet title={game.name} onClose={onClose} testId={wheel ? 'wheel-sheet' : 'egg-sheet'}>
      {wheel ? (
        <Wheel prizes={game.prizes} rotation={rotation} spinning={phase.phase === 'showing' && !reduce}
          onStopped={() => phase.phase === 'showing' && settle(phase.play, phase.egg)} />
      ) : (
        <Eggs phase={phase} closed={member && left <= 0} onPick={(egg) => void play(egg)} />
      )}
      <div className="mg-result" aria-live="polite" data-testid="game-result">
        <AnimatePresence>
          {result && (
            <m.p key={result.playId} className="mg-win" initial={{ opacity: 0, scale: 0.8 }} animate={{ opacity: 1, scale: 1 }}>
              {result.prize.kind === 'NOTHING'
                ? t('miniGames.prize.nothing')
                : t('miniGames.game.won', { prize: prizeText(t, money, result.prize) })}
            </m.p>
          )}
        </AnimatePresence>
      </div>
      {message && (
        <p className={message.ok ? 'notice' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="game-message">
          {message.text}
        </p>
      )}
      {member ? (
        wheel ? (
          <button type="button" className="button mg-spin" data-testid="wheel-spin" disabled={left <= 0 || phase.phase === 'asking' || phase.phase === 'showing'}
            onClick={() => void play()}>
            {t('miniGames.wheel.spin')}
          </button>
        ) : (
          phase.phase === 'done' && left > 0 && (
            <button type="button" className="button mg-spin" onClick={() => setPhase({ phase: 'idle' })}>
              {t('miniGames.egg.again')}
            </button>
          )
        )
      ) : (
        <div className="mg-login" data-testid="game-login">
          <p>{trial ? t('miniGames.login.trial') : t('miniGames.login.visitor')}</p>
          <button type="button" className="button" onClick={() => {
            onClose();
            memberActionAllowed();
          }}>
            {trial ? t('miniGames.login.register') : t('miniGames.login.action')}
          </button>
        </div>
      )}
      {member && left <= 0 && phase.phase !== 'showing' && <p className="muted" data-testid="game-no-plays">{t('miniGames.game.noPlays')}</p>}
      <Plays game={game} onMessage={setMessage} />
      <h3>{t('miniGames.game.prizes')}</h3>
      <table className="mg-table" data-testid="game-prizes">
        <thead>
          <tr>
            <th scope="col">{t('miniGames.game.prize')}</th>
            <th scope="col">{t('miniGames.game.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {game.prizes.map((prize) => (
            <tr key={prize.index}>
              <td>
                {prize.label}
                {prize.kind !== 'NOTHING' && prize.label !== prizeText(t, money, prize) && (
                  <span className="muted"> · {prizeText(t, money, prize)}</span>
                )}
              </td>
              <td>{t('miniGames.game.percent', { p: prize.probability })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Fairness game={game} clientSeed={clientSeed} setClientSeed={setClientSeed} plays={plays} />
    </Sheet>
  );
}
