// The one way the app talks to the REST API: it sends the headers every call carries and unwraps the
// envelope {success, value, message, errorCode}, turning a failure into an ApiError with its stable code.
import { encryptBody, forgetPublicKey, getPublicKey } from './encryption';
import type { components } from './schema';

export type Schemas = components['schemas'];

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

export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  if (!options.encrypted || options.body === undefined) return send<T>(path, options, options.body);
  try {
    return await send<T>(path, options, await encryptBody(options.body, await getPublicKey()));
  } catch (error) {
    // Most likely the key was rotated since it was fetched: fetch it again and retry, once.
    if (!(error instanceof ApiError) || error.code !== 'DECRYPTION_FAILED') throw error;
    forgetPublicKey();
    return send<T>(path, options, await encryptBody(options.body, await getPublicKey()));
  }
}

async function send<T>(path: string, options: CallOptions, payload: unknown): Promise<T> {
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
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 'network link abnormal', 0);
  }
  let envelope: Envelope<T> | null = null;
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
