// Loyalty: the VIP levels (table, editing a level, adding the next, deleting the highest, the review
// settings), cashback, points and referral, drawn from the contract's wire shapes in English and Chinese;
// the bodies the forms send, the form's own checks and the server's field refusals at their fields; a reader
// (AUDITOR) sees everything without a button that changes it. The mall and the redeem queue:
// loyalty-mall.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import cn from './locales/cn.json';
import en from './locales/en.json';
import type { VipConfig, VipLevel } from './loyaltyApi';
import { answer, changes, fill, type Handlers, keptToken, mount, press, reads, type Sent, serve, staffMe, submit, tearDown } from './testing';

const l = en.loyalty;
const OPERATOR = staffMe('OPERATOR', ['loyalty.read', 'loyalty.write']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'loyalty.read']);
const LOYALTY = '/wps/admin/loyalty';

const RATES = { RNG: '1.00', LIVE: '0.80', FISH: '1.00', PVP: '0.50', SPORTS: '0.70', ESPORTS: '0.70' };
const level = (n: number, extra: Partial<VipLevel> = {}): VipLevel => ({
  level: n,
  names: { EN: `Level ${n} name`, CN: `等级${n}` },
  emblem: 'BRONZE',
  depositRequired: `${n * 1000}.00`,
  turnoverRequired: `${n * 10000}.00`,
  upgradeBonus: `${n * 10}.00`,
  monthlyBonus: '0.00',
  birthdayBonus: '0.00',
  wagerMultiple: 1,
  cashbackRates: RATES,
  dailyWithdrawalCount: null,
  dailyWithdrawalAmount: null,
  vipChat: false,
  ...extra,
});
const VIP = (): VipConfig => ({
  settings: { windowDays: 30, demote: true, graceDays: 7 },
  levels: [
    level(0, { names: { EN: 'Member', CN: '会员' } }),
    level(1, { names: { EN: 'Silver', CN: '白银会员' }, emblem: 'SILVER', dailyWithdrawalCount: 5, dailyWithdrawalAmount: '50000.00' }),
    level(2, { names: { EN: 'Gold', CN: '黄金会员' }, emblem: 'GOLD', vipChat: true, monthlyBonus: '88.00', wagerMultiple: 3 }),
  ],
});

function loyaltyServer(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${LOYALTY}/vip`]: () => answer(VIP()),
    [`PUT ${LOYALTY}/vip/settings`]: (sent: Sent) => answer(sent.body),
    [`PUT ${LOYALTY}/vip/levels/*`]: (sent: Sent) => answer(sent.body),
    [`DELETE ${LOYALTY}/vip/levels/*`]: () => answer(null),
    [`GET ${LOYALTY}/cashback`]: () => answer({ mode: 'MANUAL', minimum: '1.00' }),
    [`PUT ${LOYALTY}/cashback`]: (sent: Sent) => answer(sent.body),
    [`GET ${LOYALTY}/points`]: () => answer({ ratio: 100, minConvert: 500, rates: { LIVE: '0.70', SPORTS: '1.00', FISH: '1.20', RNG: '1.20', PVP: '1.00', ESPORTS: '1.00' } }),
    [`PUT ${LOYALTY}/points`]: (sent: Sent) => answer(sent.body),
    [`GET ${LOYALTY}/referral`]: () => answer({ enabled: true, reward: '50.00', deposit: '100.00', turnover: '1000.00', days: 30, wagerMultiple: 1 }),
    [`PUT ${LOYALTY}/referral`]: (sent: Sent) => answer(sent.body),
    ...extra,
  };
}

const rowOf = (n: number) => document.querySelector<HTMLElement>(`tr[data-level="${n}"]`)!;
const formNamed = (name: string) => document.querySelector<HTMLElement>(`form[aria-label="${name}"]`)!;
const findForm = (name: string) =>
  waitFor(() => {
    const form = formNamed(name);
    if (!form) throw new Error(`no form ${name}`);
    return form;
  });
const tapLabelled = (label: string) => press(screen.getByLabelText(label, { selector: 'button' }));
const tap = (text: string, inside: HTMLElement = document.body) => press(within(inside).getByText(text, { selector: 'button' }));
const problemAt = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const input = (label: string, inside: HTMLElement) => within(inside).getByLabelText(label) as HTMLInputElement;
const say = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, key: string) => values[key]!);

async function open(me: object, path = '/loyalty', extra: Handlers = {}, language: 'EN' | 'CN' = 'EN') {
  const sent = serve(loyaltyServer(me, extra));
  await mount(path, language);
  return sent;
}

beforeEach(keptToken);
afterEach(tearDown);

describe('the VIP levels', () => {
  it('lists the levels with what reaches each and its perks, and the review settings', async () => {
    await open(OPERATOR);
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(l.title);
    expect(screen.getByRole('tab', { name: l.tabs.vip }).getAttribute('aria-selected')).toBe('true');
    expect(rowOf(0).textContent).toContain('Member');
    expect(rowOf(0).textContent).toContain(l.vip.everyone);
    expect(rowOf(1).textContent).toContain(l.vip.emblems.SILVER);
    expect(rowOf(1).textContent).toContain('Deposits 1,000.00 and turnover 10,000.00');
    expect(rowOf(1).querySelector('[data-perk="dailyWithdrawalCount"]')!.textContent).toBe('5');
    expect(rowOf(1).querySelector('[data-perk="dailyWithdrawalAmount"]')!.textContent).toBe('50,000.00');
    expect(rowOf(2).querySelector('[data-perk="dailyWithdrawalAmount"]')!.textContent).toBe(l.noLimit);
    expect(rowOf(2).querySelector('[data-perk="vipChat"]')!.textContent).toBe(l.yes);
    expect(rowOf(2).querySelector('[data-perk="wagerMultiple"]')!.textContent).toBe('×3');
    expect(rowOf(2).querySelector('[data-rate="LIVE"]')!.textContent).toBe('0.80%');
    // Only the highest level (never 0) can be deleted; the next one can be added.
    expect(within(rowOf(2)).getByLabelText('Delete Gold')).toBeTruthy();
    expect(within(rowOf(1)).queryByText(l.vip.delete)).toBeNull();
    expect(screen.getByText('Add level 3')).toBeTruthy();

    const settings = await findForm(l.vip.settingsTitle);
    expect(input(l.vip.windowDays, settings).value).toBe('30');
    expect(input(l.vip.graceDays, settings).value).toBe('7');
    expect(input(l.vip.demote, settings).checked).toBe(true);
  });

  it('is drawn in Chinese, the names in Chinese', async () => {
    await open(OPERATOR, '/loyalty', {}, 'CN');
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(cn.loyalty.title);
    expect(screen.getByRole('tab', { name: cn.loyalty.tabs.vip })).toBeTruthy();
    expect(rowOf(2).textContent).toContain('黄金会员');
    expect(rowOf(2).textContent).toContain(cn.loyalty.vip.emblems.GOLD);
    expect(rowOf(0).textContent).toContain(cn.loyalty.vip.everyone);
    expect(screen.getByText(say(cn.loyalty.vip.add, { level: '3' }))).toBeTruthy();
  });

  it('edits a level and sends its whole body, then reads the levels again', async () => {
    const sent = await open(OPERATOR);
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    await tapLabelled('Edit Silver');
    const form = formNamed('Edit Silver');
    expect(input('Name (English)', form).value).toBe('Silver');
    fill('Name (English)', '  Silver Star ', form);
    fill('Name (日本語)', 'シルバー', form);
    fill(l.vip.form.emblem, 'PLATINUM', form);
    fill(l.vip.form.depositRequired, '1500', form);
    fill(l.vip.form.monthlyBonus, '18.5', form);
    fill(l.wagerMultiple, '2', form);
    fill(l.vip.form.dailyWithdrawalCount, '', form);
    fill(en.records.categories.LIVE, '0.9', form);
    await press(within(form).getByLabelText(l.vip.form.vipChat));
    await submit(form);
    await screen.findByText(say(l.vip.saved, { level: '1' }));
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: `${LOYALTY}/vip/levels/1`,
        body: {
          names: { EN: 'Silver Star', CN: '白银会员', JA: 'シルバー' },
          emblem: 'PLATINUM',
          depositRequired: '1500.00',
          turnoverRequired: '10000.00',
          upgradeBonus: '10.00',
          monthlyBonus: '18.50',
          birthdayBonus: '0.00',
          wagerMultiple: 2,
          cashbackRates: { ...RATES, LIVE: '0.90', LOTT: '0.00', ELOTT: '0.00' },
          dailyWithdrawalCount: null,
          dailyWithdrawalAmount: '50000.00',
          vipChat: true,
        },
      },
    ]);
    expect(reads(sent, `${LOYALTY}/vip`)).toHaveLength(2);
    expect(formNamed('Edit Silver')).toBeNull();
  });

  it('adds the next level from the highest perks, its thresholds checked against the level below', async () => {
    const sent = await open(OPERATOR);
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    await tap('Add level 3');
    const form = formNamed('Add level 3');
    expect(input(l.vip.form.monthlyBonus, form).value).toBe('88.00');
    expect(input(l.vip.form.depositRequired, form).value).toBe('');
    await submit(form);
    expect(within(form).getByText(l.problems.nameRequired)).toBeTruthy();
    expect(problemAt(input(l.vip.form.depositRequired, form))).toBe(l.problems.required);
    fill('Name (English)', 'Platinum', form);
    fill(l.vip.form.depositRequired, '100', form);
    fill(l.vip.form.turnoverRequired, '20000.555', form);
    fill(en.records.categories.FISH, '101', form);
    await submit(form);
    expect(problemAt(input(l.vip.form.depositRequired, form))).toBe(say(l.problems.belowLower, { amount: '2000.00' }));
    expect(problemAt(input(l.vip.form.turnoverRequired, form))).toBe(l.problems.amountOrZero);
    expect(problemAt(input(en.records.categories.FISH, form))).toBe(say(l.problems.rate, { max: '100' }));
    expect(changes(sent)).toEqual([]);

    fill(l.vip.form.depositRequired, '5000', form);
    fill(l.vip.form.turnoverRequired, '50000', form);
    fill(en.records.categories.FISH, '1.25', form);
    await submit(form);
    await screen.findByText(say(l.vip.saved, { level: '3' }));
    expect(changes(sent)[0]).toMatchObject({
      method: 'PUT',
      path: `${LOYALTY}/vip/levels/3`,
      body: { names: { EN: 'Platinum' }, emblem: 'GOLD', depositRequired: '5000.00', turnoverRequired: '50000.00', monthlyBonus: '88.00', vipChat: true },
    });
  });

  it("shows the server's refusal of a field at that field", async () => {
    await open(OPERATOR, '/loyalty', {
      [`PUT ${LOYALTY}/vip/levels/*`]: () =>
        answer({ fields: [{ field: 'cashbackRates.LIVE', type: 'value_error' }, { field: 'names.EN', type: 'string_too_long' }] }, 422, 'VALIDATION_ERROR'),
    });
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    await tapLabelled('Edit Gold');
    const form = formNamed('Edit Gold');
    await submit(form);
    const live = input(en.records.categories.LIVE, form);
    await waitFor(() => expect(live.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(live)).toBe(l.problems.refused);
    expect(problemAt(input('Name (English)', form))).toBe(l.problems.refused);
    expect(within(form).getByRole('alert').textContent).toBe(l.errors.VALIDATION_ERROR);
    // Changing the field clears its mark; the form stays open.
    fill(en.records.categories.LIVE, '0.5', form);
    expect(live.getAttribute('aria-invalid')).toBeNull();
  });

  it('deletes the highest level once confirmed', async () => {
    const sent = await open(OPERATOR);
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    await tapLabelled('Delete Gold');
    expect(screen.getByText(say(l.vip.confirmDelete, { name: 'Gold' }))).toBeTruthy();
    expect(changes(sent)).toEqual([]);
    await tap(en.confirm.yes);
    await screen.findByText(say(l.vip.deleted, { name: 'Gold' }));
    expect(changes(sent)).toEqual([{ method: 'DELETE', path: `${LOYALTY}/vip/levels/2`, body: null }]);
  });

  it('saves the review settings, checked first', async () => {
    const sent = await open(OPERATOR);
    const settings = await findForm(l.vip.settingsTitle);
    fill(l.vip.windowDays, '0', settings);
    await submit(settings);
    expect(problemAt(input(l.vip.windowDays, settings))).toBe(say(l.problems.whole, { min: '1', max: '365' }));
    fill(l.vip.windowDays, '60', settings);
    fill(l.vip.graceDays, '14', settings);
    await press(within(settings).getByLabelText(l.vip.demote));
    await submit(settings);
    await waitFor(() => expect(within(settings).getByRole('status').textContent).toBe(l.saved));
    expect(changes(sent)).toEqual([{ method: 'PUT', path: `${LOYALTY}/vip/settings`, body: { windowDays: 60, demote: false, graceDays: 14 } }]);
  });
});

describe('cashback, points and referral', () => {
  it('draws cashback and saves its mode and minimum', async () => {
    const sent = await open(OPERATOR, '/loyalty?tab=cashback');
    const form = await findForm(l.cashback.title);
    expect((within(form).getByLabelText(l.cashback.mode) as HTMLSelectElement).value).toBe('MANUAL');
    expect(within(form).getByText(l.cashback.modeHints.MANUAL)).toBeTruthy();
    fill(l.cashback.mode, 'DAILY', form);
    fill(l.cashback.minimum, '0.5', form);
    await submit(form);
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(l.saved));
    expect(changes(sent)).toEqual([{ method: 'PUT', path: `${LOYALTY}/cashback`, body: { mode: 'DAILY', minimum: '0.50' } }]);
  });

  it('says when cashback is switched off for the brand', async () => {
    await open(OPERATOR, '/loyalty?tab=cashback', { [`GET ${LOYALTY}/cashback`]: () => answer({ modId: 'MANPLAYREB3' }, 403, 'MODULE_DISABLED') });
    expect(await screen.findByText(l.errors.MODULE_DISABLED)).toBeTruthy();
  });

  it('edits the points rates and sends them with two decimals', async () => {
    const sent = await open(OPERATOR, '/loyalty?tab=points');
    const form = await findForm(l.points.title);
    expect(input(en.records.categories.LIVE, form).value).toBe('0.70');
    expect(input(l.points.ratio, form).value).toBe('100');
    fill(en.records.categories.LIVE, '0.75', form);
    fill(en.records.categories.RNG, '2', form);
    fill(en.records.categories.PVP, 'abc', form);
    fill(l.points.minConvert, '1000', form);
    await submit(form);
    expect(problemAt(input(en.records.categories.PVP, form))).toBe(say(l.problems.rate, { max: '999' }));
    expect(changes(sent)).toEqual([]);
    fill(en.records.categories.PVP, '1', form);
    await submit(form);
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(l.saved));
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: `${LOYALTY}/points`,
        body: {
          ratio: 100,
          minConvert: 1000,
          rates: { RNG: '2.00', LIVE: '0.75', FISH: '1.20', PVP: '1.00', SPORTS: '1.00', ESPORTS: '1.00', LOTT: '0.00', ELOTT: '0.00' },
        },
      },
    ]);
  });

  it('marks a points field the server refused', async () => {
    await open(OPERATOR, '/loyalty?tab=points', {
      [`PUT ${LOYALTY}/points`]: () => answer({ fields: [{ field: 'ratio', type: 'less_than_equal' }] }, 422, 'VALIDATION_ERROR'),
    });
    const form = await findForm(l.points.title);
    await submit(form);
    await waitFor(() => expect(problemAt(input(l.points.ratio, form))).toBe(l.problems.refused));
  });

  it('saves the referral rules', async () => {
    const sent = await open(OPERATOR, '/loyalty?tab=referral');
    const form = await findForm(l.referral.title);
    expect(input(l.referral.reward, form).value).toBe('50.00');
    await press(within(form).getByLabelText(l.referral.enabled));
    fill(l.referral.reward, '0', form);
    await submit(form);
    expect(problemAt(input(l.referral.reward, form))).toBe(l.problems.amount);
    fill(l.referral.reward, '25', form);
    fill(l.referral.days, '14', form);
    await submit(form);
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(l.saved));
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: `${LOYALTY}/referral`,
        body: { enabled: false, reward: '25.00', deposit: '100.00', turnover: '1000.00', days: 14, wagerMultiple: 1 },
      },
    ]);
  });

  it.each([
    ['cashback', cn.loyalty.cashback.title, cn.loyalty.cashback.modes.MANUAL],
    ['points', cn.loyalty.points.title, cn.records.categories.LIVE],
    ['referral', cn.loyalty.referral.title, cn.loyalty.referral.enabled],
  ])('draws the %s tab in Chinese', async (tab, title, text) => {
    await open(OPERATOR, `/loyalty?tab=${tab}`, {}, 'CN');
    const form = await findForm(title);
    expect(within(form).getAllByText(text).length).toBeGreaterThan(0);
  });
});

describe('a reader', () => {
  it('sees the levels and the settings without a button or field that changes them', async () => {
    await open(AUDITOR);
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    expect(screen.getByText(l.readOnly)).toBeTruthy();
    expect(screen.queryByText('Add level 3')).toBeNull();
    expect(screen.queryByLabelText('Edit Gold')).toBeNull();
    expect(screen.queryByLabelText('Delete Gold')).toBeNull();
    expect(screen.queryByText(l.vip.saveSettings)).toBeNull();
    expect(input(l.vip.windowDays, await findForm(l.vip.settingsTitle)).matches(':disabled')).toBe(true);
  });

  it.each([
    ['cashback', l.cashback.title, l.cashback.save],
    ['points', l.points.title, l.points.save],
    ['referral', l.referral.title, l.referral.save],
  ])('sees the %s tab read-only', async (tab, title, save) => {
    await open(AUDITOR, `/loyalty?tab=${tab}`);
    const form = await findForm(title);
    expect(within(form).queryByRole('button')).toBeNull();
    expect(screen.queryByText(save)).toBeNull();
    for (const field of form.querySelectorAll('input, select')) expect(field.matches(':disabled')).toBe(true);
  });

  it('is offered the section in the navigation with loyalty.read only', async () => {
    await open(AUDITOR, '/');
    await waitFor(() => expect(screen.getByRole('link', { name: l.nav })).toBeTruthy());
  });
});
