// The one way the app talks to the REST API: `call` sends a request through the transport (headers, the
// envelope, ApiError), sealing the body first for the calls SPEC marks E.
import type { components } from './schema';
import { ApiError, type CallOptions, send } from './transport';

// The transport's error, context and options are part of the client's interface: callers import them here.
export { ApiError, setRequestContext, type CallOptions, type RequestContext } from './transport';

export type Schemas = components['schemas'];

export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  if (!options.encrypted || options.body === undefined) return send<T>(path, options, options.body);
  // Only logins, registrations and money movements are sealed: the code comes with the first of them.
  const { encryptBody, forgetPublicKey, getPublicKey } = await import('./encryption');
  try {
    return await send<T>(path, options, await encryptBody(options.body, await getPublicKey()));
  } catch (error) {
    // Most likely the key was rotated since it was fetched: fetch it again and retry, once.
    if (!(error instanceof ApiError) || error.code !== 'DECRYPTION_FAILED') throw error;
    forgetPublicKey();
    return send<T>(path, options, await encryptBody(options.body, await getPublicKey()));
  }
}
