// Which agent-centre page is open (SPEC §2.4). The account panel opens it and the app shell shows it, so the
// overlay's state lives here, as the member centre's does. This module is on the first page: keep it small.
import { atom } from 'jotai';

import { isAgentAtom } from './account';

export type AgentPage =
  | 'agentAnnouncement'
  | 'agentTeamOverview'
  | 'agentAffiliate'
  | 'agentRegister'
  | 'agentTeamManagement'
  | 'agentPayDownline'
  | 'agentTeamBets'
  | 'agentUserProfit'
  | 'agentIncome'
  | 'agentDownlineTransactions'
  | 'agentDividend'
  | 'agentContracts';

// null when the overlay is closed.
export const agentCentreAtom = atom<AgentPage | null>(null);

// SPEC §6: the agent roles (isAgent 4, a trial account, is none of them). The entry and the overlay both ask.
export const agentTypeAtom = atom((get) => {
  const type = get(isAgentAtom);
  return type !== null && [1, 2, 41, 42].includes(type) ? type : null;
});
