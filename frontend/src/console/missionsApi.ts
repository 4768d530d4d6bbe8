// A mission's parameters as the console sends and reads them (server/promotions/kinds.py TaskIn, TaskOut,
// LeaderboardIn, LeaderboardOut; camelCase on the wire), and the server's bounds for them. Written out as
// promotionsApi.ts's shapes are, until the generated schema carries them.

// promotionsApi.ts's WagerCategory (repeated: promotionsApi imports these shapes, and imports go one way).
type WagerCategory = 'ELOTT' | 'LOTT' | 'LIVE' | 'SPORTS' | 'FISH' | 'RNG' | 'PVP' | 'ESPORTS';

export type TaskType = 'BET_COUNT' | 'TURNOVER' | 'DEPOSIT' | 'NEW_GAME' | 'LOGIN_DAYS';

export const TASK_TYPES: readonly TaskType[] = ['BET_COUNT', 'TURNOVER', 'DEPOSIT', 'NEW_GAME', 'LOGIN_DAYS'];
// Their target is a count (bets, games, days); the others' an amount.
export const COUNTED_TASKS: readonly TaskType[] = ['BET_COUNT', 'NEW_GAME', 'LOGIN_DAYS'];
// Only these count a category's bets.
export const CATEGORY_TASKS: readonly TaskType[] = ['BET_COUNT', 'TURNOVER'];

export interface TaskIn {
  type: TaskType;
  target: string; // a whole count "5", or an amount "100.00"
  category?: WagerCategory; // BET_COUNT, TURNOVER: only this category's bets
  reward?: string; // bonus money paid on its claim
  tickets?: number; // tickets of raffleId given on its claim (both or neither)
  raffleId?: number;
}

export interface TaskOut {
  type: TaskType;
  target: string;
  category: WagerCategory | null;
  reward: string | null;
  tickets: number | null;
  raffleId: number | null;
}

export type BoardSize = 10 | 20 | 50 | 100;

export interface LeaderboardIn {
  prizes: string[]; // by rank: 1..20, none zero, none above the one before
  category?: WagerCategory; // only this category's turnover scores
  size: BoardSize;
}

export interface LeaderboardOut {
  prizes: string[];
  category: WagerCategory | null;
  size: number;
}

// The server's bounds (kinds.py).
export const TASKS_MAX = 5;
export const TASK_COUNT_MAX = 100_000;
export const TASK_TICKETS_MAX = 1000;
export const PRIZES_MAX = 20;
export const BOARD_SIZES: readonly BoardSize[] = [10, 20, 50, 100];
