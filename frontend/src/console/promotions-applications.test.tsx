// Promotions, tab "applications": the queue of members' applications (waiting first, oldest first), each with
// its remark and pictures fetched with the staff token; an operator approves or rejects with a reason (checked
// before sending); an application someone else decided meanwhile is said so and the page read again; a reader
// sees the queue without the buttons. The editor's fields of an application activity: its bonus and period.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { promotionForm, promotionRequest } from './components/promotions/rules';
import en from './locales/en.json';
import type { PromotionApplication } from './promotionApplicationsApi';
import { answer, changes, fill, keptToken, mount, params, press, reads, serve, staffMe, submit, tearDown } from './testing';

const a = en.promotions.applications;
const OPERATOR = staffMe('OPERATOR', ['promotions.read', 'promotions.write']);
const AUDITOR = staffMe('AUDITOR', ['promotions.read']);
const QUEUE = '/wps/admin/promotions/applications';

const application = (id: number, extra: Partial<PromotionApplication> = {}): PromotionApplication => ({
  id,
  promotionId: 3,
  promotionTitle: 'Big win bonus',
  memberId: 40 + id,
  username: `player${id}`,
  status: 'APPLYING',
  periodKey: 'once',
  remark: `My win <b>${id}</b>`,
  images: 0,
  amount: '10.00',
  reviewReason: null,
  reviewedAt: null,
  reviewedBy: null,
  createdAt: '2026-12-01T10:00:00Z',
  paidAt: null,
  ...extra,
});
const page = (list: PromotionApplication[]) => answer({ list, pageNum: 1, totalPages: 1, total: list.length });
const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });
const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-application="${id}"]`);

beforeEach(() => {
  keptToken();
  let made = 0;
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => `blob:test/${made++}`) });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});
afterEach(tearDown);

async function openQueue(me: object, handlers: Record<string, Parameters<typeof serve>[0][string]> = {}) {
  const sent = serve({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/promotions': () => answer({ list: [] }),
    [`GET ${QUEUE}`]: (request) => (params(request).status === 'APPLYING' ? page([application(1, { images: 2 }), application(2)]) : page([])),
    [`GET ${QUEUE}/1/images/*`]: png,
    ...handlers,
  });
  await mount('/promotions?tab=applications');
  await waitFor(() => expect(rowOf(1)).toBeTruthy());
  return sent;
}

describe('the applications queue', () => {
  it('lists waiting applications oldest first, remarks as text, pictures fetched with the staff token', async () => {
    const sent = await openQueue(OPERATOR);
    expect(screen.getByRole('tab', { name: en.promotions.tabs.applications }).getAttribute('aria-selected')).toBe('true');
    expect(params(reads(sent, QUEUE)[0]!)).toMatchObject({ status: 'APPLYING', order: 'oldest', page: '1' });
    const row = rowOf(1)!;
    expect(within(row).getByText('My win <b>1</b>')).toBeTruthy();
    expect(row.querySelector('b')).toBeNull();
    expect(row?.textContent).toContain('player1');
    expect(row?.textContent).toContain('10.00');
    await waitFor(() => expect(within(row).getAllByRole('img')).toHaveLength(2));
    const fetched = sent.filter((r) => r.path.startsWith(`${QUEUE}/1/images/`));
    expect(fetched.map((r) => r.path)).toEqual([`${QUEUE}/1/images/0`, `${QUEUE}/1/images/1`]);
    expect(fetched[0]!.headers.Authorization).toBe('kept-token');
    expect(rowOf(2)?.textContent).toContain(a.noImages);

    fill(a.order, 'newest');
    await waitFor(() => expect(params(reads(sent, QUEUE).at(-1)!)).toMatchObject({ order: 'newest' }));
    fill(a.status, 'REJECTED');
    await waitFor(() => expect(screen.getByText(a.empty)).toBeTruthy());
  });

  it('approves and rejects with a reason checked before it is sent', async () => {
    const sent = await openQueue(OPERATOR, {
      [`POST ${QUEUE}/1/approve`]: () => answer(application(1, { status: 'ISSUED', reviewedBy: 'admin1' })),
      [`POST ${QUEUE}/2/reject`]: (request) => answer(application(2, { status: 'REJECTED', reviewReason: String(request.body?.reason) })),
    });
    await press(within(rowOf(1)!).getByRole('button', { name: 'Approve player1\'s application and pay 10.00' }));
    await waitFor(() => expect(screen.getByTestId('application-said').textContent).toContain('Approved: player1.'));

    await press(within(rowOf(2)!).getByRole('button', { name: "Reject player2's application" }));
    const form = rowOf(2)!.querySelector('form')!;
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toContain(a.reasonRequired);
    fill(a.reason, 'x'.repeat(201), form);
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toContain('At most 200 characters.');
    fill(a.reason, '  The picture is unreadable  ', form);
    await submit(form);
    await waitFor(() => expect(screen.getByTestId('application-said').textContent).toContain('Rejected: player2.'));
    expect(changes(sent)).toEqual([
      { method: 'POST', path: `${QUEUE}/1/approve`, body: null },
      { method: 'POST', path: `${QUEUE}/2/reject`, body: { reason: 'The picture is unreadable' } },
    ]);
  });

  it('says when someone else decided first, and reads the queue again', async () => {
    const sent = await openQueue(OPERATOR, {
      [`POST ${QUEUE}/1/approve`]: () => answer(null, 409, 'PROMOTION_APPLICATION_REVIEWED'),
    });
    const before = reads(sent, QUEUE).length;
    await press(within(rowOf(1)!).getByRole('button', { name: /^Approve player1/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(a.errors.PROMOTION_APPLICATION_REVIEWED));
    expect(reads(sent, QUEUE).length).toBeGreaterThan(before);
  });

  it('shows a reader the queue without the buttons', async () => {
    await openQueue(AUDITOR);
    expect(within(rowOf(1)!).queryByRole('button')).toBeNull();
    expect(rowOf(1)?.textContent).toContain(a.statuses.APPLYING);
  });
});

describe('the editor rules of an application activity', () => {
  it('sends the bonus and, when chosen, the period; a new one is once by default', () => {
    const form = { ...promotionForm('APPLICATION'), start: '2026-12-01T10:00', texts: { EN: { title: 'Apply', content: '' } } } as ReturnType<typeof promotionForm>;
    expect(form.period).toBe('');
    expect(form.category).toBe('OTHER');
    const missing = promotionRequest({ ...form, wagerMultiple: '1' });
    expect('problems' in missing && missing.problems['params.amount']).toBe('promotions.form.amountRequired');
    const once = promotionRequest({ ...form, amount: '10', wagerMultiple: '1' });
    expect('body' in once && once.body.params).toMatchObject({ amount: '10', wagerMultiple: 1 });
    expect('body' in once && 'period' in once.body.params).toBe(false);
    const weekly = promotionRequest({ ...form, amount: '10', wagerMultiple: '1', period: 'WEEKLY' });
    expect('body' in weekly && weekly.body.params.period).toBe('WEEKLY');
  });
});
