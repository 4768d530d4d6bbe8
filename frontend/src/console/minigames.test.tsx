// Promotions, tab "Mini-games", drawn from the contract's wire shapes (issue 33): a rain's form checked before
// it is sent, its body with money as two-decimal strings (never floats) and the limit FLAT or per VIP level,
// the server's field refusals at their fields; the prize table's probabilities summed as typed, Save waiting
// for exactly 100 %, the money prizes' cost previewed and the server's figure shown once saved; a session
// watched (figures and grabs, read again every 2 s while open and on `minigames:state`); the history with the
// seed hash always and the seed only once the session closed; a reader sees it all without the buttons.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import en from './locales/en.json';
import type { Game, Rain, RainSession, SessionDetail } from './miniGamesApi';
import { gameForm, moneyCostPreview, probabilityPpm, probabilitySum, rainForm, rainRequest } from './miniGamesRules';
import {
  answer,
  changes,
  fill,
  type Handlers,
  keptToken,
  lastSocket,
  mount,
  press,
  reads,
  type Sent,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((m) => m.fakeSocketModule));

const mg = en.miniGames;
const OPERATOR = staffMe('OPERATOR', ['promotions.read', 'promotions.write']);
const AUDITOR = staffMe('AUDITOR', ['promotions.read']);
const RAINS = '/wps/admin/minigames/rains';
const GAMES = '/wps/admin/minigames/games';
const SESSIONS = '/wps/admin/minigames/sessions';

const rain = (id: number, extra: Partial<Rain> = {}): Rain => ({
  id,
  name: { EN: `Evening rain ${id}`, CN: `晚间红包雨${id}` },
  enabled: true,
  dailyAt: '20:00',
  durationSeconds: 60,
  budget: '1000.00',
  envelopes: 200,
  minAmount: '0.01',
  wagerMultiple: 1,
  limitMode: 'FLAT',
  flatLimit: 3,
  vipLimits: {},
  ...extra,
});

const HASH_11 = 'a'.repeat(64);
const SEED_11 = 'b'.repeat(64);
const HASH_12 = 'c'.repeat(64);
const session = (id: number, extra: Partial<RainSession> = {}): RainSession => ({
  id,
  startsAt: Date.UTC(2026, 11, 14, 12),
  endsAt: Date.UTC(2026, 11, 14, 12, 1),
  state: 'CLOSED',
  envelopes: 200,
  grabbed: 200,
  left: 0,
  budget: '1000.00',
  paid: '1000.00',
  seedHash: HASH_11,
  seed: SEED_11,
  ...extra,
});
// An open session whose row (wrongly) carries a seed: the console still does not show it.
const OPEN_12 = session(12, { state: 'OPEN', grabbed: 2, left: 198, paid: '7.25', seedHash: HASH_12, seed: 'should-not-show' });
const detail = (extra: Partial<SessionDetail> = {}): SessionDetail => ({
  ...OPEN_12,
  seed: null,
  grabs: [
    { seq: 0, account: 'player1', amount: '4.10', at: Date.UTC(2026, 11, 14, 12, 0, 3) },
    { seq: 1, account: 'player2', amount: '3.15', at: Date.UTC(2026, 11, 14, 12, 0, 4) },
  ],
  ...extra,
});

const game = (id: number, extra: Partial<Game> = {}): Game => ({
  id,
  kind: 'WHEEL',
  name: { EN: 'Lucky wheel' },
  enabled: true,
  earn: { perDeposit: '100.00', perTurnover: null, perCheckin: 1 },
  prizes: [
    { kind: 'MONEY', amount: '10.00', value: null, wagerMultiple: 1, label: { EN: '10' }, probability: '20' },
    { kind: 'POINTS', amount: null, value: 50, wagerMultiple: 0, label: { EN: '50 points' }, probability: '30' },
    { kind: 'NOTHING', amount: null, value: null, wagerMultiple: 0, label: { EN: 'Try again' }, probability: '50' },
  ],
  expectedCost: '2.25',
  ...extra,
});

function server(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${RAINS}`]: () => answer([rain(1), rain(2, { limitMode: 'VIP', flatLimit: 4, vipLimits: { '0': 1, '3': 5 }, enabled: false })]),
    [`POST ${RAINS}`]: (sent: Sent) => answer({ id: 9, ...sent.body }),
    [`PUT ${RAINS}/*`]: (sent: Sent) => answer(sent.body),
    [`GET ${RAINS}/1/sessions`]: () => answer({ list: [OPEN_12, session(11)], page: 1, pageSize: 20, total: 2 }),
    [`POST ${RAINS}/1/sessions`]: (sent: Sent) => answer(session(13, { state: 'SCHEDULED', startsAt: Number(sent.body?.startsAt), seed: null })),
    [`GET ${SESSIONS}/12`]: () => answer(detail()),
    [`GET ${SESSIONS}/13`]: () =>
      answer({ ...session(13, { state: 'SCHEDULED', startsAt: STARTED, seed: null, grabbed: 0, left: 200, paid: '0.00' }), grabs: [] }),
    [`GET ${SESSIONS}/11`]: () => answer({ ...session(11), grabs: [] }),
    [`GET ${GAMES}`]: () => answer([game(5)]),
    [`POST ${GAMES}`]: (sent: Sent) => answer({ id: 6, ...sent.body, expectedCost: '3.50' }),
    [`PUT ${GAMES}/*`]: (sent: Sent) => answer({ id: 5, ...sent.body, expectedCost: '2.25' }),
    ...extra,
  };
}

// The one-off session's start, as the server stored it (about now).
const STARTED = Date.now();

const rowOf = (kind: string, id: number) => document.querySelector<HTMLElement>(`tr[data-${kind}="${id}"]`)!;
const formNamed = (name: string) => document.querySelector<HTMLElement>(`form[aria-label="${name}"]`)!;
const input = (label: string, inside: HTMLElement) => within(inside).getByLabelText(label) as HTMLInputElement;
const problemAt = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
const tap = (name: string, inside: HTMLElement = document.body) => press(within(inside).getByRole('button', { name }));
const saveButton = (form: HTMLElement, name: string) => within(form).getByRole('button', { name }) as HTMLButtonElement;

async function open(me: object, extra: Handlers = {}) {
  const sent = serve(server(me, extra));
  await mount('/promotions?tab=miniGames');
  await waitFor(() => expect(rowOf('rain', 2)).toBeTruthy());
  await waitFor(() => expect(rowOf('game', 5)).toBeTruthy());
  return sent;
}

beforeEach(keptToken);
afterEach(() => {
  vi.useRealTimers();
  tearDown();
});

describe('the rain form', () => {
  it('is a tab of Promotions listing the rains and their limits', async () => {
    await open(OPERATOR);
    expect(screen.getByRole('tab', { name: mg.tab }).getAttribute('aria-selected')).toBe('true');
    expect(rowOf('rain', 1).textContent).toContain('Evening rain 1');
    expect(rowOf('rain', 1).textContent).toContain('1,000.00');
    expect(rowOf('rain', 1).textContent).toContain('3 per member');
    expect(rowOf('rain', 2).textContent).toContain('By VIP level: 0 → 1, 3 → 5');
    expect(rowOf('rain', 2).textContent).toContain(mg.off);
  });

  it('checks the fields before sending anything', async () => {
    const sent = await open(OPERATOR);
    await tap(mg.rains.add);
    const form = formNamed(mg.rains.add);
    fill(mg.rains.form.dailyAt, '25:00', form);
    fill(mg.rains.form.durationSeconds, '5', form);
    fill(mg.rains.form.budget, '1.234', form);
    fill(mg.rains.form.envelopes, '', form);
    fill(mg.rains.form.wagerMultiple, '51', form);
    await submit(form);
    expect(problemAt(input('Name (English)', form))).toBe(mg.problems.englishRequired);
    expect(problemAt(input(mg.rains.form.dailyAt, form))).toBe(mg.problems.time);
    expect(problemAt(input(mg.rains.form.durationSeconds, form))).toBe('A whole number from 10 to 3600.');
    expect(problemAt(input(mg.rains.form.budget, form))).toBe(mg.problems.amount);
    expect(problemAt(input(mg.rains.form.envelopes, form))).toBe(mg.problems.required);
    expect(problemAt(input(mg.rains.form.wagerMultiple, form))).toBe('A whole number from 0 to 50.');

    // The budget must cover every envelope at the smallest amount.
    fill(mg.rains.form.budget, '10', form);
    fill(mg.rains.form.envelopes, '100', form);
    fill(mg.rains.form.minAmount, '0.5', form);
    await submit(form);
    expect(problemAt(input(mg.rains.form.budget, form))).toBe('At least envelopes × minimum amount (50.00).');

    // By VIP level: level 0 is required.
    fill(mg.rains.form.limitMode, 'VIP', form);
    fill('Level 3', '5', form);
    await submit(form);
    expect(problemAt(input('Level 0', form))).toBe(mg.problems.levelZeroRequired);
    expect(changes(sent)).toEqual([]);
  });

  it('sends money as two-decimal strings and the flat limit', async () => {
    const sent = await open(OPERATOR);
    await tap(mg.rains.add);
    const form = formNamed(mg.rains.add);
    fill('Name (English)', ' Lunch rain ', form);
    fill('Name (中文)', '午间红包雨', form);
    fill(mg.rains.form.dailyAt, '12:30', form);
    fill(mg.rains.form.durationSeconds, '90', form);
    fill(mg.rains.form.budget, '100.5', form);
    fill(mg.rains.form.envelopes, '50', form);
    fill(mg.rains.form.minAmount, '1', form);
    fill(mg.rains.form.wagerMultiple, '3', form);
    fill(mg.rains.form.flatLimit, '2', form);
    await submit(form);
    await waitFor(() => expect(screen.getByText(mg.rains.added)).toBeTruthy());
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: RAINS,
        body: {
          name: { EN: 'Lunch rain', CN: '午间红包雨' },
          enabled: true,
          dailyAt: '12:30',
          durationSeconds: 90,
          budget: '100.50',
          envelopes: 50,
          minAmount: '1.00',
          wagerMultiple: 3,
          limitMode: 'FLAT',
          flatLimit: 2,
          vipLimits: {},
        },
      },
    ]);
    const body = changes(sent)[0]!.body!;
    expect(typeof body.budget).toBe('string');
    expect(typeof body.minAmount).toBe('string');
    // The list is read again after the change.
    expect(reads(sent, RAINS).length).toBe(2);
  });

  it('sends the limits per VIP level and marks the fields the server refuses', async () => {
    const sent = await open(OPERATOR, {
      [`PUT ${RAINS}/*`]: () => answer({ fields: [{ field: 'body.budget' }, { field: 'vipLimits.3' }] }, 422, 'VALIDATION_ERROR'),
    });
    await tap('Edit Evening rain 2');
    const form = formNamed('Edit Evening rain 2');
    expect(input('Level 0', form).value).toBe('1');
    expect(input('Level 3', form).value).toBe('5');
    fill('Level 5', '8', form);
    await submit(form);
    await waitFor(() => expect(problemAt(input(mg.rains.form.budget, form))).toBe(mg.problems.refused));
    expect(problemAt(input('Level 3', form))).toBe(mg.problems.refused);
    const [put] = changes(sent);
    expect(put!.path).toBe(`${RAINS}/2`);
    expect(put!.body).toMatchObject({ limitMode: 'VIP', flatLimit: 4, vipLimits: { '0': 1, '3': 5, '5': 8 }, budget: '1000.00', enabled: false });
    // Typing in a refused field clears its mark.
    fill(mg.rains.form.budget, '1200', form);
    expect(problemAt(input(mg.rains.form.budget, form))).toBe(mg.rains.form.budgetHint);
  });

  it('reads the same from pure rules: a form round-trips a stored rain', () => {
    const checked = rainRequest(rainForm(rain(2, { limitMode: 'VIP', flatLimit: 4, vipLimits: { '0': 1, '3': 5 } })));
    expect('body' in checked && checked.body).toMatchObject({ budget: '1000.00', minAmount: '0.01', vipLimits: { '0': 1, '3': 5 }, flatLimit: 4 });
  });

  it('starts a one-off session now and watches it', async () => {
    const sent = await open(OPERATOR);
    const before = Date.now();
    await tap('Start a session of Evening rain 1');
    const form = formNamed('A one-off session of Evening rain 1');
    await submit(form);
    await waitFor(() => expect(screen.getByText(mg.sessions.started)).toBeTruthy());
    const [post] = changes(sent);
    expect(post!.path).toBe(`${RAINS}/1/sessions`);
    expect(Number(post!.body!.startsAt)).toBeGreaterThanOrEqual(before);
    await waitFor(() => expect(screen.getByTestId('minigames-watch').dataset.session).toBe('13'));
    await waitFor(() => expect(within(screen.getByTestId('minigames-watch')).getByText(mg.sessions.states.SCHEDULED)).toBeTruthy());
    // Read again as it starts (the fake server still says SCHEDULED: no more than that one read).
    await waitFor(() => expect(reads(sent, `${SESSIONS}/13`).length).toBe(2), { timeout: 2000 });
  });
});

describe('the prize table', () => {
  it('sums the probabilities live and saves only at exactly 100 %', async () => {
    const sent = await open(OPERATOR);
    await tap(mg.games.add);
    const form = formNamed(mg.games.add);
    const save = saveButton(form, mg.games.form.save);
    const sum = () => within(form).getByTestId('probability-sum');
    expect(save.disabled).toBe(true);
    expect(sum().textContent).toBe(mg.games.form.sumUnreadable);

    fill('Name (English)', 'Wheel', form);
    fill('Prize 1: amount', '10', form);
    fill('Prize 1: probability (%)', '30', form);
    fill('Prize 1 label (English)', 'Ten', form);
    fill('Prize 2: probability (%)', '60.5', form);
    fill('Prize 2 label (English)', 'Nothing', form);
    expect(sum().textContent).toBe('Total: 90.5 %. It must be exactly 100 % to save.');
    expect(sum().dataset.complete).toBe('false');
    expect(save.disabled).toBe(true);

    await tap(mg.games.form.addPrize, form);
    fill('Prize 3: kind', 'MONEY', form);
    fill('Prize 3: amount', '5', form);
    fill('Prize 3: probability (%)', '9.5001', form);
    fill('Prize 3 label (English)', 'Five', form);
    expect(sum().textContent).toBe('Total: 100.0001 %. It must be exactly 100 % to save.');
    expect(save.disabled).toBe(true);
    fill('Prize 3: probability (%)', '9.5', form);
    expect(sum().textContent).toBe('Total: 100 %. The table is complete.');
    expect(save.disabled).toBe(false);
    // 10 x 30 % + 5 x 9.5 % = 3.475, to the cent.
    expect(within(form).getByTestId('cost-preview').textContent).toBe('Cost per play in money prizes (preview): 3.48');

    await submit(form);
    await waitFor(() => expect(screen.getByText(`${mg.games.added} Expected cost per play: 3.50.`)).toBeTruthy());
    const [post] = changes(sent);
    expect(post!.body).toEqual({
      kind: 'WHEEL',
      name: { EN: 'Wheel' },
      enabled: true,
      earn: { perDeposit: null, perTurnover: null, perCheckin: 0 },
      prizes: [
        { kind: 'MONEY', amount: '10.00', value: null, wagerMultiple: 0, label: { EN: 'Ten' }, probability: '30' },
        { kind: 'NOTHING', amount: null, value: null, wagerMultiple: 0, label: { EN: 'Nothing' }, probability: '60.5' },
        { kind: 'MONEY', amount: '5.00', value: null, wagerMultiple: 0, label: { EN: 'Five' }, probability: '9.5' },
      ],
    });
  });

  it('shows the server cost of a stored game and its refusal of the sum', async () => {
    await open(OPERATOR, {
      [`PUT ${GAMES}/*`]: () => answer({ sum: '99.9' }, 422, 'PRIZE_TABLE_SUM'),
    });
    expect(rowOf('game', 5).querySelector('[data-cost]')!.textContent).toBe('2.25');
    await tap('Edit Lucky wheel');
    const form = formNamed('Edit Lucky wheel');
    expect(within(form).getByTestId('cost-server').textContent).toContain('2.25');
    expect(within(form).getByTestId('cost-preview').textContent).toContain('2.00');
    expect(input('Prize 2: points', form).value).toBe('50');
    await submit(form);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('The server says the probabilities add up to 99.9 %, not 100 %.'));
  });

  it('reads percentages to parts per million', () => {
    expect(probabilityPpm('12.5')).toBe(125_000);
    expect(probabilityPpm('0.0001')).toBe(1);
    expect(probabilityPpm('100')).toBe(1_000_000);
    expect(probabilityPpm('100.0001')).toBeNull();
    expect(probabilityPpm('1.23456')).toBeNull();
    expect(probabilityPpm('1e2')).toBeNull();
    const form = gameForm(game(5));
    expect(probabilitySum(form.prizes)).toBe(1_000_000);
    expect(moneyCostPreview(form.prizes)).toBe('2.00');
  });
});

describe('the sessions', () => {
  it('lists the history with the seed hash, and the seed only once closed', async () => {
    await open(OPERATOR);
    await tap('Sessions of Evening rain 1');
    await waitFor(() => expect(rowOf('session', 11)).toBeTruthy());
    const closed = rowOf('session', 11);
    const running = rowOf('session', 12);
    expect(closed.querySelector('[data-seed-hash]')!.textContent).toBe(HASH_11);
    expect(closed.querySelector('[data-seed]')!.textContent).toBe(SEED_11);
    expect(closed.textContent).toContain(mg.sessions.states.CLOSED);
    expect(running.querySelector('[data-seed-hash]')!.textContent).toBe(HASH_12);
    expect(running.querySelector('[data-seed]')!.textContent).toBe(mg.sessions.seedHidden);
    expect(running.textContent).not.toContain('should-not-show');
    expect(running.textContent).toContain(mg.sessions.states.OPEN);
  });

  it('watches a session: its figures and grabs, read again every 2 s while open and on a push', async () => {
    const sent = await open(OPERATOR);
    const socket = await lastSocket();
    socket.up();
    await tap('Sessions of Evening rain 1');
    await waitFor(() => expect(rowOf('session', 12)).toBeTruthy());
    await tap('Watch session 12');
    const watch = await screen.findByTestId('minigames-watch');
    await waitFor(() => expect(rowOf('grab', 1)).toBeTruthy());
    const figure = (key: string) => watch.querySelector(`[data-figure="${key}"] dd`)!.textContent;
    expect(figure('envelopes')).toBe('200');
    expect(figure('grabbed')).toBe('2');
    expect(figure('left')).toBe('198');
    expect(figure('budget')).toBe('1,000.00');
    expect(figure('paid')).toBe('7.25');
    expect(rowOf('grab', 0).textContent).toContain('player1');
    expect(rowOf('grab', 0).textContent).toContain('4.10');
    expect(rowOf('grab', 1).textContent).toContain('player2');
    expect(within(watch).getByText(mg.sessions.live)).toBeTruthy();
    expect(within(watch).queryByTestId('watch-seed')).toBeNull();

    // A push for another session is not this one's business; one for it reads it again.
    const readsNow = reads(sent, `${SESSIONS}/12`).length;
    const historyNow = reads(sent, `${RAINS}/1/sessions`).length;
    socket.push('minigames:state', { sessionId: 99, rainId: 3, state: 'OPEN', left: 5, endsAt: 0 });
    expect(reads(sent, `${RAINS}/1/sessions`).length).toBe(historyNow);
    socket.push('minigames:state', { sessionId: 12, rainId: 1, state: 'OPEN', left: 197, endsAt: 0 });
    await waitFor(() => expect(reads(sent, `${SESSIONS}/12`).length).toBe(readsNow + 1));
    // The history's rows of that rain are read again too.
    expect(reads(sent, `${RAINS}/1/sessions`).length).toBe(historyNow + 1);

    // And every 2 s while it is open.
    const afterPush = reads(sent, `${SESSIONS}/12`).length;
    await waitFor(() => expect(reads(sent, `${SESSIONS}/12`).length).toBeGreaterThan(afterPush), { timeout: 3000 });
  });

  it('stops reading a closed session and shows its seed', async () => {
    const sent = await open(OPERATOR);
    await tap('Sessions of Evening rain 1');
    await waitFor(() => expect(rowOf('session', 11)).toBeTruthy());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await tap('Watch session 11');
    const watch = await screen.findByTestId('minigames-watch');
    await waitFor(() => expect(within(watch).getByTestId('watch-seed').textContent).toContain(SEED_11));
    expect(within(watch).queryByText(mg.sessions.live)).toBeNull();
    const count = reads(sent, `${SESSIONS}/11`).length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads(sent, `${SESSIONS}/11`).length).toBe(count);
  });

  it('shows a reader the same without the buttons that change things', async () => {
    await open(AUDITOR);
    expect(screen.queryByRole('button', { name: mg.rains.add })).toBeNull();
    expect(screen.queryByRole('button', { name: mg.games.add })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start a session of Evening rain 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sessions of Evening rain 1' })).toBeTruthy();
  });
});
