import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n/react';
import { formatMoney, isPositive, parseCents } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { memberCentreAtom } from '../../../state/memberCentre';
import { sessionLimitAtom } from '../../../state/sessionLimit';
import { type PlaySession, playApi } from './api';
import { nextCheckAt, playedText } from './clock';
import { PlayDialog } from './PlayDialog';

// A failed read is tried again after this long (a network blip must not switch the checks off).
export const RETRY_MS = 60_000;
// The clock is looked at again at least this often: a tab in the background has its timers slowed down, and
// a laptop that slept wakes up past its deadlines.
const LOOK_AGAIN_MS = 30_000;

interface Check {
  // When the dialog opened: the time played it shows.
  at: number;
  // The session's figures as read when it opened; null while they are on their way, 'failed' if they
  // could not be read.
  figures: PlaySession | null | 'failed';
}

export interface PlayGuardProps {
  // Leaves the game: the game view is closed and the player taken to the home page.
  onLeave: () => void;
}

// While a member has a game open (issue 34): every N minutes from the login session's start (N, the start
// and the session time limit from GET /wps/protection/play-session), the reality check over the game, with the
// time played and the session's net result read as it opens; and at the session time limit the member set,
// the game closed and the limit's dialog shown (sessionLimitAtom). The figures are read again when the member
// centre closes, where the member may have changed the limit or the interval.
export function PlayGuard({ onLeave }: PlayGuardProps) {
  const [session, setSession] = useState<PlaySession | null>(null);
  const [dueAt, setDueAt] = useState<number | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reachLimit = useSetAtom(sessionLimitAtom);
  const memberPage = useAtomValue(memberCentreAtom);

  // The figures, on arrival and each time the member centre closes (or after a failed read). The next check
  // is counted again from them (an open check ignores it until it is answered, and counts its own).
  const centreOpen = memberPage !== null;
  useEffect(() => {
    if (centreOpen) return;
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    playApi.playSession(abort.signal).then(
      (found) => {
        setSession(found);
        setDueAt(nextCheckAt(found.startedAt, found.realityCheckMinutes, Date.now()));
      },
      (error: unknown) => {
        // A refusal (a trial account, an ended login) is final; anything else is tried again.
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (!abort.signal.aborted && !refused) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
  }, [centreOpen, attempt]);

  const openCheck = useCallback((at: number) => {
    setCheck({ at, figures: null });
    playApi.playSession().then(
      (found) => {
        setSession(found);
        setCheck((open) => (open && open.at === at ? { at, figures: found } : open));
      },
      () => setCheck((open) => (open && open.at === at ? { at, figures: 'failed' } : open)),
    );
  }, []);

  // The next deadline: the session's end, else the next reality check (none while one is open).
  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const now = Date.now();
      const endsAt = session.sessionEndsAt;
      if (endsAt !== null && now >= endsAt) {
        reachLimit({ endsAt });
        onLeave();
        return;
      }
      if (!check && dueAt !== null && now >= dueAt) {
        openCheck(now);
        return;
      }
      const deadlines = [endsAt, check ? null : dueAt].filter((at): at is number => at !== null);
      timer = setTimeout(look, Math.min(LOOK_AGAIN_MS, ...deadlines.map((at) => at - now)));
    };
    look();
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      look();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, dueAt, check, openCheck, reachLimit, onLeave]);

  const keepPlaying = useCallback(() => {
    setCheck(null);
    if (session) setDueAt(nextCheckAt(session.startedAt, session.realityCheckMinutes, Date.now()));
  }, [session]);

  const stop = useCallback(() => {
    setCheck(null);
    onLeave();
  }, [onLeave]);

  if (!check || !session) return null;
  return <RealityCheck check={check} startedAt={session.startedAt} onContinue={keepPlaying} onStop={stop} />;
}

function RealityCheck({
  check,
  startedAt,
  onContinue,
  onStop,
}: {
  check: Check;
  startedAt: number;
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const figures = check.figures;
  const played = playedText(check.at - startedAt);
  const net = figures && figures !== 'failed' ? figures.net : null;
  const tone = net === null ? '' : isPositive(net) ? 'is-win' : (parseCents(net) ?? 0n) < 0n ? 'is-loss' : '';
  return (
    <PlayDialog
      testId="reality-check"
      title={t('protectionPlay.reality.title')}
      onEscape={onContinue}
      actions={
        <>
          <button type="button" className="button" data-testid="reality-continue" onClick={onContinue}>
            {t('protectionPlay.reality.continue')}
          </button>
          <button type="button" className="button button-ghost" data-testid="reality-stop" onClick={onStop}>
            {t('protectionPlay.reality.stop')}
          </button>
        </>
      }
    >
      <p>{t('protectionPlay.reality.intro')}</p>
      <dl className="play-dialog__facts">
        <dt>{t('protectionPlay.reality.played')}</dt>
        <dd data-testid="reality-played">{played}</dd>
        <dt>{t('protectionPlay.reality.net')}</dt>
        <dd data-testid="reality-net" className={tone} aria-busy={figures === null}>
          {figures === null
            ? t('protectionPlay.reality.loading')
            : figures === 'failed'
              ? t('protectionPlay.reality.unavailable')
              : formatMoney(figures.net, symbol)}
        </dd>
        {figures && figures !== 'failed' && (
          <>
            <dt>{t('protectionPlay.reality.staked')}</dt>
            <dd data-testid="reality-staked">{formatMoney(figures.staked, symbol)}</dd>
            <dt>{t('protectionPlay.reality.won')}</dt>
            <dd data-testid="reality-won">{formatMoney(figures.won, symbol)}</dd>
          </>
        )}
      </dl>
    </PlayDialog>
  );
}

// The session time limit the member set is reached (sessionLimitAtom): the game was closed (or not launched)
// and cannot be continued; the dialog only closes.
export function SessionLimitDialog() {
  const { t } = useTranslation();
  const setReached = useSetAtom(sessionLimitAtom);
  const close = () => setReached(null);
  return (
    <PlayDialog
      testId="session-limit-dialog"
      title={t('protectionPlay.sessionLimit.title')}
      onEscape={close}
      actions={
        <button type="button" className="button" data-testid="session-limit-close" onClick={close}>
          {t('protectionPlay.sessionLimit.close')}
        </button>
      }
    >
      <p>{t('protectionPlay.sessionLimit.body')}</p>
      <p className="muted">{t('protectionPlay.sessionLimit.next')}</p>
    </PlayDialog>
  );
}
