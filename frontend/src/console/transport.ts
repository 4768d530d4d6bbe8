// The console's wire: the headers every call carries (Merchant, and Authorization once signed in), the fetch,
// and the envelope {success, value, message, errorCode} unwrapped, a failure becoming a ConsoleError with
// its stable code. It mirrors src/api/transport.ts rather than importing it: that module lives in the
// portal's first-page script, and sharing it would split that script into one more chunk for every portal
// visitor (scripts/budget.mjs). The console needs none of the portal's extras (sealed bodies, forms, files).

export class ConsoleError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(code: string, message: string, status: number, value: unknown = null) {
    super(message || code);
    this.name = 'ConsoleError';
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

export interface ConsoleContext {
  merchant: string;
  token: string | null;
  language: string;
}

let contextProvider: () => ConsoleContext = () => ({ merchant: 'demo', token: null, language: 'EN' });

export function setConsoleContext(provider: () => ConsoleContext): void {
  contextProvider = provider;
}

export type Query = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface Envelope<T> {
  success: boolean;
  value: T | null;
  message: string | null;
  errorCode: string | null;
}

// What every call carries: the merchant, the language and, once signed in, the staff token.
function callHeaders(accept: string): Record<string, string> {
  const context = contextProvider();
  const headers: Record<string, string> = { Accept: accept, Language: context.language, Merchant: context.merchant };
  if (context.token) headers.Authorization = context.token;
  return headers;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = callHeaders('application/json');
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // multipart (a chat picture): the browser writes the Content-Type with its boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin', // the captcha's token travels in a cookie
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ConsoleError('NETWORK_ERROR', 'network link abnormal', 0);
  }
  let envelope: Envelope<T> | null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.success !== 'boolean') {
    throw new ConsoleError('NETWORK_ERROR', `unexpected answer (${response.status})`, response.status);
  }
  if (!envelope.success) {
    throw new ConsoleError(envelope.errorCode ?? 'INTERNAL_ERROR', envelope.message ?? '', response.status, envelope.value);
  }
  return envelope.value as T;
}

// A file served behind the staff token (a member's feedback image): an <img> cannot send the Authorization
// header, so the bytes are fetched here and shown through an object URL. A refusal still comes as the
// envelope and becomes a ConsoleError.
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: callHeaders('image/*, application/json'), signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ConsoleError('NETWORK_ERROR', 'network link abnormal', 0);
  }
  if (response.ok && !(response.headers.get('Content-Type') ?? '').includes('json')) return response.blob();
  let envelope: Envelope<unknown> | null;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  const code = envelope && !envelope.success ? (envelope.errorCode ?? 'INTERNAL_ERROR') : 'NETWORK_ERROR';
  throw new ConsoleError(code, envelope?.message ?? '', response.status, envelope?.value ?? null);
}
