// The chat page's state and everything that changes it: the status call, the conversation's history, the
// sends (each retried until the server answers), the socket's events, the read marks and the typing signal.
// A plain store (subscribe / snapshot) read through useSyncExternalStore: one controller per page, so that
// a second popup or a test starts clean.
import { ApiError } from '../../api/client';
import { brandAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import {
  type ChatMessage,
  type ChatStatus,
  type Conversation,
  chatApi,
  readVisitorToken,
  writeVisitorToken,
} from './api';
import { CHAT_EVENTS, type ChatEventName, type ChatSocket, openChatSocket } from './socket';
import {
  highestSeq,
  mergeMessages,
  newClientId,
  type Outgoing,
  settlePending,
  untilAnswered,
} from './thread';

export type ChatPhase = 'loading' | 'failed' | 'offline' | 'ticketSent' | 'start' | 'conversation';

export interface ChatState {
  phase: ChatPhase;
  error: string | null;
  status: ChatStatus | null;
  // Null in phase 'conversation' while the first message is on its way.
  conversation: Conversation | null;
  messages: ChatMessage[];
  pending: Outgoing[];
  staffTyping: boolean;
  // The text of a first message refused because the desk went offline: it moves to the offline form.
  offlineDraft: string;
  // The player rated in this visit: the closed panel thanks them instead of showing the stars.
  justRated: boolean;
}

const INITIAL: ChatState = {
  phase: 'loading',
  error: null,
  status: null,
  conversation: null,
  messages: [],
  pending: [],
  staffTyping: false,
  offlineDraft: '',
  justRated: false,
};

export const QUEUE_POLL_MS = 10_000;
const TYPING_EVERY_MS = 2000;
const TYPING_IDLE_MS = 3000;
// A staff "typing" that never got its "stopped" (a dropped socket) fades on its own.
const STAFF_TYPING_MAX_MS = 8000;
const PAGE = 200;

// The HTTP status the same refusal would have come with, for the retry rule (isRetryable).
function statusOfSocketError(code: string): number {
  if (code === 'TOO_MANY_REQUEST') return 429;
  if (code === 'SERVICE_UNAVAILABLE') return 503;
  if (code === 'UNAUTHORIZED') return 401;
  return 409;
}

const live = (c: Conversation | null) => c !== null && c.status !== 'CLOSED';

// Which screen a status answer leads to: a conversation in progress, or a closed one still to be rated,
// shows; otherwise the composer when an agent is at the desk, the offline form when none is.
function phaseOf(status: ChatStatus): ChatPhase {
  const c = status.conversation;
  if (c && (live(c) || c.rating === null)) return 'conversation';
  return status.online ? 'start' : 'offline';
}

export interface ChatController {
  subscribe: (listener: () => void) => () => void;
  get: () => ChatState;
  start: () => void;
  dispose: () => void;
  reload: () => void;
  send: (text: string) => void;
  sendImage: (file: File) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  typing: () => void;
  sendTicket: (form: { name?: string; email?: string; text: string }) => Promise<void>;
  close: () => Promise<void>;
  rate: (score: number, comment: string) => Promise<void>;
  transcript: (email: string) => Promise<void>;
  newConversation: () => void;
  markRead: () => void;
}

export interface ChatControllerOptions {
  // The page's visibility, read before a read mark is sent (document.visibilityState by default).
  visible?: () => boolean;
  socket?: typeof openChatSocket;
}

export function createChatController(options: ChatControllerOptions = {}): ChatController {
  const visible = options.visible ?? (() => document.visibilityState === 'visible');
  const connect = options.socket ?? openChatSocket;
  let state = INITIAL;
  const listeners = new Set<() => void>();
  let disposed = false;
  let socket: ChatSocket | null = null;
  let identity = '';
  let subscribedTo: number | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let staffTypingTimer: ReturnType<typeof setTimeout> | null = null;
  let typingSentAt = 0;
  let typingIdle: ReturnType<typeof setTimeout> | null = null;
  let readSent = 0;
  let claiming = false;
  let unwatchToken: (() => void) | null = null;
  const files = new Map<string, File>();

  function set(patch: Partial<ChatState>) {
    state = { ...state, ...patch };
    if (patch.messages || patch.pending) state.pending = settlePending(state.pending, state.messages);
    for (const listener of listeners) listener();
    schedulePoll();
  }

  function errorCode(error: unknown): string {
    return error instanceof ApiError ? error.code : 'NETWORK_ERROR';
  }

  // --- the conversation ------------------------------------------------------------------------------

  function adoptConversation(conversation: Conversation) {
    const current = state.conversation;
    if (current && current.id !== conversation.id) {
      set({ conversation, messages: [], staffTyping: false });
      readSent = 0;
    } else if (current) {
      // Read marks only ever move forward, whichever answer comes last.
      set({
        conversation: {
          ...conversation,
          staffReadSeq: Math.max(conversation.staffReadSeq, current.staffReadSeq),
          lastSeq: Math.max(conversation.lastSeq, current.lastSeq),
        },
      });
    } else {
      set({ conversation });
    }
    void join();
  }

  function addMessages(list: ChatMessage[]) {
    const id = state.conversation?.id;
    const mine = id === undefined ? list : list.filter((m) => m.conversationId === id);
    const messages = mergeMessages(state.messages, mine);
    if (messages !== state.messages) {
      const staffSpoke = mine.some((m) => m.side === 'STAFF');
      set({ messages, ...(staffSpoke ? { staffTyping: false } : {}) });
      markRead();
    }
  }

  // Everything after the highest seq held, page by page: the history after a reload (from 0), what a
  // dropped socket missed after a reconnect.
  // One catch-up at a time; one asked for meanwhile (a reconnect during the fetch) runs after it.
  let catchingUp: Promise<void> | null = null;
  let catchUpAgain = false;
  function catchUp(): Promise<void> {
    if (catchingUp) {
      catchUpAgain = true;
      return catchingUp;
    }
    catchingUp = fetchMissing().finally(() => {
      catchingUp = null;
      if (catchUpAgain) {
        catchUpAgain = false;
        void catchUp();
      }
    });
    return catchingUp;
  }

  async function fetchMissing(): Promise<void> {
    try {
      for (;;) {
        const id = state.conversation?.id;
        if (id === undefined || disposed) return;
        const answer = await chatApi.messages(id, highestSeq(state.messages), PAGE);
        if (disposed || state.conversation?.id !== id) return;
        adoptConversationQuietly(answer.conversation);
        addMessages(answer.list);
        if (answer.list.length < PAGE) return;
      }
    } catch {
      // the next reconnect or poll tries again
    }
  }

  function adoptConversationQuietly(conversation: Conversation) {
    const current = state.conversation;
    if (!current || current.id !== conversation.id) return;
    set({
      conversation: {
        ...conversation,
        staffReadSeq: Math.max(conversation.staffReadSeq, current.staffReadSeq),
      },
    });
  }

  // Joins the conversation's room, then fetches what was said before the room was joined (the server's
  // "joined the chat" line of a conversation routed at once, what a dropped socket missed).
  async function join() {
    const id = state.conversation?.id;
    if (id === undefined || !socket || disposed) return;
    if (subscribedTo !== id && socket.connected()) {
      subscribedTo = id;
      if (!(await socket.subscribe(id))) subscribedTo = null;
      void catchUp();
    }
  }

  // --- the socket ------------------------------------------------------------------------------------

  function ensureSocket() {
    const merchant = store.get(brandAtom)?.merchantCode;
    if (!merchant || disposed) return;
    const token = store.get(tokenAtom) ?? undefined;
    const chatVisitor = token ? undefined : (readVisitorToken() ?? undefined);
    const next = `${merchant}|${token ?? ''}|${chatVisitor ?? ''}`;
    if (socket && next === identity) return;
    socket?.close();
    identity = next;
    subscribedTo = null;
    socket = connect(
      { merchant, ...(token ? { token } : {}), ...(chatVisitor ? { chatVisitor } : {}) },
      {
        onConnect: () => {
          subscribedTo = null;
          void join();
        },
        onEvent,
      },
    );
  }

  function onEvent(name: ChatEventName, payload: unknown) {
    const event = payload as { conversationId?: number } | null;
    const conversation = state.conversation;
    if (!event || !conversation || event.conversationId !== conversation.id) return;
    switch (name) {
      case CHAT_EVENTS.message: {
        const message = payload as ChatMessage;
        if (message.seq > highestSeq(state.messages) + 1) {
          // A gap: something was missed; the catch-up brings it and this one.
          void catchUp();
        }
        addMessages([message]);
        if (message.seq > conversation.lastSeq) set({ conversation: { ...state.conversation!, lastSeq: message.seq } });
        break;
      }
      case CHAT_EVENTS.typing: {
        const { side, typing } = payload as { side: string; typing: boolean };
        if (side !== 'STAFF') return;
        if (staffTypingTimer) clearTimeout(staffTypingTimer);
        staffTypingTimer = typing ? setTimeout(() => set({ staffTyping: false }), STAFF_TYPING_MAX_MS) : null;
        set({ staffTyping: typing });
        break;
      }
      case CHAT_EVENTS.read: {
        const { side, seq } = payload as { side: string; seq: number };
        if (side === 'STAFF' && seq > conversation.staffReadSeq) set({ conversation: { ...conversation, staffReadSeq: seq } });
        break;
      }
      case CHAT_EVENTS.assigned: {
        const { status, staff } = payload as Pick<Conversation, 'status' | 'staff'>;
        set({ conversation: { ...conversation, status, staff, position: status === 'WAITING' ? conversation.position : null } });
        break;
      }
      case CHAT_EVENTS.closed:
        set({ conversation: { ...conversation, status: 'CLOSED', position: null }, staffTyping: false });
        void catchUp();
        break;
      case CHAT_EVENTS.queue: {
        const { position } = payload as { position: number | null };
        set({ conversation: { ...conversation, position } });
        break;
      }
    }
  }

  // --- the queue -------------------------------------------------------------------------------------

  // While waiting in a live queue, the status is asked every 10 s besides the socket's chat:queue.
  function schedulePoll() {
    const c = state.conversation;
    const waiting = !disposed && state.phase === 'conversation' && c?.status === 'WAITING' && c.queue !== 'TICKET';
    if (waiting && !pollTimer) pollTimer = setInterval(poll, QUEUE_POLL_MS);
    if (!waiting && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = null;
    }
  }

  async function poll() {
    try {
      const status = await chatApi.status();
      if (disposed) return;
      const c = status.conversation;
      if (c && c.id === state.conversation?.id) {
        const before = state.conversation.status;
        adoptConversationQuietly(c);
        set({ status });
        if (c.status !== before) void catchUp();
      }
    } catch {
      // the next tick tries again
    }
  }

  // --- loading ---------------------------------------------------------------------------------------

  async function load() {
    set({ phase: 'loading', error: null });
    try {
      await claimIfNeeded();
      const status = await chatApi.status();
      if (disposed) return;
      const phase = phaseOf(status);
      set({ status, phase, messages: [], pending: [], conversation: phase === 'conversation' ? status.conversation : null });
      readSent = 0;
      ensureSocket();
      if (phase === 'conversation') {
        void join();
        await catchUp();
      }
    } catch (error) {
      if (!disposed) set({ phase: 'failed', error: errorCode(error) });
    }
  }

  // A visitor who has logged in since: their conversations become the member's, once.
  async function claimIfNeeded() {
    if (claiming || !store.get(tokenAtom) || !readVisitorToken()) return;
    claiming = true;
    try {
      await chatApi.claim();
      writeVisitorToken(null);
    } catch {
      // a later load tries again; the visitor's conversation stays the visitor's meanwhile
    } finally {
      claiming = false;
    }
  }

  // --- sending ---------------------------------------------------------------------------------------

  function queue(item: Outgoing) {
    set({ pending: [...state.pending, item] });
  }

  function update(clientId: string, patch: Partial<Outgoing>) {
    set({ pending: state.pending.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)) });
  }

  async function deliver(item: Outgoing) {
    const cancelled = () => disposed || !state.pending.some((p) => p.clientId === item.clientId);
    try {
      const id = state.conversation?.id;
      if (id === undefined) {
        const answer = await untilAnswered(() => chatApi.start(item.clientId, item.text), { cancelled });
        if (disposed) return;
        adoptConversation(answer.conversation);
        addMessages([answer.message]);
        ensureSocket();
        void join();
      } else if (item.kind === 'IMAGE') {
        const message = await untilAnswered(() => chatApi.sendImage(id, item.clientId, files.get(item.clientId)!), {
          cancelled,
        });
        files.delete(item.clientId);
        addMessages([message]);
      } else {
        addMessages([await untilAnswered(() => sendText(id, item.clientId, item.text), { cancelled })]);
      }
    } catch (error) {
      if (disposed || (error instanceof DOMException && error.name === 'AbortError')) return;
      const code = errorCode(error);
      if (code === 'CHAT_OFFLINE' && !state.conversation) {
        // No agent at the desk after all: the first message becomes the offline message's text.
        set({ pending: [], phase: 'offline', offlineDraft: item.text, status: state.status && { ...state.status, online: false } });
        return;
      }
      if (code === 'CHAT_CLOSED' && state.conversation) {
        set({ conversation: { ...state.conversation, status: 'CLOSED' } });
      }
      update(item.clientId, { state: 'failed', error: code });
    }
  }

  // On the socket when it is up (its acknowledgement carries the stored message), over HTTP otherwise: the
  // same message either way, since the server keeps one per client id.
  async function sendText(id: number, clientId: string, text: string): Promise<ChatMessage> {
    const answer = socket ? await socket.send(id, clientId, text) : null;
    if (answer === null) return chatApi.send(id, clientId, text);
    if (answer.ok) return answer.message;
    throw new ApiError(answer.errorCode, answer.errorCode, statusOfSocketError(answer.errorCode));
  }

  function send(text: string) {
    const body = text.trim();
    if (!body) return;
    stopTyping();
    const item: Outgoing = {
      clientId: newClientId(),
      kind: 'TEXT',
      text: body,
      file: null,
      state: 'sending',
      error: null,
      createdAt: Date.now(),
    };
    if (state.phase !== 'conversation') set({ phase: 'conversation', conversation: null, messages: [], justRated: false });
    queue(item);
    void deliver(item);
  }

  function sendImage(file: File) {
    if (!state.conversation) return;
    const item: Outgoing = {
      clientId: newClientId(),
      kind: 'IMAGE',
      text: '',
      file,
      state: 'sending',
      error: null,
      createdAt: Date.now(),
    };
    files.set(item.clientId, file);
    queue(item);
    void deliver(item);
  }

  function retry(clientId: string) {
    const item = state.pending.find((p) => p.clientId === clientId);
    if (!item || item.state !== 'failed') return;
    update(clientId, { state: 'sending', error: null });
    void deliver({ ...item, state: 'sending', error: null });
  }

  function discard(clientId: string) {
    files.delete(clientId);
    set({ pending: state.pending.filter((p) => p.clientId !== clientId) });
  }

  // --- typing ----------------------------------------------------------------------------------------

  function typing() {
    const id = state.conversation?.id;
    if (id === undefined || !socket) return;
    const now = Date.now();
    if (now - typingSentAt >= TYPING_EVERY_MS) {
      typingSentAt = now;
      socket.typing(id, true);
    }
    if (typingIdle) clearTimeout(typingIdle);
    typingIdle = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  function stopTyping() {
    if (typingIdle) clearTimeout(typingIdle);
    typingIdle = null;
    if (typingSentAt === 0) return;
    typingSentAt = 0;
    const id = state.conversation?.id;
    if (id !== undefined) socket?.typing(id, false);
  }

  // --- read marks ------------------------------------------------------------------------------------

  // The staff's messages are on screen (the list keeps the newest in view) and the page is visible: the
  // player has read up to the newest message.
  function markRead() {
    const c = state.conversation;
    if (!c || !visible()) return;
    const newestStaff = [...state.messages].reverse().find((m) => m.side !== 'PLAYER');
    if (!newestStaff) return;
    const seq = highestSeq(state.messages);
    if (seq <= readSent || seq <= c.memberReadSeq) return;
    readSent = seq;
    chatApi.read(c.id, seq).catch(() => {
      if (readSent === seq) readSent = 0;
    });
  }

  // --- the rest --------------------------------------------------------------------------------------

  async function sendTicket(form: { name?: string; email?: string; text: string }) {
    await chatApi.ticket(form);
    if (!disposed) set({ phase: 'ticketSent', offlineDraft: '' });
  }

  async function close() {
    const c = state.conversation;
    if (!c) return;
    stopTyping();
    const conversation = await chatApi.close(c.id);
    set({ conversation: { ...conversation, staffReadSeq: Math.max(conversation.staffReadSeq, c.staffReadSeq) }, staffTyping: false });
    void catchUp();
  }

  async function rate(score: number, comment: string) {
    const c = state.conversation;
    if (!c) return;
    const conversation = await chatApi.rate(c.id, score, comment.trim());
    set({ conversation: { ...c, ...conversation }, justRated: true });
  }

  async function transcript(email: string) {
    const c = state.conversation;
    if (c) await chatApi.transcript(c.id, email.trim());
  }

  function newConversation() {
    files.clear();
    readSent = 0;
    subscribedTo = null;
    set({
      phase: state.status?.online === false ? 'offline' : 'start',
      conversation: null,
      messages: [],
      pending: [],
      staffTyping: false,
      justRated: false,
    });
    // The desk may have closed meanwhile: the status says which form fits.
    void chatApi.status().then(
      (status) => {
        if (!disposed && state.phase !== 'conversation') set({ status, phase: status.online ? 'start' : 'offline' });
      },
      () => undefined,
    );
  }

  function onVisibility() {
    if (visible()) markRead();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
    start() {
      disposed = false;
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
      // A login in this tab (the token appears): claim the visitor's conversations, reconnect as the member.
      let token = store.get(tokenAtom);
      unwatchToken = store.sub(tokenAtom, () => {
        const next = store.get(tokenAtom);
        if (next === token) return;
        token = next;
        void load();
      });
      void load();
    },
    dispose() {
      disposed = true;
      unwatchToken?.();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
      if (staffTypingTimer) clearTimeout(staffTypingTimer);
      if (typingIdle) clearTimeout(typingIdle);
      socket?.close();
      socket = null;
      identity = '';
    },
    reload: () => void load(),
    send,
    sendImage,
    retry,
    discard,
    typing,
    sendTicket,
    close,
    rate,
    transcript,
    newConversation,
    markRead,
  };
}
