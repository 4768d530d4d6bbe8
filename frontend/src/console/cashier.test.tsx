import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { arrivalOf, queueQuery, receiptOf, withdrawalActions } from './components/cashier/rules';
import { closeLive, openLive, watchTopic } from './live';
import { signOutAtom } from './store';
import {
  answer,
  click,
  fakeSockets,
  fill,
  keptToken,
  lastSocket,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  submit,
  tearDown,
  where,
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const FINANCE = staffMe('FINANCE', ['cashier.act', 'cashier.read', 'dashboard.read', 'members.read']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'cashier.read', 'members.read', 'staff.read']);
const SUPPORT = staffMe('SUPPORT', ['members.note', 'members.read']);

const DEPOSIT = {
  orderNo: 'D20260301AAAA',
  channel: 'BANK',
  amount: '1500.50',
  status: 'PENDING',
  createdAt: '2026-03-01T10:00:00Z',
  member: 'player1',
  payerReference: 'from BDO',
};
const withdrawal = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo,
  amount: '300.00',
  status: 'PENDING',
  bankName: 'Demo Bank',
  accountNumber: '****6666',
  accountName: 'Player One',
  receivedAmount: null,
  remainingAmount: null,
  createdAt: '2026-03-01T10:00:00Z',
  disbursedAt: null,
  confirmedAt: null,
  member: 'player1',
  ...extra,
});

const rowOf = (orderNo: string) => document.querySelector<HTMLElement>(`tr[data-order="${orderNo}"]`);

beforeEach(keptToken);
afterEach(tearDown);

describe('the desk rules', () => {
  it('offers the actions the server state machine allows', () => {
    expect(withdrawalActions('PENDING')).toEqual(['approve', 'reject']);
    expect(withdrawalActions('APPROVED')).toEqual(['disburse', 'reject']);
    expect(withdrawalActions('PARTIAL')).toEqual(['refund']);
    expect(withdrawalActions('NOT_RECEIVED')).toEqual(['refund']);
    for (const status of ['DISBURSED', 'RECEIVED', 'REFUNDED', 'REJECTED', 'CANCELLED', 'AUTO_RECEIVED']) {
      expect(withdrawalActions(status)).toEqual([]);
    }
  });

  it('tells the receipt state, with the amounts as the server wrote them', () => {
    expect(receiptOf(withdrawal('W1'))).toBeNull();
    expect(receiptOf(withdrawal('W1', { status: 'DISBURSED', disbursedAt: '2026-03-01T11:00:00Z' }))).toEqual({
      key: 'awaiting',
      at: '2026-03-01T11:00:00Z',
      values: {},
    });
    const partial = withdrawal('W1', {
      status: 'PARTIAL',
      receivedAmount: '200.00',
      remainingAmount: '100.00',
      confirmedAt: 'x',
    });
    expect(receiptOf(partial)).toEqual({ key: 'partial', at: 'x', values: { received: '200.00', remaining: '100.00' } });
    expect(receiptOf(withdrawal('W1', { status: 'REFUNDED', remainingAmount: '100.00' }))?.values).toEqual({ amount: '100.00' });
    expect(receiptOf(withdrawal('W1', { status: 'REFUNDED' }))?.values).toEqual({ amount: '300.00' });
  });

  it('turns the filters into the query, and refuses a reversed range', () => {
    const result = queueQuery({ status: 'APPROVED', member: ' play ', from: '2026-03-01', to: '2026-03-01' });
    // Ho Chi Minh (the tests' zone, UTC+7): the day starts at 17:00 UTC the day before, the next at 17:00.
    expect(result).toEqual({
      status: 'APPROVED',
      query: { member: 'play', since: '2026-02-28T17:00:00.000Z', until: '2026-03-01T17:00:00.000Z' },
    });
    expect(queueQuery({ status: 'PENDING', member: '', from: '2026-03-02', to: '2026-03-01' })).toEqual({ problem: 'badRange' });
  });

  it('reads only well-formed arrivals', () => {
    const arrival = { tab: 'withdrawals', orderNo: 'W1', amount: '5.00' };
    expect(arrivalOf({ kind: 'withdrawal', orderNo: 'W1', amount: '5.00' })).toEqual(arrival);
    expect(arrivalOf({ kind: 'deposit', orderNo: 'D1', amount: '5.00' })?.tab).toBe('deposits');
    expect(arrivalOf({ kind: 'bonus', orderNo: 'B1', amount: '5.00' })).toBeNull();
    expect(arrivalOf({ kind: 'deposit', orderNo: 1, amount: '5.00' })).toBeNull();
    expect(arrivalOf('deposit')).toBeNull();
  });
});

describe('the console socket', () => {
  it('authenticates, subscribes watched topics at connect and after a reconnect, and unsubscribes the last watcher', async () => {
    const early = watchTopic('user:7');
    openLive('demo', 'tok-1');
    const socket = await lastSocket();
    expect(socket.options.auth).toEqual({ merchant: 'demo', token: 'tok-1' });
    expect(socket.options.path).toBe('/socket.io');
    socket.up();
    expect(socket.emitted).toEqual([['subscribe', 'user:7']]);

    const again = watchTopic('user:7'); // a second watcher of the same topic: nothing more to ask
    const other = watchTopic('user:8');
    expect(socket.emitted.slice(1)).toEqual([['subscribe', 'user:8']]);

    socket.down();
    socket.up(); // the server forgot the subscriptions with the old connection
    expect(socket.emitted.slice(2)).toEqual([
      ['subscribe', 'user:7'],
      ['subscribe', 'user:8'],
    ]);

    early();
    early(); // twice is once
    expect(socket.emitted).toHaveLength(4);
    again();
    other();
    expect(socket.emitted.slice(4)).toEqual([
      ['unsubscribe', 'user:7'],
      ['unsubscribe', 'user:8'],
    ]);
    closeLive();
    expect(socket.closed).toBe(true);
  });

  it('opens once signed in and closes at sign-out', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(FINANCE), 'GET /wps/admin/members': () => answer([]) });
    const store = await mount('/members');
    const socket = await lastSocket();
    expect(socket.options.auth).toEqual({ merchant: 'demo', token: 'kept-token' });
    expect(fakeSockets).toHaveLength(1);
    await act(async () => store.set(signOutAtom));
    expect(socket.closed).toBe(true);
  });

  it('waits for the second factor: an account still to enrol opens no socket', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer({ ...FINANCE, otpEnabled: false, otpEnrolmentRequired: true }) });
    await mount('/cashier');
    await waitFor(() => expect(where()).toBe('/enrol'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fakeSockets).toHaveLength(0);
  });
});

describe('the cashier desk', () => {
  it('approves a withdrawal with a reason, updates the row in place, and pays it out', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(FINANCE),
      'GET /wps/admin/deposits': () => answer([DEPOSIT]),
      'GET /wps/admin/withdrawals': () => answer([withdrawal('W20260301AAAA')]),
      'POST /wps/admin/withdrawals/W20260301AAAA/approve': () => answer({ ...withdrawal('W20260301AAAA'), status: 'APPROVED' }),
      'POST /wps/admin/withdrawals/W20260301AAAA/disburse': () =>
        answer({ ...withdrawal('W20260301AAAA'), status: 'DISBURSED', disbursedAt: '2026-03-01T12:00:00Z' }),
    });
    await mount('/cashier');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Cashier desk' })).toBeTruthy();
    await waitFor(() => expect(rowOf('D20260301AAAA')).toBeTruthy());
    expect(rowOf('D20260301AAAA')!.textContent).toContain('1500.50');
    expect(params(reads(sent, '/wps/admin/deposits')[0]!)).toEqual({ status: 'PENDING', limit: '50' });

    await press(screen.getByRole('tab', { name: 'Withdrawals' }));
    await waitFor(() => expect(rowOf('W20260301AAAA')).toBeTruthy());
    const row = rowOf('W20260301AAAA')!;
    expect(within(row).queryByRole('button', { name: 'Refund' })).toBeNull();
    await click('Approve', row);

    const dialog = screen.getByRole('dialog', { name: 'Approve: W20260301AAAA' });
    expect(dialog.textContent).toContain('Member player1, amount 300.00.');
    // No reason: nothing is sent.
    await click('Approve', dialog);
    expect(within(dialog).getByText('Give a reason first.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
    fill('Reason', '  KYC checked  ', dialog);
    await click('Approve', dialog);
    const approve = sent.find((r) => r.method === 'POST')!;
    expect(approve.path).toBe('/wps/admin/withdrawals/W20260301AAAA/approve');
    expect(approve.body).toEqual({ note: 'KYC checked' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Withdrawal W20260301AAAA approved.')).toBeTruthy();
    // The row stays, in its new state, with what that state allows.
    expect(row.textContent).toContain('Approved');
    expect(row.textContent).toContain('Approved, not paid out yet');
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();

    await click('Pay out', row);
    const payout = screen.getByRole('dialog', { name: 'Pay out: W20260301AAAA' });
    fill('Reason', 'sent by bank', payout);
    await click('Pay out', payout);
    expect(row.textContent).toContain('Paid out, awaiting the member’s confirmation');
    expect(row.textContent).toContain('2026-03-01 19:00:00 GMT+7');
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows a 409 in words and reads the queue again', async () => {
    let listed = 0;
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(FINANCE),
      'GET /wps/admin/deposits': () => answer([]),
      'GET /wps/admin/withdrawals': () => {
        listed += 1;
        return answer(listed === 1 ? [withdrawal('W1AAAA'), withdrawal('W2BBBB')] : [withdrawal('W2BBBB')]);
      },
      'POST /wps/admin/withdrawals/W1AAAA/approve': () => answer(null, 409, 'WITHDRAWAL_STATE'),
    });
    await mount('/cashier');
    await press(await screen.findByRole('tab', { name: 'Withdrawals' }));
    await waitFor(() => expect(rowOf('W1AAAA')).toBeTruthy());
    await click('Approve', rowOf('W1AAAA')!);
    fill('Reason', 'ok');
    await click('Approve', screen.getByRole('dialog'));
    expect(await screen.findByText(/W1AAAA: This withdrawal has moved on in the meantime/)).toBeTruthy();
    await waitFor(() => expect(rowOf('W1AAAA')).toBeNull());
    expect(rowOf('W2BBBB')).toBeTruthy();
    // The re-read keeps as many rows as were on screen (at least a page).
    expect(reads(sent, '/wps/admin/withdrawals').map((r) => params(r).limit)).toEqual(['50', '50']);
  });

  it('filters, pages by the last order shown, and offers an auditor no action', async () => {
    const page = Array.from({ length: 50 }, (_, i) => withdrawal(`W${String(100 - i).padStart(4, '0')}`));
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/deposits': () => answer([DEPOSIT]),
      'GET /wps/admin/withdrawals': (request) =>
        answer(params(request).before ? [withdrawal('W0050', { status: 'APPROVED' })] : page),
    });
    await mount('/cashier');
    await waitFor(() => expect(rowOf('D20260301AAAA')).toBeTruthy());
    expect(screen.getByText('Read-only: your role can see the queues but not act on them.')).toBeTruthy();
    expect(within(rowOf('D20260301AAAA')!).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();

    await press(screen.getByRole('tab', { name: 'Withdrawals' }));
    fill('Status', 'APPROVED');
    fill('Member (beginning of the username)', 'play');
    fill('From', '2026-03-01');
    await submit(screen.getByRole('form', { name: 'Filters' }));
    await waitFor(() => expect(rowOf('W0100')).toBeTruthy());
    const filtered = reads(sent, '/wps/admin/withdrawals').at(-1)!;
    expect(params(filtered)).toEqual({ status: 'APPROVED', member: 'play', since: '2026-02-28T17:00:00.000Z', limit: '50' });

    await click('More');
    await waitFor(() => expect(rowOf('W0050')).toBeTruthy());
    const next = params(reads(sent, '/wps/admin/withdrawals').at(-1)!);
    expect(next).toMatchObject({ before: 'W0051', status: 'APPROVED', member: 'play' });
    expect(screen.getByText('No more orders.')).toBeTruthy();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(51);
  });

  it('counts live arrivals in the navigation until the desk is looked at, and the desk re-reads its queue', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(FINANCE),
      'GET /wps/admin/members': () => answer([]),
      'GET /wps/admin/deposits': () => answer([DEPOSIT]),
      'GET /wps/admin/withdrawals': () => answer([]),
    });
    await mount('/members');
    const socket = await lastSocket();
    socket.up();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(screen.queryByTestId('cashier-badge')).toBeNull();
    act(() => {
      socket.push('console:cashier', { kind: 'withdrawal', orderNo: 'W9', amount: '300.00' });
      socket.push('console:cashier', { kind: 'deposit', orderNo: 'D9', amount: '50.00' });
      socket.push('console:cashier', { kind: 'nonsense' });
    });
    const badge = screen.getByTestId('cashier-badge');
    expect(badge.textContent).toContain('2');
    expect(within(nav).getByRole('link', { name: /Cashier desk.*2 new requests/ })).toBeTruthy();

    await press(within(nav).getByRole('link', { name: /Cashier desk/ }));
    await waitFor(() => expect(rowOf('D20260301AAAA')).toBeTruthy());
    expect(screen.queryByTestId('cashier-badge')).toBeNull();
    const before = reads(sent, '/wps/admin/deposits').length;

    act(() => socket.push('console:cashier', { kind: 'deposit', orderNo: 'D10', amount: '75.00' }));
    expect(screen.getByTestId('cashier-arrival').textContent).toBe('New deposit to check: D10, 75.00.');
    await waitFor(() => expect(reads(sent, '/wps/admin/deposits').length).toBe(before + 1));
    expect(screen.queryByTestId('cashier-badge')).toBeNull(); // the desk is open: nothing to count
    // A withdrawal while the deposits are shown: its tab says so.
    act(() => socket.push('console:cashier', { kind: 'withdrawal', orderNo: 'W10', amount: '10.00' }));
    expect(screen.getByRole('tab', { name: /Withdrawals.*1 new/ })).toBeTruthy();
  });

  it('is absent for support, and refused at its address', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(SUPPORT), 'GET /wps/admin/members': () => answer([]) });
    await mount('/cashier');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your role does not give access to this section.');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: /Cashier/ })).toBeNull();
  });
});
