// The member's balance. The wallet pages read it, and so does the header balance (state/balance.ts),
// which every feature that moves money asks to refresh.
import { call, type Schemas } from './client';

export type BalanceOut = Schemas['BalanceOut'];

export const fetchBalance = () => call<BalanceOut>('/wps/v2/wallets/balance', { moduleId: 'WALLET3' });
