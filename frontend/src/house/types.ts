// The house vendor's wire types, as /tmp/work/house-contract.md gives them. Money is a decimal string.
import type { TableMyBet, TableState } from './table/types';

export type Money = string;

export type GameType =
  | 'SLOT'
  | 'BACCARAT'
  | 'DRAGON_TIGER'
  | 'ROULETTE'
  | 'SICBO'
  | 'FISH'
  | 'HIGHCARD'
  | 'FOOTBALL'
  | 'ESPORTS';

export interface Fairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export type Volatility = 'LOW' | 'MEDIUM' | 'HIGH';

export interface SlotFreeSpins {
  spins: number;
  multiplier: number;
  retrigger: boolean;
  trigger: number; // scatters needed anywhere
}

export interface SlotConfig {
  lines: number;
  lineBets: Money[];
  rows: number;
  reels: number;
  symbols: string[]; // the wild first, then the others by pay, the scatter last
  paylines: number[][];
  paytable: Record<string, Record<string, number>>; // multiples of the line bet
  wild: string;
  scatter: string;
  scatterPays: Record<string, number>; // multiples of the total bet
  wildMultiplier: number;
  freeSpins: SlotFreeSpins | null;
  volatility: Volatility;
  rtp: string; // percent, for display
}

export type BetOn = 'PLAYER' | 'BANKER' | 'TIE';
export const BET_SPOTS: readonly BetOn[] = ['PLAYER', 'BANKER', 'TIE'];

export interface BaccaratConfig {
  table?: string;
  chips: Money[];
  periodSeconds?: number;
  bettingSeconds?: number;
  payouts: Partial<Record<BetOn, string>>;
}

// Every shared table's (dragon tiger, roulette, sic bo): its bet ids are the payouts' keys.
export interface TableConfig {
  table?: string;
  chips: Money[];
  periodSeconds?: number;
  bettingSeconds?: number;
  payouts: Record<string, string>;
}

export interface FishKind {
  kind: string;
  multiplier: number;
}

export interface FishConfig {
  kinds: FishKind[];
  stakes: Money[];
}

export interface HighCardConfig {
  stakes: Money[];
  rakePercent: number;
}

export interface MatchConfig {
  stakes: Money[];
}

export interface ConfigByType {
  SLOT: SlotConfig;
  BACCARAT: BaccaratConfig;
  DRAGON_TIGER: TableConfig;
  ROULETTE: TableConfig;
  SICBO: TableConfig;
  FISH: FishConfig;
  HIGHCARD: HighCardConfig;
  FOOTBALL: MatchConfig;
  ESPORTS: MatchConfig;
}

export interface HouseSession {
  sessionId: string;
  game: { code: string; type: GameType; name: string };
  player: { nickname: string; currency: string; demo: boolean };
  merchant: string;
  balance: Money;
  fairness: Fairness;
  config: ConfigByType[GameType];
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  amount: Money;
}

export interface SlotSpin {
  grid: string[][];
  lineWins: LineWin[];
  scatterWin: Money;
}

export interface FreeSpin extends SlotSpin {
  win: Money;
  multiplier: number; // already applied to the amounts
  retrigger: boolean;
}

// The paid spin, then the free spins it led to, all settled as one round.
export interface SlotOutcome extends SlotSpin {
  baseWin?: Money;
  freeSpins?: FreeSpin[]; // absent from rounds played before free spins existed
  freeSpinsWin?: Money;
}

export interface FishOutcome {
  kind: string;
  hit: boolean;
  multiplier: number;
}

export type DuelWinner = 'PLAYER' | 'OPPONENT' | 'PUSH';

export interface HighCardOutcome {
  playerCard: string;
  opponentCard: string;
  opponentName: string;
  winner: DuelWinner;
}

export type MatchResult = 'HOME' | 'DRAW' | 'AWAY' | 'TEAM_A' | 'TEAM_B';

export interface MatchOutcome {
  selection: string;
  won: boolean;
  result: MatchResult;
  score: [number, number];
}

export interface OutcomeByType {
  SLOT: SlotOutcome;
  FISH: FishOutcome;
  HIGHCARD: HighCardOutcome;
  FOOTBALL: MatchOutcome;
  ESPORTS: MatchOutcome;
}

export interface RoundBodyByType {
  SLOT: { lineBet: Money };
  FISH: { kind: string; stake: Money };
  HIGHCARD: { stake: Money };
  FOOTBALL: { matchId: string; selection: string; stake: Money };
  ESPORTS: { matchId: string; selection: string; stake: Money };
}

export type InstantType = keyof OutcomeByType;

export interface RevealedFairness {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  nextServerSeedHash: string;
}

export interface RoundResponse<O> {
  roundId: string | number;
  bet: Money;
  win: Money;
  balance: Money;
  outcome: O;
  fairness: RevealedFairness;
}

export interface MarketSelection {
  code: string;
  label: string;
  odds: string;
}

export interface Market {
  matchId: string;
  home: string;
  away: string;
  kickoffLabel: string;
  selections: MarketSelection[];
}

// PENDING: the wallet has not answered yet; VOID: refunded (the round closed first, or the wallet refused).
export type BetStatus = 'PENDING' | 'OPEN' | 'WON' | 'LOST' | 'PUSH' | 'VOID';

export interface BaccaratHistoryRow {
  roundNo: number;
  outcome: BetOn;
  playerTotal: number;
  bankerTotal: number;
}

// Baccarat's state is the shared tables' state with its own history rows and bet ids.
export type BaccaratMyBet = TableMyBet<BetOn>;
export type BaccaratState = TableState<BaccaratHistoryRow, BetOn>;

export interface BaccaratBetAnswer {
  bet: { id: number; roundNo: number; betOn: BetOn; stake: Money; status: BetStatus };
  balance: Money;
}

export interface BaccaratResult {
  table: string;
  roundNo: number;
  playerCards: string[];
  bankerCards: string[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BetOn;
  serverSeed: string;
  serverSeedHash: string;
  next?: { roundNo: number; serverSeedHash: string; closesAt: string; settlesAt: string };
}
