// The excluded member's notice: what the exclusion is and until when (a permanent one says so), and, with money
// left, "Withdraw what is left": the payment password posted with the name and password just typed and a
// request id, answered with the order number or the refusal in the words of its code.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { accountModalAtom } from '../../state/account';
import { excludedAtom, type ExcludedNoticeState } from '../../state/excluded';
import { store } from '../../state/store';
import { ExcludedNotice } from './ExcludedNotice';
import { asVisitor, DAY, fakeServer, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNTIL = DAY + 7 * 24 * 3_600_000;

function open(notice: Partial<ExcludedNoticeState>) {
  asVisitor();
  store.set(excludedAtom, { kind: 'TIME_OUT', until: UNTIL, withdrawable: '12.34', username: 'amelia', password: 'Secret123', ...notice });
  store.set(accountModalAtom, 'excluded');
  renderAt('/', <ExcludedNotice />);
  return screen.getByTestId('excluded-notice');
}

describe('the excluded notice', () => {
  it('says what it is and until when, and what the member may still do', () => {
    const notice = open({});
    expect(notice.dataset.kind).toBe('TIME_OUT');
    expect(screen.getByRole('heading', { name: 'Taking a break' })).toBeTruthy();
    expect(screen.getByTestId('excluded-what').textContent).toBe('This account is taking a break until 2026-12-08 07:00:00 GMT+7.');
    expect(notice.textContent).toContain('It cannot be lifted early, not even by customer support.');
    expect(notice.textContent).toContain('Left in your account: P 12.34.');
  });

  it('says a permanent self-exclusion is permanent, and a closed account closed', () => {
    open({ kind: 'SELF_EXCLUSION', until: null });
    expect(screen.getByTestId('excluded-what').textContent).toBe('This account is permanently excluded from play.');
    expect(screen.getByTestId('excluded-notice').textContent).toContain('It cannot be undone, not even by customer support.');
    cleanup();
    open({ kind: 'CLOSED', until: null });
    expect(screen.getByRole('heading', { name: 'Account closed' })).toBeTruthy();
    expect(screen.getByTestId('excluded-what').textContent).toBe('This account is closed.');
  });

  it('offers no withdrawal when nothing is left', () => {
    open({ withdrawable: '0.00' });
    expect(screen.queryByTestId('withdraw-remaining')).toBeNull();
  });

  it('withdraws what is left with the payment password and the login just typed, and shows the order number', async () => {
    const server = fakeServer(({ method, path }) =>
      method === 'POST' && path === '/wps/protection/withdraw-remaining' ? { value: { orderNo: 'W20261201001', amount: '12.34' } } : undefined,
    );
    open({});
    fireEvent.click(screen.getByTestId('withdraw-remaining'));
    // The name and password just typed are known: only the payment password is asked.
    expect(screen.queryByLabelText('Username')).toBeNull();
    fireEvent.change(screen.getByTestId('withdraw-payment-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('withdraw-remaining-submit'));
    expect((await screen.findByTestId('withdraw-remaining-done')).textContent).toBe('Withdrawal requested: order W20261201001, P 12.34.');
    const [request, ...more] = server.calls('/wps/protection/withdraw-remaining', 'POST');
    expect(more).toHaveLength(0);
    const body = request!.body as Record<string, string>;
    expect(body).toEqual({ username: 'amelia', password: 'Secret123', paymentPassword: '246810', requestId: expect.stringMatching(UUID) });
  });

  it('shows a refusal in the words of its code, and retries under a new request id', async () => {
    const server = fakeServer(({ method, path }) =>
      method === 'POST' && path === '/wps/protection/withdraw-remaining' ? { status: 409, errorCode: 'NO_BANK_ACCOUNT' } : undefined,
    );
    open({});
    fireEvent.click(screen.getByTestId('withdraw-remaining'));
    fireEvent.change(screen.getByTestId('withdraw-payment-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('withdraw-remaining-submit'));
    expect((await screen.findByTestId('withdraw-remaining-error')).textContent).toBe(
      'No bank account is bound to this account. Please contact customer support.',
    );
    fireEvent.click(screen.getByTestId('withdraw-remaining-submit'));
    await waitFor(() => expect(server.calls('/wps/protection/withdraw-remaining')).toHaveLength(2));
    const ids = server.calls('/wps/protection/withdraw-remaining').map((r) => (r.body as { requestId: string }).requestId);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('asks for the name and password too when the login did not type them, and forgets them on close', async () => {
    const server = fakeServer(({ method, path }) =>
      method === 'POST' && path === '/wps/protection/withdraw-remaining' ? { value: { orderNo: 'W2', amount: '5.00' } } : undefined,
    );
    open({ username: null, password: null, withdrawable: null });
    fireEvent.click(screen.getByTestId('withdraw-remaining'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'amelia' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('withdraw-payment-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('withdraw-remaining-submit'));
    await screen.findByTestId('withdraw-remaining-done');
    expect(server.calls('/wps/protection/withdraw-remaining')[0]!.body).toMatchObject({ username: 'amelia', password: 'Secret123' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(store.get(excludedAtom)).toBeNull();
    expect(store.get(accountModalAtom)).toBeNull();
  });
});
