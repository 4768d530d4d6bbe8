// The chat page's own Socket.IO connection (the popup has no other use for the portal's): it authenticates
// as the member (token) or the visitor (chatVisitor), joins the conversation's room on every (re)connect
// and hands each chat event to the page's controller. The client library comes on demand, the chunk the
// portal's own socket fetches.
import type { Socket } from 'socket.io-client';

import type { ChatMessage } from './api';

export const CHAT_EVENTS = {
  message: 'chat:message',
  typing: 'chat:typing',
  read: 'chat:read',
  assigned: 'chat:assigned',
  closed: 'chat:closed',
  queue: 'chat:queue',
} as const;

// What the server answers a `chat:send`: the stored message, or the error code the HTTP send would give.
export type ChatSendAnswer = { ok: true; message: ChatMessage } | { ok: false; errorCode: string };

export type ChatEventName = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

export interface ChatSocketAuth {
  merchant: string;
  token?: string;
  chatVisitor?: string;
}

export interface ChatSocket {
  // Joins `conversation:{id}`; false when the server refuses or does not answer.
  subscribe: (conversationId: number) => Promise<boolean>;
  typing: (conversationId: number, typing: boolean) => void;
  // A text message sent on the socket; null when it could not be (no socket, or no answer in time): the
  // caller sends it over HTTP instead, with the same client id, which the server keeps one message for.
  send: (conversationId: number, clientId: string, text: string) => Promise<ChatSendAnswer | null>;
  connected: () => boolean;
  close: () => void;
}

export interface ChatSocketHandlers {
  // Every connect, the first and each reconnect: the page joins its room again and fetches what it missed.
  onConnect: () => void;
  onEvent: (name: ChatEventName, payload: unknown) => void;
}

const SUBSCRIBE_TIMEOUT_MS = 10_000;
const SEND_TIMEOUT_MS = 10_000;

let client: Promise<typeof import('socket.io-client')> | null = null;

export function openChatSocket(auth: ChatSocketAuth, handlers: ChatSocketHandlers): ChatSocket {
  let socket: Socket | null = null;
  let closed = false;
  (client ??= import('socket.io-client')).then(
    ({ io }) => {
      if (closed) return;
      socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { ...auth } });
      socket.on('connect', handlers.onConnect);
      for (const name of Object.values(CHAT_EVENTS)) {
        socket.on(name, (payload: unknown) => handlers.onEvent(name, payload));
      }
    },
    () => {
      client = null; // the page works on without pushes; the next socket tries the download again
    },
  );
  return {
    async subscribe(conversationId) {
      if (!socket?.connected) return false;
      try {
        const answer = (await socket
          .timeout(SUBSCRIBE_TIMEOUT_MS)
          .emitWithAck('subscribe', `conversation:${conversationId}`)) as { ok?: boolean } | null;
        return Boolean(answer?.ok);
      } catch {
        return false;
      }
    },
    async send(conversationId, clientId, text) {
      if (!socket?.connected) return null;
      try {
        const answer = (await socket
          .timeout(SEND_TIMEOUT_MS)
          .emitWithAck('chat:send', { conversationId, clientId, text })) as ChatSendAnswer | null;
        return answer && typeof answer.ok === 'boolean' ? answer : null;
      } catch {
        return null;
      }
    },
    typing(conversationId, typing) {
      if (socket?.connected) socket.emit(CHAT_EVENTS.typing, { conversationId, typing });
    },
    connected: () => socket?.connected ?? false,
    close: () => {
      closed = true;
      socket?.off();
      socket?.disconnect();
      socket = null;
    },
  };
}
