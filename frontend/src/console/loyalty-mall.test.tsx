// Loyalty, tabs "mall" and "redeems": the mall's items with their stock drawn from the contract's wire shapes
// in English and Chinese; adding and changing an item sends its whole body, checked first (a raffle's
// tickets need the raffle), the server's field refusals at their fields; the redeem queue by status, approved
// or rejected with a reason checked before it is sent; a reader (AUDITOR) sees both without the buttons.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import cn from './locales/cn.json';
import en from './locales/en.json';
import type { MallItem, Redeem } from './loyaltyApi';
import { answer, changes, fill, type Handlers, keptToken, mount, params, press, reads, type Sent, serve, staffMe, submit, tearDown } from './testing';

const m = en.loyalty.mall;
const r = en.loyalty.redeems;
const OPERATOR = staffMe('OPERATOR', ['loyalty.read', 'loyalty.write']);
const AUDITOR = staffMe('AUDITOR', ['loyalty.read']);
const ITEMS = '/wps/admin/loyalty/mall/items';
const REDEEMS = '/wps/admin/loyalty/redeems';

const item = (id: number, extra: Partial<MallItem> = {}): MallItem => ({
  id,
  category: 'BONUS',
  names: { EN: `Bonus ${id}`, CN: `奖金${id}` },
  descriptions: { EN: 'Bonus money' },
  imageUrl: null,
  points: 1000,
  amountRequired: '0.00',
  value: '10.00',
  stock: null,
  perMember: null,
  raffleId: null,
  active: true,
  sort: 0,
  redeemed: 0,
  ...extra,
});
const ITEM_LIST = () => [
  item(1),
  item(2, { category: 'GOODS', names: { EN: 'Headphones', CN: '耳机' }, value: null, points: 50000, stock: 0, perMember: 1, amountRequired: '500.00' }),
  item(3, { category: 'RAFFLE_TICKETS', names: { EN: 'Tickets' }, value: '3', raffleId: 7, stock: 100, active: false, redeemed: 12 }),
];

const redeem = (id: number, extra: Partial<Redeem> = {}): Redeem => ({
  id,
  memberId: 40 + id,
  username: `player${id}`,
  itemId: 2,
  itemName: 'Headphones',
  category: 'GOODS',
  quantity: 1,
  points: 50000,
  status: 'IN_PROCESS',
  address: '1 Main St, Manila',
  mobile: '+63 900 000 0000',
  reason: null,
  createdAt: Date.UTC(2026, 11, 1, 10),
  decidedAt: null,
  ...extra,
});
const page = (list: Redeem[]) => answer({ list, page: 1, pageSize: 20, total: list.length });

function mallServer(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${ITEMS}`]: () => answer({ list: ITEM_LIST() }),
    [`POST ${ITEMS}`]: (sent: Sent) => answer({ id: 9, ...sent.body }),
    [`PUT ${ITEMS}/*`]: (sent: Sent) => answer(sent.body),
    [`GET ${REDEEMS}`]: (sent: Sent) =>
      params(sent).status === 'IN_PROCESS'
        ? page([redeem(1), redeem(2, { address: null, mobile: null, category: 'BONUS', itemName: 'Bonus 1' })])
        : page([redeem(3, { status: 'REJECTED', reason: 'Out of stock', decidedAt: Date.UTC(2026, 11, 2) })]),
    [`POST ${REDEEMS}/1/approve`]: () => answer(null),
    [`POST ${REDEEMS}/2/reject`]: () => answer(null),
    ...extra,
  };
}

const rowOf = (kind: 'item' | 'redeem', id: number) => document.querySelector<HTMLElement>(`tr[data-${kind}="${id}"]`)!;
const formNamed = (name: string) => document.querySelector<HTMLElement>(`form[aria-label="${name}"]`)!;
const tap = (text: string, inside: HTMLElement = document.body) => press(within(inside).getByText(text, { selector: 'button' }));
const tapLabelled = (label: string) => press(screen.getByLabelText(label, { selector: 'button' }));
const problemAt = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const input = (label: string, inside: HTMLElement) => within(inside).getByLabelText(label) as HTMLInputElement;

async function open(me: object, tab: 'mall' | 'redeems', extra: Handlers = {}, language: 'EN' | 'CN' = 'EN') {
  const sent = serve(mallServer(me, extra));
  await mount(`/loyalty?tab=${tab}`, language);
  await waitFor(() => expect(rowOf(tab === 'mall' ? 'item' : 'redeem', tab === 'mall' ? 3 : 1)).toBeTruthy());
  return sent;
}

beforeEach(keptToken);
afterEach(tearDown);

describe('the mall items', () => {
  it('lists the items with their price, what they give and their stock', async () => {
    await open(OPERATOR, 'mall');
    expect(screen.getByRole('tab', { name: en.loyalty.tabs.mall }).getAttribute('aria-selected')).toBe('true');
    const [bonus, goods, tickets] = [1, 2, 3].map((id) => rowOf('item', id));
    expect(bonus!.textContent).toContain('Bonus 1');
    expect(bonus!.textContent).toContain(m.categories.BONUS);
    expect(bonus!.textContent).toContain('10.00');
    expect(bonus!.querySelector('[data-stock]')!.textContent).toBe(en.loyalty.noLimit);
    expect(goods!.textContent).toContain('50000');
    expect(goods!.textContent).toContain('500.00');
    expect(goods!.querySelector('[data-stock]')!.textContent).toBe(m.soldOut);
    expect(tickets!.textContent).toContain('3 raffle tickets');
    expect(tickets!.textContent).toContain('Raffle #7');
    expect(tickets!.textContent).toContain(m.hidden);
    expect(tickets!.querySelector('[data-stock]')!.textContent).toBe('100');
    expect(tickets!.querySelector('[data-redeemed]')!.textContent).toBe('12');
  });

  it('is drawn in Chinese, the names in Chinese', async () => {
    await open(OPERATOR, 'mall', {}, 'CN');
    expect(screen.getByRole('tab', { name: cn.loyalty.tabs.mall })).toBeTruthy();
    expect(rowOf('item', 2).textContent).toContain('耳机');
    expect(rowOf('item', 2).textContent).toContain(cn.loyalty.mall.categories.GOODS);
    expect(rowOf('item', 2).textContent).toContain(cn.loyalty.mall.soldOut);
    // A name kept in English only is shown in English.
    expect(rowOf('item', 3).textContent).toContain('Tickets');
    expect(screen.getByText(cn.loyalty.mall.add)).toBeTruthy();
  });

  it('adds an item, checked first, and sends its whole body', async () => {
    const sent = await open(OPERATOR, 'mall');
    await tap(m.add);
    const form = formNamed(m.add);
    fill(m.form.category, 'RAFFLE_TICKETS', form);
    fill(m.form.points, '0', form);
    fill(m.form.valueCount, '2.5', form);
    fill(m.form.imageUrl, 'javascript:alert(1)', form);
    await submit(form);
    expect(within(form).getByText(en.loyalty.problems.nameRequired)).toBeTruthy();
    expect(problemAt(input(m.form.points, form))).toBe('A whole number from 1 to 1000000.');
    expect(problemAt(input(m.form.valueCount, form))).toBe('A whole number from 1 to 1000000.');
    expect(problemAt(input(m.form.raffleId, form))).toBe(en.loyalty.problems.required);
    expect(problemAt(input(m.form.imageUrl, form))).toBe(en.loyalty.problems.url);
    expect(changes(sent)).toEqual([]);

    fill('Name (English)', ' Raffle pack ', form);
    fill('Name (中文)', '抽奖券包', form);
    fill('Description (English)', 'Three tickets', form);
    fill(m.form.points, '2500', form);
    fill(m.form.valueCount, '3', form);
    fill(m.form.raffleId, '7', form);
    fill(m.form.imageUrl, '/img/raffle.png', form);
    fill(m.form.stock, '50', form);
    fill(m.form.perMember, '2', form);
    fill(m.form.amountRequired, '100', form);
    await submit(form);
    await screen.findByText(m.added);
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: ITEMS,
        body: {
          category: 'RAFFLE_TICKETS',
          names: { EN: 'Raffle pack', CN: '抽奖券包' },
          descriptions: { EN: 'Three tickets' },
          imageUrl: '/img/raffle.png',
          points: 2500,
          amountRequired: '100.00',
          value: '3',
          stock: 50,
          perMember: 2,
          raffleId: 7,
          active: true,
          sort: 0,
        },
      },
    ]);
    expect(reads(sent, ITEMS)).toHaveLength(2);
  });

  it('changes an item: goods give nothing but themselves, an empty stock is unlimited', async () => {
    const sent = await open(OPERATOR, 'mall');
    await tapLabelled('Edit Headphones');
    const form = formNamed('Edit Headphones');
    expect(input(m.form.stock, form).value).toBe('0');
    expect(within(form).queryByLabelText(m.form.valueMoney)).toBeNull();
    expect(within(form).queryByLabelText(m.form.valueCount)).toBeNull();
    fill(m.form.stock, '', form);
    fill(m.form.perMember, '', form);
    await press(within(form).getByLabelText(m.form.active));
    await submit(form);
    await screen.findByText(m.changed);
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: `${ITEMS}/2`,
        body: {
          category: 'GOODS',
          names: { EN: 'Headphones', CN: '耳机' },
          descriptions: { EN: 'Bonus money' },
          imageUrl: null,
          points: 50000,
          amountRequired: '500.00',
          value: null,
          stock: null,
          perMember: null,
          raffleId: null,
          active: false,
          sort: 0,
        },
      },
    ]);
  });

  it("shows the server's refusal of a field at that field", async () => {
    await open(OPERATOR, 'mall', {
      [`PUT ${ITEMS}/*`]: () =>
        answer({ fields: [{ field: 'value', type: 'less_than_equal' }, { field: 'names.CN', type: 'string_too_long' }] }, 422, 'VALIDATION_ERROR'),
    });
    await tapLabelled('Edit Bonus 1');
    const form = formNamed('Edit Bonus 1');
    await submit(form);
    const value = input(m.form.valueMoney, form);
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(value)).toBe(en.loyalty.problems.refused);
    expect(problemAt(input('Name (中文)', form))).toBe(en.loyalty.problems.refused);
    expect(within(form).getByRole('alert').textContent).toBe(en.loyalty.errors.VALIDATION_ERROR);
    expect(formNamed('Edit Bonus 1')).toBeTruthy();
  });
});

describe('the redeem queue', () => {
  it('lists redeems in process with the delivery details, and the others by status', async () => {
    const sent = await open(OPERATOR, 'redeems');
    expect(params(reads(sent, REDEEMS)[0]!)).toMatchObject({ status: 'IN_PROCESS', page: '1', pageSize: '20' });
    const row = rowOf('redeem', 1);
    expect(row.textContent).toContain('player1');
    expect(row.textContent).toContain('Headphones');
    expect(row.textContent).toContain('1 Main St, Manila');
    expect(row.textContent).toContain('+63 900 000 0000');
    expect(row.textContent).toContain('2026-12-01');
    fill(r.status, 'REJECTED');
    await waitFor(() => expect(rowOf('redeem', 3)).toBeTruthy());
    expect(params(reads(sent, REDEEMS).at(-1)!)).toMatchObject({ status: 'REJECTED' });
    expect(rowOf('redeem', 3).textContent).toContain(r.statuses.REJECTED);
    expect(rowOf('redeem', 3).textContent).toContain('Out of stock');
    expect(within(rowOf('redeem', 3)).queryByRole('button')).toBeNull();
  });

  it('is drawn in Chinese', async () => {
    await open(OPERATOR, 'redeems', {}, 'CN');
    expect(screen.getByRole('tab', { name: cn.loyalty.tabs.redeems })).toBeTruthy();
    expect(within(rowOf('redeem', 1)).getByText(cn.loyalty.redeems.approve)).toBeTruthy();
    expect(screen.getByText(cn.loyalty.redeems.columns.delivery)).toBeTruthy();
  });

  it('approves, and rejects with a reason checked before it is sent', async () => {
    const sent = await open(OPERATOR, 'redeems');
    await tapLabelled("Approve player1's Headphones");
    await waitFor(() => expect(screen.getByTestId('redeem-said').textContent).toBe("player1's Headphones approved."));

    await tapLabelled("Reject player2's Bonus 1");
    const form = formNamed("Reject player2's Bonus 1");
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(r.reasonRequired);
    fill(r.reason, 'x'.repeat(201), form);
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe('At most 200 characters.');
    fill(r.reason, '  Not in stock  ', form);
    await submit(form);
    await waitFor(() => expect(screen.getByTestId('redeem-said').textContent).toBe("player2's Bonus 1 rejected; the points went back."));
    expect(changes(sent)).toEqual([
      { method: 'POST', path: `${REDEEMS}/1/approve`, body: null },
      { method: 'POST', path: `${REDEEMS}/2/reject`, body: { reason: 'Not in stock' } },
    ]);
    expect(reads(sent, REDEEMS)).toHaveLength(3);
  });

  it('says why a decision was refused and reads the queue again', async () => {
    const sent = await open(OPERATOR, 'redeems', { [`POST ${REDEEMS}/1/approve`]: () => answer(null, 409, 'CONFLICT') });
    await tapLabelled("Approve player1's Headphones");
    await waitFor(() => expect(screen.getByTestId('redeem-said').textContent).toBe(en.loyalty.errors.CONFLICT));
    expect(reads(sent, REDEEMS)).toHaveLength(2);
  });
});

describe('a reader', () => {
  it('sees the mall without a button that changes it', async () => {
    await open(AUDITOR, 'mall');
    expect(screen.queryByText(m.add)).toBeNull();
    expect(screen.queryByLabelText('Edit Headphones')).toBeNull();
    expect(rowOf('item', 1).querySelectorAll('button')).toHaveLength(0);
  });

  it('sees the redeem queue without approve or reject', async () => {
    await open(AUDITOR, 'redeems');
    expect(within(rowOf('redeem', 1)).queryByRole('button')).toBeNull();
    expect(rowOf('redeem', 1).textContent).toContain(r.statuses.IN_PROCESS);
  });
});
