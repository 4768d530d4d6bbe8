// Server -> client event names; the server keeps the same list in realtime/events.py. Every push reaches the
// listeners of its name (socket.ts): `minigames:state` (issue 33) is named by its one listener,
// features/minigames, which keeps the first page's script from carrying it.
export const EVENTS = {
  balance: 'balance',
  messagesUnread: 'messages:unread',
  sessionRevoked: 'session:revoked',
  winners: 'winners',
  lotteryOpened: 'lottery:opened',
  missionsLeaderboard: 'missions:leaderboard',
  systemStatus: 'system:status',
  cashierRequest: 'cashier:request',
  noticesChanged: 'notices:changed',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

// cashier:request, to the member's room: a deposit or withdrawal of theirs has a new status (a staff
// decision, a payout, their own step in another tab). Pushes are not in the OpenAPI document.
export interface CashierRequestEvent {
  kind: 'deposit' | 'withdrawal';
  orderNo: string;
  status: string;
  amount: string;
}

// notices:changed, to the merchant's room: notices of these kinds (BANNER, POPUP, ANNOUNCEMENT, PROMOTION,
// PLAYER) were published, changed or withdrawn.
export interface NoticesChangedEvent {
  kinds: string[];
}

// minigames:state, to the merchant's room: a red-envelope rain session opened, closed, or had envelopes
// grabbed (coalesced to one push per session per 500 ms).
export interface MiniGamesStateEvent {
  sessionId: number;
  rainId: number;
  state: 'SCHEDULED' | 'OPEN' | 'CLOSED';
  left: number;
  endsAt: number;
}
