// Server -> client event names; the server keeps the same list in realtime/events.py.
export const EVENTS = {
  balance: 'balance',
  messagesUnread: 'messages:unread',
  sessionRevoked: 'session:revoked',
  winners: 'winners',
  lotteryOpened: 'lottery:opened',
  missionsLeaderboard: 'missions:leaderboard',
  systemStatus: 'system:status',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];
