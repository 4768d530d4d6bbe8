// The wire under every call: the headers every call carries, the fetch, and the envelope
// {success, value, message, errorCode} unwrapped, a failure becoming an ApiError with its stable code.
// Apart from client.ts so that the encryption module can fetch the server's public key without importing
// the client, which imports it (no import cycle).

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(code: string, message: string, status: number, value: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

export interface RequestContext {
  merchant: string | null;
  token: string | null;
  language: string;
}

// Filled by the state layer once the brand and the session are known; read at call time.
let contextProvider: () => RequestContext = () => ({ merchant: null, token: null, language: 'EN' });

export function setRequestContext(provider: () => RequestContext): void {
  contextProvider = provider;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  moduleId?: string;
  signal?: AbortSignal;
  // For the calls made before the brand is known (domain routing).
  withoutMerchant?: boolean;
  // For the calls SPEC marks E: the body leaves encrypted for the server's public key.
  encrypted?: boolean;
  // A form post (application/x-www-form-urlencoded) instead of JSON.
  form?: Record<string, string>;
  // A multipart post (files); the browser sets the boundary.
  multipart?: FormData;
  // Extra headers of one call (the lottery's X-House-Session).
  headers?: Record<string, string>;
  // Outlives the page (a call made as the page goes: pagehide). Unlike navigator.sendBeacon, a keepalive
  // fetch carries the Merchant and Authorization headers.
  keepalive?: boolean;
}

function buildUrl(path: string, query: CallOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
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

export async function send<T>(path: string, options: CallOptions, payload: unknown = options.body): Promise<T> {
  const context = contextProvider();
  const headers: Record<string, string> = { Accept: 'application/json', Language: context.language };
  if (context.merchant && !options.withoutMerchant) headers.Merchant = context.merchant;
  if (context.token) headers.Authorization = context.token;
  if (options.moduleId) headers.ModuleId = options.moduleId;
  if (options.headers) Object.assign(headers, options.headers);
  let body: BodyInit | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 'network link abnormal', 0);
  }
  let envelope: Envelope<T> | null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.success !== 'boolean') {
    throw new ApiError('NETWORK_ERROR', `unexpected answer (${response.status})`, response.status);
  }
  if (!envelope.success) {
    throw new ApiError(
      envelope.errorCode ?? 'INTERNAL_ERROR',
      envelope.message ?? '',
      response.status,
      envelope.value,
    );
  }
  return envelope.value as T;
}
