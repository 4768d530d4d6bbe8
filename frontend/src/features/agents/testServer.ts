// The server as the agent-centre tests see it: every request is recorded, and each path answers with what the
// test queued for it (an envelope's value, or an error code with its status). Not a test file itself.
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Answer = { value: unknown } | { code: string; status: number; value?: unknown } | { networkDown: true };

export function fakeServer() {
  const sent: Sent[] = [];
  const queued = new Map<string, Answer[]>();
  const fallback = new Map<string, Answer>();
  const key = (method: string, path: string) => `${method} ${path}`;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const parsed = new URL(url, 'http://portal.test');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path: parsed.pathname, query: Object.fromEntries(parsed.searchParams), body });
      const answer = queued.get(key(method, parsed.pathname))?.shift() ?? fallback.get(key(method, parsed.pathname));
      if (!answer) return Promise.reject(new Error(`unexpected ${method} ${url}`));
      if ('networkDown' in answer) return Promise.reject(new TypeError('Failed to fetch'));
      const envelope =
        'code' in answer
          ? { success: false, value: answer.value ?? null, message: answer.code, errorCode: answer.code }
          : { success: true, value: answer.value, message: null, errorCode: null };
      return Promise.resolve(new Response(JSON.stringify(envelope), { status: 'code' in answer ? answer.status : 200 }));
    }),
  );
  return {
    sent,
    // Answers the next request to method+path with this, once.
    once(method: string, path: string, answer: Answer) {
      queued.set(key(method, path), [...(queued.get(key(method, path)) ?? []), answer]);
    },
    // Answers every request to method+path not otherwise queued.
    always(method: string, path: string, answer: Answer) {
      fallback.set(key(method, path), answer);
    },
    calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
  };
}

