import { lazy, Suspense } from 'react';

import { launchChat as launch } from '../launch';
import type { ChatControllerOptions } from '../state';

// /chat: the player's customer-service chat (issue 16), standalone (no site header, footer or side bar), in
// the 440 x 750 popup of the side bar's service entry or, on a phone, in the site's own tab.
// This route chunk is small on purpose: the route table (first page) names it and its dependencies, and
// every name there is bytes of the first page's budget. The chat, its styles and the socket client come in
// the next chunk, asked for as soon as this one runs.
const loadScreen = () => import('./ChatScreen');
const ChatScreen = lazy(loadScreen);

export default function ChatPage(props: { options?: ChatControllerOptions }) {
  return (
    <Suspense fallback={<div className="chat-page" data-testid="chat-page" data-phase="loading" />}>
      <ChatScreen {...props} />
    </Suspense>
  );
}

// The side bar's click, on the page that opens the chat, loads this chunk for it (see launch.ts), and the
// chat's code with it, so that the popup finds both in the browser's cache.
export function launchChat(popup: Window | null, go: (path: string) => void): Promise<void> {
  void loadScreen().catch(() => undefined);
  return launch(popup, go);
}
