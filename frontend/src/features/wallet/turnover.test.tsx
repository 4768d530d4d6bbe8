// A bonus's turnover still owed: bonusDetails shows how far each bonus's wagering is (the turnover owed, a
// progress bar per bonus, what is left, the largest stake, the expiry, the status), and a withdrawal refused
// with TURNOVER_REQUIRED says how much more turnover is needed, with the way to that progress.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import { type Wagering, walletApi } from './api';
import { progressPercent } from './components/WageringProgress';
import { BonusDetailsPage } from './pages/RecordsPages';
import { WithdrawPage } from './pages/WithdrawPage';
import { cashierErrorText, outstandingTurnover } from './turnover';

vi.mock('../../i18n/react', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `t:${key} ${JSON.stringify(values)}` : `t:${key}`),
  }),
}));
vi.mock('../../realtime/socket', () => ({ onEvent: () => () => undefined }));

const lock = (id: number, overrides: Partial<Wagering['locks'][number]> = {}): Wagering['locks'][number] => ({
  id, source: `promotion:${id}`, amount: '100.00', requirement: '1000.00', wagered: '250.00', remaining: '750.00',
  maxStake: '50.00', status: 'OPEN', forfeited: '0.00', createdAt: Date.UTC(2026, 11, 1), expiresAt: Date.UTC(2026, 11, 31),
  ...overrides,
});

beforeEach(() => {
  vi.spyOn(walletApi, 'bonus').mockResolvedValue({ pageNum: 1, totalPages: 1, total: 0, list: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  store.set(memberCentreAtom, null);
});

function show(element: React.ReactNode) {
  return render(<Provider store={store}>{element}</Provider>);
}

describe("bonusDetails' wagering progress", () => {
  it('shows the turnover owed, and per bonus its progress, what is left, the max stake, the expiry and the status', async () => {
    vi.spyOn(walletApi, 'wagering').mockResolvedValue({
      outstanding: '750.00',
      locks: [lock(1), lock(2, { source: 'grant:4', wagered: '500.00', remaining: '0.00', requirement: '500.00', status: 'MET', maxStake: null })],
    });
    show(<BonusDetailsPage />);
    const progress = await screen.findByTestId('wagering');
    expect(within(progress).getByTestId('wager-outstanding').textContent).toBe('t:wallet.wagering.outstanding {"amount":"P 750.00"}');
    const [open, met] = within(progress).getAllByTestId('wager-lock');
    const bar = within(open!).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('t:wallet.wagering.progress {"wagered":"P 250.00","requirement":"P 1,000.00"}');
    expect(within(open!).getByText('t:wallet.wagering.fromPromotion')).toBeTruthy();
    expect(within(open!).getByText('t:wallet.wagering.status.OPEN')).toBeTruthy();
    expect(within(open!).getByText('t:wallet.wagering.remaining').nextSibling?.textContent).toBe('P 750.00');
    expect(within(open!).getByText('t:wallet.wagering.maxStake').nextSibling?.textContent).toBe('P 50.00');
    // 2026-12-31 00:00 UTC, in the tests' Ho Chi Minh City.
    expect(within(open!).getByText('t:wallet.wagering.expires').nextSibling?.textContent).toBe('2026-12-31 07:00:00 GMT+7');

    expect(within(met!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(met!).getByText('t:wallet.wagering.bonus')).toBeTruthy();
    expect(within(met!).getByText('t:wallet.wagering.status.MET')).toBeTruthy();
    expect(within(met!).queryByText('t:wallet.wagering.remaining')).toBeNull();
    expect(within(met!).queryByText('t:wallet.wagering.maxStake')).toBeNull();
  });

  it('says nothing is owed once every lock is done, and shows nothing without a lock or an answer', async () => {
    vi.spyOn(walletApi, 'wagering').mockResolvedValue({ outstanding: '0.00', locks: [lock(1, { status: 'FORFEITED', forfeited: '40.00' })] });
    show(<BonusDetailsPage />);
    expect((await screen.findByTestId('wager-outstanding')).textContent).toBe('t:wallet.wagering.clear');
    expect(within(screen.getByTestId('wager-lock')).getByText('t:wallet.wagering.forfeited').nextSibling?.textContent).toBe('P 40.00');
    cleanup();
    vi.spyOn(walletApi, 'wagering').mockRejectedValue(new ApiError('NOT_FOUND', '', 404));
    show(<BonusDetailsPage />);
    await screen.findByText('t:wallet.empty');
    expect(screen.queryByTestId('wagering')).toBeNull();
  });

  it('counts progress in cents, capped at 100', () => {
    expect(progressPercent({ wagered: '0.00', requirement: '1000.00' })).toBe(0);
    expect(progressPercent({ wagered: '333.33', requirement: '1000.00' })).toBe(33);
    expect(progressPercent({ wagered: '1200.00', requirement: '1000.00' })).toBe(100);
    expect(progressPercent({ wagered: '0.00', requirement: '0.00' })).toBe(100);
  });
});

describe('a withdrawal refused for turnover', () => {
  it('says how much more turnover is needed, and leads to the wagering progress', async () => {
    vi.spyOn(walletApi, 'bankAccounts').mockResolvedValue([
      { id: 1, bankName: 'Demo Bank', accountName: 'Amelia', accountNumber: '*****6789' } as never,
    ]);
    vi.spyOn(walletApi, 'withdrawalLimits').mockResolvedValue({
      available: '5000.00', minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, usedToday: 0, paymentPasswordSet: true,
    });
    vi.spyOn(walletApi, 'withdrawals').mockResolvedValue([]);
    const withdraw = vi.spyOn(walletApi, 'withdraw').mockRejectedValue(
      new ApiError('TURNOVER_REQUIRED', 'Complete the required turnover before withdrawing', 409, { outstanding: '1234.00' }),
    );
    store.set(memberCentreAtom, 'withdraw');
    show(<WithdrawPage />);
    await screen.findByTestId('withdraw-limits');
    fireEvent.change(screen.getByLabelText('t:wallet.amount'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('t:account.fields.paymentPassword'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 't:wallet.withdraw.submit' }));
    const error = await screen.findByTestId('withdraw-error');
    expect(withdraw).toHaveBeenCalledOnce();
    expect(error.textContent).toContain('t:wallet.turnover.required {"outstanding":"1,234.00"}');
    fireEvent.click(within(error).getByRole('button', { name: 't:wallet.turnover.see' }));
    expect(store.get(memberCentreAtom)).toBe('bonusDetails');
  });

  it('falls back to the code\'s own text when the amount is missing, and leaves other errors alone', () => {
    const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as never;
    expect(outstandingTurnover(new ApiError('TURNOVER_REQUIRED', '', 409, { outstanding: '12.50' }))).toBe('12.50');
    expect(cashierErrorText(t, new ApiError('TURNOVER_REQUIRED', '', 409, { outstanding: '12.50' }), 'P')).toBe(
      'wallet.turnover.required {"outstanding":"P 12.50"}',
    );
    expect(outstandingTurnover(new ApiError('TURNOVER_REQUIRED', '', 409, null))).toBeNull();
    expect(outstandingTurnover(new ApiError('WITHDRAW_LIMIT', '', 409, { outstanding: '1.00' }))).toBeNull();
  });
});
