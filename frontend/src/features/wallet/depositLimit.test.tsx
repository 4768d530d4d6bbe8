// A deposit over the deposit limit the member set (player protection, issue 34) is refused with LIMIT_DEPOSIT
// {period, limit, left}: the deposit page says how much is left under which limit, the period in words and
// the amount in the brand's money.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import { DepositPage } from './pages/DepositPage';

vi.mock('../../realtime/socket', () => ({ onEvent: () => () => undefined }));

const BANK = {
  code: 'BANK1', name: 'Bank transfer', kind: 'BANK', minAmount: '10.00', maxAmount: '5000.00',
  bankName: 'Demo Bank', accountName: 'Demo Casino', accountNumber: '123456789',
};

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function depositRefused(period: string, left: string) {
  const server = fakeServer(({ method, path }) => {
    if (path === '/wps/cashier/deposit/channels') return { value: [BANK] };
    if (path === '/wps/cashier/deposits' && method === 'GET') return { value: [] };
    if (path === '/wps/cashier/deposits' && method === 'POST') {
      return { status: 409, errorCode: 'LIMIT_DEPOSIT', value: { period, limit: '1000.00', left } };
    }
    return undefined;
  });
  renderAt('/', <DepositPage />);
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
  const alert = await screen.findByRole('alert');
  expect(server.calls('/wps/cashier/deposits', 'POST')).toHaveLength(1);
  return alert.textContent ?? '';
}

describe('a deposit over the deposit limit', () => {
  it('says what is left under the daily limit', async () => {
    const text = await depositRefused('DAY', '80.00');
    expect(text).toContain('P 80.00 left');
    expect(text).toContain('daily');
    expect(text).not.toMatch(/{{|DAY/);
  });

  it('names the weekly and the monthly limits in words', async () => {
    expect(await depositRefused('WEEK', '1234.50')).toContain('weekly');
    cleanup();
    const text = await depositRefused('MONTH', '0.00');
    expect(text).toContain('monthly');
    expect(text).toContain('P 0.00 left');
  });
});
