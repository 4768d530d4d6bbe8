import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { newerLines } from './pages/member/Statement';
import { dayEnd, dayStart } from './pages/member/Records';
import {
  answer,
  click,
  fakeSockets,
  fill,
  type Handlers,
  keptToken,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  statementLine,
  tearDown,
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const OPERATOR = staffMe('OPERATOR', ['members.manage', 'members.note', 'members.read']);
const SUPPORT = staffMe('SUPPORT', ['members.note', 'members.read']);

const PAGE = {
  id: 42,
  username: 'alice77',
  nickname: 'Alice',
  mobile: null,
  memberType: 0,
  status: 'ACTIVE',
  rankLevel: 1,
  createdAt: '2026-01-02T03:04:05Z',
  lastLoginAt: null,
  email: null,
  fullName: null,
  affiliateCode: null,
  clubLabelName: null,
  labels: [],
  registeredIp: null,
  lastLoginIp: null,
  upline: [],
  wallets: [{ wallet: 'MAIN', vendorCode: '', balance: '100.00' }],
};
const line = (id: number, balance: string) => statementLine(id, '50.00', balance);
const BETS = {
  list: [
    {
      roundId: 'r-9',
      gameName: 'Golden Dragon',
      vassalage: 'HOUSE',
      category: 'RNG',
      betAmount: '10.00',
      winAmount: '4.00',
      profit: '-6.00',
      status: 'SETTLED',
      placedAt: '2026-03-01T10:00:00Z',
      settledAt: '2026-03-01T10:00:01Z',
    },
  ],
  pageNum: 1,
  totalPages: 3,
  total: 41,
  totals: { betAmount: '410.00', winAmount: '100.00', profit: '-310.00', count: 41 },
};
const RECORDS = {
  list: [
    {
      id: 5,
      kind: 'BONUS',
      type: 'BONUS',
      wallet: 'MAIN',
      amount: '5.00',
      balanceAfter: '105.00',
      reference: 'promo',
      createdAt: '2026-03-01T10:00:00Z',
    },
  ],
  pageNum: 1,
  totalPages: 1,
  total: 1,
};

function member(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/members/42': () => answer(PAGE),
    'GET /wps/admin/members/42/statement': () => answer([line(2, '100.00'), line(1, '50.00')]),
    'GET /wps/admin/members/42/bets': () => answer(BETS),
    'GET /wps/admin/members/42/transactions': () => answer(RECORDS),
    'GET /wps/admin/members/42/sessions': () => answer([]),
    'GET /wps/admin/members/42/notes': () => answer([]),
    ...extra,
  };
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(keptToken);
afterEach(tearDown);

describe('the member page follows the member', () => {
  it('subscribes to the member room, puts new statement lines on top and reloads the wallets on a balance push', async () => {
    let statementReads = 0;
    let balance = '100.00';
    const sent = serve(
      member(OPERATOR, {
        'GET /wps/admin/members/42': () => answer({ ...PAGE, wallets: [{ wallet: 'MAIN', vendorCode: '', balance }] }),
        'GET /wps/admin/members/42/statement': () =>
          answer(statementReads++ === 0 ? [line(2, '100.00'), line(1, '50.00')] : [line(3, '150.00'), line(2, '100.00'), line(1, '50.00')]),
      }),
    );
    await mount('/members/42');
    const statement = await screen.findByRole('region', { name: 'Statement' });
    await waitFor(() => expect(within(statement).getAllByRole('row')).toHaveLength(3));
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = fakeSockets[0]!;
    act(() => socket.up());
    expect(socket.emitted).toContainEqual(['subscribe', 'user:42']);

    balance = '150.00';
    act(() => socket.push('balance', { sumBalance: '150.00' }));
    await waitFor(() => expect(within(statement).getAllByRole('row')).toHaveLength(4));
    const rows = within(statement).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('ref-3');
    expect(rows[1]!.className).toBe('cs-fresh');
    expect(rows[2]!.className).toBe('');
    await waitFor(() => expect(within(region('Wallets')).getByRole('table').textContent).toContain('150.00'));
    expect(reads(sent, '/wps/admin/members/42')).toHaveLength(2);
    // Other events on the socket do not reload anything.
    act(() => socket.push('console:cashier', { kind: 'deposit' }));
    expect(reads(sent, '/wps/admin/members/42/statement')).toHaveLength(2);

    await press(screen.getByRole('link', { name: 'Back to the search' }));
    expect(socket.emitted).toContainEqual(['unsubscribe', 'user:42']);
  });

  it('gives an operator a temporary password after confirming, shown once; support has no such button', async () => {
    const sent = serve(
      member(OPERATOR, { 'POST /wps/admin/members/42/password/reset': () => answer({ temporaryPassword: 'abcDEF2345k7' }) }),
    );
    await mount('/members/42');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await click('Reset password', profile);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(profile.textContent).toContain('Give alice77 a temporary password?');
    await click('Confirm', profile);
    expect(within(profile).getByTestId('temporary-password').textContent).toBe('abcDEF2345k7');
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/wps/admin/members/42/password/reset']);
    cleanup();

    serve(member(SUPPORT));
    await mount('/members/42');
    const readOnly = await screen.findByRole('region', { name: 'Profile' });
    expect(within(readOnly).queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('shows the betting record with totals and pages, and the account records by type and days', async () => {
    const sent = serve(member(SUPPORT));
    await mount('/members/42');
    const records = await screen.findByRole('region', { name: 'Records' });
    const bets = await within(records).findByRole('table', { name: 'Betting record' });
    expect(bets.textContent).toContain('Golden Dragon');
    expect(bets.textContent).toContain('Totals (41 bets)');
    expect(bets.textContent).toContain('-310.00');
    expect(records.textContent).toContain('Page 1 of 3');
    await click('Next', records);
    expect(params(reads(sent, '/wps/admin/members/42/bets').at(-1)!)).toMatchObject({ pageNo: '2', pageSize: '20' });

    await act(async () => {
      fill('Category', 'LIVE', records);
    });
    expect(params(reads(sent, '/wps/admin/members/42/bets').at(-1)!)).toMatchObject({ category: 'LIVE', pageNo: '1' });

    await press(within(records).getByRole('tab', { name: 'Account records' }));
    const accounts = await within(records).findByRole('table', { name: 'Account records' });
    expect(accounts.textContent).toContain('Bonus');
    await act(async () => {
      fill('From', '2026-03-01', records);
      fill('To', '2026-03-31', records);
      fill('Type', 'BONUS', records);
    });
    expect(params(reads(sent, '/wps/admin/members/42/transactions').at(-1)!)).toMatchObject({
      type: 'BONUS',
      from: '2026-03-01T00:00:00Z',
      to: '2026-04-01T00:00:00Z',
    });
  });
});

describe('the member page helpers', () => {
  it('takes only the lines newer than the top one shown', () => {
    const shown = [line(5, '1'), line(4, '1')];
    expect(newerLines(shown, [line(7, '1'), line(6, '1'), line(5, '1')]).map((l) => l.id)).toEqual([7, 6]);
    expect(newerLines([], [line(1, '1')]).map((l) => l.id)).toEqual([1]);
    expect(newerLines(shown, [line(5, '1')])).toEqual([]);
  });

  it('turns a day into the instants that bound it (UTC)', () => {
    expect(dayStart('2026-12-31')).toBe('2026-12-31T00:00:00Z');
    expect(dayEnd('2026-12-31')).toBe('2027-01-01T00:00:00Z');
    expect(dayStart('')).toBeUndefined();
    expect(dayEnd('31/12/2026')).toBeUndefined();
  });
});

describe("the member statement's kinds", () => {
  it.each([
    ['EN', 'Statement', 'Win', 'Main wallet'],
    ['CN', '账变记录', '派彩', '主钱包'],
  ] as const)('in %s: the kind and the wallet by name, not GAME_WIN and MAIN', async (language, title, kind, wallet) => {
    serve(member(SUPPORT, {
      'GET /wps/admin/members/42/statement': () => answer([{ ...line(1, '50.00'), kind: 'GAME_WIN' }]),
    }));
    await mount('/members/42', language);
    const table = await screen.findByRole('table', { name: title });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toContain(kind);
    expect(cells).toContain(wallet);
    expect(table.textContent).not.toMatch(/GAME_WIN|MAIN/);
  });
});
