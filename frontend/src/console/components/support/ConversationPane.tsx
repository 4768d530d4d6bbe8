// One conversation at the desk: its messages (the player's on the left, the staff's on the right, private
// notes in yellow, system lines translated), the player's typing and read mark, the composer, transfer and
// close, and the member panel beside it. It stays mounted while another tab is shown, so a draft survives.
//
// Live: the conversation's two rooms are watched while it is open; pushed messages are merged by seq (never
// twice); after a reconnect the messages after the highest seq held are read. A send carries a client id
// and is sent again (same id) until the server acknowledges it; the server keeps one message per id.
import { useCallback, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { clockTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import { CONNECTED_EVENT, emitLive, useConsoleEvent, watchTopic } from '../../live';
import {
  type Agent,
  assign,
  type Canned,
  type ChatMessage,
  closeConversation,
  type Conversation,
  type DeskConversation,
  markRead,
  readMessages,
  sendImage,
  sendMessage,
  sendNote,
} from '../../supportApi';
import { ConfirmAction } from '../ChangeRunner';
import { Loading, Problem, ReadFailed } from '../Problem';
import { ChatImage } from './ChatImage';
import { Composer } from './Composer';
import { MemberPanel } from './MemberPanel';
import { whoOf } from './Queues';
import {
  ASSIGNED_EVENT,
  CLOSED_EVENT,
  highestSeq,
  isRetryable,
  mergeBySeq,
  MESSAGE_EVENT,
  messageOf,
  newClientId,
  READ_EVENT,
  retryDelay,
  roomsOf,
  signalOf,
  supportProblem,
  TYPING_EVENT,
  TYPING_SHOWN_MS,
} from './rules';

const PAGE = 200;

interface Pending {
  clientId: string;
  kind: 'TEXT' | 'IMAGE' | 'NOTE';
  text: string;
  file?: File;
  failed: string | null; // why it was refused (then it waits for Retry or Discard)
}

export function MessageLine({ message, readMark }: { message: ChatMessage; readMark: boolean }) {
  const { t } = useTranslation();
  if (message.kind === 'SYSTEM' || message.side === 'SYSTEM') {
    return (
      <li className="cs-support-msg is-system" data-testid="message" data-seq={message.seq} data-kind={message.kind}>
        {t(`support.system.${message.text}`, { defaultValue: message.text, name: message.staffName ?? '' })}
        <span className="cs-muted cs-support-msg-time"> · {clockTime(message.createdAt)}</span>
      </li>
    );
  }
  const note = message.kind === 'NOTE';
  const side = note ? 'is-note' : message.side === 'PLAYER' ? 'is-player' : 'is-staff';
  return (
    <li className={`cs-support-msg ${side}`} data-testid="message" data-seq={message.seq} data-kind={message.kind}>
      {note && <span className="cs-support-note-label">{t('support.privateNote')}</span>}
      {message.kind === 'IMAGE' ? (
        <ChatImage
          conversationId={message.conversationId}
          seq={message.seq}
          width={message.image?.width}
          height={message.image?.height}
        />
      ) : (
        <p className="cs-support-msg-text">{message.text}</p>
      )}
      <span className="cs-support-msg-meta cs-muted">
        {message.side === 'STAFF' && message.staffName ? `${message.staffName} · ` : ''}
        {clockTime(message.createdAt)}
        {readMark && (
          <span className="cs-support-read" data-testid="read-mark">
            {' '}
            · {t('support.read')}
          </span>
        )}
      </span>
    </li>
  );
}

export function ConversationPane({
  id,
  summary,
  me,
  agents,
  mayAnswer,
  maySupervise,
  canned,
  active,
  onChanged,
  onGone,
  onClaim,
}: {
  id: number;
  summary: DeskConversation;
  me: Agent | null;
  agents: Agent[];
  mayAnswer: boolean;
  maySupervise: boolean;
  canned: readonly Canned[];
  active: boolean;
  onChanged: () => void;
  onGone: (id: number, notice: string) => void;
  onClaim: (conversation: DeskConversation) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [conversation, setConversation] = useState<Conversation>(summary);
  const [loaded, setLoaded] = useState(false);
  const [readProblem, setReadProblem] = useState<unknown>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState(false);
  const [playerTyping, setPlayerTyping] = useState(false);
  const [transferTo, setTransferTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const held = useRef<ChatMessage[]>([]);
  const alive = useRef(true);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const readSent = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);

  // The desk's newer word on who holds it (a claim, a transfer) reaches the open pane too.
  const summaryStaff = summary.staff?.id ?? null;
  useEffect(() => {
    setConversation((old) => ({ ...old, status: summary.status, staff: summary.staff }));
  }, [summary.status, summaryStaff]); // only a change of status or holder matters

  const merge = useCallback((incoming: ChatMessage[]) => {
    held.current = mergeBySeq(held.current, incoming);
    setMessages(held.current);
    const ids = new Set(incoming.map((m) => m.clientId).filter(Boolean));
    if (ids.size > 0) setPending((old) => old.filter((p) => !ids.has(p.clientId)));
  }, []);

  // Everything after the highest seq held, a page at a time (the first read starts at 0).
  const catchUp = useCallback(async () => {
    try {
      for (;;) {
        const page = await readMessages(id, highestSeq(held.current), PAGE);
        if (!alive.current) return;
        setConversation((old) => ({ ...old, ...page.conversation }));
        merge(page.list);
        if (page.list.length < PAGE) break;
      }
      setLoaded(true);
      setReadProblem(null);
    } catch (error) {
      if (alive.current && !isSessionProblem(error)) setReadProblem(error);
    }
  }, [id, merge]);

  useEffect(() => {
    alive.current = true;
    const timers = retryTimers.current;
    void catchUp();
    const stops = roomsOf(id).map((room) => watchTopic(room));
    return () => {
      alive.current = false;
      stops.forEach((stop) => stop());
      timers.forEach((timer) => clearTimeout(timer));
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [id, catchUp]);

  useConsoleEvent(CONNECTED_EVENT, () => void catchUp());
  useConsoleEvent(MESSAGE_EVENT, (payload) => {
    const message = messageOf(payload);
    if (message?.conversationId !== id) return;
    merge([message]);
    if (message.side === 'PLAYER') setPlayerTyping(false);
  });
  useConsoleEvent(TYPING_EVENT, (payload) => {
    const signal = signalOf(payload);
    if (signal?.conversationId !== id || signal.side !== 'PLAYER') return;
    setPlayerTyping(signal.typing === true);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    if (signal.typing) typingTimer.current = setTimeout(() => setPlayerTyping(false), TYPING_SHOWN_MS);
  });
  useConsoleEvent(READ_EVENT, (payload) => {
    const signal = signalOf(payload);
    if (signal?.conversationId !== id || typeof signal.seq !== 'number') return;
    const seq = signal.seq;
    setConversation((old) =>
      signal.side === 'PLAYER'
        ? { ...old, memberReadSeq: Math.max(old.memberReadSeq, seq) }
        : { ...old, staffReadSeq: Math.max(old.staffReadSeq, seq) },
    );
  });
  useConsoleEvent(ASSIGNED_EVENT, (payload) => {
    const signal = signalOf(payload);
    if (signal?.conversationId !== id) return;
    setConversation((old) => ({
      ...old,
      status: (signal.status as Conversation['status']) ?? old.status,
      staff: signal.staff === undefined ? old.staff : signal.staff,
    }));
    onChanged();
  });
  useConsoleEvent(CLOSED_EVENT, (payload) => {
    if (signalOf(payload)?.conversationId !== id) return;
    setConversation((old) => ({ ...old, status: 'CLOSED' }));
    setPlayerTyping(false);
    onChanged();
  });

  const mine = conversation.staff !== null && me !== null && conversation.staff.id === me.id;
  const open = conversation.status === 'OPEN';
  const mayWrite = mayAnswer && open && (mine || maySupervise);
  const top = highestSeq(messages);

  // The staff's read mark follows what an agent of the conversation has on screen.
  useEffect(() => {
    if (!active || !mine || !loaded || top <= conversation.staffReadSeq || top <= readSent.current) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    readSent.current = top;
    markRead(id, top).then(
      () => {
        if (!alive.current) return;
        setConversation((old) => ({ ...old, staffReadSeq: Math.max(old.staffReadSeq, top) }));
        onChanged();
      },
      () => {
        readSent.current = 0; // tried again with the next change
      },
    );
  }, [active, mine, loaded, top, conversation.staffReadSeq, id, onChanged]);

  // The newest line in view when something arrives (or is being sent).
  useEffect(() => {
    const list = listRef.current;
    if (list && active) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending.length, playerTyping, active]);

  const deliver = useCallback(
    async (item: Pending, attempt: number) => {
      try {
        const stored =
          item.kind === 'IMAGE'
            ? await sendImage(id, item.clientId, item.file!)
            : item.kind === 'NOTE'
              ? await sendNote(id, item.text)
              : await sendMessage(id, item.clientId, item.text);
        if (!alive.current) return;
        merge([{ ...stored, clientId: stored.clientId ?? item.clientId }]);
        setPending((old) => old.filter((p) => p.clientId !== item.clientId));
      } catch (error) {
        if (!alive.current || isSessionProblem(error)) return;
        // A note has no client id: the server cannot tell a retry from a second note, so it waits for Retry.
        if (item.kind !== 'NOTE' && isRetryable(error)) {
          const timer = setTimeout(() => {
            retryTimers.current.delete(timer);
            void deliver(item, attempt + 1);
          }, retryDelay(attempt));
          retryTimers.current.add(timer);
          return;
        }
        const why = supportProblem(t, error);
        setPending((old) => old.map((p) => (p.clientId === item.clientId ? { ...p, failed: why } : p)));
      }
    },
    [id, merge, t],
  );

  const queueSend = (item: Pending) => {
    setPending((old) => [...old, item]);
    void deliver(item, 0);
  };

  const retry = (item: Pending) => {
    setPending((old) => old.map((p) => (p.clientId === item.clientId ? { ...p, failed: null } : p)));
    void deliver({ ...item, failed: null }, 0);
  };

  const act = async (work: () => Promise<DeskConversation>, after: (result: DeskConversation) => void) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await work();
      if (alive.current) setConversation((old) => ({ ...old, ...result }));
      after(result);
    } catch (error) {
      if (!isSessionProblem(error) && alive.current) setProblem(supportProblem(t, error));
      onChanged();
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const colleagues = agents.filter((agent) => agent.id !== conversation.staff?.id);
  const who = whoOf(t, summary);
  const lastReadStaff = messages.reduce(
    (best, m) => (m.side === 'STAFF' && m.kind !== 'NOTE' && m.seq <= conversation.memberReadSeq ? m.seq : best),
    0,
  );

  return (
    <div className="cs-support-pane" hidden={!active} data-testid="conversation-panel" data-conversation-id={id} data-status={conversation.status}>
      <section className="cs-support-conversation" aria-label={t('support.conversationWith', { who })}>
        <header className="cs-support-conv-head">
          <h2>
            {who}
            <span className="cs-badge cs-support-queue-badge">{t(`support.queues.${conversation.queue}`)}</span>
            <span className={`cs-badge cs-support-status is-${conversation.status.toLowerCase()}`}>
              {t(`support.status.${conversation.status}`)}
            </span>
          </h2>
          <p className="cs-muted cs-support-conv-staff">
            {conversation.staff ? t('support.heldBy', { name: conversation.staff.name }) : t('support.unassigned')}
          </p>
          <div className="cs-support-conv-actions">
            {conversation.status === 'WAITING' && mayAnswer && (
              <button type="button" className="cs-button primary small" data-testid="claim-button" disabled={busy} onClick={() => onClaim(summary)}>
                {t('support.claim')}
              </button>
            )}
            {mayWrite && (
              <>
                <span className="cs-content-inline">
                  <label htmlFor={`${formId}-transfer`} className="visually-hidden">
                    {t('support.transferTo')}
                  </label>
                  <select
                    id={`${formId}-transfer`}
                    data-testid="transfer-select"
                    value={transferTo}
                    onChange={(event) => setTransferTo(event.target.value)}
                  >
                    <option value="">{t('support.transferTo')}</option>
                    {colleagues.map((agent) => (
                      <option key={agent.id} value={agent.id}>
                        {t('support.agentOption', {
                          name: agent.name,
                          presence: t(`support.presence.${agent.presence}`),
                          open: String(agent.open),
                          max: String(agent.maxOpen),
                        })}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="cs-button secondary small"
                    data-testid="transfer"
                    disabled={busy || !transferTo}
                    onClick={() => {
                      const staffId = Number(transferTo);
                      const name = agents.find((agent) => agent.id === staffId)?.name ?? '';
                      void act(
                        () => assign(id, staffId),
                        (result) => {
                          setTransferTo('');
                          if (result.staff?.id !== me?.id && !maySupervise) onGone(id, t('support.transferred', { who, name }));
                          else onChanged();
                        },
                      );
                    }}
                  >
                    {t('support.transfer')}
                  </button>
                </span>
                <span data-testid="close">
                  <ConfirmAction
                    action={t('support.close')}
                    label={t('support.closeLabel', { who })}
                    question={t('support.closeQuestion')}
                    busy={busy}
                    onConfirm={() => void act(() => closeConversation(id), () => onGone(id, t('support.closedNotice', { who })))}
                  />
                </span>
              </>
            )}
          </div>
          <Problem>{problem}</Problem>
        </header>
        {readProblem !== null && !loaded && <ReadFailed text={supportProblem(t, readProblem)} retry={() => void catchUp()} />}
        {!loaded && readProblem === null && <Loading />}
        <ol className="cs-support-messages" data-testid="message-list" ref={listRef} aria-live="polite" aria-relevant="additions">
          {messages.map((message) => (
            <MessageLine key={message.seq} message={message} readMark={message.seq === lastReadStaff} />
          ))}
          {pending.map((item) => (
            <li
              key={item.clientId}
              className={`cs-support-msg ${item.kind === 'NOTE' ? 'is-note' : 'is-staff'} is-pending`}
              data-testid="pending-message"
              data-client-id={item.clientId}
            >
              {item.kind === 'NOTE' && <span className="cs-support-note-label">{t('support.privateNote')}</span>}
              <p className="cs-support-msg-text">{item.kind === 'IMAGE' ? t('support.picture') : item.text}</p>
              <span className="cs-support-msg-meta cs-muted">
                {item.failed ? (
                  <>
                    <span className="cs-problem-inline" role="alert">
                      {t('support.notSent', { why: item.failed })}
                    </span>{' '}
                    <button type="button" className="cs-link" onClick={() => retry(item)}>
                      {t('app.retry')}
                    </button>{' '}
                    <button
                      type="button"
                      className="cs-link"
                      onClick={() => setPending((old) => old.filter((p) => p.clientId !== item.clientId))}
                    >
                      {t('support.discard')}
                    </button>
                  </>
                ) : (
                  t('support.sending')
                )}
              </span>
            </li>
          ))}
        </ol>
        <p className="cs-support-typing cs-muted" role="status" data-testid="typing-indicator" hidden={!playerTyping}>
          {playerTyping ? t('support.typing', { who }) : ''}
        </p>
        {mayWrite ? (
          <Composer
            draft={draft}
            onDraft={setDraft}
            note={note}
            onNote={setNote}
            canned={canned}
            busy={false}
            onTyping={(typing) => emitLive(TYPING_EVENT, { conversationId: id, typing })}
            onSend={(text, asNote) => {
              setDraft('');
              queueSend({ clientId: newClientId(), kind: asNote ? 'NOTE' : 'TEXT', text, failed: null });
            }}
            onImage={(file) => queueSend({ clientId: newClientId(), kind: 'IMAGE', text: '', file, failed: null })}
          />
        ) : (
          <p className="cs-muted cs-support-readonly">
            {conversation.status === 'CLOSED' ? t('support.closedReadOnly') : t('support.readOnly')}
          </p>
        )}
      </section>
      <MemberPanel id={id} refresh={`${conversation.staff?.id ?? ''}`} />
    </div>
  );
}
