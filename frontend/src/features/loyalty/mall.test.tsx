// The point mall: the member's points, the rewards under category tabs, Redeem (quantity, withdrawal
// password, and a delivery address and mobile number for goods) and Convert, with the bodies they send and
// the server's refusals in words; a visitor sees the rewards and is asked to log in; the points details and
// the redeem history. English and Chinese.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { showLanguage } from '../../i18n';
import { accountModalAtom } from '../../state/account';
import { languageAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { MallItem, PointsDetail, Redeem } from './api';
import { PointMall } from './pages/PointMallPage';
import { PointsDetailsPage, RedeemHistoryPage } from './pages/PointsPages';
import { asMember, asVisitor, BALANCE, DAY, fakeServer, item, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(accountModalAtom, null);
  await showLanguage('EN');
});

const ITEMS: MallItem[] = [
  item(1, { name: 'Bonus 10', value: '10.00' }),
  item(2, { category: 'GOODS', name: 'Team jersey', value: null, points: 500, stock: 1, perMember: 1 }),
  item(3, { category: 'BONUS', name: 'Bonus 100', value: '100.00', points: 5000, stock: null, perMember: null, status: 'NOT_ENOUGH_POINTS' }),
];

const redeemRow = (overrides: Partial<Redeem> = {}): Redeem => ({
  id: 9, itemId: 1, itemName: 'Bonus 10', category: 'BONUS', quantity: 2, points: 200, status: 'APPROVED',
  address: null, mobile: null, reason: null, createdAt: DAY, decidedAt: DAY, ...overrides,
});

type Answer = { status?: number; value?: unknown; errorCode?: string };
function serve(answers: { redeem?: Answer; convert?: Answer } = {}) {
  return fakeServer(({ method, path }) => {
    if (path === '/wps/points/rewards') return { value: { list: ITEMS } };
    if (path === '/wps/points/balance') return { value: BALANCE };
    if (path === '/wps/points/config') return { value: { ratio: 100, minConvert: 100, rates: {}, rounding: 'DOWN', expires: false } };
    if (method === 'POST' && path === '/wps/points/redeem') return answers.redeem ?? { value: redeemRow() };
    if (method === 'POST' && path === '/wps/points/convert') return answers.convert ?? { value: { points: 500, amount: '5.00', current: 750 } };
    if (path === '/wps/v2/wallets/balance') return { value: { sumBalance: '105.00' } };
    return undefined;
  });
}

const card = (name: string) => screen.getAllByTestId('mall-item').find((li) => within(li).queryByText(name))!;
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('the point mall, for a member', () => {
  it("shows the member's points, the category tabs and each reward's points, stock, limit and status", async () => {
    serve();
    asMember();
    renderAt('/pointMall', <PointMall />);
    const summary = await screen.findByTestId('points-summary');
    expect(within(summary).getByTestId('points-current').textContent).toBe('1,250');
    expect(within(summary).getByText('+40')).toBeTruthy();
    expect(within(summary).getByText('P 12.50')).toBeTruthy();
    expect(within(summary).getByText('100 points = P 1.00')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Bonus money', 'Goods']);
    const jersey = card('Team jersey');
    expect(within(jersey).getByText('500 points')).toBeTruthy();
    expect(within(jersey).getByText('1 left')).toBeTruthy();
    expect(within(jersey).getByText('Limit 1 per member · you redeemed 0')).toBeTruthy();
    expect(within(card('Bonus 100')).getByText('Not enough points')).toBeTruthy();
    expect(within(card('Bonus 100')).getByText('Unlimited stock')).toBeTruthy();
    expect(within(card('Bonus 100')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Goods' }));
    await waitFor(() => expect(screen.getAllByTestId('mall-item')).toHaveLength(1));
  });

  it('redeems a bonus with the quantity and the withdrawal password, says so and reads the mall again', async () => {
    const server = serve();
    asMember();
    renderAt('/pointMall', <PointMall />);
    await screen.findByTestId('points-summary');
    fireEvent.click(within(card('Bonus 10')).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByTestId('redeem-dialog');
    expect(within(dialog).queryByLabelText('Receiving address')).toBeNull();
    fireEvent.change(field(dialog, 'Quantity'), { target: { value: '2' } });
    expect(within(dialog).getByTestId('redeem-cost').textContent).toBe('Costs 200 points');
    const submit = within(dialog).getByRole('button', { name: 'Redeem' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(dialog, 'Withdrawal password'), { target: { value: '864209' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('mall-message')).textContent).toBe('Bonus 10 × 2 redeemed.');
    const [sent] = server.calls('/wps/points/redeem', 'POST');
    expect(sent!.body).toEqual({ itemId: 1, quantity: 2, paymentPassword: '864209', requestId: expect.any(String) });
    expect(screen.queryByTestId('redeem-dialog')).toBeNull();
    await waitFor(() => expect(server.calls('/wps/points/rewards')).toHaveLength(2));
    await waitFor(() => expect(server.calls('/wps/v2/wallets/balance')).toHaveLength(1));
  });

  it('asks goods for a delivery address and mobile number, sends them, and shows a refusal by its code', async () => {
    const server = serve({ redeem: { status: 409, errorCode: 'ITEM_SOLD_OUT' } });
    asMember();
    renderAt('/pointMall', <PointMall />);
    await screen.findByTestId('points-summary');
    fireEvent.click(within(card('Team jersey')).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByTestId('redeem-dialog');
    fireEvent.change(field(dialog, 'Withdrawal password'), { target: { value: '864209' } });
    const submit = within(dialog).getByRole('button', { name: 'Redeem' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(dialog, 'Receiving address'), { target: { value: ' 12 Rizal St, Manila ' } });
    fireEvent.change(field(dialog, 'Mobile number'), { target: { value: '09171234567' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByTestId('redeem-error')).textContent).toBe('This reward is sold out');
    expect(server.calls('/wps/points/redeem', 'POST')[0]!.body).toEqual({
      itemId: 2, quantity: 1, paymentPassword: '864209', requestId: expect.any(String), address: '12 Rizal St, Manila', mobile: '09171234567',
    });
    // A wrong quantity is refused before it is sent: one item per member here.
    fireEvent.change(field(dialog, 'Quantity'), { target: { value: '2' } });
    expect(within(dialog).getByText('Choose from 1 to 1')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Redeem' }).hasAttribute('disabled')).toBe(true);
  });

  it('converts points to money with the withdrawal password, and shows a wrong password in words', async () => {
    const server = serve({ convert: { status: 422, errorCode: 'PAYMENT_PASSWORD_WRONG' } });
    asMember();
    renderAt('/pointMall', <PointMall />);
    fireEvent.click(await screen.findByTestId('convert-open'));
    const dialog = await screen.findByTestId('convert-dialog');
    expect(within(dialog).getByText('At least 100 points; 100 points = P 1.00.')).toBeTruthy();
    fireEvent.change(field(dialog, 'Points to convert'), { target: { value: '550' } });
    expect(within(dialog).getByTestId('convert-amount').textContent).toBe('You receive P 5.50');
    fireEvent.change(field(dialog, 'Points to convert'), { target: { value: '50' } });
    expect(within(dialog).getByText('Enter from 100 to 1,250 points')).toBeTruthy();
    fireEvent.change(field(dialog, 'Points to convert'), { target: { value: '500' } });
    fireEvent.change(field(dialog, 'Withdrawal password'), { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to money' }));
    expect((await within(dialog).findByTestId('convert-error')).textContent).toBe('The withdrawal password is wrong');
    expect(server.calls('/wps/points/convert', 'POST')[0]!.body).toEqual({ points: 500, paymentPassword: '111111', requestId: expect.any(String) });
  });

  it('says what a conversion paid and reads the points and the balance again', async () => {
    const server = serve();
    asMember();
    renderAt('/pointMall', <PointMall />);
    fireEvent.click(await screen.findByTestId('convert-open'));
    const dialog = await screen.findByTestId('convert-dialog');
    fireEvent.change(field(dialog, 'Points to convert'), { target: { value: '500' } });
    fireEvent.change(field(dialog, 'Withdrawal password'), { target: { value: '864209' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to money' }));
    expect((await screen.findByTestId('mall-message')).textContent).toBe('500 points converted to P 5.00.');
    await waitFor(() => expect(server.calls('/wps/points/balance')).toHaveLength(2));
    await waitFor(() => expect(server.calls('/wps/v2/wallets/balance')).toHaveLength(1));
  });

  it('reads in Chinese', async () => {
    serve();
    asMember();
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    renderAt('/pointMall', <PointMall />);
    await screen.findByTestId('points-summary');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '彩金', '实物']);
    expect(within(card('Team jersey')).getByText('剩余 1')).toBeTruthy();
    expect(within(card('Bonus 100')).getByText('积分不足')).toBeTruthy();
  });
});

describe('the point mall, for a visitor', () => {
  it('shows the rewards and asks to log in to redeem', async () => {
    const server = serve();
    asVisitor();
    renderAt('/pointMall', <PointMall />);
    expect(await screen.findAllByTestId('mall-item')).toHaveLength(3);
    expect(screen.getByTestId('mall-visitor')).toBeTruthy();
    expect(screen.queryByTestId('points-summary')).toBeNull();
    expect(server.calls('/wps/points/balance')).toHaveLength(0);
    fireEvent.click(within(card('Bonus 10')).getByRole('button', { name: 'Log in to redeem' }));
    expect(store.get(accountModalAtom)).toBe('login');
  });
});

describe('points details and redeem history', () => {
  const details: PointsDetail[] = [
    { id: 3, change: -200, balance: 1250, reason: 'REDEEM', reference: 'redeem:9', createdAt: DAY },
    { id: 2, change: 1450, balance: 1450, reason: 'EARNED', reference: 'accrual:1', createdAt: DAY - 1000 },
  ];

  it('lists every change of points with its reason and the balance after, and the redeems with their status', async () => {
    fakeServer(({ path }) => {
      if (path === '/wps/points/balance') return { value: BALANCE };
      if (path === '/wps/points/details') return { value: { list: details, page: 1, pageSize: 10, total: 2 } };
      if (path === '/wps/points/redeems') {
        const list = [
          redeemRow(),
          redeemRow({ id: 10, itemId: 2, itemName: 'Team jersey', category: 'GOODS', quantity: 1, points: 500, status: 'REJECTED',
            address: '12 Rizal St', mobile: '0917', reason: 'Out of stock', decidedAt: DAY }),
          redeemRow({ id: 11, status: 'IN_PROCESS', decidedAt: null }),
        ];
        return { value: { list, page: 1, pageSize: 10, total: 3 } };
      }
      return undefined;
    });
    asMember();
    renderAt('/', <PointsDetailsPage />);
    const rows = await screen.findAllByTestId('points-row');
    expect(within(rows[0]!).getByText('Redeemed in the point mall')).toBeTruthy();
    expect(within(rows[0]!).getByText('-200')).toBeTruthy();
    expect(within(rows[0]!).getByText('2026-12-01 07:00:00 GMT+7 · balance 1,250')).toBeTruthy();
    expect(within(rows[1]!).getByText('+1,450')).toBeTruthy();
    expect(screen.getByTestId('points-current').textContent).toBe('1,250');
    cleanup();

    renderAt('/', <RedeemHistoryPage />);
    const [approved, rejected, waiting] = await screen.findAllByTestId('redeem-row');
    expect(within(approved!).getByText('Approved')).toBeTruthy();
    expect(within(approved!).getByText('Bonus 10 × 2')).toBeTruthy();
    expect(within(rejected!).getByText('Rejected')).toBeTruthy();
    expect(within(rejected!).getByText('Deliver to: 12 Rizal St · 0917')).toBeTruthy();
    expect(within(rejected!).getByText('Reason: Out of stock')).toBeTruthy();
    expect(within(waiting!).getByText('In process')).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    fakeServer(({ path }) => {
      if (path === '/wps/points/redeems') return { value: { list: [redeemRow({ status: 'IN_PROCESS' })], page: 1, pageSize: 10, total: 1 } };
      return undefined;
    });
    asMember();
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    renderAt('/', <RedeemHistoryPage />);
    expect(within((await screen.findAllByTestId('redeem-row'))[0]!).getByText('处理中')).toBeTruthy();
  });
});
