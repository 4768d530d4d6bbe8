// Missions and their leaderboard (issue 31, server/promotions/missions.py and leaderboard.py): the member's
// tasks in the period running now with their progress, the claim of a task done, and the leaderboard of a
// mission that ranks members by turnover (visitors may read it), kept live by the `missions:leaderboard` push
// to the board's room.
// The wire shapes follow the server's MissionSummaryOut, MissionOut, TaskProgressOut and LeaderboardOut
// (camelCase JSON); as in api.ts they are written out here. Targets, progress, rewards, scores and prizes are
// decimal strings (counted targets are whole numbers as strings: "5"); times are milliseconds since 1970.
import { call } from '../../api/client';
import type { ActionResult, PromotionCard, PromotionDetail } from './api';

export const TASK_TYPES = ['BET_COUNT', 'TURNOVER', 'DEPOSIT', 'NEW_GAME', 'LOGIN_DAYS'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
// The tasks whose target is a count (bets, games, days); the others' is an amount.
export const COUNTED_TASKS: readonly TaskType[] = ['BET_COUNT', 'NEW_GAME', 'LOGIN_DAYS'];

// A task as the mission's terms state it (params.tasks).
export interface MissionTask {
  type: TaskType;
  target: string;
  category: string | null;
  reward: string | null;
  tickets: number | null;
  raffleId: number | null;
}

// A mission's leaderboard terms (params.leaderboard): prizes by rank, the category whose turnover scores
// (null: all), and how many rows it shows.
export interface LeaderboardTerms {
  prizes: string[];
  category: string | null;
  size: number;
}

export interface TaskProgress {
  index: number;
  type: TaskType;
  target: string;
  category: string | null;
  // In the target's unit, never above it.
  progress: string;
  done: boolean;
  claimed: boolean;
  // The bonus its claim pays, and the raffle tickets it gives.
  reward: string | null;
  tickets: number | null;
  raffleId: number | null;
}

export interface Mission {
  promotion: PromotionCard;
  periodKey: string;
  startsAt: number;
  endsAt: number | null;
  tasks: TaskProgress[];
  leaderboard: boolean;
}

export interface MissionSummary {
  // Tasks done and not yet claimed, over every running mission: the member centre's badge.
  count: number;
  list: Mission[];
}

export interface LeaderboardRow {
  rank: number;
  // Masked, as the winner boards mask names.
  name: string;
  // Turnover in the period.
  score: string;
  prize: string | null;
  // An opaque id of the member on this board: the reader's own row has me.tag.
  tag: string;
}

export interface LeaderboardMe {
  rank: number | null;
  score: string;
  tag: string;
}

export interface Leaderboard {
  promotionId: number;
  // The mission's title in the reader's language.
  title: string;
  periodKey: string;
  startsAt: number;
  endsAt: number | null;
  prizes: string[];
  category: string | null;
  rows: LeaderboardRow[];
  // null for visitors.
  me: LeaderboardMe | null;
  // The Socket.IO room whose `missions:leaderboard` pushes keep the rows live.
  room: string;
}

// The running missions' boards (for the member centre's page), each with the reader's standing as above.
export interface LeaderboardList {
  list: Leaderboard[];
}

// missions:leaderboard, to the board's room: its top rows changed (at most once a second).
export interface LeaderboardEvent {
  promotionId: number;
  periodKey: string;
  rows: LeaderboardRow[];
}

// A mission's page: its tasks as the terms state them and its leaderboard's terms (params), and the member's
// progress (null for visitors).
export type MissionDetail = PromotionDetail & {
  params: PromotionDetail['params'] & { tasks?: MissionTask[] | null; leaderboard?: LeaderboardTerms | null };
  mission?: Mission | null;
};

export function isLeaderboardEvent(payload: unknown): payload is LeaderboardEvent {
  const p = payload as Partial<LeaderboardEvent> | null;
  return !!p && typeof p.promotionId === 'number' && typeof p.periodKey === 'string' && Array.isArray(p.rows);
}

export const missionsApi = {
  // Member only.
  summary: (signal?: AbortSignal) => call<MissionSummary>('/wps/relay/missionSummary', { signal }),
  claimTask: (promotionId: number, index: number) =>
    call<ActionResult>(`/wps/promotions/${promotionId}/tasks/${index}/claim`, { method: 'POST' }),
  // Visitors too; a member's answer carries their own standing (me).
  leaderboard: (promotionId: number, signal?: AbortSignal) =>
    call<Leaderboard>('/wps/relay/missionLeaderboard', { query: { promotionId }, signal }),
  leaderboards: (signal?: AbortSignal) => call<LeaderboardList>('/wps/relay/missionLeaderboards', { signal }),
};
