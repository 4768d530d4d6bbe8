// The agent centre's calls (/wps/agent/..., SPEC §2.4). Agents only: a player's session gets AGENT_ONLY, and a
// member outside the caller's team is AGENT_DOWNLINE_NOT_FOUND, as one that does not exist.
import { call, type Schemas } from '../../api/client';

export type TeamOverview = Schemas['AgentTeamOverviewOut'];
export type TeamFigures = Schemas['AgentTeamFigures'];
export type TeamMember = Schemas['AgentTeamMemberOut'];
export type TeamPage = Schemas['AgentTeamPageOut'];
export type RegisterIn = Schemas['AgentRegisterIn'];
export type PayIn = Schemas['AgentDownlineTransferIn'];
export type PayOut = Schemas['AgentDownlineTransferOut'];
export type Period = TeamOverview['period'];
export type TeamBets = Schemas['AgentTeamBetsOut'];
export type TeamBet = Schemas['AgentTeamBetOut'];
export type TeamProfit = Schemas['AgentTeamProfitOut'];
export type MemberProfit = Schemas['AgentMemberProfitOut'];
export type TeamRecords = Schemas['AgentTeamRecordsOut'];
export type TeamRecord = Schemas['AgentTeamRecordOut'];
export type Contracts = Schemas['AgentContractsOut'];
export type Contract = Schemas['AgentContractOut'];
export type Tier = Schemas['AgentTierOut'];
export type ContractIn = Schemas['AgentContractIn'];
export type Income = Schemas['AgentIncomePageOut'];
export type Settlement = Schemas['AgentSettlementOut'];
export type Dividends = Schemas['AgentDividendsOut'];
export type Dividend = Schemas['AgentDividendOut'];
export type DividendStatus = 'PENDING' | 'ALL';
export type SettlementBets = Schemas['AgentSettlementBetsOut'];
// One of the contracts below an agent that accepting a lower rate would end (AGENT_CONTRACT_CONFIRM's value).
export interface EndingContract {
  id: number;
  downline: string;
  status: string;
  rateBps: number;
}
export type Announcements = Schemas['AnnouncementPageOut'];
export type Announcement = Schemas['NoticeOut'];
export type AffiliateLink = Schemas['AgentAffiliateOut'];

export const PERIODS: readonly Period[] = ['TODAY', 'YESTERDAY', 'THIS_WEEK', 'THIS_MONTH'];
export const MEMBER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const PLAYER_TYPE = 0;

export interface TeamQuery {
  search?: string;
  status?: MemberStatus;
  level?: number;
  pageNum: number;
  pageSize: number;
}

// Team betting's filters (the member's own betting record has the same, plus the member).
export interface TeamBetsQuery {
  username?: string;
  category?: string;
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
}

export interface TeamProfitQuery {
  username?: string;
  startDate: string;
  endDate: string;
}

// Downline transactions take instants, as the member's own account records do.
export interface TeamRecordsQuery {
  username?: string;
  type?: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

export type ContractAction = 'accept' | 'reject' | 'termination-request' | 'terminate';

// The key of one payment attempt: a retry of the same attempt (a lost answer, a double click) pays once.
export function newRequestId(): string {
  return crypto.randomUUID();
}

export const agentApi = {
  overview: (period: Period) => call<TeamOverview>('/wps/agent/team/overview', { query: { period } }),
  members: ({ search, ...query }: TeamQuery) =>
    call<TeamPage>('/wps/agent/team/members', { query: { ...query, search: search?.trim() || undefined } }),
  member: (memberId: number) => call<TeamMember>(`/wps/agent/team/members/${memberId}`),
  register: (body: RegisterIn) => call<TeamMember>('/wps/agent/team/members', { method: 'POST', body }),
  // Sealed like the member's own transfer to its upline: the body carries the withdrawal password.
  payDownline: (body: PayIn) => call<PayOut>('/wps/agent/transfers/downline', { method: 'POST', body, encrypted: true }),
  teamBets: ({ username, ...query }: TeamBetsQuery) =>
    call<TeamBets>('/wps/agent/team/bets', { query: { ...query, username: username?.trim() || undefined } }),
  teamProfit: ({ username, ...query }: TeamProfitQuery) =>
    call<TeamProfit>('/wps/agent/team/profit', { query: { ...query, username: username?.trim() || undefined } }),
  teamTransactions: ({ username, ...query }: TeamRecordsQuery) =>
    call<TeamRecords>('/wps/agent/team/transactions', { query: { ...query, username: username?.trim() || undefined } }),
  contracts: () => call<Contracts>('/wps/agent/contracts'),
  offerContract: (body: ContractIn) => call<Contract>('/wps/agent/contracts', { method: 'POST', body }),
  contractAction: (id: number, action: ContractAction) =>
    call<Contract>(`/wps/agent/contracts/${id}/${action}`, { method: 'POST' }),
  // Accepting a rate below what contracts under me pay (offered or in force) is 409 AGENT_CONTRACT_CONFIRM,
  // its value {contracts: EndingContract[]} the ones that would end; sent again with confirm, they end with it.
  acceptContract: (id: number, confirm = false) =>
    call<Contract>(`/wps/agent/contracts/${id}/accept`, { method: 'POST', body: confirm ? { confirm: true } : undefined }),
  income: (pageNum: number, pageSize: number) => call<Income>('/wps/agent/income', { query: { pageNum, pageSize } }),
  // The portal is the web platform (W): the items for the web and for all platforms.
  announcements: (pageNum: number, pageSize: number) =>
    call<Announcements>('/wps/agent/announcements', { query: { platform: 'W', pageNum, pageSize } }),
  affiliateLink: () => call<AffiliateLink>('/wps/agent/affiliate/link'),
  // The dividends of the agents below me, which I approve (the "dividend process" call pays one).
  dividends: (status: DividendStatus) => call<Dividends>('/wps/agent/dividends', { query: { status } }),
  // The bets a settlement was worked out from (mine, or of a contract I offered).
  settlementBets: (id: number, pageNo: number, pageSize: number) =>
    call<SettlementBets>(`/wps/agent/income/${id}/bets`, { query: { pageNo, pageSize } }),
  processDividend: (id: number) => call<Dividend>(`/wps/agent/dividends/${id}/process`, { method: 'POST' }),
};

