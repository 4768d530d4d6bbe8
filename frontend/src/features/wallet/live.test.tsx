import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EVENTS } from '../../realtime/events';
import { store } from '../../state/store';
import type { Withdrawal } from './api';
import { walletApi } from './api';
import { cashierRequestAtom } from './live';
import { WithdrawPage } from './pages/WithdrawPage';

vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../realtime/socket', () => ({
  onEvent: (name: string, handler: (payload: unknown) => void) => {
    socket.handlers.set(name, handler);
    return () => socket.handlers.delete(name);
  },
}));

const row = (orderNo: string, status: string): Withdrawal => ({
  orderNo, status, amount: '200.00', bankName: 'Demo Bank', accountNumber: '*****6789', createdAt: '2026-12-01T10:00:00Z',
  confirmedAt: null, disbursedAt: null, receivedAmount: null, remainingAmount: null,
});
const limits = { available: '800.00', minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, usedToday: 1, paymentPasswordSet: true };

// What the server holds: a read answers with it, or waits while `held` is set (a read overtaken by a push).
let server: Withdrawal[];
let held: ((rows: Withdrawal[]) => void) | null;
let holdNext: boolean;

beforeEach(() => {
  server = [row('W1', 'PENDING'), row('W2', 'PENDING')];
  held = null;
  holdNext = false;
  vi.spyOn(walletApi, 'bankAccounts').mockResolvedValue([]);
  vi.spyOn(walletApi, 'withdrawalLimits').mockImplementation(async () => limits);
  vi.spyOn(walletApi, 'withdrawals').mockImplementation(() => {
    if (holdNext) {
      holdNext = false;
      return new Promise((resolve) => {
        held = resolve;
      });
    }
    return Promise.resolve(server.map((r) => ({ ...r })));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function push(payload: unknown) {
  act(() => socket.handlers.get(EVENTS.cashierRequest)?.(payload));
}

function card(orderNo: string): HTMLElement {
  const found = screen.getByTestId('withdrawal-list').querySelector<HTMLElement>(`[data-order="${orderNo}"]`);
  if (!found) throw new Error(`no row ${orderNo}`);
  return found;
}

async function showPanel() {
  render(
    <Provider store={store}>
      <WithdrawPage />
    </Provider>,
  );
  await screen.findByTestId('withdrawal-list');
  expect(within(card('W1')).getByText('t:wallet.status.PENDING')).toBeTruthy();
  expect(within(card('W1')).getByRole('button', { name: 't:wallet.withdraw.cancel' })).toBeTruthy();
}

describe('the Withdraw panel follows cashier:request pushes', () => {
  it('puts the new status and its buttons on the row at once, and re-reads the list', async () => {
    await showPanel();
    const reads = vi.mocked(walletApi.withdrawals).mock.calls.length;
    holdNext = true; // the re-read is slow: the row must not wait for it
    server = [row('W1', 'APPROVED'), row('W2', 'PENDING')];
    push({ kind: 'withdrawal', orderNo: 'W1', status: 'APPROVED', amount: '200.00' });
    expect(within(card('W1')).getByText('t:wallet.status.APPROVED')).toBeTruthy();
    expect(within(card('W1')).queryByRole('button', { name: 't:wallet.withdraw.cancel' })).toBeNull();
    expect(within(card('W2')).getByRole('button', { name: 't:wallet.withdraw.cancel' })).toBeTruthy();
    expect(vi.mocked(walletApi.withdrawals).mock.calls.length).toBe(reads + 1);
    await act(async () => held?.(server));

    server = [row('W1', 'DISBURSED'), row('W2', 'PENDING')];
    push({ kind: 'withdrawal', orderNo: 'W1', status: 'DISBURSED', amount: '200.00' });
    expect(within(card('W1')).getByRole('button', { name: 't:wallet.withdraw.received' })).toBeTruthy();
  });

  it('keeps a pushed status when an older read answers after it', async () => {
    await showPanel();
    holdNext = true;
    push({ kind: 'withdrawal', orderNo: 'W2', status: 'REJECTED', amount: '200.00' }); // this re-read is held
    const stale = held!;
    server = [row('W1', 'PENDING'), row('W2', 'REJECTED')];
    push({ kind: 'withdrawal', orderNo: 'W2', status: 'REJECTED', amount: '200.00' }); // a newer read
    await act(async () => undefined);
    await act(async () => stale([row('W1', 'PENDING'), row('W2', 'PENDING')])); // the old answer, late
    expect(within(card('W2')).getByText('t:wallet.status.REJECTED')).toBeTruthy();
    expect(within(card('W2')).queryByRole('button', { name: 't:wallet.withdraw.cancel' })).toBeNull();
  });

  it('ignores deposits, other orders and what was pushed before it opened', async () => {
    act(() => store.set(cashierRequestAtom, { kind: 'withdrawal', orderNo: 'W1', status: 'REJECTED', amount: '200.00' }));
    await showPanel(); // the list it read is newer than that push
    push({ kind: 'deposit', orderNo: 'W1', status: 'COMPLETED', amount: '200.00' });
    push({ kind: 'withdrawal', orderNo: 'W9', status: 'APPROVED', amount: '200.00' });
    push({ kind: 'withdrawal', orderNo: 'W1' }); // not a push this client understands
    expect(within(card('W1')).getByText('t:wallet.status.PENDING')).toBeTruthy();
  });
});
