// The live table's push channel: the portal's Socket.IO hub on the same origin, joined as the merchant's
// visitor, subscribed to the table's room. Each table game has its own room and event names (its slug:
// baccarat, dragon-tiger, roulette, sicbo).
import { io, type Socket } from 'socket.io-client';


export const HOUSE_EVENTS = {
  baccaratResult: 'house:baccarat:result',
} as const;

export function baccaratRoom(merchant: string, table: string): string {
  return tableRoom('baccarat', merchant, table);
}

export function tableRoom(game: string, merchant: string, table: string): string {
  return `house:${game}:${merchant}:${table}`;
}

export interface TableFeedHandlers<R extends { table: string }> {
  onResult: (result: R) => void;
  // true once subscribed to the room, false when the link is down.
  onLive: (live: boolean) => void;
}

export function connectTableFeed<R extends { table: string }>(
  merchant: string,
  table: string,
  handlers: TableFeedHandlers<R>,
  game = 'baccarat',
): () => void {
  const socket: Socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { merchant } });
  let closed = false;
  socket.on('connect', () => {
    socket
      .timeout(5000)
      .emitWithAck('subscribe', tableRoom(game, merchant, table))
      .then((answer: unknown) => {
        if (!closed) handlers.onLive(Boolean((answer as { ok?: boolean } | null)?.ok));
      })
      .catch(() => {
        if (!closed) handlers.onLive(false);
      });
  });
  socket.on('disconnect', () => handlers.onLive(false));
  socket.on('connect_error', () => handlers.onLive(false));
  socket.on(`house:${game}:result`, (payload: R) => {
    if (payload && payload.table === table) handlers.onResult(payload);
  });
  return () => {
    closed = true;
    socket.disconnect();
  };
}
