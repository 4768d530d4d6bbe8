// The table screens' tests deliver results through this in place of the Socket.IO link (vi.mock of
// '../socket'); it imports nothing of the app, so the mock can load it while the app is loading.
import type { TableResult } from './types';

type Handlers = { onResult: (result: TableResult) => void; onLive: (live: boolean) => void };
export const feed: { handlers: Handlers | null; game: string | null } = { handlers: null, game: null };

// vi.mock('../socket', ...) in each test file uses this in place of the Socket.IO link.
export function fakeConnectTableFeed(_merchant: string, _table: string, handlers: Handlers, game = 'baccarat') {
  feed.handlers = handlers;
  feed.game = game;
  handlers.onLive(true);
  return () => {
    feed.handlers = null;
  };
}
