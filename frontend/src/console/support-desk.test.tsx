import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { cannedQuery, deskMessageOf, mergeBySeq, waitingText, withDeskMessage } from './components/support/rules';
import en from './locales/en.json';
import type { ChatMessage, Desk, DeskConversation } from './supportApi';
import {
  answer,
  changes,
  type Handlers,
  keptToken,
  lastSocket,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  tearDown,
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const s = en.support;
const SUPPORT = staffMe('SUPPORT', ['chat.answer', 'chat.read', 'members.note', 'members.read']);

const conversation = (id: number, extra: Partial<DeskConversation> = {}): DeskConversation => ({
  id,
  queue: 'LIVECHAT',
  status: 'WAITING',
  staff: null,
  position: 1,
  lastSeq: 1,
  memberReadSeq: 0,
  staffReadSeq: 0,
  rating: null,
  createdAt: Date.parse('2026-11-27T03:00:00Z'),
  closedAt: null,
  member: { id: 42, username: 'player1', rankLevel: 2 },
  visitorName: null,
  visitorEmail: null,
  waitingSeconds: 180,
  lastText: 'Where is my deposit?',
  lastAt: Date.parse('2026-11-27T03:00:00Z'),
  unread: 0,
  ...extra,
});

const ME = { id: 7, name: 'Support One', presence: 'AWAY' as const, queues: ['VIP', 'LIVECHAT'], open: 1, maxOpen: 5 };
const ADMIN = { id: 8, name: 'admin1', presence: 'ONLINE' as const, queues: ['VIP', 'LIVECHAT'], open: 0, maxOpen: 5 };

const desk = (extra: Partial<Desk> = {}): Desk => ({
  queues: {
    VIP: [conversation(3, { queue: 'VIP', member: { id: 50, username: 'agent1', rankLevel: 5 }, waitingSeconds: 45 })],
    LIVECHAT: [
      conversation(4, { waitingSeconds: 180 }),
      conversation(5, { member: null, visitorName: 'Anna', visitorEmail: 'anna@example.com', lastText: 'Hello?' }),
    ],
    TICKET: [],
  },
  mine: [],
  live: [],
  me: ME,
  agents: [ME, ADMIN],
  ...extra,
});

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId: 9,
  seq,
  clientId: null,
  side: 'PLAYER',
  kind: 'TEXT',
  text: `message ${seq}`,
  staffName: null,
  image: null,
  createdAt: Date.parse('2026-11-27T03:00:00Z') + seq * 1000,
  ...extra,
});

const held = conversation(9, { status: 'OPEN', staff: { id: 7, name: 'Support One' }, position: null, unread: 1 });

const server = (extra: Handlers = {}): Handlers => ({
  'GET /wps/admin/session/me': () => answer(SUPPORT),
  'GET /wps/admin/chat/desk': () => answer(desk()),
  'PUT /wps/admin/chat/presence': (request) => answer({ ...ME, presence: request.body!.presence }),
  'GET /wps/admin/chat/canned': () =>
    answer({
      list: [
        { id: 1, shortcut: 'greet', text: 'Hello, how can I help you today?' },
        { id: 2, shortcut: 'wait', text: 'One moment please, I am checking.' },
      ],
    }),
  'GET /wps/admin/chat/conversations/9': () =>
    answer({
      conversation: held,
      profile: {
        memberId: 42,
        username: 'player1',
        nickname: 'Lucky',
        rankLevel: 2,
        clubLabelName: null,
        balance: '123.45',
        currency: 'PHP',
        registeredAt: Date.parse('2026-01-02T03:00:00Z'),
        lastTransactions: [{ id: 1, kind: 'DEPOSIT', amount: '100.00', createdAt: Date.parse('2026-11-26T03:00:00Z') }],
      },
    }),
  'POST /wps/admin/chat/conversations/9/read': () => answer({ ok: true }),
  ...extra,
});

const item = (id: number) => document.querySelector<HTMLElement>(`[data-testid="queue-item"][data-conversation-id="${id}"]`);
const pane = (id: number) => document.querySelector<HTMLElement>(`[data-testid="conversation-panel"][data-conversation-id="${id}"]`)!;
const seqs = (id: number) =>
  [...pane(id).querySelectorAll<HTMLElement>('[data-testid="message"]')].map((li) => Number(li.dataset.seq));

beforeEach(keptToken);
afterEach(() => {
  vi.useRealTimers();
  tearDown();
});

describe('the desk rules', () => {
  it('merges messages by seq, in order, each once, the newer copy winning', () => {
    const merged = mergeBySeq([message(1), message(3)], [message(2), message(3, { text: 'again' }), message(1)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(merged[2]!.text).toBe('again');
  });

  it('reads the canned shortcut being typed and says waiting times in minutes', () => {
    expect(cannedQuery('/gr')).toBe('gr');
    expect(cannedQuery('/')).toBe('');
    expect(cannedQuery('/gr and more')).toBeNull();
    expect(cannedQuery('hello /gr')).toBeNull();
    const t = ((key: string, o: Record<string, string> = {}) => `${key}:${Object.values(o).join(',')}`) as never;
    expect(waitingText(t, 30)).toBe('support.wait.now:');
    expect(waitingText(t, 185)).toBe('support.wait.minutes:3');
    expect(waitingText(t, 3900)).toBe('support.wait.hours:1,5');
  });
});

describe('the support desk', () => {
  it('shows the queues with counts, names, waiting times and last words, and sends the presence it was told', async () => {
    const sent = serve(server());
    await mount('/support');
    await screen.findByTestId('support-desk');
    await waitFor(() => expect(screen.getByTestId('queue-tab-VIP').textContent).toBe(`${s.tabs.VIP} 1`));
    expect(screen.getByTestId('queue-tab-LIVECHAT').textContent).toBe(`${s.tabs.LIVECHAT} 2`);
    expect(screen.getByTestId('queue-tab-TICKET').textContent).toBe(`${s.tabs.TICKET} 0`);
    expect(screen.getByTestId('queue-tab-mine').textContent).toBe(`${s.tabs.mine} 0`);
    // No supervisor: neither all live nor the figures nor the canned replies.
    expect(screen.queryByTestId('queue-tab-live')).toBeNull();
    expect(screen.queryByTestId('queue-tab-figures')).toBeNull();

    expect(item(3)!.textContent).toContain('agent1');
    expect(item(3)!.textContent).toContain('< 1 min');
    await press(screen.getByTestId('queue-tab-LIVECHAT'));
    expect(item(4)!.textContent).toContain('player1');
    expect(item(4)!.textContent).toContain('3 min');
    expect(item(4)!.textContent).toContain('Where is my deposit?');
    expect(item(5)!.textContent).toContain('Anna');
    expect(within(item(5)!).getByTestId('claim-button')).toBeTruthy();

    // The presence the server says, sent once as the desk opens (then every 30 s).
    await waitFor(() => expect(changes(sent)).toContainEqual({ method: 'PUT', path: '/wps/admin/chat/presence', body: { presence: 'AWAY' } }));
    expect((screen.getByTestId('presence-select') as HTMLSelectElement).value).toBe('AWAY');
    fireEvent.change(screen.getByTestId('presence-select'), { target: { value: 'ONLINE' } });
    await waitFor(() => expect(changes(sent).at(-1)).toEqual({ method: 'PUT', path: '/wps/admin/chat/presence', body: { presence: 'ONLINE' } }));
  });

  it('says so when someone else claimed the conversation first, and reads the desk again', async () => {
    let taken = false;
    const sent = serve(
      server({
        'POST /wps/admin/chat/conversations/3/claim': () => {
          taken = true;
          return answer(null, 409, 'CHAT_ALREADY_CLAIMED');
        },
        'GET /wps/admin/chat/desk': () => answer(taken ? desk({ queues: { VIP: [], LIVECHAT: [], TICKET: [] } }) : desk()),
      }),
    );
    await mount('/support');
    await waitFor(() => expect(item(3)).toBeTruthy());
    const before = reads(sent, '/wps/admin/chat/desk').length;
    await press(within(item(3)!).getByTestId('claim-button'));
    expect(changes(sent)).toContainEqual({ method: 'POST', path: '/wps/admin/chat/conversations/3/claim', body: null });
    expect((await screen.findByRole('alert')).textContent).toBe(s.errors.CHAT_ALREADY_CLAIMED);
    await waitFor(() => expect(item(3)).toBeNull());
    expect(reads(sent, '/wps/admin/chat/desk').length).toBeGreaterThan(before);
  });

  it("mends a player's message into its row without reading the desk again, and reads it for news of a conversation it does not list", async () => {
    const sent = serve(server());
    await mount('/support');
    await waitFor(() => expect(item(3)).toBeTruthy());
    const socket = await lastSocket();
    const before = reads(sent, '/wps/admin/chat/desk').length;
    const news = (conversationId: number, seq: number, lastText: string) => ({
      conversationId,
      queue: 'VIP',
      status: 'WAITING',
      assigneeId: null,
      message: { seq, side: 'PLAYER', lastText, at: Date.parse('2026-11-27T03:05:00Z') },
    });
    act(() => socket.push('console:chat', news(3, 2, 'Still waiting for my deposit')));
    await waitFor(() => expect(item(3)!.textContent).toContain('Still waiting for my deposit'));
    act(() => socket.push('console:chat', news(3, 1, 'an older word')));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(item(3)!.textContent).toContain('Still waiting for my deposit');
    expect(reads(sent, '/wps/admin/chat/desk').length).toBe(before);
    act(() => socket.push('console:chat', news(77, 1, 'Someone new')));
    await waitFor(() => expect(reads(sent, '/wps/admin/chat/desk').length).toBe(before + 1));
  });

  it('reads the desk message news and mends only the rows of its conversation', () => {
    expect(deskMessageOf({ conversationId: 4, status: 'OPEN' })).toBeNull();
    expect(deskMessageOf({ conversationId: 4, message: { seq: 'x', side: 'PLAYER', lastText: 'a', at: 1 } })).toBeNull();
    const news = { conversationId: 9, seq: 2, side: 'PLAYER' as const, lastText: 'hi', at: 5 };
    expect(deskMessageOf({ conversationId: 9, message: { seq: 2, side: 'PLAYER', lastText: 'hi', at: 5 } })).toEqual(news);
    const mine = desk({ mine: [held], live: [held] });
    const mended = withDeskMessage(mine, news, null)!;
    expect(mended.mine[0]).toMatchObject({ lastSeq: 2, lastText: 'hi', lastAt: 5, unread: 2 });
    expect(mended.live[0]!.unread).toBe(2);
    expect(mended.queues.LIVECHAT).toEqual(mine.queues.LIVECHAT);
    expect(withDeskMessage(mine, news, 9)!.mine[0]!.unread).toBe(0);
    expect(withDeskMessage(desk(), news, null)).toBeNull();
  });

  it('claims one, opens it, and shows its messages as text, notes as private, the member beside', async () => {
    let claimed = false;
    serve(
      server({
        'GET /wps/admin/chat/desk': () =>
          answer(claimed ? desk({ mine: [held], queues: { VIP: [], LIVECHAT: [], TICKET: [] } }) : desk({ queues: { VIP: [conversation(9)], LIVECHAT: [], TICKET: [] } })),
        'POST /wps/admin/chat/conversations/9/claim': () => {
          claimed = true;
          return answer(held);
        },
        'GET /wps/admin/chat/conversations/9/messages': () =>
          answer({
            conversation: held,
            list: [
              message(1, { text: '<b>x</b>' }),
              message(2, { side: 'SYSTEM', kind: 'SYSTEM', text: 'ASSIGNED', staffName: 'Support One' }),
              message(3, { side: 'STAFF', kind: 'NOTE', text: 'Checked the ledger', staffName: 'Support One' }),
            ],
          }),
      }),
    );
    await mount('/support');
    await waitFor(() => expect(item(9)).toBeTruthy());
    await press(within(item(9)!).getByTestId('claim-button'));
    expect((await screen.findByTestId('support-notice')).textContent).toBe('You took the conversation with player1.');
    await waitFor(() => expect(seqs(9)).toEqual([1, 2, 3]));

    const [first, system, note] = [...pane(9).querySelectorAll<HTMLElement>('[data-testid="message"]')];
    // The player's words are text: markup shows as typed, never as HTML.
    expect(first!.querySelector('.cs-support-msg-text')!.textContent).toBe('<b>x</b>');
    expect(first!.querySelector('b')).toBeNull();
    expect(first!.className).toContain('is-player');
    expect(system!.textContent).toContain('Support One joined the conversation');
    expect(note!.className).toContain('is-note');
    expect(within(note!).getByText(s.privateNote)).toBeTruthy();

    const member = within(pane(9)).getByTestId('member-panel');
    await waitFor(() => expect(member.textContent).toContain('123.45 PHP'));
    expect(within(member).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe('/members/42');
    expect(member.textContent).toContain('Lucky');
  });

  describe('an open conversation', () => {
    // What the server holds of conversation 9; a read answers what comes after `after`.
    let log: ChatMessage[] = [];
    beforeEach(() => {
      log = [message(1), message(2)];
    });
    const open = (extra: Handlers = {}) =>
      server({
        'GET /wps/admin/chat/desk': () => answer(desk({ mine: [held] })),
        'GET /wps/admin/chat/conversations/9/messages': (request) =>
          answer({ conversation: held, list: log.filter((m) => m.seq > Number(params(request).after)) }),
        ...extra,
      });

    it('inserts a canned reply when its shortcut is typed and Tab pressed', async () => {
      serve(open());
      await mount('/support');
      const composer = (await screen.findByTestId('composer')) as HTMLTextAreaElement;
      fireEvent.change(composer, { target: { value: '/' } });
      const list = await screen.findByTestId('canned-list');
      expect(within(list).getAllByRole('option')).toHaveLength(2);
      fireEvent.change(composer, { target: { value: '/gr' } });
      expect(within(screen.getByTestId('canned-list')).getAllByRole('option').map((o) => o.textContent)).toEqual([
        '/greet Hello, how can I help you today?',
      ]);
      fireEvent.keyDown(composer, { key: 'Tab' });
      expect(composer.value).toBe('Hello, how can I help you today?');
      expect(screen.queryByTestId('canned-list')).toBeNull();
    });

    it('merges pushed and caught-up messages by seq, never twice, and reads what was missed after a reconnect', async () => {
      const sent = serve(open());
      await mount('/support');
      const socket = await lastSocket();
      socket.up();
      await waitFor(() => expect(seqs(9)).toEqual([1, 2]));
      expect(socket.emitted).toContainEqual(['subscribe', 'conversation:9']);
      expect(socket.emitted).toContainEqual(['subscribe', 'conversation:9:staff']);

      act(() => {
        socket.push('chat:message', message(2));
        socket.push('chat:message', message(3));
        socket.push('chat:message', message(3));
        socket.push('chat:message', { ...message(5), conversationId: 10 }); // another conversation
      });
      expect(seqs(9)).toEqual([1, 2, 3]);

      // Missed while the socket was away: read after the highest seq held.
      log = [message(1), message(2), message(3), message(4)];
      socket.down();
      socket.up();
      await waitFor(() => expect(seqs(9)).toEqual([1, 2, 3, 4]));
      const after = reads(sent, '/wps/admin/chat/conversations/9/messages').map((r) => params(r).after);
      expect(after[0]).toBe('0');
      expect(after.at(-1)).toBe('3');

      // The player's typing and read mark.
      act(() => socket.push('chat:typing', { conversationId: 9, side: 'PLAYER', typing: true }));
      expect(screen.getByTestId('typing-indicator').textContent).toBe('player1 is typing…');
      act(() => socket.push('chat:message', message(5, { side: 'STAFF', staffName: 'Support One', text: 'Hi' })));
      act(() => socket.push('chat:read', { conversationId: 9, side: 'PLAYER', seq: 5 }));
      expect(within(pane(9)).getByTestId('read-mark').closest('li')!.dataset.seq).toBe('5');
    });

    it('sends on Enter with a client id, and sends again with the same id until acknowledged', async () => {
      let tries = 0;
      const sent = serve(
        open({
          'POST /wps/admin/chat/conversations/9/messages': (request) => {
            tries += 1;
            if (tries === 1) return answer(null, 503, 'SERVICE_UNAVAILABLE');
            return answer(message(3, { side: 'STAFF', text: String(request.body!.text), clientId: String(request.body!.clientId), staffName: 'Support One' }));
          },
          'POST /wps/admin/chat/conversations/9/notes': (request) =>
            answer(message(4, { side: 'STAFF', kind: 'NOTE', text: String(request.body!.text), staffName: 'Support One' })),
        }),
      );
      await mount('/support');
      const composer = (await screen.findByTestId('composer')) as HTMLTextAreaElement;
      await waitFor(() => expect(seqs(9)).toEqual([1, 2]));
      fireEvent.change(composer, { target: { value: 'We are checking it now.' } });
      await act(async () => {
        fireEvent.keyDown(composer, { key: 'Enter' });
      });
      expect(composer.value).toBe('');
      expect(screen.getByTestId('pending-message').textContent).toContain('We are checking it now.');
      await waitFor(() => expect(seqs(9)).toEqual([1, 2, 3]), { timeout: 3000 });
      const posts = sent.filter((r) => r.method === 'POST' && r.path === '/wps/admin/chat/conversations/9/messages');
      expect(posts).toHaveLength(2);
      expect(posts[0]!.body!.clientId).toBe(posts[1]!.body!.clientId);
      expect(String(posts[0]!.body!.clientId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(screen.queryByTestId('pending-message')).toBeNull();

      // A private note goes to /notes.
      await press(screen.getByTestId('note-toggle'));
      fireEvent.change(composer, { target: { value: 'VIP, be kind' } });
      await press(screen.getByTestId('send'));
      expect(changes(sent)).toContainEqual({ method: 'POST', path: '/wps/admin/chat/conversations/9/notes', body: { text: 'VIP, be kind' } });
      await waitFor(() => expect(seqs(9)).toEqual([1, 2, 3, 4]));
      expect(pane(9).querySelector('[data-seq="4"]')!.className).toContain('is-note');
    });

    it('sends on the socket when it is up; a refusal there is the HTTP refusal', async () => {
      const sent = serve(open());
      await mount('/support');
      const socket = await lastSocket();
      socket.up();
      const composer = (await screen.findByTestId('composer')) as HTMLTextAreaElement;
      await waitFor(() => expect(seqs(9)).toEqual([1, 2]));
      socket.acknowledge = (_event, payload) => {
        const body = payload as { conversationId: number; clientId: string; text: string };
        if (body.text === 'not mine') return { ok: false, errorCode: 'CHAT_CLOSED' };
        return { ok: true, message: message(3, { side: 'STAFF', text: body.text, clientId: body.clientId, staffName: 'Support One' }) };
      };
      fireEvent.change(composer, { target: { value: 'Over the socket.' } });
      await act(async () => {
        fireEvent.keyDown(composer, { key: 'Enter' });
      });
      await waitFor(() => expect(seqs(9)).toEqual([1, 2, 3]));
      const sends = socket.emitted.filter(([event]) => event === 'chat:send');
      expect(sends).toHaveLength(1);
      expect(sends[0]![1]).toMatchObject({ conversationId: 9, text: 'Over the socket.' });
      expect(sent.some((r) => r.method === 'POST' && r.path === '/wps/admin/chat/conversations/9/messages')).toBe(false);
      // Refused on the socket: failed and kept for Retry, not sent again over HTTP.
      fireEvent.change(composer, { target: { value: 'not mine' } });
      await act(async () => {
        fireEvent.keyDown(composer, { key: 'Enter' });
      });
      await waitFor(() => expect(screen.getByTestId('pending-message').textContent).toContain('not mine'));
      expect(socket.emitted.filter(([event]) => event === 'chat:send')).toHaveLength(2);
      expect(sent.some((r) => r.method === 'POST' && r.path === '/wps/admin/chat/conversations/9/messages')).toBe(false);
    });

    it('transfers to a colleague and closes after asking', async () => {
      let gone = false;
      const sent = serve(
        open({
          'GET /wps/admin/chat/desk': () => answer(desk({ mine: gone ? [] : [held] })),
          'POST /wps/admin/chat/conversations/9/assign': () => {
            gone = true;
            return answer({ ...held, staff: { id: 8, name: 'admin1' } });
          },
        }),
      );
      await mount('/support');
      const select = (await screen.findByTestId('transfer-select')) as HTMLSelectElement;
      // Anyone but the one holding it.
      expect([...select.options].map((o) => o.textContent)).toEqual([s.transferTo, 'admin1 (Online, 0/5)']);
      fireEvent.change(select, { target: { value: '8' } });
      await press(screen.getByTestId('transfer'));
      expect(changes(sent)).toContainEqual({ method: 'POST', path: '/wps/admin/chat/conversations/9/assign', body: { staffId: 8 } });
      expect((await screen.findByTestId('support-notice')).textContent).toBe('The conversation with player1 was handed to admin1.');
      await waitFor(() => expect(document.querySelector('[data-testid="conversation-panel"]')).toBeNull());
    });
  });

  it('is refused to a login without chat.read', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(staffMe('FINANCE', ['cashier.read', 'members.read'])) });
    await mount('/support');
    expect(await screen.findByText(en.shell.noPermission)).toBeTruthy();
    expect(sent.some((request) => request.path.startsWith('/wps/admin/chat'))).toBe(false);
  });
});
