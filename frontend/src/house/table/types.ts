// The shared tables' wire shapes (/house/api/table/...): every table game answers the same state, bet and
// round calls; only its history rows and its dealt outcome differ.
import type { BetStatus, GameType, Money } from '../types';

export const TABLE_GAME_TYPES: readonly GameType[] = ['BACCARAT', 'DRAGON_TIGER', 'ROULETTE', 'SICBO'];

export function isTableGame(type: GameType | undefined): boolean {
  return type !== undefined && TABLE_GAME_TYPES.includes(type);
}

export interface TableMyBet<B extends string = string> {
  id: number;
  roundNo: number;
  betOn: B;
  stake: Money;
  status: BetStatus;
  win: Money;
}

// One of the member's rounds at the table, from the house's records (GET /table/myRounds): its bets, what
// they staked and won, and what the round dealt (the road's row of the table's game), null until settled.
export interface TableMyRound<B extends string = string, Row = unknown> {
  roundNo: number;
  stake: Money;
  win: Money;
  bets: TableMyBet<B>[];
  result: Row | null;
}

export interface TableState<Row, B extends string = string> {
  table: string;
  roundNo: number;
  phase: 'BETTING' | 'CLOSED';
  opensAt: string;
  closesAt: string;
  settlesAt: string;
  serverSeedHash: string;
  now: string;
  history: Row[];
  myBets: TableMyBet<B>[];
}

export interface TableBetAnswer<B extends string = string> {
  bet: { id: number; roundNo: number; betOn: B; stake: Money; status: BetStatus };
  balance: Money;
}

// What every dealt round reveals, whatever the game.
export interface TableResult {
  table: string;
  roundNo: number;
  serverSeed: string;
  serverSeedHash: string;
  next?: { roundNo: number; serverSeedHash: string; closesAt: string; settlesAt: string };
}

export interface DragonTigerResult extends TableResult {
  dragonCard: string;
  tigerCard: string;
  outcome: 'DRAGON' | 'TIGER' | 'TIE';
}

export interface DragonTigerRow {
  roundNo: number;
  outcome: 'DRAGON' | 'TIGER' | 'TIE';
  dragonCard: string;
  tigerCard: string;
}

export interface RouletteResult extends TableResult {
  number: number;
  color: 'RED' | 'BLACK' | 'GREEN';
}

export interface RouletteRow {
  roundNo: number;
  number: number;
  color: 'RED' | 'BLACK' | 'GREEN';
}

export interface SicBoResult extends TableResult {
  dice: number[];
  total: number;
}

export interface SicBoRow {
  roundNo: number;
  dice: number[];
  total: number;
}

// The calls a table screen makes; baccarat's page keeps its own paths (/baccarat/...).
export interface TableApi<Row, R extends TableResult, B extends string = string> {
  state: () => Promise<TableState<Row, B>>;
  bet: (roundNo: number, betOn: B, stake: Money) => Promise<TableBetAnswer<B>>;
  round: (roundNo: number) => Promise<R>;
  rounds: () => Promise<TableMyRound<B, Row>[]>;
}
