import { call, type Schemas } from '../../api/client';

export type BalanceOut = Schemas['BalanceOut'];

export const walletApi = {
  balance: () => call<BalanceOut>('/wps/v2/wallets/balance', { moduleId: 'WALLET3' }),
  merchantWallet: () => call<Schemas['MerchantWalletOut']>('/wps/v2/wallets/merchant', { moduleId: 'WALLET3' }),
};
