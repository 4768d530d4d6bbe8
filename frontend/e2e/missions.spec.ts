// Issue 31's missions in Chromium: staff create a weekly slots mission with a leaderboard in the console; a
// member reads it in English and Chinese, plays the house slot until its task is done, claims the reward in the
// reward centre, and watches the leaderboard change live while another member plays in another browser. The
// ledger stays clean.
import { expect, type Page } from '@playwright/test';

import { spin } from './agents';
import { consoleAddress, consoleStrings, enrol, openStaff, unique } from './console-support';
import { test } from './test';
import { cents, headerAmount, ledgerIsClean, loginNewMember, newPlayer, operatorCall, strings } from './support';

const en = strings('EN');
const cn = strings('CN');

// The winner board's mask: the first two letters, three stars, the last one.
function masked(username: string): string {
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

async function fund(request: Parameters<typeof operatorCall>[0], username: string) {
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, {
    amount: '500.00',
    requestId: `e2e-mission-${username}`,
    reason: 'e2e missions',
  });
}

async function missionCard(page: Page, title: string) {
  const card = page.getByTestId('promo-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  return card;
}

test('staff create a weekly slots mission; a member completes it, claims it, and sees the board move live', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const c = consoleStrings('en');
  const name = `E2E slots week ${unique()}`;
  const staff = await browser.newPage({ extraHTTPHeaders: consoleAddress() });
  await enrol(staff, openStaff('OPERATOR', 'e2emission'));
  await staff.goto('/console/promotions');
  await staff.getByRole('button', { name: c('promotions.list.add') }).first().click();
  const form = staff.getByRole('form');
  await form.getByLabel(c('promotions.form.kind'), { exact: true }).selectOption('MISSION');
  await form.getByLabel(c('promotions.form.category'), { exact: true }).selectOption('CASINO');
  const yesterday = new Date(Date.now() - 86_400_000);
  const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel(c('promotions.form.start'), { exact: true }).fill(local);
  await form.getByLabel(c('promotions.missions.period'), { exact: true }).selectOption('WEEKLY');
  await form.getByLabel(c('promotions.missions.taskType', { task: '1' }), { exact: true }).selectOption('TURNOVER');
  await form.getByLabel(c('promotions.missions.targetAmount', { task: '1' }), { exact: true }).fill('40');
  await form.getByLabel(c('promotions.missions.category', { task: '1' }), { exact: true }).selectOption('RNG');
  await form.getByLabel(c('promotions.missions.reward', { task: '1' }), { exact: true }).fill('5');
  await form.getByLabel(c('promotions.missions.withBoard'), { exact: true }).check();
  await form.getByLabel(c('promotions.missions.boardCategory'), { exact: true }).selectOption('RNG');
  // Other specs' players spin the same slot on this server: enough rows that ours stay on the board.
  await form.getByLabel(c('promotions.missions.size'), { exact: true }).selectOption('100');
  await form.getByLabel(c('promotions.missions.prize', { rank: '1' }), { exact: true }).fill('50');
  await form.getByLabel(c('promotions.form.wagerMultiple'), { exact: true }).fill('1');
  await form.getByLabel(c('content.texts.title', { language: 'English' }), { exact: true }).fill(name);
  await form.getByLabel(c('content.texts.content', { language: 'English' }), { exact: true }).fill('<p>Spin 40.00 on the slots this week.</p>');
  await form.getByRole('tab', { name: '中文' }).click();
  await form.getByLabel(c('content.texts.title', { language: '中文' }), { exact: true }).fill(`${name} 老虎机`);
  await form.getByLabel(c('content.texts.content', { language: '中文' }), { exact: true }).fill('<p>本周老虎机流水40.00。</p>');
  await form.getByRole('button', { name: c('promotions.form.save') }).click();
  await expect(staff.getByRole('row').filter({ hasText: name })).toContainText(c('promotions.states.RUNNING'));

  // A member reads it in English.
  const player1 = newPlayer('msone');
  await fund(request, player1);
  await loginNewMember(page, 'EN', player1, 'Demo1234', '/promotions');
  await page.goto('/promotions');
  const card = await missionCard(page, name);
  await expect(card).toContainText(en('promotions.status.PROCESS'));
  await card.getByRole('link').first().click();
  const detail = page.getByTestId('promo-detail');
  const task = detail.getByTestId('mission-task').first();
  await expect(task).toContainText('0.00');
  await expect(detail.getByTestId('mission-board')).toBeVisible();

  // Two spins of 20.00 on Golden Dragon complete the task.
  await page.goto('/');
  for (let n = 0; n < 2; n += 1) await spin(page);
  await page.goto('/');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/^P [1-9]/); // 500.00 and the spins' outcome, once read
  const before = cents(await balance.textContent());
  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await centre.getByRole('button', { name: en('memberCentre.pages.rewardCenter') }).click();
  const ready = centre.getByTestId('mission-task-row').filter({ hasText: name });
  await ready.getByRole('button', { name: en('promotions.actions.CLAIM') }).click();
  await expect(balance).toHaveText(headerAmount(before + 5_00));
  await expect(ready).toHaveCount(0);
  // The missions page lists it, claimed.
  await centre.getByRole('button', { name: en('memberCentre.pages.missionLeaderboard') }).click();
  const mine = centre.getByTestId('mission-card').filter({ hasText: name });
  await expect(mine.getByTestId('mission-task-state').first()).toHaveText(en('promotions.status.CLAIMED'));
  const board = mine.getByTestId('mission-board');
  await expect(board.locator('.mission-board-me')).toContainText('40.00');

  // Another member, in Chinese in another browser, reads the mission and plays: the first member's board
  // shows it without a reload.
  const player2 = newPlayer('mstwo');
  await fund(request, player2);
  const other = await (await browser.newContext()).newPage();
  await loginNewMember(other, 'CN', player2, 'Demo1234', '/promotions');
  await other.goto('/promotions');
  await expect(await missionCard(other, `${name} 老虎机`)).toContainText(cn('promotions.status.PROCESS'));
  await other.goto('/');
  await other.getByTestId('nav-RNG').click();
  await other.locator('[data-game-name="金龙"]').first().click(); // Golden Dragon, in Chinese
  await expect(other.getByTestId('game-iframe')).toBeVisible();
  for (let n = 0; n < 3; n += 1) await spin(other);
  const row = board.getByTestId('mission-board-row').filter({ hasText: masked(player2) }).filter({ hasText: '60.00' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const theirs = Number(await row.first().getAttribute('data-rank'));
  const ours = Number(await board.locator('.mission-board-me').getAttribute('data-rank'));
  expect(theirs).toBeLessThan(ours);
  await other.context().close();
  ledgerIsClean();
});
