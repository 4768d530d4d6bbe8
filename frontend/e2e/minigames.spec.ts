// Issue 33, the mini-game widget in Chromium: staff schedule a red-envelope session; two new players watch it
// on phones (one with motion, one asking for reduced motion), see it open, grab envelopes, and see their
// balance and the envelopes left move live, each from the other's grab too; once it ends the published
// seed recomputes every envelope in the browser. The lucky wheel, earned by a check-in, spins and its prize
// lands in the reward centre. The ledger stays clean.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { test } from './test';
import { cents, cli, headerAmount, ledgerIsClean, loginNewMember, newPlayer, operatorCall, strings } from './support';

const en = strings('EN');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ENVELOPES = 20;

async function onPhone(browser: Browser, username: string, reducedMotion: 'reduce' | 'no-preference'): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, reducedMotion });
  const page = await context.newPage();
  await loginNewMember(page, 'EN', username);
  await expect(page.getByTestId('header-balance')).toHaveText(headerAmount(0));
  return page;
}

// The launcher starts collapsed on a phone: opened, then the entry named `name` opens its sheet.
async function openEntry(page: Page, testId: string, name: string): Promise<Locator> {
  const launcher = page.getByTestId('mini-game-launcher');
  await expect(launcher).toBeVisible();
  const expand = launcher.getByRole('button', { name: en('miniGames.launcher.expand') });
  if (await expand.isVisible()) await expand.click();
  await launcher.getByTestId(testId).filter({ hasText: name }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  return sheet;
}

// A falling envelope never stands still, so it is tapped where it is at that instant (force); a tap that
// lands beside it is tried again.
async function grabFalling(sheet: Locator) {
  await expect(async () => {
    await sheet.getByTestId('rain-sky').getByRole('button', { name: en('miniGames.rain.grab') }).first().click({ force: true, timeout: 1_000 });
    await expect(sheet.getByTestId('rain-my-grabs')).toHaveText(en('miniGames.rain.grabsOf', { grabs: '1', limit: '3' }), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

function leftOf(left: number): string {
  return en('miniGames.rain.leftOf', { left: String(left), total: String(ENVELOPES) });
}

test('two players on phones grab envelopes live, verify the draw, and a wheel prize lands in the reward centre', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const name = `E2E rain ${Date.now() % 100_000}`;
  // Enabled (the portal shows enabled rains only), its daily time twelve hours away: the one-off comes first.
  const daily = new Date(Date.now() + 12 * 3_600_000 + 8 * 3_600_000); // Manila is UTC+8
  const dailyAt = `${String(daily.getUTCHours()).padStart(2, '0')}:${String(daily.getUTCMinutes()).padStart(2, '0')}`;
  const first = await onPhone(browser, newPlayer('rainA'), 'no-preference');
  const second = await onPhone(browser, newPlayer('rainB'), 'reduce');
  // The session is made once both are logged in, so that its lead is not spent logging in.
  const rain = await operatorCall(request, '/wps/admin/minigames/rains', {
    name: { EN: name }, enabled: true, dailyAt, durationSeconds: 40, budget: '10.00', envelopes: ENVELOPES,
    minAmount: '0.01', wagerMultiple: 0, limitMode: 'FLAT', flatLimit: 3, vipLimits: {},
  });
  const startsAt = Date.now() + 25_000;
  await operatorCall(request, `/wps/admin/minigames/rains/${rain.value.id}/sessions`, { startsAt });

  await Promise.all([first.reload(), second.reload()]);
  const watching = await openEntry(first, 'mini-game-rain', name);
  const reduced = await openEntry(second, 'mini-game-rain', name);
  const sheets = [watching, reduced];
  for (const sheet of sheets) {
    // Before the start: the countdown, and the seed's hash published already (the seed itself is not).
    await expect(sheet.getByTestId('rain-status')).toHaveAttribute('data-state', 'SCHEDULED');
    await expect(sheet.getByTestId('rain-countdown')).toBeVisible();
    await expect(sheet.getByTestId('rain-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(sheet.getByTestId('rain-seed')).toHaveCount(0);
  }
  for (const sheet of sheets) {
    await expect(sheet.getByTestId('rain-status')).toHaveAttribute('data-state', 'OPEN', { timeout: 40_000 });
    await expect(sheet.getByTestId('rain-left')).toHaveText(leftOf(ENVELOPES));
  }

  // The first player taps a falling envelope; the second sees the envelopes left fall without a reload.
  await grabFalling(watching);
  await expect(reduced.getByTestId('rain-left')).toHaveText(leftOf(ENVELOPES - 1));
  // The second, with reduced motion, has a plain list of envelopes to tap.
  await expect(reduced.getByTestId('rain-sky')).toHaveCount(0);
  await reduced.getByTestId('rain-envelope-list').getByRole('button', { name: en('miniGames.rain.grab') }).first().click();
  await expect(reduced.getByTestId('rain-my-grabs')).toHaveText(en('miniGames.rain.grabsOf', { grabs: '1', limit: '3' }));
  await expect(watching.getByTestId('rain-left')).toHaveText(leftOf(ENVELOPES - 2));
  // Each balance is what the envelope held, pushed to the header.
  for (const player of [first, second]) {
    const won = cents(await player.getByTestId('rain-my-won').textContent());
    expect(won).toBeGreaterThan(0);
    await expect(player.getByTestId('header-balance')).toHaveText(headerAmount(won));
  }

  // The session ends on its clock; the job closes it and the seed is published: the browser recomputes every
  // envelope from it and finds the two grabbed ones as the server paid them.
  await first.waitForTimeout(Math.max(0, startsAt + 40_000 - Date.now()));
  cli('job', 'minigames.rains');
  for (const sheet of sheets) {
    await expect(sheet.getByTestId('rain-status')).toHaveAttribute('data-state', 'CLOSED', { timeout: 20_000 });
    await expect(sheet.getByTestId('rain-seed')).toHaveText(/^[0-9a-f]{64}$/);
  }
  await expect(watching.getByTestId('rain-grabs').locator('tbody tr')).toHaveCount(2);
  await watching.getByRole('button', { name: en('miniGames.fair.verify') }).click();
  await expect(watching.getByTestId('verdict-seed')).toHaveAttribute('data-ok', 'true');
  await expect(watching.getByTestId('verdict-amounts')).toHaveAttribute('data-ok', 'true');
  await expect(watching.getByTestId('verdict-amounts')).toContainText(en('miniGames.fair.amountsOk', { n: '2' }));

  // The lucky wheel: a check-in earns a play; the spin's prize is paid and listed in the reward centre.
  const wheel = `E2E wheel ${Date.now() % 100_000}`;
  const label = (text: string) => ({ EN: text });
  await operatorCall(request, '/wps/admin/minigames/games', {
    kind: 'WHEEL', name: { EN: wheel }, enabled: true, earn: { perDeposit: null, perTurnover: null, perCheckin: 1 },
    prizes: [
      { kind: 'MONEY', amount: '1.00', wagerMultiple: 0, label: label('1.00'), probability: '50' },
      { kind: 'MONEY', amount: '2.00', wagerMultiple: 0, label: label('2.00'), probability: '50' },
    ],
  });
  await loginNewMember(page, 'EN', newPlayer('wheel'));
  const game = await openEntry(page, 'mini-game-game', wheel);
  await game.getByTestId('game-checkin').click();
  await expect(game.getByTestId('game-plays-left')).toHaveText(en('miniGames.game.playsLeft', { n: '1' }));
  await game.getByTestId('wheel-spin').click();
  await expect(game.getByTestId('game-result')).toContainText(/[12]\.00/, { timeout: 15_000 });
  const prize = cents(await page.getByTestId('header-balance').textContent());
  expect([1_00, 2_00]).toContain(prize);
  await game.getByRole('button', { name: en('common.close') }).click();

  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await centre.getByRole('button', { name: en('memberCentre.pages.rewardCenter') }).click();
  const row = centre.getByTestId('minigame-prize-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-game', 'WHEEL');
  await expect(row).toContainText(headerAmount(prize).replace('P ', ''));
  ledgerIsClean();
});
