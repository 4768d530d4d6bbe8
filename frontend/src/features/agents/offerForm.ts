// The offer form's rules and the server's refusals of it, as field problems. The server checks everything
// again (server/agents/contracts.py); these spare the round trip for what is plainly wrong.
import { atom } from 'jotai';

import { ApiError } from '../../api/client';
import type { SettingNode } from '../../api/system';
import type { FieldProblem } from '../../lib/formFields';
import { statusAtom } from '../../state/atoms';
import type { Contract, ContractIn } from './api';
import { bpsPercent, MAX_RATE_BPS } from './figures';

export type ContractKind = ContractIn['kind'];
export type Cycle = NonNullable<ContractIn['cycle']>;
export const CYCLES: readonly Cycle[] = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'];

// Each kind an agent may offer, with the brand switch that offers it (server/agents/contracts_router.py
// SWITCHES; a kind switched off is 403 MODULE_DISABLED). Contracts in force are honoured whatever it says.
export const KIND_SWITCHES: Readonly<Record<ContractKind, string>> = {
  DAILY_SALARY: 'DAILYSALARY3',
  HOURLY_SALARY: 'HOURLYSALARY3',
  DIVIDEND: 'DIVIDEND3',
  REALTIME_SALARY: 'REALTIMESALARY3',
};
const KINDS = Object.keys(KIND_SWITCHES) as ContractKind[];

// Whether a switch is on, counting the switches above it, as features/account/switches.ts reads the same
// tree (a feature does not import another): one switched off turns off everything below it.
function switchOn(nodes: readonly SettingNode[], modId: string, parentOn = true): boolean | null {
  for (const node of nodes) {
    const on = parentOn && node.enabled === '1';
    if (node.modId === modId) return on;
    const below = switchOn(node.childrenNodes, modId, on);
    if (below !== null) return below;
  }
  return null;
}

export function offeredKinds(nodes: readonly SettingNode[]): ContractKind[] {
  return KINDS.filter((kind) => switchOn(nodes, KIND_SWITCHES[kind]) === true);
}

// The kinds the brand's switches offer now, in the order above.
export const offeredKindsAtom = atom((get) => offeredKinds(get(statusAtom)?.info.whitelabel ?? []));

const IN_FORCE: readonly string[] = ['ACTIVE', 'TERMINATION_REQUESTED'];

// The most the agent may offer of a kind: its own contract of that kind in force pays at most its best tier,
// and an offer's every tier must pay at most that (server/agents/contracts.py); 0 with none in force.
const ownOf = (mine: readonly Contract[], kind: ContractKind) =>
  mine.find((c) => c.kind === kind && IN_FORCE.includes(c.status));

export function uplineLimit(mine: readonly Contract[], kind: ContractKind): number {
  const own = ownOf(mine, kind);
  return own ? own.tiers.reduce((best, tier) => Math.max(best, tier.rateBps), 0) : 0;
}

// A dividend the agent offers has its own dividend's cycle, so that periods align down the chain
// (server/agents/dividend.py); null when it holds none.
export function ownCycle(mine: readonly Contract[]): Cycle | null {
  const cycle = ownOf(mine, 'DIVIDEND')?.cycle;
  return CYCLES.find((c) => c === cycle) ?? null;
}

// A real-time salary's one tier also has rates on what members lose and win on a bet (empty: 0).
export interface TierRow {
  minValidBet: string;
  minActiveMembers: string;
  rateBps: string;
  lossRateBps: string;
  profitRateBps: string;
}

export type TierField = keyof TierRow;
export type TierProblems = Partial<Record<TierField, FieldProblem>>;

export const EMPTY_TIER: TierRow = { minValidBet: '', minActiveMembers: '', rateBps: '', lossRateBps: '', profitRateBps: '' };
export const EXTRA_RATES = ['lossRateBps', 'profitRateBps'] as const;
// A real-time salary has one tier; the other kinds up to MAX_TIERS.
export const oneTierOnly = (kind: ContractKind | undefined) => kind === 'REALTIME_SALARY';

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;

export function rateOf(text: string): number | null {
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) return null;
  const bps = Number(trimmed);
  return bps >= 1 && bps <= MAX_RATE_BPS ? bps : null;
}

// 0 to the maximum, or empty for 0; null otherwise.
export function extraRateOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!WHOLE.test(trimmed)) return null;
  const bps = Number(trimmed);
  return bps <= MAX_RATE_BPS ? bps : null;
}

const RATE_PROBLEM: FieldProblem = { key: 'agentCentre.offer.errors.rate', values: { max: MAX_RATE_BPS } };
const EXTRA_PROBLEM: FieldProblem = { key: 'agentCentre.offer.errors.extraRate', values: { max: MAX_RATE_BPS } };
const PROBLEM: Record<TierField, FieldProblem> = {
  minValidBet: { key: 'agentCentre.offer.errors.minValidBet' },
  minActiveMembers: { key: 'agentCentre.offer.errors.minActiveMembers' },
  rateBps: RATE_PROBLEM,
  lossRateBps: EXTRA_PROBLEM,
  profitRateBps: EXTRA_PROBLEM,
};

export function tierProblems(row: TierRow, kind?: ContractKind): TierProblems {
  const found: TierProblems = {};
  if (!DECIMAL.test(row.minValidBet.trim())) found.minValidBet = PROBLEM.minValidBet;
  if (!WHOLE.test(row.minActiveMembers.trim())) found.minActiveMembers = PROBLEM.minActiveMembers;
  if (rateOf(row.rateBps) === null) found.rateBps = PROBLEM.rateBps;
  if (oneTierOnly(kind)) for (const field of EXTRA_RATES) if (extraRateOf(row[field]) === null) found[field] = PROBLEM[field];
  return found;
}

// A cycle goes with a dividend only: the server refuses one on a salary.
export function offerBody(memberId: number, kind: ContractKind, rows: readonly TierRow[], cycle: Cycle | null = null): ContractIn {
  return {
    memberId,
    kind,
    ...(kind === 'DIVIDEND' && cycle ? { cycle } : {}),
    tiers: rows.map((row) => ({
      minValidBet: row.minValidBet.trim(),
      minActiveMembers: Number(row.minActiveMembers.trim()),
      rateBps: Number(row.rateBps.trim()),
      // Only a real-time salary's may be other than 0 (the server refuses them on the other kinds).
      lossRateBps: oneTierOnly(kind) ? extraRateOf(row.lossRateBps) ?? 0 : 0,
      profitRateBps: oneTierOnly(kind) ? extraRateOf(row.profitRateBps) ?? 0 : 0,
    })),
  };
}

function isTierField(name: string | undefined): name is TierField {
  return name !== undefined && name in EMPTY_TIER;
}

export interface OfferRefusal {
  form?: FieldProblem; // about the offer as a whole or the tiers together
  member?: FieldProblem;
  tiers?: Record<number, TierProblems>;
}

interface ServerField {
  field?: string | null;
  type?: string | null;
}

const TIERS_AS_A_WHOLE: Record<string, string> = {
  order: 'agentCentre.offer.errors.order',
  count: 'agentCentre.offer.errors.count',
  range: 'agentCentre.offer.errors.range',
};

// A refusal the form can place (null: the page shows errorText). AGENT_RATE_ABOVE_UPLINE carries the upline's
// best rate, which is the most this agent may offer; 0 means it has no contract of its own to pass on.
export function offerRefusal(error: unknown): OfferRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'AGENT_RATE_ABOVE_UPLINE') {
    const value = error.value as { uplineRateBps?: number; uplineLossRateBps?: number; uplineProfitRateBps?: number } | null;
    const upline = Number(value?.uplineRateBps ?? 0);
    const [loss, profit] = [value?.uplineLossRateBps, value?.uplineProfitRateBps].map((n) => Number(n ?? 0));
    if (upline <= 0) return { form: { key: 'agentCentre.offer.errors.noOwnContract' } };
    return {
      form: loss || profit
        ? { key: 'agentCentre.offer.errors.ratesAboveUpline',
            values: { rate: bpsPercent(upline), loss: bpsPercent(loss ?? 0), profit: bpsPercent(profit ?? 0) } }
        : { key: 'agentCentre.offer.errors.rateAboveUpline', values: { rate: bpsPercent(upline) } },
    };
  }
  if (error.code === 'AGENT_DIVIDEND_CYCLE') return { form: { key: 'agentCentre.offer.errors.cycle' } };
  if (error.code === 'AGENT_CONTRACT_NOT_AGENT' || error.code === 'AGENT_DOWNLINE_NOT_FOUND' || error.code === 'AGENT_CONTRACT_PENDING')
    return { member: { key: `errors.${error.code}` } };
  if (error.code !== 'VALIDATION_ERROR') return null;
  const refusal: OfferRefusal = {};
  for (const f of (error.value as { fields?: ServerField[] } | null)?.fields ?? []) {
    // "tiers.1.rateBps" from the wire schema; "tiers" or a bare "minValidBet" from the server's own checks.
    const [head, index, name] = (f.field ?? '').split('.');
    if (head === 'memberId') refusal.member = { key: 'agentCentre.offer.errors.member' };
    else if (head === 'cycle') refusal.form = { key: 'agentCentre.offer.errors.cycleMissing' };
    else if (head === 'tiers' && index !== undefined && isTierField(name)) {
      const row = Number(index);
      refusal.tiers = { ...refusal.tiers, [row]: { ...refusal.tiers?.[row], [name]: PROBLEM[name] } };
    } else if (isTierField(head)) refusal.form = PROBLEM[head];
    else refusal.form = { key: TIERS_AS_A_WHOLE[f.type ?? ''] ?? 'agentCentre.offer.errors.tiers' };
  }
  return refusal;
}
