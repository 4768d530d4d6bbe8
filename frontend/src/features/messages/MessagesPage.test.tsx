import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { tokenAtom } from '../../state/atoms';
import { setUnread, unreadCountAtom } from '../../state/messages';
import { store } from '../../state/store';
import type { Message } from './api';
import { MessagesPage } from './pages/MessagesPage';

// One t for the whole run, as the real binding keeps one per language (the page reloads when it changes).
const t = vi.hoisted(() => (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key));
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));
// The sanitiser is SafeHtml's own business (and its own test's); here the content only has to arrive.
vi.mock('../../components/SafeHtml', () => ({
  SafeHtml: ({ html, testId }: { html: string; testId?: string }) => <div data-testid={testId}>{html}</div>,
}));

// A fake inbox behind fetch, answering as the contract says (part A): newest first, pages of pageSize, the
// unread count in every answer that changes it, another id a 404.
let inbox: Message[] = [];
let sent: { method: string; path: string }[] = [];
const unreadOf = () => inbox.filter((m) => !m.read).length;
const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }));
const notFound = () =>
  new Response(JSON.stringify({ success: false, errorCode: 'MESSAGE_NOT_FOUND', message: 'not found', value: null }), {
    status: 404,
  });

function serveInbox() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const { pathname, searchParams } = new URL(url, 'http://portal');
      sent.push({ method, path: url });
      const found = (id: string) => inbox.find((m) => m.id === Number(id));
      let match: RegExpMatchArray | null;
      if (method === 'GET' && pathname === '/wps/member/messages') {
        const pageNo = Number(searchParams.get('pageNo'));
        const pageSize = Number(searchParams.get('pageSize'));
        const mine = [...inbox]
          .filter((m) => searchParams.get('unread') !== 'true' || !m.read)
          .sort((a, b) => b.createdAt - a.createdAt);
        return Promise.resolve(
          ok({
            list: mine.slice((pageNo - 1) * pageSize, pageNo * pageSize),
            pageNum: pageNo,
            totalPages: Math.ceil(mine.length / pageSize),
            total: mine.length,
            unread: unreadOf(),
          }),
        );
      }
      if (method === 'PUT' && pathname === '/wps/member/messages/read-all') {
        inbox = inbox.map((m) => ({ ...m, read: true }));
        return Promise.resolve(ok({ unread: 0 }));
      }
      if (method === 'PUT' && (match = pathname.match(/^\/wps\/member\/messages\/(\d+)\/read$/))) {
        const message = found(match[1]!);
        if (!message) return Promise.resolve(notFound());
        message.read = true;
        return Promise.resolve(ok({ unread: unreadOf() }));
      }
      if (method === 'DELETE' && (match = pathname.match(/^\/wps\/member\/messages\/(\d+)$/))) {
        if (!found(match[1]!)) return Promise.resolve(notFound());
        inbox = inbox.filter((m) => m.id !== Number(match![1]));
        return Promise.resolve(ok({ unread: unreadOf() }));
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
}

const message = (id: number, read = false): Message => ({
  id,
  title: `Title ${id}`,
  content: `<p>Content ${id}</p>`,
  kind: id % 2 ? 'SYSTEM' : 'STAFF',
  createdAt: Date.UTC(2026, 10, 1) + id * 60_000,
  read,
});

const settle = () => act(async () => vi.waitFor(() => expect(sent.length).toBeGreaterThan(0)));
const rows = () => screen.queryAllByTestId('inbox-item');
const titles = () => rows().map((row) => row.querySelector('.inbox-title')!.textContent);
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function openInbox() {
  render(
    <Provider store={store}>
      <MessagesPage />
    </Provider>,
  );
  await settle();
  await flush();
}

beforeEach(() => {
  store.set(tokenAtom, 'token');
  setRequestContext(() => ({ merchant: 'demo', token: 'token', language: 'EN' }));
  inbox = [];
  sent = [];
  serveInbox();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setUnread(0);
});

describe('the inbox (messageV2)', () => {
  it('lists newest first with the unread ones marked, and sets the badge from the answer', async () => {
    inbox = [message(1, true), message(2), message(3)];
    await openInbox();
    expect(titles()).toEqual(['Title 3', 'Title 2', 'Title 1']);
    expect(rows().map((row) => row.classList.contains('unread'))).toEqual([true, true, false]);
    expect(store.get(unreadCountAtom)).toBe(2);
  });

  it('shows the empty state', async () => {
    await openInbox();
    expect(screen.getByText('messages.empty')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('opens a message: its content shows, it is marked read and the badge takes the answer', async () => {
    inbox = [message(1), message(2)];
    await openInbox();
    expect(store.get(unreadCountAtom)).toBe(2);
    await click(within(rows()[1]!).getByRole('button', { expanded: false }));
    await flush();
    expect(screen.getByTestId('message-content').textContent).toBe('<p>Content 1</p>');
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/wps/member/messages/1/read']);
    expect(rows()[1]!.classList.contains('unread')).toBe(false);
    expect(store.get(unreadCountAtom)).toBe(1);
    expect(sent.filter((r) => r.method === 'GET')).toHaveLength(1); // the count came with the answer, no reload
    // Opening a read message again asks nothing of the server.
    await click(within(rows()[1]!).getByRole('button', { expanded: true }));
    await click(within(rows()[1]!).getByRole('button', { expanded: false }));
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('marks all read', async () => {
    inbox = [message(1), message(2), message(3, true)];
    await openInbox();
    await click(screen.getByRole('button', { name: 'messages.readAll' }));
    await flush();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/wps/member/messages/read-all']);
    expect(rows().some((row) => row.classList.contains('unread'))).toBe(false);
    expect(store.get(unreadCountAtom)).toBe(0);
    expect((screen.getByRole('button', { name: 'messages.readAll' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes only after the member confirms', async () => {
    inbox = [message(1), message(2)];
    await openInbox();
    await click(within(rows()[0]!).getByRole('button', { expanded: false }));
    await flush();
    await click(screen.getByRole('button', { name: 'messages.delete' }));
    expect(screen.getByText('messages.deleteQuestion')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'common.cancel' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    await click(screen.getByRole('button', { name: 'messages.delete' }));
    await click(screen.getByRole('button', { name: 'messages.delete' }));
    await flush();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/wps/member/messages/2']);
    expect(titles()).toEqual(['Title 1']);
    expect(store.get(unreadCountAtom)).toBe(1);
  });

  it('filters the unread ones and pages through them', async () => {
    inbox = Array.from({ length: 25 }, (_, i) => message(i + 1, i % 2 === 1)); // 13 unread
    await openInbox();
    expect(rows()).toHaveLength(10);
    await click(screen.getByRole('button', { name: 'messages.unread' }));
    await flush();
    expect(new URL(sent.at(-1)!.path, 'http://portal').searchParams.get('unread')).toBe('true');
    expect(rows()).toHaveLength(10);
    expect(rows().every((row) => row.classList.contains('unread'))).toBe(true);
    await click(screen.getByRole('button', { name: 'pagination.page {"page":2}' }));
    await flush();
    expect(titles()).toEqual(['Title 5', 'Title 3', 'Title 1']);
  });

  it('brings the list again when the count moves without it (a push from another tab)', async () => {
    inbox = [message(1)];
    await openInbox();
    expect(rows()).toHaveLength(1);
    inbox.push(message(2)); // staff sent one: the server pushes the new count
    await act(async () => setUnread(2));
    await flush();
    expect(titles()).toEqual(['Title 2', 'Title 1']);
  });

  it('says a message deleted elsewhere is gone, and shows what is left', async () => {
    inbox = [message(1), message(2)];
    await openInbox();
    inbox = inbox.filter((m) => m.id !== 2); // another tab deleted it
    await click(within(rows()[0]!).getByRole('button', { expanded: false }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('messages.errors.MESSAGE_NOT_FOUND');
    expect(titles()).toEqual(['Title 1']);
  });
});
