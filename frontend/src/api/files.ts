import { useEffect, useState } from 'react';

import { brandAtom, languageAtom, tokenAtom } from '../state/atoms';
import { store } from '../state/store';
import { ApiError } from './client';

// A file of the API (a picture) that needs the session's headers: an <img src> cannot send them, so the page
// fetches it and shows it from an object URL. Kept out of client.ts, which the first page loads: only the
// lazy screens that show such pictures (the chat, the agent centre) pull this in.
export async function fetchFile(path: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Blob> {
  const sent: Record<string, string> = { ...headers, Language: store.get(languageAtom) };
  const merchant = store.get(brandAtom)?.merchantCode;
  const token = store.get(tokenAtom);
  if (merchant) sent.Merchant = merchant;
  if (token) sent.Authorization = token;
  let response: Response;
  try {
    response = await fetch(path, { headers: sent, signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 'network link abnormal', 0);
  }
  if (response.ok) return response.blob();
  const envelope = (await response.json().catch(() => null)) as { errorCode?: string; message?: string } | null;
  throw new ApiError(envelope?.errorCode ?? 'NETWORK_ERROR', envelope?.message ?? '', response.status);
}

// An object URL of what `load` fetches, made again when `key` changes and revoked when it is no longer shown.
export function useFileUrl(key: string, load: (signal: AbortSignal) => Promise<Blob>): { url: string | null; failed: boolean } {
  const [shown, setShown] = useState<{ key: string; url: string | null; failed: boolean }>({ key, url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    load(controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setShown({ key, url: made, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setShown({ key, url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
    // `load` is a fresh function on each render; `key` names what it fetches.
  }, [key]);
  return shown.key === key ? { url: shown.url, failed: shown.failed } : { url: null, failed: false };
}
