// A rain's sessions: the history (newest first) with each session's figures and the hash of its seed,
// published before it opened, and the seed itself once it closed (anyone may then recompute every envelope);
// and one session watched live: its state, envelopes, grabbed, left, budget and paid, and its grabs.
//
// Live: every console socket is in the merchant's room (realtime/hub.py puts each socket there at connect),
// where the server pushes `minigames:state` on open, on close and after grabs; the watch reads the session
// again on such a push for it, and, while it is OPEN, every 2 s as well (a push may be coalesced or the
// socket away, and the grabs list is not in the push).
import { useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { Loading, ReadFailed } from '../components/Problem';
import { Pager } from '../components/content/common';
import { useLatestRead } from '../components/useLatestRead';
import { CONNECTED_EVENT, useConsoleEvent } from '../live';
import { listSessions, readSession, type RainSession, type SessionState, SESSIONS_PAGE, type StateEvent } from '../miniGamesApi';
import { miniGamesProblem, when } from './MiniGamesCommon';

export const MINIGAMES_STATE_EVENT = 'minigames:state'; // realtime/events.py MINIGAMES_STATE
export const WATCH_POLL_MS = 2000;

export function SessionBadge({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const look = state === 'OPEN' ? 'running' : state === 'SCHEDULED' ? 'scheduled' : 'ended';
  return (
    <span className={`cs-badge cs-promo-state is-${look}`} data-state={state}>
      {t(`miniGames.sessions.states.${state}`)}
    </span>
  );
}

// A seed or its hash: long hex, shown whole (to copy) but wrapping.
function Hex({ value }: { value: string | null }) {
  if (!value) return <span className="cs-muted">—</span>;
  return (
    <code className="cs-minigames-hex" style={{ wordBreak: 'break-all' }}>
      {value}
    </code>
  );
}

export function SessionHistory({
  rainId,
  name,
  watching,
  onWatch,
}: {
  rainId: number;
  name: string;
  watching: number | null;
  onWatch: (sessionId: number) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const read = useCallback(() => listSessions(rainId, page), [rainId, page]);
  const { value, readProblem, load } = useLatestRead(read);
  const pages = value ? Math.max(1, Math.ceil(value.total / (value.pageSize || SESSIONS_PAGE))) : 1;
  const rows: RainSession[] | null = value?.list ?? null;
  // A session of this rain opened, moved or closed: its row (state, left, paid, the seed) is read again.
  useConsoleEvent(MINIGAMES_STATE_EVENT, (payload) => {
    if ((payload as Partial<StateEvent> | null)?.rainId === rainId) void load();
  });

  return (
    <section className="cs-panel cs-content-stack" aria-labelledby="cs-minigames-history" data-testid="minigames-history">
      <h3 id="cs-minigames-history">{t('miniGames.sessions.historyTitle', { name })}</h3>
      <p className="cs-muted">{t('miniGames.sessions.historyIntro')}</p>
      {readProblem !== null && <ReadFailed text={miniGamesProblem(t, readProblem)} retry={() => void load()} />}
      {rows === null ? (
        readProblem === null && <Loading />
      ) : rows.length === 0 ? (
        <p className="cs-muted">{t('miniGames.sessions.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table">
            <caption className="visually-hidden">{t('miniGames.sessions.historyTitle', { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('miniGames.sessions.columns.startsAt')}</th>
                <th scope="col">{t('miniGames.sessions.columns.state')}</th>
                <th scope="col">{t('miniGames.sessions.columns.envelopes')}</th>
                <th scope="col">{t('miniGames.sessions.columns.grabbed')}</th>
                <th scope="col">{t('miniGames.sessions.columns.left')}</th>
                <th scope="col">{t('miniGames.sessions.columns.budget')}</th>
                <th scope="col">{t('miniGames.sessions.columns.paid')}</th>
                <th scope="col">{t('miniGames.sessions.columns.seedHash')}</th>
                <th scope="col">{t('miniGames.sessions.columns.seed')}</th>
                <th scope="col">{t('miniGames.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <tr key={session.id} data-session={session.id}>
                  <td data-label={t('miniGames.sessions.columns.startsAt')}>
                    {when(session.startsAt)}
                    <span className="cs-muted cs-promo-line">{t('miniGames.sessions.endsAt', { at: when(session.endsAt) })}</span>
                  </td>
                  <td data-label={t('miniGames.sessions.columns.state')}>
                    <SessionBadge state={session.state} />
                  </td>
                  <td data-label={t('miniGames.sessions.columns.envelopes')} className="cs-amount">
                    {session.envelopes}
                  </td>
                  <td data-label={t('miniGames.sessions.columns.grabbed')} className="cs-amount">
                    {session.grabbed}
                  </td>
                  <td data-label={t('miniGames.sessions.columns.left')} className="cs-amount">
                    {session.left}
                  </td>
                  <td data-label={t('miniGames.sessions.columns.budget')} className="cs-amount">
                    {formatMoney(session.budget)}
                  </td>
                  <td data-label={t('miniGames.sessions.columns.paid')} className="cs-amount">
                    {formatMoney(session.paid)}
                  </td>
                  <td data-label={t('miniGames.sessions.columns.seedHash')} data-seed-hash>
                    <Hex value={session.seedHash} />
                  </td>
                  <td data-label={t('miniGames.sessions.columns.seed')} data-seed>
                    {/* The seed is only ever shown for a closed session, whatever the row carries. */}
                    {session.state === 'CLOSED' && session.seed ? (
                      <Hex value={session.seed} />
                    ) : (
                      <span className="cs-muted">{t('miniGames.sessions.seedHidden')}</span>
                    )}
                  </td>
                  <td data-label={t('miniGames.columns.actions')} className="cs-row-actions">
                    <button
                      type="button"
                      className="cs-button secondary small"
                      aria-pressed={watching === session.id}
                      aria-label={t('miniGames.sessions.watchLabel', { id: String(session.id) })}
                      onClick={() => onWatch(session.id)}
                    >
                      {t('miniGames.sessions.watch')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && <Pager pageNo={page} pages={pages} onPage={setPage} />}
    </section>
  );
}

export function SessionWatch({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useCallback(() => readSession(sessionId), [sessionId]);
  const { value: session, readProblem, load } = useLatestRead(read);
  const open = session?.state === 'OPEN';

  // While it rains, the figures and the grabs every 2 s; a session still to come is read again as it starts
  // (within the day; the push says so too), and from then on every 2 s.
  const state = session?.state;
  const startsAt = session?.startsAt;
  useEffect(() => {
    if (state === 'OPEN') {
      const timer = window.setInterval(() => void load(), WATCH_POLL_MS);
      return () => window.clearInterval(timer);
    }
    if (state !== 'SCHEDULED' || startsAt === undefined) return;
    const wait = Math.max(0, startsAt - Date.now()) + 500;
    if (wait > 86_400_000) return;
    const timer = window.setTimeout(() => void load(), wait);
    return () => window.clearTimeout(timer);
  }, [state, startsAt, load]);

  // A push for this session (opened, envelopes taken, closed), and after the socket comes back.
  useConsoleEvent(MINIGAMES_STATE_EVENT, (payload) => {
    if ((payload as Partial<StateEvent> | null)?.sessionId === sessionId) void load();
  });
  useConsoleEvent(CONNECTED_EVENT, () => void load());

  const figures: [string, string | number][] = session
    ? [
        ['envelopes', session.envelopes],
        ['grabbed', session.grabbed],
        ['left', session.left],
        ['budget', formatMoney(session.budget)],
        ['paid', formatMoney(session.paid)],
      ]
    : [];

  return (
    <section
      className="cs-panel cs-content-stack"
      aria-labelledby="cs-minigames-watch"
      data-testid="minigames-watch"
      data-session={sessionId}
      aria-busy={open || undefined}
    >
      <h3 id="cs-minigames-watch">{t('miniGames.sessions.watchTitle', { id: String(sessionId) })}</h3>
      {readProblem !== null && <ReadFailed text={miniGamesProblem(t, readProblem)} retry={() => void load()} />}
      {session === null ? (
        readProblem === null && <Loading />
      ) : (
        <>
          <p>
            <SessionBadge state={session.state} />{' '}
            <span className="cs-muted">
              {t('miniGames.sessions.window', { start: when(session.startsAt), end: when(session.endsAt) })}
            </span>
          </p>
          {open && (
            <p className="cs-muted" role="status">
              {t('miniGames.sessions.live')}
            </p>
          )}
          <dl className="cs-minigames-figures" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
            {figures.map(([key, figure]) => (
              <div key={key} data-figure={key}>
                <dt className="cs-muted">{t(`miniGames.sessions.columns.${key}`)}</dt>
                <dd className="cs-amount">{figure}</dd>
              </div>
            ))}
          </dl>
          <p>
            {t('miniGames.sessions.columns.seedHash')}: <Hex value={session.seedHash} />
          </p>
          {session.state === 'CLOSED' && session.seed && (
            <p data-testid="watch-seed">
              {t('miniGames.sessions.columns.seed')}: <Hex value={session.seed} />
            </p>
          )}
          <h4>{t('miniGames.sessions.grabsTitle', { n: String(session.grabs.length) })}</h4>
          {session.grabs.length === 0 ? (
            <p className="cs-muted">{t('miniGames.sessions.noGrabs')}</p>
          ) : (
            <div className="cs-table-wrap">
              <table className="cs-table cs-content-table">
                <caption className="visually-hidden">{t('miniGames.sessions.grabsTitle', { n: String(session.grabs.length) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('miniGames.sessions.grabColumns.seq')}</th>
                    <th scope="col">{t('miniGames.sessions.grabColumns.account')}</th>
                    <th scope="col">{t('miniGames.sessions.grabColumns.amount')}</th>
                    <th scope="col">{t('miniGames.sessions.grabColumns.at')}</th>
                  </tr>
                </thead>
                <tbody>
                  {session.grabs.map((grab) => (
                    <tr key={grab.seq} data-grab={grab.seq}>
                      <td data-label={t('miniGames.sessions.grabColumns.seq')}>{grab.seq}</td>
                      <td data-label={t('miniGames.sessions.grabColumns.account')}>{grab.account}</td>
                      <td data-label={t('miniGames.sessions.grabColumns.amount')} className="cs-amount">
                        {formatMoney(grab.amount)}
                      </td>
                      <td data-label={t('miniGames.sessions.grabColumns.at')}>{when(grab.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <div className="cs-actions">
        <button type="button" className="cs-button secondary small" onClick={onClose}>
          {t('miniGames.sessions.stopWatching')}
        </button>
      </div>
    </section>
  );
}
