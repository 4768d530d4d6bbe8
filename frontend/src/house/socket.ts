// The live table's push channel: the portal's Socket.IO hub on the same origin, joined as the merchant's
// visitor, subscribed to the table's room.
import { io, type Socket } from 'socket.io-client';

import type { BaccaratResult } from './types';

export const HOUSE_EVENTS = {
  baccaratResult: 'house:baccarat:result',
} as const;

export function baccaratRoom(merchant: string, table: string): string {
  return `house:baccarat:${merchant}:${table}`;
}

export interface TableFeedHandlers {
  onResult: (result: BaccaratResult) => void;
  // true once subscribed to the room, false when the link is down.
  onLive: (live: boolean) => void;
}

export function connectTableFeed(merchant: string, table: string, handlers: TableFeedHandlers): () => void {
  const socket: Socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { merchant } });
  let closed = false;
  socket.on('connect', () => {
    socket
      .timeout(5000)
      .emitWithAck('subscribe', baccaratRoom(merchant, table))
      .then((answer: unknown) => {
        if (!closed) handlers.onLive(Boolean((answer as { ok?: boolean } | null)?.ok));
      })
      .catch(() => {
        if (!closed) handlers.onLive(false);
      });
  });
  socket.on('disconnect', () => handlers.onLive(false));
  socket.on('connect_error', () => handlers.onLive(false));
  socket.on(HOUSE_EVENTS.baccaratResult, (payload: BaccaratResult) => {
    if (payload && payload.table === table) handlers.onResult(payload);
  });
  return () => {
    closed = true;
    socket.disconnect();
  };
}
