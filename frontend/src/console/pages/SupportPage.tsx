// The support desk (customer-service chat). Left: the agent's presence (sent again every 30 s as a
// heartbeat while the desk is open), the waiting queues (VIP, live chat, offline tickets) with Claim, the
// conversations I hold and, for a supervisor, all live ones, the figures and the canned replies; a search
// of past conversations. Middle: the conversations open here, one tab each (drafts kept while switching).
// Right, beside the conversation: the member (or visitor) behind it.
//
// chat.read opens the desk, chat.answer claims and answers, chat.supervise sees everything. A desk change
// anywhere (console:chat) reads the desk again; a player's message is mended into its rows.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isSessionProblem } from '../api';
import { CannedManager } from '../components/support/CannedManager';
import { ConversationPane } from '../components/support/ConversationPane';
import { FiguresTab } from '../components/support/Figures';
import { QueueList, whoOf } from '../components/support/Queues';
import {
  DESK_EVENT,
  deskMessageOf,
  HEARTBEAT_MS,
  isAlreadyClaimed,
  supportProblem,
  withDeskMessage,
} from '../components/support/rules';
import { SearchTab } from '../components/support/Search';
import { Loading, Problem, ReadFailed } from '../components/Problem';
import { CONNECTED_EVENT, useConsoleEvent } from '../live';
import { can, CHAT_ANSWER, CHAT_SUPERVISE } from '../permissions';
import { meAtom } from '../store';
import {
  type Canned,
  claim,
  type Desk,
  type DeskConversation,
  listCanned,
  type Presence,
  PRESENCES,
  type Queue,
  QUEUES,
  readDesk,
  setPresence,
} from '../supportApi';
import '../styles/content.css';
import '../styles/support.css';

type Tab = Queue | 'mine' | 'live' | 'search' | 'figures' | 'canned';

const TICK_MS = 15_000;

export function SupportPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const mayAnswer = can(me?.permissions, CHAT_ANSWER);
  const maySupervise = can(me?.permissions, CHAT_SUPERVISE);
  const presenceId = useId();

  const [desk, setDesk] = useState<Desk | null>(null);
  const [readAt, setReadAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [deskProblem, setDeskProblem] = useState<unknown>(null);
  const [tab, setTab] = useState<Tab>('VIP');
  const [presence, setPresenceState] = useState<Presence | null>(null);
  const [canned, setCanned] = useState<Canned[]>([]);
  const [viewed, setViewed] = useState<DeskConversation[]>([]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [figuresRefresh, setFiguresRefresh] = useState(0);
  const latest = useRef(0);
  const picked = useRef(false);
  const presenceRef = useRef<Presence | null>(null);
  const shownRef = useRef<number | null>(null);

  const loadDesk = useCallback(async () => {
    const request = ++latest.current;
    try {
      const read = await readDesk();
      if (request !== latest.current) return;
      setDesk(read);
      setReadAt(Date.now());
      // The first read opens the list with someone in it: a waiting queue, else mine.
      if (!picked.current) {
        picked.current = true;
        const waiting = QUEUES.find((queue) => read.queues[queue].length > 0);
        if (waiting) setTab(waiting);
        else if (read.mine.length > 0) setTab('mine');
      }
      setDeskProblem(null);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setDeskProblem(error);
    }
  }, []);

  const loadCanned = useCallback(async () => {
    try {
      setCanned((await listCanned()).list);
    } catch {
      // the composer simply offers no shortcuts
    }
  }, []);

  useEffect(() => {
    void loadDesk();
    void loadCanned();
  }, [loadDesk, loadCanned]);

  // Several pushes in a row (a burst of messages) read the desk once.
  const pushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const deskChanged = useCallback(() => {
    if (pushTimer.current) return;
    pushTimer.current = setTimeout(() => {
      pushTimer.current = null;
      void loadDesk();
      setFiguresRefresh((n) => n + 1);
    }, 250);
  }, [loadDesk]);
  useEffect(
    () => () => {
      if (pushTimer.current) clearTimeout(pushTimer.current);
    },
    [],
  );
  // A player's message comes with what its row shows: mended in place, the desk is not read again (every
  // message of every conversation re-reading every console would not scale).
  const deskNews = useCallback(
    (payload: unknown) => {
      const news = deskMessageOf(payload);
      const mended = news && desk ? withDeskMessage(desk, news, shownRef.current) : null;
      if (mended) setDesk(mended);
      else deskChanged();
    },
    [desk, deskChanged],
  );
  useConsoleEvent(DESK_EVENT, deskNews);
  useConsoleEvent(CONNECTED_EVENT, deskChanged);

  // The waiting times tick on between reads.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Presence: once with what the server says when the desk opens, then every 30 s while it stays open. The
  // sends go one after another, each with the latest choice: an earlier one answered late never wins.
  const presenceSends = useRef<Promise<void>>(Promise.resolve());
  const sendPresence = useCallback((value: Presence) => {
    presenceSends.current = presenceSends.current.then(async () => {
      try {
        const agent = await setPresence(presenceRef.current ?? value);
        setDesk((old) => (old ? { ...old, me: agent } : old));
      } catch (error) {
        if (!isSessionProblem(error)) setNotice({ ok: false, text: supportProblem(t, error) });
      }
    });
    return presenceSends.current;
  }, [t]);
  const serverPresence = desk?.me.presence ?? null;
  useEffect(() => {
    if (presenceRef.current !== null || serverPresence === null || !mayAnswer) return;
    presenceRef.current = serverPresence;
    setPresenceState(serverPresence);
    void sendPresence(serverPresence);
  }, [serverPresence, mayAnswer, sendPresence]);
  useEffect(() => {
    if (!mayAnswer) return;
    const timer = setInterval(() => {
      if (presenceRef.current) void sendPresence(presenceRef.current);
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [mayAnswer, sendPresence]);
  const choosePresence = (value: Presence) => {
    presenceRef.current = value;
    setPresenceState(value);
    void sendPresence(value);
  };

  const open = (conversation: DeskConversation) => {
    setActiveId(conversation.id);
    setViewed((old) => (old.some((c) => c.id === conversation.id) ? old : [...old, conversation]));
  };

  const claimOne = async (conversation: DeskConversation) => {
    setClaiming(true);
    setNotice(null);
    try {
      const claimed = await claim(conversation.id);
      setDesk((old) =>
        old && {
          ...old,
          mine: [...old.mine.filter((c) => c.id !== claimed.id), claimed],
          queues: Object.fromEntries(QUEUES.map((q) => [q, old.queues[q].filter((c) => c.id !== claimed.id)])) as Desk['queues'],
        },
      );
      setViewed((old) => old.filter((c) => c.id !== claimed.id));
      setActiveId(claimed.id);
      setNotice({ ok: true, text: t('support.claimed', { who: whoOf(t, claimed) }) });
    } catch (error) {
      if (isSessionProblem(error)) return;
      setNotice({
        ok: false,
        text: isAlreadyClaimed(error) ? t('support.errors.CHAT_ALREADY_CLAIMED') : supportProblem(t, error),
      });
    } finally {
      setClaiming(false);
      void loadDesk();
    }
  };

  const gone = useCallback(
    (id: number, text: string) => {
      setViewed((old) => old.filter((c) => c.id !== id));
      setDesk((old) => old && { ...old, mine: old.mine.filter((c) => c.id !== id) });
      setActiveId((old) => (old === id ? null : old));
      setNotice({ ok: true, text });
      void loadDesk();
    },
    [loadDesk],
  );
  const changed = useCallback(() => void loadDesk(), [loadDesk]);

  // The tabs of the middle column: what I hold, then what I opened to look at.
  const mine = desk?.mine ?? [];
  const tabs: DeskConversation[] = [...mine, ...viewed.filter((c) => !mine.some((m) => m.id === c.id))];
  const shown = activeId !== null && tabs.some((c) => c.id === activeId) ? activeId : (tabs[0]?.id ?? null);
  shownRef.current = shown;
  const elapsed = Math.max(0, Math.floor((now - readAt) / 1000));

  const leftTabs: Tab[] = [...QUEUES, 'mine', ...(maySupervise ? (['live'] as Tab[]) : []), 'search', ...(maySupervise ? (['figures', 'canned'] as Tab[]) : [])];
  const count = (which: Tab): number | null => {
    if (!desk) return null;
    if (which === 'mine') return desk.mine.length;
    if (which === 'live') return desk.live.length;
    if ((QUEUES as readonly string[]).includes(which)) return desk.queues[which as Queue].length;
    return null;
  };

  const list = (which: Tab) => {
    if (!desk) return null;
    const common = { elapsed, busy: claiming, activeId: shown, onOpen: open, mayClaim: mayAnswer, onClaim: (c: DeskConversation) => void claimOne(c) };
    if (which === 'mine') return <QueueList {...common} list={desk.mine} empty={t('support.emptyMine')} />;
    if (which === 'live') return <QueueList {...common} list={desk.live} empty={t('support.emptyLive')} />;
    if (which === 'search') return <SearchTab onOpen={open} />;
    if (which === 'figures') return <FiguresTab refresh={figuresRefresh} />;
    if (which === 'canned') return <CannedManager list={canned} reload={loadCanned} />;
    return <QueueList {...common} list={desk.queues[which]} empty={t('support.emptyQueue')} />;
  };

  return (
    <section className="cs-page cs-support-page" aria-labelledby="cs-support-title" data-testid="support-desk">
      <h1 id="cs-support-title" className="visually-hidden">
        {t('support.title')}
      </h1>
      <div className="cs-support-layout">
        <div className="cs-support-side">
          <div className="cs-support-presence">
            <h2>{t('support.title')}</h2>
            {mayAnswer && (
              <span className="cs-content-inline">
                <label htmlFor={presenceId}>{t('support.presenceLabel')}</label>
                <select
                  id={presenceId}
                  data-testid="presence-select"
                  className={`is-${(presence ?? 'OFFLINE').toLowerCase()}`}
                  value={presence ?? ''}
                  disabled={presence === null}
                  onChange={(event) => choosePresence(event.target.value as Presence)}
                >
                  {presence === null && <option value="">…</option>}
                  {PRESENCES.map((value) => (
                    <option key={value} value={value}>
                      {t(`support.presence.${value}`)}
                    </option>
                  ))}
                </select>
              </span>
            )}
          </div>
          {notice &&
            (notice.ok ? (
              <p className="cs-success" role="status" data-testid="support-notice">
                {notice.text}
              </p>
            ) : (
              <Problem>{notice.text}</Problem>
            ))}
          <div className="cs-tabs cs-support-tabs" role="tablist" aria-label={t('support.lists')}>
            {leftTabs.map((which) => {
              const n = count(which);
              return (
                <button
                  key={which}
                  id={`cs-support-tab-${which}`}
                  type="button"
                  role="tab"
                  className="cs-tab"
                  data-testid={`queue-tab-${which}`}
                  aria-selected={tab === which}
                  aria-controls="cs-support-list"
                  onClick={() => setTab(which)}
                >
                  {t(`support.tabs.${which}`)}
                  {n !== null && <span className="cs-support-tab-count"> {n}</span>}
                </button>
              );
            })}
          </div>
          <div id="cs-support-list" role="tabpanel" aria-labelledby={`cs-support-tab-${tab}`} className="cs-support-list">
            {deskProblem !== null && <ReadFailed text={supportProblem(t, deskProblem)} retry={() => void loadDesk()} />}
            {desk === null ? deskProblem === null && <Loading /> : list(tab)}
          </div>
        </div>
        <div className="cs-support-main">
          {tabs.length > 0 && (
            <div className="cs-tabs cs-support-conv-tabs" role="tablist" aria-label={t('support.openConversations')}>
              {tabs.map((c) => (
                <span key={c.id} className="cs-support-conv-tab">
                  <button
                    type="button"
                    role="tab"
                    className="cs-tab"
                    aria-selected={c.id === shown}
                    data-testid="conversation-tab"
                    data-conversation-id={c.id}
                    onClick={() => setActiveId(c.id)}
                  >
                    {whoOf(t, c)}
                    {c.unread > 0 && c.id !== shown && <span className="cs-nav-count">{c.unread}</span>}
                  </button>
                  {!mine.some((m) => m.id === c.id) && (
                    <button
                      type="button"
                      className="cs-support-conv-tab-close"
                      aria-label={t('support.closeTab', { who: whoOf(t, c) })}
                      onClick={() => setViewed((old) => old.filter((v) => v.id !== c.id))}
                    >
                      ×
                    </button>
                  )}
                </span>
              ))}
            </div>
          )}
          {tabs.length === 0 && <p className="cs-muted cs-support-none">{t('support.noneOpen')}</p>}
          {tabs.map((c) => (
            <ConversationPane
              key={c.id}
              id={c.id}
              summary={c}
              me={desk?.me ?? null}
              agents={desk?.agents ?? []}
              mayAnswer={mayAnswer}
              maySupervise={maySupervise}
              canned={canned}
              active={c.id === shown}
              onChanged={changed}
              onGone={gone}
              onClaim={(conversation) => void claimOne(conversation)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
