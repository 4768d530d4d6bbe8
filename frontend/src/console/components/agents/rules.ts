// What the Agents page works out from the server's answers: rates in %, the upline chain, which contracts
// the merchant may end, the offer form's checks, and its own words for the codes the agent calls answer.
import type { TFunction } from 'i18next';

import {
  type AgentDetail,
  CONTRACT_KINDS,
  type Contract,
  type ContractKind,
  type Cycle,
  CYCLES,
  DIVIDEND,
  KIND_SWITCHES,
  REALTIME_SALARY,
  type Settlement,
  type Tier,
  type TierIn,
} from '../../agentsApi';
import { isoDay, zoneLabel } from '../../../lib/dates';
import type { SwitchNode } from '../../brandApi';
import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';

export const AGENTS_PATH = '/agents';
export const MAX_TIERS = 10; // the server's limit (contracts.py MAX_TIERS)
export const REALTIME_TIERS = 1; // a real-time salary has exactly one
export const MAX_RATE_BPS = 10_000;
export const MAX_ACTIVE_MEMBERS = 1_000_000;
export const BET_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const MEMBERS_PATTERN = /^\d{1,7}$/;
const BPS_PATTERN = /^\d{1,5}$/;

// Basis points as a percentage with two decimals ("150" → "1.50"), by integer division: no float rounding.
export function percent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  return `${whole}.${String(Math.abs(bps % 100)).padStart(2, '0')}`;
}

export const bestRate = (tiers: readonly Tier[]): number => tiers.reduce((best, tier) => Math.max(best, tier.rateBps), 0);

// The merchant may end only its own contracts (upline null), and only while they are not over.
const ENDABLE: readonly string[] = ['OFFERED', 'ACTIVE', 'TERMINATION_REQUESTED'];
export const mayTerminate = (contract: Contract) => contract.upline === null && ENDABLE.includes(contract.status);

// The chain from the top down to the agent (the server lists the nearest upline first); the merchant,
// above them all, is added by the page in its own words.
export const chainOf = (detail: AgentDetail): string[] => [...detail.uplines].reverse().concat(detail.agent.username);

// Times on the wire are milliseconds since 1970.
export const toIso = (millis: number) => new Date(millis).toISOString();

// A dividend's period is made of days of the merchant's books (server/agents/team.py BUSINESS_ZONE, Manila),
// not the viewer's: "2026-11-23 – 2026-11-29", its end being the next period's start; one day alone.
const BOOKS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
export function booksDays(start: number, end: number): string {
  const first = BOOKS_DAY.format(start);
  const last = BOOKS_DAY.format(Math.max(start, end - 1));
  return first === last ? first : `${first} – ${last}`;
}

export const isDividend = (item: { kind: string }) => item.kind === DIVIDEND;
export const isRealtime = (item: { kind: string }) => item.kind === REALTIME_SALARY;
export const maxTiers = (kind: ContractKind | null | undefined) => (kind === REALTIME_SALARY ? REALTIME_TIERS : MAX_TIERS);

// A real-time salary's 5-minute window in the viewer's time: "2026-11-27 11:00–11:05 GMT+8", its end being
// the next window's start (so 23:55–00:00 stays on the day it began).
const clock = (millis: number) => {
  const at = new Date(millis);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};
export function windowText(start: number, end: number): string {
  return `${isoDay(new Date(start))} ${clock(start)}–${clock(end)} ${zoneLabel(new Date(start))}`;
}
export const isCycle = (text: string): text is Cycle => (CYCLES as readonly string[]).includes(text);

// A contract's kind in words, a dividend's with its cycle ("Dividend · weekly").
export function kindText(t: TFunction, contract: Pick<Contract, 'kind' | 'cycle'>): string {
  const kind = t(`agents.kinds.${contract.kind}`, { defaultValue: contract.kind });
  if (!isDividend(contract) || !contract.cycle) return kind;
  return t('agents.kindCycle', { kind, cycle: t(`agents.cycles.${contract.cycle}`, { defaultValue: contract.cycle }) });
}

// A settlement's state: a dividend waits for the upline's approval (PENDING) until it is paid.
export const settlementState = (settlement: Pick<Settlement, 'status'>) => (settlement.status === 'PENDING' ? 'PENDING' : 'PAID');

// The kinds the merchant may offer: those whose brand switch is on, counting the switches above it (the
// server's `effective`). A switch the tree does not hold is off, as the server reads it.
export function offeredKinds(switches: readonly SwitchNode[]): ContractKind[] {
  const on = new Set<string>();
  const walk = (nodes: readonly SwitchNode[]) => {
    for (const node of nodes) {
      if (node.effective) on.add(node.modId);
      walk(node.children);
    }
  };
  walk(switches);
  return CONTRACT_KINDS.filter((kind) => on.has(KIND_SWITCHES[kind]));
}

// One row of the offer form, as typed; loss and win (a real-time salary's rates on members' losses and wins)
// stay empty for any other kind.
export interface TierDraft {
  key: number; // React's, stable while rows come and go
  bet: string;
  members: string;
  rate: string;
  loss: string;
  win: string;
}

export type TierField = 'bet' | 'members' | 'rate' | 'loss' | 'win';
// The fields found wrong, by row.
export type TierProblems = Partial<Record<TierField, string>>[];
// What each field's problem says (agents.offer.problems.*).
export const PROBLEM_KEYS: Readonly<Record<TierField, string>> = {
  bet: 'bet',
  members: 'members',
  rate: 'rate',
  loss: 'extraRate',
  win: 'extraRate',
};

// The wire's decimal string for a valid bet as typed: leading zeros dropped and two decimals, with string
// operations only ("007.5" → "7.50"); the server refuses leading zeros.
export function normaliseBet(text: string): string {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

// A rate on losses or wins as typed: empty is 0, else 0 to 100 % in whole basis points.
const extraRateOk = (text: string) => text.trim() === '' || (BPS_PATTERN.test(text.trim()) && Number(text.trim()) <= MAX_RATE_BPS);
const extraRate = (text: string) => Number(text.trim() || '0');

// What is wrong with each row before anything is sent (the rates on losses and wins: a real-time salary's).
export function checkTiers(rows: readonly TierDraft[], realtime = false): TierProblems {
  return rows.map((row) => {
    const problems: Partial<Record<TierField, string>> = {};
    if (!BET_PATTERN.test(row.bet.trim())) problems.bet = 'bet';
    const members = row.members.trim();
    if (!MEMBERS_PATTERN.test(members) || Number(members) > MAX_ACTIVE_MEMBERS) problems.members = 'members';
    const rate = row.rate.trim();
    if (!BPS_PATTERN.test(rate) || Number(rate) < 1 || Number(rate) > MAX_RATE_BPS) problems.rate = 'rate';
    if (realtime && !extraRateOk(row.loss)) problems.loss = 'loss';
    if (realtime && !extraRateOk(row.win)) problems.win = 'win';
    return problems;
  });
}

export const hasProblems = (problems: TierProblems) => problems.some((row) => Object.keys(row).length > 0);

// The tiers sent: a real-time salary's with its rates on losses and wins (0 when left empty), any other
// kind's without them (the server refuses them there).
export function tiersOf(rows: readonly TierDraft[], realtime = false): TierIn[] {
  return rows.map((row) => ({
    minValidBet: normaliseBet(row.bet),
    minActiveMembers: Number(row.members.trim()),
    rateBps: Number(row.rate.trim()),
    ...(realtime ? { lossRateBps: extraRate(row.loss), profitRateBps: extraRate(row.win) } : {}),
  }));
}

// The % beside a rate being typed, or nothing while it is not a whole number of basis points.
export const typedPercent = (rate: string) => (BPS_PATTERN.test(rate.trim()) ? percent(Number(rate.trim())) : null);

const WIRE_FIELDS: Record<string, TierField> = {
  minValidBet: 'bet',
  minActiveMembers: 'members',
  rateBps: 'rate',
  lossRateBps: 'loss',
  profitRateBps: 'win',
};

// A VALIDATION_ERROR's fields placed where they belong: "tiers.1.rateBps" at that row's rate; "tiers" (the
// count, a range, the order of the tiers) and a bet the server could not read without a row ("minValidBet")
// for the whole form, by their type.
export function serverProblems(error: unknown, count: number): { rows: TierProblems; form: string[] } {
  const rows: TierProblems = Array.from({ length: count }, () => ({}));
  const form: string[] = [];
  if (!(error instanceof ConsoleError) || error.code !== 'VALIDATION_ERROR') return { rows, form };
  const fields = (error.value as { fields?: { field?: string | null; type?: string | null }[] } | null)?.fields;
  for (const { field, type } of Array.isArray(fields) ? fields : []) {
    const parts = (field ?? '').split('.');
    const row = Number(parts[1]);
    const name = WIRE_FIELDS[parts[2] ?? ''];
    if (parts[0] === 'tiers' && name && Number.isInteger(row) && row >= 0 && row < count) {
      rows[row]![name] = name;
    } else if (parts[0] === 'tiers' && parts.length === 1) {
      form.push(type === 'order' || type === 'count' ? type : 'range');
    } else if (parts[0] === 'minValidBet') {
      form.push('bet');
    } else if (parts[0] === 'cycle') {
      form.push('cycle');
    } else {
      form.push('invalid');
    }
  }
  return { rows, form: [...new Set(form)] };
}

// The codes the page has words of its own for (agents.errors.<CODE>).
const OWN = [
  'AGENT_DOWNLINE_NOT_FOUND',
  'AGENT_CONTRACT_PENDING',
  'AGENT_CONTRACT_STATE',
  'AGENT_CONTRACT_NOT_FOUND',
  'AGENT_RATE_ABOVE_UPLINE',
  'AGENT_CONTRACT_NOT_AGENT',
  'MODULE_DISABLED',
  'NOT_FOUND',
  'AGENT_DIVIDEND_CYCLE',
  'AGENT_SETTLEMENT_NOT_FOUND',
  'AGENT_SETTLEMENT_STATE',
];

export function agentsProblem(t: TFunction, error: unknown): string {
  if (!(error instanceof ConsoleError) || !OWN.includes(error.code)) return problemText(t, error);
  // AGENT_DIVIDEND_CYCLE names the cycle a dividend must have: the upline's own.
  const cycle = (error.value as { cycle?: unknown } | null)?.cycle;
  const named = typeof cycle === 'string' ? t(`agents.cycles.${cycle}`, { defaultValue: cycle }) : '—';
  return t(`agents.errors.${error.code}`, { cycle: named });
}

// Failures after which the detail on screen is stale (the offer or contract changed meanwhile).
export const isStale = (error: unknown) =>
  error instanceof ConsoleError &&
  ['AGENT_CONTRACT_PENDING', 'AGENT_CONTRACT_STATE', 'AGENT_CONTRACT_NOT_FOUND', 'AGENT_DOWNLINE_NOT_FOUND'].includes(
    error.code,
  );

// Failures after which the dividends listed are stale (approved or gone meanwhile).
export const isDividendStale = (error: unknown) =>
  error instanceof ConsoleError && ['AGENT_SETTLEMENT_STATE', 'AGENT_SETTLEMENT_NOT_FOUND'].includes(error.code);
