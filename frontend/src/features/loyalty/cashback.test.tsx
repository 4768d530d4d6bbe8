// Cashback (manualRebate): what accrued per category since the last claim, its total, the Claim button (busy
// while it runs) with the answer in words or the refusal's, and the claims so far. English and Chinese.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { showLanguage } from '../../i18n';
import { languageAtom } from '../../state/atoms';
import { sumBalanceAtom } from '../../state/balance';
import { store } from '../../state/store';
import type { Cashback, CashbackClaimRow, Page } from './api';
import { CashbackPage } from './pages/CashbackPage';
import { asMember, DAY, fakeServer, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await showLanguage('EN');
});

const HOUR = 3_600_000;
const ACCRUED: Cashback = {
  mode: 'MANUAL', since: DAY, until: DAY + 5 * HOUR,
  rows: [
    { category: 'LIVE', turnover: '1000.00', rate: '0.80', amount: '8.00' },
    { category: 'RNG', turnover: '250.50', rate: '1.00', amount: '2.50' },
  ],
  total: '10.50', lastClaim: { amount: '3.00', at: DAY - HOUR },
};
const CLAIMS: Page<CashbackClaimRow> = {
  list: [{ amount: '3.00', since: DAY - 24 * HOUR, until: DAY - HOUR, at: DAY - HOUR, auto: false }], page: 1, pageSize: 10, total: 1,
};

type Answer = { status?: number; value?: unknown; errorCode?: string };
function serve(first: Cashback, then: Cashback = first, claim: Answer = { value: { amount: '10.50', since: DAY, until: DAY + 5 * HOUR } }) {
  let reads = 0;
  return fakeServer(({ method, path }) => {
    if (path === '/wps/member/cashback') return { value: reads++ === 0 ? first : then };
    if (path === '/wps/member/cashback/claims') return { value: CLAIMS };
    if (method === 'POST' && path === '/wps/member/cashback/claim') return claim;
    if (path === '/wps/v2/wallets/balance') return { value: { sumBalance: '110.50' } };
    return undefined;
  });
}

describe('cashback', () => {
  it('shows each category with its turnover, rate and amount, the total, the last claim and the claims so far', async () => {
    serve(ACCRUED);
    asMember();
    renderAt('/', <CashbackPage />);
    const rows = within(await screen.findByTestId('cashback-rows')).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-category'))).toEqual(['LIVE', 'RNG']);
    expect(within(rows[0]!).getByText('Live Casino')).toBeTruthy();
    expect(within(rows[0]!).getByText('P 8.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('Valid turnover P 1,000.00 × 0.80%')).toBeTruthy();
    expect(within(rows[1]!).getByText('Valid turnover P 250.50 × 1.00%')).toBeTruthy();
    expect(screen.getByTestId('cashback-total').textContent).toBe('P 10.50');
    expect(screen.getByText('2026-12-01 07:00:00 GMT+7 – 2026-12-01 12:00:00 GMT+7')).toBeTruthy();
    expect(screen.getByText('Last claim: P 3.00 on 2026-12-01 06:00:00 GMT+7')).toBeTruthy();
    expect(within(await screen.findByTestId('cashback-claims')).getByText('P 3.00')).toBeTruthy();
  });

  it('claims with an empty body, is busy meanwhile, says what was paid, and reads the balance and the page again', async () => {
    const empty: Cashback = { ...ACCRUED, rows: [], total: '0.00', lastClaim: { amount: '10.50', at: DAY + 5 * HOUR } };
    const server = serve(ACCRUED, empty);
    asMember();
    store.set(sumBalanceAtom, '100.00');
    renderAt('/', <CashbackPage />);
    const button = await screen.findByTestId('cashback-claim');
    fireEvent.click(button);
    expect(button.textContent).toBe('Claiming…');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect((await screen.findByTestId('cashback-message')).textContent).toBe('P 10.50 cashback added to your balance.');
    expect(server.calls('/wps/member/cashback/claim', 'POST').map((r) => r.body)).toEqual([{}]);
    await waitFor(() => expect(store.get(sumBalanceAtom)).toBe('110.50'));
    await waitFor(() => expect(screen.getByTestId('cashback-total').textContent).toBe('P 0.00'));
    expect(screen.getByText('No cashback yet: play to earn some.')).toBeTruthy();
    expect(screen.getByTestId('cashback-claim').hasAttribute('disabled')).toBe(true);
  });

  it('shows a refusal in words (claimed meanwhile from another tab)', async () => {
    serve(ACCRUED, ACCRUED, { status: 409, errorCode: 'NOTHING_TO_CLAIM' });
    asMember();
    renderAt('/', <CashbackPage />);
    fireEvent.click(await screen.findByTestId('cashback-claim'));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no cashback to claim yet');
  });

  it('says when the brand pays it daily (no Claim button), in Chinese', async () => {
    serve({ ...ACCRUED, mode: 'DAILY' });
    asMember();
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    renderAt('/', <CashbackPage />);
    expect(await screen.findByText('返水每天自动发放到您的余额。')).toBeTruthy();
    expect(screen.queryByTestId('cashback-claim')).toBeNull();
    expect(screen.getByText('真人娱乐')).toBeTruthy();
  });
});
