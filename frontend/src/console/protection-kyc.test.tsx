// Player protection, tab "KYC review": the queue of one status (PENDING first, the filter asks again), each
// submission's pictures fetched with the staff token as blobs and shown through object URLs (revoked when the
// page goes), Approve and Reject (a reason of 1..500 characters) only with protection.manage, the row showing
// the server's answer afterwards, and a refusal in the console's words.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dateTime } from '../lib/dates';
import en from './locales/en.json';
import type { KycSubmission } from './protectionApi';
import { answer, changes, fill, type Handlers, keptToken, mount, params, press, reads, type Sent, serve, staffMe, submit, tearDown } from './testing';

const k = en.protection.kyc;
const p = en.protection;
const OPERATOR = staffMe('OPERATOR', ['protection.read', 'protection.manage']);
const AUDITOR = staffMe('AUDITOR', ['protection.read']);
const KYC = '/wps/admin/kyc';
const say = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, key: string) => values[key]!);

const SUBMITTED = Date.UTC(2026, 11, 14, 3);
const REVIEWED = Date.UTC(2026, 11, 14, 5);
const submission = (id: number, extra: Partial<KycSubmission> = {}): KycSubmission => ({
  id,
  memberId: 40 + id,
  username: `player${id}`,
  status: 'PENDING',
  documentType: 'ID_CARD',
  submittedAt: SUBMITTED,
  reviewedAt: null,
  reviewedBy: null,
  reason: null,
  sides: ['FRONT', 'BACK', 'SELFIE'],
  ...extra,
});
const QUEUE = () => [submission(1), submission(2, { documentType: 'PASSPORT', sides: ['FRONT'] })];

const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });

function server(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${KYC}`]: () => answer({ list: QUEUE(), total: 2 }),
    [`GET ${KYC}/1/documents/*`]: png,
    [`GET ${KYC}/2/documents/*`]: png,
    [`POST ${KYC}/1/approve`]: () => answer(submission(1, { status: 'APPROVED', reviewedAt: REVIEWED, reviewedBy: 'operator1' })),
    [`POST ${KYC}/1/reject`]: (sent: Sent) =>
      answer(submission(1, { status: 'REJECTED', reviewedAt: REVIEWED, reviewedBy: 'operator1', reason: String(sent.body?.reason) })),
    ...extra,
  };
}

const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-submission="${id}"]`)!;

// jsdom has no object URLs: these stand in, and remember what was made and revoked.
let made: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  keptToken();
  made = [];
  revoked = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => {
      const url = `blob:test/${made.length}`;
      made.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn((url: string) => revoked.push(url)) });
});
afterEach(tearDown);

async function open(me: object, extra: Handlers = {}) {
  const sent = serve(server(me, extra));
  await mount('/protection?tab=kyc');
  await waitFor(() => expect(rowOf(2)).toBeTruthy());
  return sent;
}

describe('the KYC queue', () => {
  it('lists the waiting submissions with their pictures fetched with the staff token', async () => {
    const sent = await open(OPERATOR);
    expect(screen.getByRole('tab', { name: p.tabs.kyc }).getAttribute('aria-selected')).toBe('true');
    expect(params(reads(sent, KYC)[0]!)).toEqual({ status: 'PENDING', page: '1', size: '20' });
    const one = rowOf(1);
    expect(one.textContent).toContain('player1');
    expect(one.textContent).toContain(p.documentTypes.ID_CARD);
    expect(one.textContent).toContain(dateTime(new Date(SUBMITTED).toISOString()));
    expect(rowOf(2).textContent).toContain(p.documentTypes.PASSPORT);

    await waitFor(() => expect(one.querySelectorAll('img')).toHaveLength(3));
    await waitFor(() => expect(rowOf(2).querySelectorAll('img')).toHaveLength(1));
    const alt = (side: string) => say(k.picture, { side, name: 'player1', document: p.documentTypes.ID_CARD });
    expect([...one.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([
      alt(p.sides.FRONT),
      alt(p.sides.BACK),
      alt(p.sides.SELFIE),
    ]);
    const fetched = sent.filter((r) => r.path.startsWith(`${KYC}/1/documents/`));
    expect(fetched.map((r) => r.path)).toEqual([`${KYC}/1/documents/FRONT`, `${KYC}/1/documents/BACK`, `${KYC}/1/documents/SELFIE`]);
    for (const request of fetched) expect(request.headers.Authorization).toBe('kept-token');
    expect([...one.querySelectorAll('img')].every((img) => img.getAttribute('src')?.startsWith('blob:'))).toBe(true);

    // Leaving the page gives the object URLs back.
    expect(revoked).toEqual([]);
    cleanup();
    expect(revoked.sort()).toEqual([...made].sort());
  });

  it('says so when a picture cannot be fetched', async () => {
    await open(OPERATOR, { [`GET ${KYC}/2/documents/*`]: () => answer(null, 404, 'NOT_FOUND') });
    await waitFor(() => expect(within(rowOf(2)).getByText(k.pictureFailed)).toBeTruthy());
  });

  it('filters by status', async () => {
    const sent = await open(OPERATOR);
    fill(k.status, 'REJECTED');
    await waitFor(() => expect(reads(sent, KYC)).toHaveLength(2));
    expect(params(reads(sent, KYC)[1]!)).toEqual({ status: 'REJECTED', page: '1', size: '20' });
  });
});

describe('deciding a submission', () => {
  it('approves one, and the row shows the answer', async () => {
    const sent = await open(OPERATOR);
    await press(screen.getByLabelText(say(k.approveLabel, { name: 'player1' })));
    await screen.findByText(say(k.approvedDone, { name: 'player1' }));
    expect(changes(sent)).toEqual([{ method: 'POST', path: `${KYC}/1/approve`, body: null }]);
    expect(rowOf(1).querySelector('[data-kyc]')!.textContent).toBe(p.kycStatuses.APPROVED);
    expect(rowOf(1).textContent).toContain(say(p.reviewedBy, { time: dateTime(new Date(REVIEWED).toISOString()), staff: 'operator1' }));
    expect(within(rowOf(1)).queryByText(k.approve)).toBeNull();
    // The other row still waits.
    expect(within(rowOf(2)).getByLabelText(say(k.approveLabel, { name: 'player2' }))).toBeTruthy();
  });

  it('rejects one only with a reason of 1 to 500 characters', async () => {
    const sent = await open(OPERATOR);
    await press(screen.getByLabelText(say(k.rejectLabel, { name: 'player1' }), { selector: 'button' }));
    const form = screen.getByRole('form', { name: say(k.rejectLabel, { name: 'player1' }) });
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(k.reasonRequired);
    fill(k.reason, '   ', form);
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(k.reasonRequired);
    fill(k.reason, 'x'.repeat(501), form);
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(say(p.long, { max: '500' }));
    expect(changes(sent)).toEqual([]);

    fill(k.reason, '  The picture is blurred ', form);
    await submit(form);
    await screen.findByText(say(k.rejectedDone, { name: 'player1' }));
    expect(changes(sent)).toEqual([{ method: 'POST', path: `${KYC}/1/reject`, body: { reason: 'The picture is blurred' } }]);
    expect(rowOf(1).querySelector('[data-kyc]')!.textContent).toBe(p.kycStatuses.REJECTED);
    expect(rowOf(1).textContent).toContain('The picture is blurred');
  });

  it('shows a refusal in the console words, and reads the page again when someone else decided it', async () => {
    const sent = await open(OPERATOR, {
      [`POST ${KYC}/1/approve`]: () => answer(null, 403, 'FORBIDDEN'),
      [`POST ${KYC}/2/approve`]: () => answer(null, 409, 'KYC_NOT_PENDING'),
    });
    await press(screen.getByLabelText(say(k.approveLabel, { name: 'player1' })));
    expect((await screen.findByTestId('kyc-said')).textContent).toBe(en.errors.FORBIDDEN);
    expect(reads(sent, KYC)).toHaveLength(1);
    await press(screen.getByLabelText(say(k.approveLabel, { name: 'player2' })));
    await waitFor(() => expect(screen.getByTestId('kyc-said').textContent).toBe(p.stale));
    await waitFor(() => expect(reads(sent, KYC)).toHaveLength(2));
  });

  it('offers no decision without protection.manage', async () => {
    await open(AUDITOR);
    expect(screen.getByText(p.readOnly)).toBeTruthy();
    expect(screen.queryByText(k.approve)).toBeNull();
    expect(screen.queryByText(k.reject)).toBeNull();
    expect(rowOf(1).querySelector('[data-kyc]')!.textContent).toBe(p.kycStatuses.PENDING);
  });
});
