import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { arrivalOf, grantActions } from './components/cashier/rules';
import { amountOk } from './grantsApi';
import {
  answer,
  changes,
  click,
  fill,
  type Handlers,
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
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const OPERATOR = staffMe('OPERATOR', ['bonus.approve', 'bonus.grant', 'brand.read', 'brand.write', 'cashier.read', 'members.read']);
const FINANCE = staffMe('FINANCE', ['bonus.approve', 'cashier.act', 'cashier.read', 'members.read']);
const AUDITOR = staffMe('AUDITOR', ['brand.read', 'cashier.read', 'members.read']);

const grant = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo,
  member: 'player1',
  amount: '6000.00',
  status: 'PENDING',
  reason: 'vip weekend',
  requestedBy: 'operator1',
  decidedBy: null,
  decidedAt: null,
  note: null,
  transferId: null,
  createdAt: '2026-03-01T10:00:00Z',
  ...extra,
});

const rowOf = (orderNo: string) => document.querySelector<HTMLElement>(`tr[data-order="${orderNo}"]`)!;

beforeEach(keptToken);
afterEach(tearDown);

describe('the grant rules', () => {
  it('never offers the requester the approval of their own grant', () => {
    expect(grantActions('PENDING', 'operator1', 'finance1')).toEqual(['approve', 'reject']);
    expect(grantActions('PENDING', 'operator1', 'operator1')).toEqual(['reject']);
    expect(grantActions('PAID', 'operator1', 'finance1')).toEqual([]);
    expect(grantActions('REJECTED', 'operator1', 'finance1')).toEqual([]);
  });

  it('reads a grant waiting for approval from the desk event, and amounts as the server takes them', () => {
    expect(arrivalOf({ kind: 'grant', orderNo: 'B1', amount: '6000.00' })).toEqual({
      tab: 'grants',
      orderNo: 'B1',
      amount: '6000.00',
    });
    expect(['150', '150.5', '150.00', '0.01'].map((a) => amountOk(a))).toEqual([true, true, true, true]);
    expect(['0', '0.00', '-1', '1e3', '1.234', '1,000', ''].map((a) => amountOk(a))).toEqual(Array(7).fill(false));
    expect(amountOk('0', true)).toBe(true);
  });
});

describe('grants to approve on the cashier desk', () => {
  function desk(me: object, extra: Handlers = {}): Handlers {
    return {
      'GET /wps/admin/session/me': () => answer(me),
      'GET /wps/admin/deposits': () => answer([]),
      'GET /wps/admin/bonus-grants': () => answer([grant('B20260301AAAA'), grant('B20260301BBBB', { requestedBy: 'finance1' })]),
      ...extra,
    };
  }

  it('lists them for another staff member, who approves one with a reason; their own they may only reject', async () => {
    const sent = serve(
      desk(FINANCE, {
        'POST /wps/admin/bonus-grants/B20260301AAAA/approve': () =>
          answer(grant('B20260301AAAA', { status: 'PAID', decidedBy: 'finance1', note: 'checked', transferId: 7 })),
      }),
    );
    await mount('/cashier');
    await press(await screen.findByRole('tab', { name: 'Grants to approve' }));
    await waitFor(() => expect(rowOf('B20260301AAAA')).toBeTruthy());
    expect(params(reads(sent, '/wps/admin/bonus-grants')[0]!).status).toBe('PENDING');
    expect(rowOf('B20260301AAAA').textContent).toContain('vip weekend');
    expect(rowOf('B20260301AAAA').textContent).toContain('operator1');
    // Theirs: only "Reject".
    const own = within(rowOf('B20260301BBBB'));
    expect(own.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(own.getByRole('button', { name: 'Reject' })).toBeTruthy();

    await press(within(rowOf('B20260301AAAA')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve: B20260301AAAA' });
    fill('Reason', 'checked', dialog);
    await click('Approve', dialog);
    expect(await screen.findByText('Grant B20260301AAAA approved: the member has been paid.')).toBeTruthy();
    expect(changes(sent)).toEqual([
      { method: 'POST', path: '/wps/admin/bonus-grants/B20260301AAAA/approve', body: { note: 'checked' } },
    ]);
    expect(rowOf('B20260301AAAA').textContent).toContain('Paid');
    expect(rowOf('B20260301AAAA').textContent).toContain('By finance1');
  });

  it('shows a refusal in the console words, with the limit it names', async () => {
    serve(
      desk(FINANCE, {
        'POST /wps/admin/bonus-grants/B20260301AAAA/approve': () =>
          answer({ limit: '250.00', left: '10.00' }, 409, 'BONUS_DAILY_LIMIT'),
      }),
    );
    await mount('/cashier');
    await press(await screen.findByRole('tab', { name: 'Grants to approve' }));
    await waitFor(() => expect(rowOf('B20260301AAAA')).toBeTruthy());
    await press(within(rowOf('B20260301AAAA')).getByRole('button', { name: 'Approve' }));
    fill('Reason', 'ok', screen.getByRole('dialog'));
    await click('Approve', screen.getByRole('dialog'));
    expect(
      await screen.findByText(
        "B20260301AAAA: Refused: today's bonus grants may add up to at most 250.00; 10.00 is left. The list has been refreshed.",
      ),
    ).toBeTruthy();
  });

  it('announces a grant that arrives live and counts it on its tab; an auditor reads the queue without actions', async () => {
    const sent = serve(desk(AUDITOR));
    await mount('/cashier');
    const socket = await lastSocket();
    socket.up();
    await screen.findByRole('tab', { name: 'Grants to approve' });
    act(() => socket.push('console:cashier', { kind: 'grant', orderNo: 'B9', amount: '7000.00' }));
    expect(screen.getByTestId('cashier-arrival').textContent).toBe('New bonus grant to approve: B9, 7000.00.');
    expect(screen.getByRole('tab', { name: /Grants to approve.*1 new/ })).toBeTruthy();
    await press(screen.getByRole('tab', { name: /Grants to approve/ }));
    await waitFor(() => expect(rowOf('B20260301AAAA')).toBeTruthy());
    expect(within(rowOf('B20260301AAAA')).queryByRole('button')).toBeNull();
    expect(reads(sent, '/wps/admin/bonus-grants').length).toBeGreaterThan(0);
  });
});

describe('a bonus from the member page', () => {
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
  const member = (me: object, extra: Handlers = {}): Handlers => ({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/members/42': () => answer(PAGE),
    'GET /wps/admin/members/42/statement': () => answer([]),
    'GET /wps/admin/members/42/bets': () => answer({ list: [], pageNum: 1, totalPages: 0, total: 0, totals: { betAmount: '0.00', winAmount: '0.00', profit: '0.00', count: 0 } }),
    'GET /wps/admin/members/42/transactions': () => answer({ list: [], pageNum: 1, totalPages: 0, total: 0 }),
    'GET /wps/admin/members/42/sessions': () => answer([]),
    'GET /wps/admin/members/42/notes': () => answer([]),
    ...extra,
  });

  it('pays at once, or says that it waits for a second staff member, once per request id', async () => {
    let next = 0;
    const sent = serve(
      member(OPERATOR, {
        'POST /wps/admin/members/alice77/bonus': (request) =>
          answer({
            ...grant(`B${next}`, { member: 'alice77', amount: request.body!.amount, reason: request.body!.reason }),
            status: next++ === 0 ? 'PAID' : 'PENDING',
            replayed: false,
          }),
      }),
    );
    await mount('/members/42');
    const block = await screen.findByRole('region', { name: 'Grant a bonus' });
    const form = within(block).getByRole('form', { name: 'Grant a bonus' });
    await submit(form);
    expect(within(block).getByText('Enter an amount above zero with at most two decimals, e.g. 150.00.')).toBeTruthy();
    expect(within(block).getByText('Give a reason of at least two characters.')).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill('Amount', '150.00', block);
    fill('Reason', 'birthday', block);
    await submit(form);
    expect(await within(block).findByText('150.00 paid to the member (grant B0).')).toBeTruthy();
    fill('Amount', '6000.00', block);
    fill('Reason', 'vip weekend', block);
    await submit(form);
    expect(
      await within(block).findByText("6000.00 waits for another staff member's approval on the cashier desk (grant B1)."),
    ).toBeTruthy();
    const [first, second] = changes(sent);
    expect(first!.body).toMatchObject({ amount: '150.00', reason: 'birthday' });
    expect(second!.body).toMatchObject({ amount: '6000.00', reason: 'vip weekend' });
    expect(first!.body!.requestId).not.toEqual(second!.body!.requestId);
  });

  it('shows the ceiling the server refused with; a lost answer is retried with the same request id', async () => {
    let calls = 0;
    const sent = serve(
      member(OPERATOR, {
        'POST /wps/admin/members/alice77/bonus': () => {
          calls += 1;
          if (calls === 1) return answer({ limit: '20000.00' }, 422, 'BONUS_GRANT_LIMIT');
          if (calls === 2) return Promise.reject(new TypeError('network down'));
          return answer({ ...grant('B5', { member: 'alice77', amount: '100.00' }), status: 'PAID', replayed: true });
        },
      }),
    );
    await mount('/members/42');
    const block = await screen.findByRole('region', { name: 'Grant a bonus' });
    const form = within(block).getByRole('form', { name: 'Grant a bonus' });
    fill('Amount', '999999999999999.99', block);
    fill('Reason', 'oops', block);
    await submit(form);
    expect(await within(block).findByText('Refused: one bonus grant may be at most 20000.00.')).toBeTruthy();
    fill('Amount', '100.00', block);
    await submit(form);
    expect(await within(block).findByText('The network connection failed. Please try again.')).toBeTruthy();
    await submit(form);
    expect(await within(block).findByText('100.00 paid to the member (grant B5).')).toBeTruthy();
    const ids = changes(sent).map((c) => c.body!.requestId);
    expect(ids[1]).toBe(ids[2]); // the retry of a lost answer
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('is not offered without bonus.grant', async () => {
    serve(member(FINANCE));
    await mount('/members/42');
    await screen.findByRole('region', { name: 'Wallets' });
    expect(screen.queryByRole('region', { name: 'Grant a bonus' })).toBeNull();
  });
});

describe('the brand limits on bonus grants', () => {
  const LIMITS = { grantMax: '20000.00', dailyMax: '200000.00', approvalAbove: '5000.00', grantedToday: '150.00' };
  const brand = (limits: typeof LIMITS) => ({
    code: 'demo',
    name: 'Demo',
    maintenance: false,
    maintenanceStart: null,
    maintenanceEnd: null,
    maintenanceMessage: null,
    switches: [],
    regionRules: [],
    registerFields: [],
    resources: [],
    customerService: [],
    wallet: { singleWallet: true, vendors: [], autoTransfer: false },
    bonusLimits: limits,
  });

  it('are changed with brand.write and read again; a refusal says why', async () => {
    let stored = { ...LIMITS };
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      'GET /wps/admin/brand': () => answer(brand(stored)),
      'PUT /wps/admin/brand/bonus-limits': (request) => {
        const body = request.body as typeof LIMITS;
        if (body.approvalAbove === '900.00') return answer({ field: 'approvalAbove' }, 422, 'BONUS_LIMITS_INVALID');
        stored = { ...stored, ...body };
        return answer(stored);
      },
    });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: 'Bonus grants' });
    expect(within(panel).getByTestId('bonus-granted-today').textContent).toBe('Granted today: 150.00 of 200000.00.');
    expect((within(panel).getByLabelText('Ceiling per grant') as HTMLInputElement).value).toBe('20000.00');
    fill('Ceiling per grant', '500.00', panel);
    fill('Second approval above', '900.00', panel);
    await click('Save the limits', panel);
    expect(
      await within(panel).findByText(
        'The ceiling per grant must be at most the ceiling per day, and the approval threshold at most the ceiling per grant.',
      ),
    ).toBeTruthy();
    fill('Second approval above', '200.00', panel);
    await click('Save the limits', panel);
    await waitFor(() => expect((within(panel).getByLabelText('Ceiling per grant') as HTMLInputElement).value).toBe('500.00'));
    expect(changes(sent).at(-1)).toEqual({
      method: 'PUT',
      path: '/wps/admin/brand/bonus-limits',
      body: { grantMax: '500.00', dailyMax: '200000.00', approvalAbove: '200.00' },
    });
    fill('Ceiling per business day', '1e6', panel);
    await click('Save the limits', panel);
    expect(within(panel).getByText('Enter an amount above zero with at most two decimals, e.g. 150.00.')).toBeTruthy();
    expect(changes(sent)).toHaveLength(2);
  });

  it('are shown read-only without brand.write', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/brand': () => answer(brand(LIMITS)),
    });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: 'Bonus grants' });
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(panel.textContent).toContain('5000.00');
  });
});
