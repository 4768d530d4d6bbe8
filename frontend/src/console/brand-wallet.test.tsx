import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { BrandSettings, BrandWallet } from './brandApi';
import en from './locales/en.json';
import { answer, changes, keptToken, mount, press, type Sent, serve, staffMe, tearDown } from './testing';

const s = en.brand.wallet;
const OPERATOR = staffMe('OPERATOR', ['brand.read', 'brand.write']);
const AUDITOR = staffMe('AUDITOR', ['brand.read']);

function settings(wallet: BrandWallet): BrandSettings {
  return {
    code: 'demo2',
    name: 'Second Brand',
    maintenance: false,
    maintenanceStart: null,
    maintenanceEnd: null,
    maintenanceMessage: null,
    switches: [],
    regionRules: [],
    registerFields: [],
    resources: [],
    customerService: [],
    bonusLimits: { grantMax: '20000.00', dailyMax: '200000.00', approvalAbove: '5000.00', grantedToday: '0.00' },
    wallet,
  };
}

// The brand calls over one settings object that the change edits, so that the reload shows it.
function wallets(me: unknown, state: BrandSettings, refuse?: string): Sent[] {
  return serve({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/brand': () => answer(state),
    'PUT /wps/admin/brand/wallet': (sent: Sent) => {
      if (refuse) return answer(null, 409, refuse);
      state.wallet.autoTransfer = sent.body!.autoTransfer as boolean;
      return answer(null);
    },
  });
}

const panel = () => screen.findByRole('region', { name: s.title });

describe('the brand page wallet settings', () => {
  beforeEach(keptToken);
  afterEach(tearDown);

  it('switches automatic transfer off for a merchant with a wallet per vendor, and shows what was stored', async () => {
    const sent = wallets(OPERATOR, settings({ singleWallet: false, vendors: ['HOUSE'], autoTransfer: true }));
    await mount('/brand');
    const wallet = await panel();
    expect(within(wallet).getByTestId('wallet-mode').textContent).toBe(s.perVendor.replace('{{vendors}}', 'HOUSE'));
    const toggle = within(wallet).getByRole('switch', { name: s.autoTransfer }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await press(toggle);
    expect(changes(sent)).toEqual([{ method: 'PUT', path: '/wps/admin/brand/wallet', body: { autoTransfer: false } }]);
    await waitFor(() => expect((within(wallet).getByRole('switch', { name: s.autoTransfer }) as HTMLInputElement).checked).toBe(false));
    expect(within(wallet).getByText(en.brand.switches.off)).toBeTruthy();
  });

  it("says so in the brand's words when the server refuses", async () => {
    wallets(OPERATOR, settings({ singleWallet: false, vendors: ['HOUSE'], autoTransfer: false }), 'AUTO_TRANSFER_SINGLE_WALLET');
    await mount('/brand');
    await press(within(await panel()).getByRole('switch', { name: s.autoTransfer }));
    expect(await within(await panel()).findByText(s.singleOnly)).toBeTruthy();
  });

  it('offers no switch to a one-wallet merchant, and none to a reader', async () => {
    wallets(OPERATOR, settings({ singleWallet: true, vendors: [], autoTransfer: false }));
    await mount('/brand');
    const single = await panel();
    expect(within(single).getByTestId('wallet-mode').textContent).toBe(s.single);
    expect(within(single).queryByRole('switch')).toBeNull();
    tearDown();
    keptToken();
    wallets(AUDITOR, settings({ singleWallet: false, vendors: ['HOUSE'], autoTransfer: true }));
    await mount('/brand');
    const read = await panel();
    expect(within(read).queryByRole('switch')).toBeNull();
    expect(within(read).getByText(en.brand.switches.on)).toBeTruthy();
  });
});
