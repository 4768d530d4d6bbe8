// Player protection, tabs "Risk markers" and "Settings": the markers of one status with their kind and what
// was found in words, reviewed with a note (protection.manage); the settings read into the form, checked here
// (https:// addresses only, an amount for ABOVE_AMOUNT) before the PUT and its body, the server's refused
// fields marked, organisations added and removed; a reader sees both read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import en from './locales/en.json';
import type { Marker, ProtectionSettings } from './protectionApi';
import { isHttpsUrl, settingsRequest } from './protectionRules';
import { answer, changes, fill, type Handlers, keptToken, mount, params, press, reads, type Sent, serve, staffMe, submit, tearDown } from './testing';

const p = en.protection;
const m = p.markers;
const s = p.settings;
const OPERATOR = staffMe('OPERATOR', ['protection.read', 'protection.manage']);
const SUPPORT = staffMe('SUPPORT', ['protection.read']);
const MARKERS = '/wps/admin/protection/markers';
const SETTINGS = '/wps/admin/protection/settings';
const say = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, key: string) => values[key]!);

const marker = (id: number, extra: Partial<Marker> = {}): Marker => ({
  id,
  memberId: 70 + id,
  username: `player${id}`,
  kind: 'DEPOSITS_RISING',
  day: '2026-11-29',
  detail: { last7: '1500.00', weeklyAverage: '200.00' },
  status: 'OPEN',
  reviewedBy: null,
  reviewedAt: null,
  note: null,
  ...extra,
});
const MARKER_LIST = () => [marker(1), marker(2, { kind: 'NIGHT_PLAY', detail: { nights: 4, bets: 37 } }),
  marker(3, { kind: 'WITHDRAWAL_REVERSED', detail: { orderNo: 'W123', amount: '250.00', stakedAfter: '1240.00' } }),
];

const SAVED: ProtectionSettings = {
  realityCheckMinutes: 60,
  kycRule: 'FIRST_WITHDRAWAL',
  kycAmount: null,
  organisations: [{ name: 'GamCare', url: 'https://www.gamcare.org.uk', phone: '+44 808 8020 133' }],
};

function server(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${MARKERS}`]: () => answer({ list: MARKER_LIST(), total: 3 }),
    [`POST ${MARKERS}/1/review`]: (sent: Sent) =>
      answer(marker(1, { status: 'REVIEWED', reviewedBy: 'operator1', reviewedAt: Date.UTC(2026, 11, 1), note: String(sent.body?.note) })),
    [`GET ${SETTINGS}`]: () => answer(SAVED),
    [`PUT ${SETTINGS}`]: (sent: Sent) => answer(sent.body),
    ...extra,
  };
}

const markerRow = (id: number) => document.querySelector<HTMLElement>(`tr[data-marker="${id}"]`)!;

beforeEach(keptToken);
afterEach(tearDown);

describe('the risk markers', () => {
  it('lists the open markers with their kind and what was found in words', async () => {
    const sent = serve(server(OPERATOR));
    await mount('/protection?tab=markers');
    await waitFor(() => expect(markerRow(3)).toBeTruthy());
    expect(params(reads(sent, MARKERS)[0]!)).toEqual({ status: 'OPEN', page: '1', size: '20' });
    const one = markerRow(1);
    expect(one.textContent).toContain('player1');
    expect(one.querySelector('[data-cell="kind"]')!.textContent).toBe(`${m.kinds.DEPOSITS_RISING}${m.kindHints.DEPOSITS_RISING}`);
    expect(one.textContent).toContain('2026-11-29');
    const words = (id: number, key: string) => markerRow(id).querySelector(`[data-detail="${key}"]`)!.textContent;
    expect(words(1, 'last7')).toBe(`${p.detail.last7}1,500.00`);
    expect(words(1, 'weeklyAverage')).toBe(`${p.detail.weeklyAverage}200.00`);
    expect(markerRow(2).textContent).toContain(m.kinds.NIGHT_PLAY);
    expect(words(2, 'nights')).toBe(`${p.detail.nights}4`);
    expect(words(2, 'bets')).toBe(`${p.detail.bets}37`);
    expect(markerRow(3).textContent).toContain(m.kinds.WITHDRAWAL_REVERSED);
    expect(words(3, 'orderNo')).toBe(`${p.detail.orderNo}W123`);
    expect(words(3, 'amount')).toBe(`${p.detail.amount}250.00`);
    expect(words(3, 'stakedAfter')).toBe(`${p.detail.stakedAfter}1,240.00`);

    fill(m.status, 'REVIEWED');
    await waitFor(() => expect(reads(sent, MARKERS)).toHaveLength(2));
    expect(params(reads(sent, MARKERS)[1]!)).toEqual({ status: 'REVIEWED', page: '1', size: '20' });
  });

  it('reviews one with a note, and the row shows who reviewed it', async () => {
    const sent = serve(server(OPERATOR));
    await mount('/protection?tab=markers');
    await waitFor(() => expect(markerRow(1)).toBeTruthy());
    await press(within(markerRow(1)).getByLabelText(say(m.reviewLabel, { name: 'player1' }), { selector: 'button' }));
    const form = screen.getByRole('form', { name: say(m.reviewLabel, { name: 'player1' }) });
    await submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(m.noteRequired);
    expect(changes(sent)).toEqual([]);
    fill(m.note, ' Called the member; fine. ', form);
    await submit(form);
    await screen.findByText(say(m.reviewedDone, { name: 'player1' }));
    expect(changes(sent)).toEqual([{ method: 'POST', path: `${MARKERS}/1/review`, body: { note: 'Called the member; fine.' } }]);
    expect(markerRow(1).textContent).toContain(m.statuses.REVIEWED);
    expect(markerRow(1).textContent).toContain('operator1');
    expect(markerRow(1).textContent).toContain('Called the member; fine.');
  });

  it('offers no review without protection.manage', async () => {
    serve(server(SUPPORT));
    await mount('/protection?tab=markers');
    await waitFor(() => expect(markerRow(1)).toBeTruthy());
    expect(screen.queryByText(m.review, { selector: 'button' })).toBeNull();
    expect(markerRow(1).textContent).toContain(m.statuses.OPEN);
  });
});

describe('the settings rules', () => {
  it('takes https:// addresses only', () => {
    expect(isHttpsUrl('https://www.gamcare.org.uk/help')).toBe(true);
    for (const bad of ['http://example.org', 'javascript:alert(1)', 'www.example.org', '/help', 'https://', 'https://exa mple.org', 'ftp://x.org']) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });

  it('wants an amount for ABOVE_AMOUNT only, and sends it with two decimals', () => {
    const form = { realityCheckMinutes: '30', kycRule: 'ABOVE_AMOUNT' as const, kycAmount: '', organisations: [] };
    expect(settingsRequest(form)).toEqual({ problems: { kycAmount: { key: 'required' } } });
    expect(settingsRequest({ ...form, kycAmount: '0' })).toEqual({ problems: { kycAmount: { key: 'amount' } } });
    expect(settingsRequest({ ...form, kycAmount: '10.555' })).toEqual({ problems: { kycAmount: { key: 'amount' } } });
    expect(settingsRequest({ ...form, kycAmount: '1000.5' })).toEqual({
      body: { realityCheckMinutes: 30, kycRule: 'ABOVE_AMOUNT', kycAmount: '1000.50', organisations: [] },
    });
    expect(settingsRequest({ ...form, kycRule: 'NONE', kycAmount: 'junk' })).toEqual({
      body: { realityCheckMinutes: 30, kycRule: 'NONE', kycAmount: null, organisations: [] },
    });
    expect(settingsRequest({ ...form, kycRule: 'NONE', realityCheckMinutes: '20' })).toEqual({
      problems: { realityCheckMinutes: { key: 'choice' } },
    });
  });
});

describe('the settings', () => {
  it('checks the form, then sends the whole settings and reads them again', async () => {
    const sent = serve(server(OPERATOR));
    await mount('/protection?tab=settings');
    const form = await screen.findByRole('form', { name: s.title });
    expect((within(form).getByLabelText(s.realityCheck) as HTMLSelectElement).value).toBe('60');
    expect((within(form).getByLabelText(s.kycRule) as HTMLSelectElement).value).toBe('FIRST_WITHDRAWAL');
    expect(within(form).queryByLabelText(s.kycAmount)).toBeNull();
    expect((within(form).getAllByLabelText(s.name)[0] as HTMLInputElement).value).toBe('GamCare');

    fill(s.realityCheck, '90', form);
    fill(s.kycRule, 'ABOVE_AMOUNT', form);
    await press(within(form).getByText(s.add));
    const second = form.querySelector<HTMLElement>('[data-organisation="1"]')!;
    fill(s.name, 'Helpline', second);
    fill(s.url, 'http://helpline.example.org', second);
    await submit(form);
    // Nothing is sent while the form has problems: the amount is missing, the address is not https.
    expect(changes(sent)).toEqual([]);
    const problemOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(problemOf(within(form).getByLabelText(s.kycAmount))).toBe(p.problems.required);
    expect(problemOf(within(second).getByLabelText(s.url))).toBe(p.problems.https);

    fill(s.kycAmount, '1000', form);
    fill(s.url, ' https://helpline.example.org ', second);
    await submit(form);
    await screen.findByText(s.saved);
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: SETTINGS,
        body: {
          realityCheckMinutes: 90,
          kycRule: 'ABOVE_AMOUNT',
          kycAmount: '1000.00',
          organisations: [
            { name: 'GamCare', url: 'https://www.gamcare.org.uk', phone: '+44 808 8020 133' },
            { name: 'Helpline', url: 'https://helpline.example.org', phone: null },
          ],
        },
      },
    ]);
    expect(reads(sent, SETTINGS)).toHaveLength(2);
  });

  it('removes an organisation, and marks the fields the server refused', async () => {
    const sent = serve(
      server(OPERATOR, {
        [`PUT ${SETTINGS}`]: () => answer({ fields: [{ field: 'body.kycRule' }] }, 400, 'VALIDATION_ERROR'),
      }),
    );
    await mount('/protection?tab=settings');
    const form = await screen.findByRole('form', { name: s.title });
    await press(within(form).getByLabelText(say(s.removeLabel, { n: '1' })));
    expect(within(form).getByText(s.organisationsEmpty)).toBeTruthy();
    await submit(form);
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({ realityCheckMinutes: 60, kycRule: 'FIRST_WITHDRAWAL', kycAmount: null, organisations: [] });
    await screen.findByText(en.errors.VALIDATION_ERROR);
    expect(within(form).getByText(p.problems.refused)).toBeTruthy();
    expect(screen.queryByText(s.saved)).toBeNull();
  });

  it('shows a reader the settings read-only', async () => {
    serve(server(SUPPORT));
    await mount('/protection?tab=settings');
    const form = await screen.findByRole('form', { name: s.title });
    expect(screen.getByText(s.readOnly)).toBeTruthy();
    expect((within(form).getByLabelText(s.realityCheck) as HTMLSelectElement).disabled).toBe(true);
    expect((within(form).getAllByLabelText(s.url)[0] as HTMLInputElement).value).toBe('https://www.gamcare.org.uk');
    expect(within(form).queryByText(s.save)).toBeNull();
    expect(within(form).queryByText(s.add)).toBeNull();
    expect(within(form).queryByText(s.remove)).toBeNull();
  });
});
