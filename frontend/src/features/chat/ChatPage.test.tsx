import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { Brand } from '../../api/system';
import { brandAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { ChatMessage, ChatStatus, Conversation } from './api';
import ChatScreen from './pages/ChatScreen';
import type { ChatSendAnswer, ChatSocketAuth, ChatSocketHandlers } from './socket';

const t = vi.hoisted(() => (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key));
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; value?: unknown; code?: string };
type Route = (request: Sent) => Answer | undefined;

let sent: Sent[] = [];
let routes: Route[] = [];

function answer({ status = 200, value = null, code }: Answer) {
  const envelope = code ? { success: false, errorCode: code, message: code, value: null } : { success: true, value };
  return Promise.resolve(new Response(JSON.stringify(envelope), { status }));
}

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const request = { method, path: url, headers: init.headers as Record<string, string>, body };
      sent.push(request);
      for (const route of routes) {
        const found = route(request);
        if (found) return answer(found);
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
}

const on = (method: string, path: string | RegExp, reply: Answer | ((r: Sent) => Answer)): Route => (request) => {
  const hit = request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path));
  if (!hit) return undefined;
  return typeof reply === 'function' ? reply(request) : reply;
};

const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: 7,
  queue: 'LIVECHAT',
  status: 'OPEN',
  staff: { id: 3, name: 'Anna Lee' },
  position: null,
  lastSeq: 0,
  memberReadSeq: 0,
  staffReadSeq: 0,
  rating: null,
  createdAt: 1_700_000_000_000,
  closedAt: null,
  ...extra,
});

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId: 7,
  seq,
  clientId: null,
  side: 'STAFF',
  kind: 'TEXT',
  text: `staff says ${seq}`,
  staffName: 'Anna Lee',
  image: null,
  createdAt: 1_700_000_000_000 + seq * 1000,
  ...extra,
});

const status = (extra: Partial<ChatStatus> = {}): ChatStatus => ({
  online: true,
  queue: 'LIVECHAT',
  hours: { opens: '09:00', closes: '23:00', timeZone: 'Asia/Manila' },
  conversation: null,
  ...extra,
});

// The socket the page opens, driven by the test.
type SocketSend = (conversationId: number, clientId: string, text: string) => Promise<ChatSendAnswer | null>;
// What the fake socket answers a send: by default nothing (no ack in time), so the page sends over HTTP.
let socketSend: SocketSend = async () => null;
let sockets: { auth: ChatSocketAuth; handlers: ChatSocketHandlers; rooms: number[]; typing: [number, boolean][] }[] = [];
function fakeSocket(auth: ChatSocketAuth, handlers: ChatSocketHandlers) {
  const entry = { auth, handlers, rooms: [] as number[], typing: [] as [number, boolean][] };
  sockets.push(entry);
  let connected = false;
  queueMicrotask(() => {
    connected = true;
    handlers.onConnect();
  });
  return {
    subscribe: async (id: number) => {
      entry.rooms.push(id);
      return true;
    },
    typing: (id: number, typing: boolean) => entry.typing.push([id, typing]),
    send: (id: number, clientId: string, text: string) => socketSend(id, clientId, text),
    connected: () => connected,
    close: () => undefined,
  };
}
const lastSocket = () => sockets[sockets.length - 1]!;
const push = (name: Parameters<ChatSocketHandlers['onEvent']>[0], payload: unknown) =>
  act(async () => lastSocket().handlers.onEvent(name, payload));

let visible = true;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function openPage() {
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ChatScreen options={{ socket: fakeSocket, visible: () => visible }} />
      </MemoryRouter>
    </Provider>,
  );
  await flush();
  await flush();
}

beforeEach(() => {
  sent = [];
  routes = [];
  sockets = [];
  socketSend = async () => null;
  visible = true;
  localStorage.clear();
  store.set(brandAtom, { merchantCode: 'demo', name: 'Demo Casino', chatHeaderColor: '#123456' } as Brand);
  store.set(tokenAtom, null);
  setRequestContext(() => ({ merchant: 'demo', token: store.get(tokenAtom), language: 'EN' }));
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const posts = (path: string | RegExp) =>
  sent.filter((r) => r.method === 'POST' && (typeof path === 'string' ? r.path === path : path.test(r.path)));

describe('the chat page', () => {
  it('shows the brand bar in its chat colour', async () => {
    routes.push(on('GET', '/wps/chat/status', { value: status() }));
    await openPage();
    const header = screen.getByTestId('chat-header');
    expect(header.textContent).toContain('Demo Casino');
    expect(header.style.background).toBe('rgb(18, 52, 86)');
    expect(screen.getByTestId('chat-page').dataset.phase).toBe('start');
  });

  it('offline: shows the hours and sends a visitor message once name and a valid email are given', async () => {
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ online: false }) }),
      on('POST', '/wps/chat/tickets', { value: { conversation: conversation({ queue: 'TICKET', status: 'WAITING' }), visitorToken: 'v'.repeat(43) } }),
    );
    await openPage();
    expect(screen.getByTestId('chat-offline')).toBeTruthy();
    expect(screen.getByTestId('chat-hours').textContent).toContain('"opens":"09:00"');
    expect(screen.getByTestId('chat-hours').textContent).toContain('"timeZone":"Asia/Manila"');

    fireEvent.change(screen.getByTestId('chat-offline-text'), { target: { value: 'Where is my deposit?' } });
    fireEvent.change(screen.getByTestId('chat-offline-email'), { target: { value: 'not-an-email' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-offline-submit')));
    expect(screen.getByText('chat.offline.nameRequired')).toBeTruthy();
    expect(screen.getByText('chat.offline.emailInvalid')).toBeTruthy();
    expect(posts('/wps/chat/tickets')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('chat-offline-name'), { target: { value: 'Tom' } });
    fireEvent.change(screen.getByTestId('chat-offline-email'), { target: { value: 'tom@example.com' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-offline-submit')));
    await flush();
    expect(posts('/wps/chat/tickets')[0]!.body).toEqual({ name: 'Tom', email: 'tom@example.com', text: 'Where is my deposit?' });
    expect(screen.getByTestId('chat-ticket-sent')).toBeTruthy();
    // The server's visitor token is kept for this merchant and sent from then on.
    expect(localStorage.getItem('chat.visitor.demo')).toBe('v'.repeat(43));
  });

  it('offline: a member sends only the text', async () => {
    store.set(tokenAtom, 'member-token');
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ online: false, hours: null }) }),
      on('POST', '/wps/chat/tickets', { value: { conversation: conversation({ queue: 'TICKET' }), visitorToken: null } }),
    );
    await openPage();
    expect(screen.queryByTestId('chat-offline-email')).toBeNull();
    fireEvent.change(screen.getByTestId('chat-offline-text'), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-offline-submit')));
    await flush();
    expect(posts('/wps/chat/tickets')[0]!.body).toEqual({ text: 'Hello' });
    expect(posts('/wps/chat/tickets')[0]!.headers.Authorization).toBe('member-token');
  });

  it('waiting: shows the place in the queue, as VIP, and follows chat:queue', async () => {
    const waiting = conversation({ queue: 'VIP', status: 'WAITING', staff: null, position: 3, lastSeq: 1 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ queue: 'VIP', conversation: waiting }) }),
      on('GET', /\/wps\/chat\/conversations\/7\/messages\?after=0/, {
        value: { conversation: waiting, list: [message(1, { side: 'PLAYER', clientId: 'abcdefgh1', text: 'hi', staffName: null })] },
      }),
    );
    await openPage();
    const queue = screen.getByTestId('chat-queue');
    expect(queue.textContent).toBe('chat.queuePosition {"n":3}');
    expect(screen.getByTestId('chat-vip').textContent).toBe('chat.vip');
    expect(lastSocket().rooms).toContain(7);
    await push('chat:queue', { conversationId: 7, position: 1 });
    expect(screen.getByTestId('chat-queue').textContent).toBe('chat.queuePosition {"n":1}');
    await push('chat:assigned', { conversationId: 7, status: 'OPEN', staff: { id: 3, name: 'Anna Lee' } });
    expect(screen.queryByTestId('chat-queue')).toBeNull();
    expect(screen.getByTestId('chat-state').textContent).toBe('chat.with {"name":"Anna Lee"}');
  });

  it('polls the status every 10 s while waiting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const waiting = conversation({ status: 'WAITING', staff: null, position: 4 });
    let position = 4;
    routes.push(
      on('GET', '/wps/chat/status', () => ({ value: status({ conversation: { ...waiting, position } }) })),
      on('GET', /messages\?after=/, { value: { conversation: waiting, list: [] } }),
    );
    await openPage();
    expect(screen.getByTestId('chat-queue').textContent).toBe('chat.queuePosition {"n":4}');
    position = 2;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await flush();
    expect(screen.getByTestId('chat-queue').textContent).toBe('chat.queuePosition {"n":2}');
  });

  it('shows text as text, never as HTML, with its line breaks', async () => {
    const open = conversation({ lastSeq: 2 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=0/, {
        value: {
          conversation: open,
          list: [
            message(1, { text: '<script>window.hacked = true</script>\n<b>bold</b>' }),
            message(2, { side: 'SYSTEM', kind: 'SYSTEM', text: 'ASSIGNED', staffName: 'Anna Lee' }),
          ],
        },
      }),
      on('POST', /\/read$/, { value: { ok: true } }),
    );
    await openPage();
    const list = screen.getByTestId('chat-messages');
    expect(list.querySelector('script')).toBeNull();
    expect(list.querySelector('b')).toBeNull();
    const first = list.querySelector('[data-seq="1"] .chat-text')!;
    expect(first.textContent).toBe('<script>window.hacked = true</script>\n<b>bold</b>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(list.querySelector('[data-seq="2"]')!.textContent).toBe('chat.system.ASSIGNED {"name":"Anna Lee"}');
    // Initials of the staff member beside their message.
    expect(list.querySelector('[data-seq="1"] .chat-avatar')!.textContent).toBe('AL');
  });

  it('sends at once as "sending", merges the answer and the push by seq, and shows read marks', async () => {
    const open = conversation({ lastSeq: 1 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [message(1)] } }),
      on('POST', /\/read$/, { value: { ok: true } }),
    );
    let clientId = '';
    routes.unshift((request) => {
      if (request.method !== 'POST' || request.path !== '/wps/chat/conversations/7/messages') return undefined;
      clientId = (request.body as { clientId: string }).clientId;
      return { value: message(2, { side: 'PLAYER', clientId, text: 'hello\nthere', staffName: null }) };
    });
    await openPage();
    // The staff message on screen, the page visible: read up to seq 1.
    expect(posts('/wps/chat/conversations/7/read').map((r) => r.body)).toEqual([{ seq: 1 }]);

    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'hello\nthere' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await flush();
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The push of the same message after the POST's answer: still one.
    await push('chat:message', message(2, { side: 'PLAYER', clientId, text: 'hello\nthere', staffName: null }));
    const rows = screen.getAllByTestId('chat-message').filter((row) => row.dataset.seq === '2');
    expect(rows).toHaveLength(1);
    expect(screen.queryAllByTestId('chat-pending')).toHaveLength(0);
    expect(rows[0]!.querySelector('[data-testid="chat-read-mark"]')!.getAttribute('data-mark')).toBe('sent');
    await push('chat:read', { conversationId: 7, side: 'STAFF', seq: 2 });
    expect(rows[0]!.querySelector('[data-testid="chat-read-mark"]')!.getAttribute('data-mark')).toBe('read');
    // Its own side's read event changes nothing.
    await push('chat:typing', { conversationId: 7, side: 'PLAYER', typing: true });
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    await push('chat:typing', { conversationId: 7, side: 'STAFF', typing: true });
    expect(screen.getByTestId('chat-typing').textContent).toContain('chat.typing {"name":"Anna Lee"}');
  });

  it('shows a send as "sending" until the server answers, retrying with the same clientId', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = conversation();
    const ids: string[] = [];
    let failures = 2;
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [] } }),
      on('POST', '/wps/chat/conversations/7/messages', (request) => {
        const { clientId } = request.body as { clientId: string };
        ids.push(clientId);
        if (failures-- > 0) return { status: 503, code: 'SERVICE_UNAVAILABLE' };
        return { value: message(1, { side: 'PLAYER', clientId, text: 'ping', staffName: null }) };
      }),
    );
    await openPage();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'ping' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    expect(screen.getByTestId('chat-pending').dataset.state).toBe('sending');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await flush();
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(screen.getAllByTestId('chat-message').map((row) => row.dataset.seq)).toEqual(['1']);
  });

  it('sends on the socket when it is up, and keeps the rules of the HTTP answers', async () => {
    const open = conversation();
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [] } }),
      on('POST', /\/read$/, { value: { ok: true } }),
    );
    const onSocket: [number, string, string][] = [];
    socketSend = async (id, clientId, text) => {
      onSocket.push([id, clientId, text]);
      if (text === 'closed?') return { ok: false, errorCode: 'CHAT_CLOSED' };
      return { ok: true, message: message(onSocket.length, { side: 'PLAYER', clientId, text, staffName: null }) };
    };
    await openPage();
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'over the socket' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    // Acknowledged with the stored message: shown by seq, no HTTP send at all.
    expect(onSocket.map(([id, , text]) => [id, text])).toEqual([[7, 'over the socket']]);
    expect(posts('/wps/chat/conversations/7/messages')).toHaveLength(0);
    expect(screen.getAllByTestId('chat-message').map((row) => row.dataset.seq)).toEqual(['1']);
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    // A refusal on the socket is the same refusal as over HTTP: failed, with the code's words, not retried.
    fireEvent.change(input, { target: { value: 'closed?' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    expect(screen.getByTestId('chat-pending').dataset.state).toBe('failed');
    expect(onSocket).toHaveLength(2);
    expect(posts('/wps/chat/conversations/7/messages')).toHaveLength(0);
  });

  it('sends over HTTP, with the same client id, when the socket does not answer', async () => {
    const open = conversation();
    let httpId = '';
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [] } }),
      on('POST', /\/read$/, { value: { ok: true } }),
      on('POST', '/wps/chat/conversations/7/messages', (request) => {
        httpId = (request.body as { clientId: string }).clientId;
        return { value: message(1, { side: 'PLAYER', clientId: httpId, text: 'hi', staffName: null }) };
      }),
    );
    const tried: string[] = [];
    socketSend = async (_id, clientId) => {
      tried.push(clientId);
      return null; // no acknowledgement in time
    };
    await openPage();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'hi' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    expect(tried).toHaveLength(1);
    expect(httpId).toBe(tried[0]);
    expect(screen.getAllByTestId('chat-message').map((row) => row.dataset.seq)).toEqual(['1']);
  });

  it('marks a send refused with a 4xx as failed, with a retry button', async () => {
    const open = conversation();
    let refuse = true;
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [] } }),
      on('POST', '/wps/chat/conversations/7/messages', (request) =>
        refuse
          ? { status: 422, code: 'VALIDATION_ERROR' }
          : { value: message(1, { side: 'PLAYER', clientId: (request.body as { clientId: string }).clientId, text: 'x', staffName: null }) },
      ),
    );
    await openPage();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    expect(screen.getByTestId('chat-pending').dataset.state).toBe('failed');
    expect(screen.getByText('chat.errors.VALIDATION_ERROR {"defaultValue":"chat.notSent"}')).toBeTruthy();
    refuse = false;
    await act(async () => fireEvent.click(screen.getByTestId('chat-retry')));
    await flush();
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    const bodies = posts('/wps/chat/conversations/7/messages').map((r) => (r.body as { clientId: string }).clientId);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(bodies[1]);
  });

  it('starts a conversation with the first message, as a visitor, and joins its room', async () => {
    const started = conversation({ status: 'WAITING', staff: null, position: 1, lastSeq: 1 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status() }),
      on('POST', '/wps/chat/conversations', (request) => ({
        value: {
          conversation: started,
          message: message(1, { side: 'PLAYER', clientId: (request.body as { clientId: string }).clientId, text: 'help', staffName: null }),
          visitorToken: 'V'.repeat(43),
        },
      })),
      on('GET', /messages\?after=/, { value: { conversation: started, list: [] } }),
    );
    await openPage();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'help' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-send')));
    await flush();
    await flush();
    expect(screen.getByTestId('chat-queue').textContent).toBe('chat.queuePosition {"n":1}');
    expect(localStorage.getItem('chat.visitor.demo')).toBe('V'.repeat(43));
    // The socket now authenticates as that visitor and joins the conversation.
    expect(lastSocket().auth).toEqual({ merchant: 'demo', chatVisitor: 'V'.repeat(43) });
    expect(lastSocket().rooms).toContain(7);
    // And every chat call carries the visitor header.
    await flush();
    const later = sent.filter((r) => r.path.startsWith('/wps/chat/conversations/7'));
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) expect(r.headers['Chat-Visitor']).toBe('V'.repeat(43));
  });

  it('catches up after a reconnect from the highest seq held', async () => {
    const open = conversation({ lastSeq: 2 });
    let missed: ChatMessage[] = [];
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=0/, { value: { conversation: open, list: [message(1), message(2)] } }),
      on('GET', /messages\?after=2/, () => ({ value: { conversation: open, list: missed } })),
      on('POST', /\/read$/, { value: { ok: true } }),
    );
    await openPage();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    // The socket dropped while seq 3 was posted; it connects again.
    missed = [message(3)];
    await act(async () => lastSocket().handlers.onConnect());
    await flush();
    expect(screen.getAllByTestId('chat-message').map((row) => row.dataset.seq)).toEqual(['1', '2', '3']);
    expect(lastSocket().rooms.filter((room) => room === 7).length).toBeGreaterThanOrEqual(2);
  });

  it('sends no read mark while the page is hidden', async () => {
    visible = false;
    const open = conversation({ lastSeq: 1 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: open }) }),
      on('GET', /messages\?after=/, { value: { conversation: open, list: [message(1)] } }),
      on('POST', /\/read$/, { value: { ok: true } }),
    );
    await openPage();
    expect(posts(/\/read$/)).toHaveLength(0);
    visible = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(posts(/\/read$/).map((r) => r.body)).toEqual([{ seq: 1 }]);
  });

  it('closed: rates, mails the transcript, and starts anew', async () => {
    const closed = conversation({ status: 'CLOSED', closedAt: 1_700_000_100_000, lastSeq: 1 });
    routes.push(
      on('GET', '/wps/chat/status', { value: status({ conversation: closed }) }),
      on('GET', /messages\?after=/, { value: { conversation: closed, list: [message(1, { side: 'SYSTEM', kind: 'SYSTEM', text: 'CLOSED' })] } }),
      on('POST', /\/read$/, { value: { ok: true } }),
      on('POST', '/wps/chat/conversations/7/rating', { value: { ...closed, rating: 4 } }),
      on('POST', '/wps/chat/conversations/7/transcript', { value: { ok: true } }),
    );
    await openPage();
    expect(screen.queryByTestId('chat-input')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-star-4'));
    fireEvent.change(screen.getByTestId('chat-rating-comment'), { target: { value: 'quick' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-rating-submit')));
    await flush();
    expect(posts('/wps/chat/conversations/7/rating')[0]!.body).toEqual({ score: 4, comment: 'quick' });
    expect(screen.getByText('chat.closed.thanks')).toBeTruthy();
    fireEvent.change(screen.getByTestId('chat-transcript-email'), { target: { value: 'me@example.com' } });
    await act(async () => fireEvent.click(screen.getByTestId('chat-transcript-submit')));
    await flush();
    expect(posts('/wps/chat/conversations/7/transcript')[0]!.body).toEqual({ email: 'me@example.com' });
    await act(async () => fireEvent.click(screen.getByTestId('chat-new')));
    await flush();
    expect(screen.getByTestId('chat-page').dataset.phase).toBe('start');
  });

  it('a rated closed conversation opens on the composer; offline with none opens on the form', async () => {
    routes.push(on('GET', '/wps/chat/status', { value: status({ conversation: conversation({ status: 'CLOSED', rating: 5 }) }) }));
    await openPage();
    expect(screen.getByTestId('chat-page').dataset.phase).toBe('start');
  });

  it('claims a visitor conversation once after login', async () => {
    localStorage.setItem('chat.visitor.demo', 'W'.repeat(43));
    store.set(tokenAtom, 'member-token');
    routes.push(
      on('POST', '/wps/chat/claim', { value: { claimed: 1 } }),
      on('GET', '/wps/chat/status', { value: status() }),
    );
    await openPage();
    const claims = posts('/wps/chat/claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]!.headers['Chat-Visitor']).toBe('W'.repeat(43));
    expect(claims[0]!.headers.Authorization).toBe('member-token');
    expect(localStorage.getItem('chat.visitor.demo')).toBeNull();
    expect(lastSocket().auth).toEqual({ merchant: 'demo', token: 'member-token' });
  });
});
