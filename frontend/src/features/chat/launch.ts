// The side bar's service entry, after its click (SPEC §2.2): the popup is already open (synchronously, so
// that popup blockers let it through) on about:blank; the entry of type "3" (GET /wps/chat/entries, chosen
// by the caller's rank) says where the chat is, and the popup goes there, or closes when that call fails.
// On a phone there is no popup: the chat opens in the site's own tab.
// This comes with the chat page's chunk, which the popup then finds in the browser's cache.
import { chatApi } from './api';

export const CHAT_ENTRY_TYPE = '3';
export const CHAT_PATH = '/chat';

export async function launchChat(popup: Window | null, go: (path: string) => void): Promise<void> {
  let path: string | null;
  try {
    const { list } = await chatApi.entries();
    path = list.find((entry) => entry.type === CHAT_ENTRY_TYPE)?.path ?? null;
  } catch {
    path = null;
  }
  if (popup) {
    if (path) popup.location.assign(new URL(path, window.location.href).href);
    else popup.close();
  } else {
    go(path ?? CHAT_PATH);
  }
}
