// A mission's part of the promotion form: its period (or the promotion's whole run), up to five tasks, and an
// optional leaderboard; the server's checks repeated (kinds.py _tasks, _prizes) so that a mistake is marked at
// its field, under the wire name the server would give it ("params.tasks.1.target",
// "params.leaderboard.prizes.2"); what it costs at most per member (kinds.most_per_member: every task's
// reward plus the first prize).
import { fromCents, parseCents } from '../../../lib/money';
import { amountOk } from '../../grantsApi';
import {
  BOARD_SIZES,
  type BoardSize,
  CATEGORY_TASKS,
  COUNTED_TASKS,
  type LeaderboardIn,
  PRIZES_MAX,
  TASK_COUNT_MAX,
  TASK_TICKETS_MAX,
  type TaskIn,
  TASKS_MAX,
  type TaskType,
} from '../../missionsApi';
import type { ParamsOut, ReloadPeriod, WagerCategory } from '../../promotionsApi';

export interface TaskForm {
  type: TaskType;
  target: string;
  category: WagerCategory | ''; // '': every category
  reward: string;
  tickets: string;
  raffleId: string; // a raffle promotion's id, '' for none
}

export interface MissionForm {
  period: ReloadPeriod | ''; // '': once over the promotion's whole run
  tasks: TaskForm[];
  board: boolean;
  prizes: string[];
  boardCategory: WagerCategory | '';
  size: BoardSize;
}

type Problems = Record<string, string>;

export const emptyTask = (): TaskForm => ({ type: 'BET_COUNT', target: '', category: '', reward: '', tickets: '', raffleId: '' });

// The mission part of a stored promotion's form, or of a new one (a daily mission with one task, no board).
export function missionForm(params?: ParamsOut): MissionForm {
  const tasks = params?.tasks?.length
    ? params.tasks.map((task): TaskForm => ({
        type: task.type,
        target: task.target,
        category: task.category ?? '',
        reward: task.reward ?? '',
        tickets: task.tickets === null ? '' : String(task.tickets),
        raffleId: task.raffleId === null ? '' : String(task.raffleId),
      }))
    : [emptyTask()];
  const board = params?.leaderboard ?? null;
  return {
    period: params ? (params.period ?? '') : 'DAILY',
    tasks,
    board: board !== null,
    prizes: board?.prizes.length ? [...board.prizes] : [''],
    boardCategory: board?.category ?? '',
    size: BOARD_SIZES.find((size) => size === board?.size) ?? 10,
  };
}

// Every field the mission part can mark (so that a refusal naming one is known to be shown at it).
export const MISSION_FIELDS: readonly string[] = [
  'params.period',
  'params.tasks',
  ...Array.from({ length: TASKS_MAX }, (_, row) =>
    ['type', 'target', 'category', 'reward', 'tickets', 'raffleId'].map((key) => `params.tasks.${row}.${key}`),
  ).flat(),
  'params.leaderboard',
  'params.leaderboard.prizes',
  'params.leaderboard.category',
  'params.leaderboard.size',
  ...Array.from({ length: PRIZES_MAX }, (_, rank) => `params.leaderboard.prizes.${rank}`),
];

const cents = (value: string): bigint | null => (amountOk(value.trim()) ? parseCents(value.trim()) : null);

// A whole number in [min, max], or null.
function whole(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

// The mission's parameters as sent (period, tasks, leaderboard), each problem put in `problems` at its field.
export function missionParams(form: MissionForm, problems: Problems): { period?: ReloadPeriod; tasks: TaskIn[]; leaderboard?: LeaderboardIn } {
  if (form.tasks.length === 0 || form.tasks.length > TASKS_MAX) problems['params.tasks'] = 'promotions.missions.tasksCount';
  const tasks = form.tasks.map((task, row): TaskIn => {
    const at = `params.tasks.${row}`;
    const sent: TaskIn = { type: task.type, target: task.target.trim() };
    if (COUNTED_TASKS.includes(task.type)) {
      if (whole(task.target, 1, TASK_COUNT_MAX) === null) {
        problems[`${at}.target`] = task.target.trim() ? 'promotions.missions.badCount' : 'promotions.missions.targetRequired';
      }
    } else if (cents(task.target) === null) {
      problems[`${at}.target`] = task.target.trim() ? 'promotions.form.badAmount' : 'promotions.missions.targetRequired';
    }
    if (task.category && CATEGORY_TASKS.includes(task.type)) sent.category = task.category;
    const reward = task.reward.trim();
    if (reward) {
      if (cents(reward) === null) problems[`${at}.reward`] = 'promotions.form.badAmount';
      else sent.reward = reward;
    }
    const ticketsText = task.tickets.trim();
    if (ticketsText) {
      const tickets = whole(ticketsText, 1, TASK_TICKETS_MAX);
      if (tickets === null) problems[`${at}.tickets`] = 'promotions.missions.badTickets';
      else sent.tickets = tickets;
    }
    if (task.raffleId) sent.raffleId = Number(task.raffleId);
    if (ticketsText && !task.raffleId) problems[`${at}.raffleId`] = 'promotions.missions.raffleRequired';
    if (!ticketsText && task.raffleId) problems[`${at}.tickets`] = 'promotions.missions.ticketsRequired';
    if (!reward && !ticketsText) problems[`${at}.reward`] = 'promotions.missions.rewardRequired';
    return sent;
  });
  const params: { period?: ReloadPeriod; tasks: TaskIn[]; leaderboard?: LeaderboardIn } = { tasks };
  if (form.period) params.period = form.period;
  if (form.board) {
    params.leaderboard = { prizes: prizesOf(form.prizes, problems), size: form.size };
    if (form.boardCategory) params.leaderboard.category = form.boardCategory;
  }
  return params;
}

// Prizes by rank: 1..20, each an amount above zero and none above the one before it.
function prizesOf(prizes: string[], problems: Problems): string[] {
  if (prizes.length === 0 || prizes.length > PRIZES_MAX) problems['params.leaderboard.prizes'] = 'promotions.missions.prizesCount';
  let before: bigint | null = null;
  return prizes.map((prize, rank) => {
    const amount = cents(prize);
    if (amount === null) problems[`params.leaderboard.prizes.${rank}`] = prize.trim() ? 'promotions.form.badAmount' : 'promotions.form.amountRequired';
    else if (before !== null && amount > before) problems[`params.leaderboard.prizes.${rank}`] = 'promotions.missions.prizeOrder';
    if (amount !== null) before = amount;
    return prize.trim();
  });
}

// The most one member can receive a period: every task's reward and the first prize; null while an amount
// is wrong.
export function missionCost(form: MissionForm): string | null {
  let sum = 0n;
  for (const task of form.tasks) {
    if (!task.reward.trim()) continue;
    const reward = cents(task.reward);
    if (reward === null) return null;
    sum += reward;
  }
  if (form.board) {
    const first = cents(form.prizes[0] ?? '');
    if (first === null) return null;
    sum += first;
  }
  return fromCents(sum);
}

// The bonus a mission's wagering example is of: the largest task reward or prize (null: none given yet).
export function missionExampleBonus(form: MissionForm): bigint | null {
  const amounts = [...form.tasks.map((task) => cents(task.reward)), ...(form.board ? form.prizes.map(cents) : [])];
  return amounts.reduce<bigint | null>((top, amount) => (amount !== null && (top === null || amount > top) ? amount : top), null);
}

// What a refusal of a mission field says (null: not a mission field).
export function missionFieldKey(field: string): string | null {
  const task = /^params\.tasks\.\d+\.(target|reward|tickets|raffleId|category|type)$/.exec(field);
  if (task) {
    return (
      {
        target: 'promotions.missions.badTarget',
        reward: 'promotions.missions.rewardRequired',
        tickets: 'promotions.missions.badTickets',
        raffleId: 'promotions.missions.raffleRequired',
      }[task[1]!] ?? 'promotions.form.refused'
    );
  }
  if (field === 'params.tasks') return 'promotions.missions.tasksCount';
  if (/^params\.leaderboard\.prizes\.\d+$/.test(field)) return 'promotions.missions.badPrize';
  if (field === 'params.leaderboard.prizes') return 'promotions.missions.prizesCount';
  return null;
}
