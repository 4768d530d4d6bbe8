// Test support for the portal's features: a fake server behind fetch (the real transport runs: headers,
// envelope, ApiError), English strings, and a render inside the store and a router. Not a feature itself, so
// that every feature's tests may use it.
import { render } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { setRequestContext } from '../api/client';
import { initI18n, showLanguage } from '../i18n';
import { brandAtom, languageAtom, tokenAtom } from '../state/atoms';
import { store } from '../state/store';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; value?: unknown; errorCode?: string };
export type Handler = (request: FakeRequest) => Answer | undefined;

// Every request is recorded; the handler answers it (status 200 and success unless it says otherwise), and
// an unanswered one is a 404 NOT_FOUND.
export function fakeServer(handler: Handler) {
  const requests: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = handler(request) ?? { status: 404, errorCode: 'NOT_FOUND' };
    const status = answer.status ?? 200;
    const success = status < 400;
    return new Response(
      JSON.stringify({ success, value: answer.value ?? null, errorCode: success ? null : answer.errorCode, message: '' }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    // The requests to `path` (of one method, if named).
    calls: (path: string, method?: string) =>
      requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
  };
}

let english: Promise<void> | null = null;
// English strings, the request headers from the store (as the boot sets them), and modals that open and
// close at once (no animation frames to wait for in jsdom).
export function setUp(): Promise<void> {
  MotionGlobalConfig.skipAnimations = true;
  setRequestContext(() => ({
    merchant: store.get(brandAtom)?.merchantCode ?? null,
    token: store.get(tokenAtom),
    language: store.get(languageAtom),
  }));
  return (english ??= (async () => {
    initI18n();
    await showLanguage('EN');
  })());
}

// `element` at `path`; `others` are the routes its links may lead to (a marker each, say).
export function renderAt(path: string, element: ReactNode, routePath = path.split(/[?#]/)[0]!, others: RouteObject[] = []) {
  const router = createMemoryRouter([{ path: routePath, element }, ...others], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router };
}

// jsdom has no PointerEvent: without it a fired pointer event carries no pointerType or clientX.
export function installPointerEvents(): void {
  if (typeof window.PointerEvent === 'function') return;
  class FakePointerEvent extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: FakePointerEvent, configurable: true, writable: true });
}
