// The Agents page's calls (/wps/admin/agents): the merchant's agents, one agent's uplines, members,
// contracts and settlements (agents.read), and the merchant's own contracts with first-level agents, offered
// and ended (agents.manage). The server checks every call.
import type { components } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type AgentRow = Schemas['AdminAgentRow'];
export type AgentPage = Schemas['AdminAgentPageOut'];
export type AgentDetail = Schemas['AdminAgentDetailOut'];
export type Contract = Schemas['AgentContractOut'];
export type Tier = Schemas['AgentTierOut'];
export type TierIn = Schemas['AgentTierIn'];
export type TeamMember = Schemas['AgentTeamMemberOut'];
export type Settlement = Schemas['AgentSettlementOut'];

export const AGENTS_PAGE = 20;
export const SEARCH_MAX = 64; // the server's limit
export type ContractKind = Schemas['AdminContractIn']['kind'];
// Each kind with the brand switch that offers it (server/agents/contracts_router.py SWITCHES).
export const KIND_SWITCHES: Readonly<Record<ContractKind, string>> = {
  DAILY_SALARY: 'DAILYSALARY3',
  HOURLY_SALARY: 'HOURLYSALARY3',
};
export const CONTRACT_KINDS = Object.keys(KIND_SWITCHES) as ContractKind[];

export function listAgents(search: string, pageNum: number, pageSize = AGENTS_PAGE): Promise<AgentPage> {
  return consoleCall<AgentPage>('/wps/admin/agents', { query: { search: search.trim(), pageNum, pageSize } });
}

export function readAgent(id: number): Promise<AgentDetail> {
  return consoleCall<AgentDetail>(`/wps/admin/agents/${id}`);
}

// The agent must be first-level (404 AGENT_DOWNLINE_NOT_FOUND otherwise); a waiting offer of the same kind
// is 409 AGENT_CONTRACT_PENDING; the kind's switch (KIND_SWITCHES) off is 403 MODULE_DISABLED.
export function offerContract(agentId: number, kind: ContractKind, tiers: TierIn[]): Promise<Contract> {
  return consoleCall<Contract>(`/wps/admin/agents/${agentId}/contracts`, {
    method: 'POST',
    body: { kind, tiers },
  });
}

// Only the merchant's own contracts (upline null); one already ended is 409 AGENT_CONTRACT_STATE.
export function terminateContract(contractId: number): Promise<Contract> {
  return consoleCall<Contract>(`/wps/admin/agents/contracts/${contractId}/terminate`, { method: 'POST' });
}
