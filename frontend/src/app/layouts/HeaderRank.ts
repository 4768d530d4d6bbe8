import { deferred } from '../../components/deferred';

// The member's VIP rank (issue 32) beside the member panel, in the full header and the phone's menu: its own
// small chunk, fetched by the headers that show it (neither is on the first page's script).
export const HeaderRank = deferred(() => import('../../features/loyalty/components/HeaderRank').then((module) => module.HeaderRank));
