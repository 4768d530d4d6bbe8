// The kinds a record list filters by, shared by the member's own records and the agent centre's team reports
// (features do not import each other): the game categories of the betting records, and the account-record
// types of server/wallet/records.py (SALARY: what an agent's contracts paid it).
export const CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export type Category = (typeof CATEGORIES)[number];

export const RECORD_TYPES = ['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'BONUS', 'SALARY', 'GAME', 'TRIAL', 'ADJUSTMENT'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
