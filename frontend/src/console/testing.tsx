// What the console's component tests share: a fake server behind fetch, the whole console mounted at an
// address, and a stand-in for socket.io-client a test connects and pushes events into (a test file installs
// it with `vi.mock('socket.io-client', () => import('./testing').then((m) => m.fakeSocketModule))`).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';

import { I18nProvider } from '../i18n/react';
import { ConsoleApp } from './ConsoleApp';
import { type ConsoleLanguage, initConsoleI18n } from './i18n';
import { closeLive } from './live';
import { TOKEN_KEY } from './session';
import { createConsoleStore, tokenAtom } from './store';
import { setConsoleContext } from './transport';

export const answer = (value: unknown, status = 200, errorCode?: string) =>
  new Response(
    JSON.stringify(errorCode ? { success: false, errorCode, message: `server says ${errorCode}`, value } : { success: true, value }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

export interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

export type Handlers = Record<string, (sent: Sent) => Response | Promise<Response>>;

// A fake server: each handler answers one "METHOD /path" (a path ending in /* stands for any last segment);
// every request is recorded.
export function serve(handlers: Handlers): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const request: Sent = {
        method: init.method ?? 'GET',
        path: url,
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      sent.push(request);
      const key = `${request.method} ${url.split('?')[0]}`;
      const handler = handlers[key] ?? handlers[key.replace(/\/[^/]+$/, '/*')];
      return Promise.resolve(handler ? handler(request) : answer(null, 404, 'NOT_FOUND'));
    }),
  );
  return sent;
}

// For beforeEach: a tab that kept a staff token (the console reads the account behind it), no socket yet.
export function keptToken() {
  sessionStorage.clear();
  sessionStorage.setItem(TOKEN_KEY, 'kept-token');
  fakeSockets.length = 0;
}

// For afterEach: the console unmounted, its socket closed, fetch and the other globals back.
export function tearDown() {
  cleanup();
  closeLive();
  vi.unstubAllGlobals();
}

export const params = (request: Sent) => Object.fromEntries(new URL(request.path, 'http://x').searchParams);

// The reads of one path (whatever their query), in order.
export const reads = (sent: Sent[], path: string) => sent.filter((r) => r.method === 'GET' && r.path.split('?')[0] === path);

// The changes sent (every request but the reads), as method, path and body.
export const changes = (sent: Sent[]) =>
  sent.filter((r) => r.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

// A line of a member's statement, as GET /wps/admin/members/{id}/statement lists them.
export const statementLine = (id: number, amount: string, balance: string) => ({
  id,
  at: '2026-03-01T10:00:00Z',
  wallet: 'MAIN',
  vendorCode: '',
  kind: 'DEPOSIT',
  reference: `ref-${id}`,
  amount,
  balance,
});

// The staff member behind the login, as GET /wps/admin/session/me answers.
export const staffMe = (role: string, permissions: string[], extra: Record<string, unknown> = {}) => ({
  username: `${role.toLowerCase()}1`,
  nickname: `${role} One`,
  role,
  permissions,
  otpEnabled: true,
  otpEnrolmentRequired: false,
  ...extra,
});

function Where() {
  const location = useLocation();
  return (
    <span data-testid="where" data-search={location.search}>
      {location.pathname}
    </span>
  );
}

// The path the console is at; address() adds its query.
export const where = () => screen.getByTestId('where').textContent;
export const address = () => `${where()}${screen.getByTestId('where').dataset.search}`;

export async function mount(path: string, language: ConsoleLanguage = 'EN') {
  const i18n = await initConsoleI18n(language);
  const store = createConsoleStore('demo');
  setConsoleContext(() => ({ merchant: 'demo', token: store.get(tokenAtom), language }));
  render(
    <I18nProvider i18n={i18n}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <ConsoleApp />
          <Where />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return store;
}

export async function press(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function click(name: string, inside: HTMLElement = document.body) {
  await press(within(inside).getByRole('button', { name }));
}

// Types into the field with this label (in `inside`, else anywhere).
export function fill(label: string, value: string, inside: HTMLElement = document.body) {
  fireEvent.change(within(inside).getByLabelText(label), { target: { value } });
}

export async function submit(form: HTMLElement) {
  await act(async () => {
    fireEvent.submit(form);
  });
}

export class FakeSocket {
  connected = false;
  closed = false;
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, (() => void)[]>();
  private any: ((event: string, payload: unknown) => void)[] = [];
  constructor(readonly options: { auth: Record<string, string>; path: string }) {}
  on(event: string, handler: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny(handler: (event: string, payload: unknown) => void) {
    this.any.push(handler);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  // How the test's server acknowledges an event sent with an acknowledgement; none: it never answers.
  acknowledge: ((event: string, payload: unknown) => unknown) | null = null;
  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.emitted.push([event, payload]);
        if (!this.acknowledge) throw new Error('operation has timed out');
        return this.acknowledge(event, payload);
      },
    };
  }
  disconnect() {
    this.connected = false;
    this.closed = true;
    return this;
  }
  // The test's side: the server accepts the socket (again, after a drop), or sends an event.
  up() {
    this.connected = true;
    this.handlers.get('connect')?.forEach((handler) => handler());
  }
  down() {
    this.connected = false;
  }
  push(event: string, payload: unknown) {
    this.any.forEach((handler) => handler(event, payload));
  }
}

// Every socket the console opened, in order.
export const fakeSockets: FakeSocket[] = [];

// The socket the console opened last, once it has opened one.
export async function lastSocket() {
  await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
  return fakeSockets[fakeSockets.length - 1]!;
}

export const fakeSocketModule = {
  io: (options: { auth: Record<string, string>; path: string }) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  },
};
