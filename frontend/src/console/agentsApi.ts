// The Agents page's calls (/wps/admin/agents): the merchant's agents, one agent's uplines, members,
// contracts and settlements, and the first-level agents' dividends (agents.read); the merchant's own
// contracts with first-level agents, offered and ended, and those dividends approved (agents.manage). The
// server checks every call.
import type { components } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type AgentRow = Schemas['AdminAgentRow'];
export type AgentPage = Schemas['AdminAgentPageOut'];
export type AgentDetail = Schemas['AdminAgentDetailOut'];
export type Contract = Schemas['AgentContractOut'];
export type Tier = Schemas['AgentTierOut'];
// An offered tier. The rates on members' losses and wins are a real-time salary's only: the server takes them
// as 0 when left out and refuses them (above 0) on any other kind, so they are sent for that kind alone.
type ExtraRate = 'lossRateBps' | 'profitRateBps';
export type TierIn = Omit<Schemas['AgentTierIn'], ExtraRate> & Partial<Pick<Schemas['AgentTierIn'], ExtraRate>>;
export type TeamMember = Schemas['AgentTeamMemberOut'];
export type Settlement = Schemas['AgentSettlementOut'];
export type Dividend = Schemas['AgentDividendOut'];
export type Dividends = Schemas['AgentDividendsOut'];
export type SettlementBets = Schemas['AgentSettlementBetsOut'];
export type TeamBet = Schemas['AgentTeamBetOut'];

export const AGENTS_PAGE = 20;
export const SETTLEMENT_BETS_PAGE = 20;
export const SEARCH_MAX = 64; // the server's limit
export type ContractKind = Schemas['AdminContractIn']['kind'];
// Each kind with the brand switch that offers it (server/agents/contracts_router.py SWITCHES).
export const KIND_SWITCHES: Readonly<Record<ContractKind, string>> = {
  DAILY_SALARY: 'DAILYSALARY3',
  HOURLY_SALARY: 'HOURLYSALARY3',
  REALTIME_SALARY: 'REALTIMESALARY3',
  DIVIDEND: 'DIVIDEND3',
};
export const CONTRACT_KINDS = Object.keys(KIND_SWITCHES) as ContractKind[];
export const DIVIDEND = 'DIVIDEND';
// A real-time salary: one tier, settled every 5 minutes and paid at once, with rates on the team's stakes and
// on what its members lost and won (server/agents/contracts.py check_tiers).
export const REALTIME_SALARY = 'REALTIME_SALARY';
// A dividend's period (server/agents/dividend.py cycle_start): a business day, a week from Monday, half a
// month from the 1st or the 16th, a month. Only a dividend has one.
export type Cycle = NonNullable<Schemas['AdminContractIn']['cycle']>;
export const CYCLES: readonly Cycle[] = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'];
// The dividends listed: those waiting for approval, or all of them (newest period first, the latest 200).
export type DividendFilter = 'PENDING' | 'ALL';

export function listAgents(search: string, pageNum: number, pageSize = AGENTS_PAGE): Promise<AgentPage> {
  return consoleCall<AgentPage>('/wps/admin/agents', { query: { search: search.trim(), pageNum, pageSize } });
}

export function readAgent(id: number): Promise<AgentDetail> {
  return consoleCall<AgentDetail>(`/wps/admin/agents/${id}`);
}

// The agent must be first-level (404 AGENT_DOWNLINE_NOT_FOUND otherwise); a waiting offer of the same kind
// is 409 AGENT_CONTRACT_PENDING; the kind's switch (KIND_SWITCHES) off is 403 MODULE_DISABLED. A dividend
// carries its cycle, a salary none (the server refuses either mistake: 422 VALIDATION_ERROR on "cycle"); a
// real-time salary one tier (more: "tiers" "count"), any other kind no rate on losses or wins ("tiers" "range").
export function offerContract(agentId: number, kind: ContractKind, tiers: TierIn[], cycle: Cycle | null = null): Promise<Contract> {
  return consoleCall<Contract>(`/wps/admin/agents/${agentId}/contracts`, {
    method: 'POST',
    body: kind === DIVIDEND ? { kind, tiers, cycle } : { kind, tiers },
  });
}

// Only the merchant's own contracts (upline null); one already ended is 409 AGENT_CONTRACT_STATE.
export function terminateContract(contractId: number): Promise<Contract> {
  return consoleCall<Contract>(`/wps/admin/agents/contracts/${contractId}/terminate`, { method: 'POST' });
}

// The first-level agents' dividends (the merchant's own contracts), with the sum of those still waiting.
export function dividends(status: DividendFilter): Promise<Dividends> {
  return consoleCall<Dividends>('/wps/admin/agents/dividends', { query: { status } });
}

// Pays a waiting dividend now; one paid meanwhile (or not waiting) is 409 AGENT_SETTLEMENT_STATE, one that
// is not a first-level agent's 404 AGENT_SETTLEMENT_NOT_FOUND.
export function approveDividend(id: number): Promise<Dividend> {
  return consoleCall<Dividend>(`/wps/admin/agents/dividends/${id}/approve`, { method: 'POST' });
}

// The bets a settlement was worked out from (the team's rounds that settled in its period), a page at a time,
// with their figures as the settlement counts them; one not found is 404 AGENT_SETTLEMENT_NOT_FOUND.
export function settlementBets(id: number, pageNo: number, pageSize = SETTLEMENT_BETS_PAGE): Promise<SettlementBets> {
  return consoleCall<SettlementBets>(`/wps/admin/agents/settlements/${id}/bets`, { query: { pageNo, pageSize } });
}
