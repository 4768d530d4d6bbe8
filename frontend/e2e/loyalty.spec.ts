// Issue 32, loyalty in Chromium: a new player plays the house slot and sees points and cashback accrue, claims
// the cashback, redeems a mall item with the withdrawal password, reaches the next VIP level after a deposit
// (the rank job run by the test) with the upgrade bonus and the new rank in the header; a friend registers
// from the player's link, deposits, and the invite reward arrives; a brand with MANPLAYREB3 off offers no
// cashback. The ledger stays clean.
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';

import { E2E_PORT } from '../playwright.config';
import { spin } from './agents';
import { consoleAddress, consoleStrings, enrol, openStaff, unique } from './console-support';
import { test } from './test';
import { cli, headerAmount, cents, ledgerIsClean, loginNewMember, newPlayer, openIn, operatorCall, operatorToken, payBySandbox, setUpWithdrawals, strings } from './support';

const en = strings('EN');
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };

async function operatorPut(request: APIRequestContext, path: string, data: object, merchant = 'demo') {
  const token = await operatorToken(request, merchant);
  const answer = await request.put(path, { headers: { Merchant: merchant, Authorization: token, ...BACK_OFFICE }, data });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

async function page(centre: Locator, name: string) {
  await centre.getByRole('button', { name: en(`memberCentre.pages.${name}`) }).click();
  await expect(centre.getByRole('heading', { name: en(`memberCentre.pages.${name}`), level: 2 })).toBeVisible();
}

async function openCentre(page: Page): Promise<Locator> {
  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await expect(centre).toBeVisible();
  return centre;
}

// A friend on a machine of its own (another address, so not the inviter's device or network) registers from
// the invite link and deposits.
async function friendRegisters(browser: Browser, link: string, username: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.23' } });
  const friend = await context.newPage();
  const url = new URL(link);
  await openIn(friend, 'EN', `/register${url.search}`);
  const modal = friend.getByTestId('register-modal');
  await modal.getByLabel(en('account.fields.username')).fill(username);
  await modal.getByLabel(en('account.fields.password'), { exact: true }).fill('Secret123');
  await modal.getByLabel(en('account.fields.confirmPassword')).fill('Secret123');
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: en('account.register'), exact: true }).click();
  await expect(friend.getByTestId('logged-in-panel')).toBeVisible();
  const centre = await openCentre(friend);
  await (await payBySandbox(friend, centre, en, '100')).close();
  await expect(friend.getByTestId('header-balance')).toHaveText(headerAmount(100_00));
  await context.close();
}

test('a player earns points and cashback, redeems, climbs a VIP level and is paid for a friend', async ({ page: player, browser, request }) => {
  test.setTimeout(240_000);
  // The demo's rules, with a friend's turnover requirement left out so that one deposit qualifies.
  await operatorPut(request, '/wps/admin/loyalty/referral', {
    enabled: true, reward: '10.00', deposit: '100.00', turnover: '0.00', days: 30, wagerMultiple: 1,
  });
  const username = newPlayer('loyal');
  // Money to play with that is not a deposit: the VIP level counts deposits, which come later.
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, { amount: '600.00', requestId: `e2e-loyal-${username}`, reason: 'e2e loyalty' });
  await loginNewMember(player, 'EN', username);
  const balance = player.getByTestId('header-balance');
  await expect(balance).toHaveText(headerAmount(600_00));
  // Level 0 (Member) shows in the header from the start.
  await expect(player.getByTestId('header-rank')).toHaveAttribute('data-level', '0');

  // Five spins of 100.00 (a line bet of 5.00) on the house slot: 500.00 of valid slot turnover.
  let stakes = 0;
  for (let n = 0; n < 5; n += 1) stakes += (await spin(player, '5.00')).stake;
  expect(stakes).toBe(500_00);
  await player.goto('/');

  // Cashback accrues from the settled spins at level 0's slot rate (0.30 %): 1.50, claimed once.
  const centre = await openCentre(player);
  await page(centre, 'manualRebate');
  await expect(centre.getByTestId('cashback-total')).toContainText('1.50');
  await expect(centre.getByTestId('cashback-rows')).toContainText('500.00');
  const before = cents(await balance.textContent());
  await centre.getByTestId('cashback-claim').click();
  await expect(centre.getByTestId('cashback-message')).toHaveText(en('loyalty.cashback.done', { amount: 'P 1.50' }));
  await expect(balance).toHaveText(headerAmount(before + 1_50));
  await expect(centre.getByTestId('cashback-claims')).toContainText('1.50');
  await expect(centre.getByTestId('cashback-claim')).toBeDisabled(); // nothing more accrued since

  // The withdrawal password the mall asks for; then a deposit of 100.00 (level 1 asks 50.00 of deposits and
  // 50.00 of turnover).
  await setUpWithdrawals(centre, en, 'Renewed123', 'Loyal Player');
  await page(centre, 'depositv2');
  await (await payBySandbox(player, centre, en, '100')).close();
  await expect(balance).toHaveText(headerAmount(before + 1_50 + 100_00));

  // The invite link on the referral page; a friend registers from it and deposits.
  await page(centre, 'referral');
  const link = await centre.getByTestId('referral-link').inputValue();
  expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORT}/\\?referralCode=\\w+$`));
  await expect(centre.getByTestId('referral-qr')).toBeVisible();
  const friend = `pal${Date.now() % 1_000_000}`;
  await friendRegisters(browser, link, friend);
  await centre.getByRole('button', { name: en('memberCentre.pages.rewardCenter') }).click();
  await page(centre, 'referral');
  await expect(centre.getByTestId('invitee')).toContainText(en('loyalty.referral.status.QUALIFIED'));

  // The jobs the scheduler runs, run now: ranks (level 1 reached: 5.00 upgrade bonus), invite rewards
  // (10.00), points (bets settled at least a minute ago: polled until the spins are counted, 500.00 x 1.20).
  await player.keyboard.press('Escape');
  cli('job', 'loyalty.review_ranks');
  cli('job', 'loyalty.referral_rewards');
  const token = await player.evaluate(() => sessionStorage.getItem('token'));
  const points = async () => {
    cli('job', 'loyalty.accrue_points');
    const answer = await request.get('/wps/points/balance', { headers: { Merchant: 'demo', Authorization: token ?? '' } });
    return ((await answer.json()) as { value: { current: number } }).value.current;
  };
  await expect.poll(points, { timeout: 120_000, intervals: [5_000] }).toBe(600);
  await player.reload();
  await expect(player.getByTestId('header-rank')).toHaveAttribute('data-level', '1');
  await expect(balance).toHaveText(headerAmount(before + 1_50 + 100_00 + 5_00 + 10_00));

  // The reward centre lists what loyalty paid.
  const again = await openCentre(player);
  await again.getByRole('button', { name: en('memberCentre.pages.rewardCenter') }).click();
  const paid = again.getByTestId('loyalty-reward-row');
  await expect(paid.filter({ hasText: en('promotions.loyalty.kinds.VIP_UPGRADE') })).toContainText('5.00');
  await expect(paid.filter({ hasText: en('promotions.loyalty.kinds.REFERRAL') })).toContainText('10.00');
  await expect(paid.filter({ hasText: en('promotions.loyalty.kinds.CASHBACK') })).toContainText('1.50');
  await page(again, 'referral');
  await expect(again.getByTestId('invitee')).toContainText(en('loyalty.referral.status.REWARDED'));
  await expect(again.getByTestId('referral-earned')).toContainText('10.00');
  await page(again, 'playerRank');
  await expect(again.getByTestId('rank-name')).toContainText('Bronze');

  // 600 points; the mall's 5.00 bonus costs 500, redeemed with the withdrawal password.
  await page(again, 'pointsDetails');
  await expect(again.getByTestId('points-row').first()).toContainText('600');
  await player.keyboard.press('Escape');
  await player.goto('/pointMall');
  const mall = player.getByTestId('point-mall');
  await expect(mall.getByTestId('points-current')).toContainText('600');
  const item = mall.getByTestId('mall-item').filter({ hasText: '5.00 bonus' });
  // The page was loaded afresh: the header's balance is read once it has arrived (not the empty one before).
  const beforeRedeem = before + 1_50 + 100_00 + 5_00 + 10_00;
  await expect(balance).toHaveText(headerAmount(beforeRedeem));
  await item.getByRole('button', { name: en('loyalty.mall.redeem') }).click();
  const dialog = player.getByTestId('redeem-dialog');
  await dialog.getByLabel(en('account.fields.paymentPassword')).fill('135791');
  await dialog.getByRole('button', { name: en('loyalty.mall.redeem') }).click();
  await expect(dialog.getByTestId('redeem-error')).toHaveText(en('errors.PAYMENT_PASSWORD_WRONG'));
  await dialog.getByLabel(en('account.fields.paymentPassword')).fill('246810');
  await dialog.getByRole('button', { name: en('loyalty.mall.redeem') }).click();
  await expect(mall.getByTestId('mall-message')).toBeVisible();
  await expect(mall.getByTestId('points-current')).toContainText('100');
  await expect(balance).toHaveText(headerAmount(beforeRedeem + 5_00));
  ledgerIsClean();
});

test('a brand with MANPLAYREB3 off offers no cashback, in the panel, the menu or the API', async ({ page, request }) => {
  const username = cli('member', 'create', 'demo2', `nocash${Date.now() % 1_000_000}`, '--password', 'Demo1234');
  await loginNewMember(page, 'EN', username, 'Demo1234', `http://demo2.localhost:${E2E_PORT}/`);
  const panel = page.getByTestId('logged-in-panel');
  await expect(panel.getByRole('button', { name: en('account.panel.bettingRecord') })).toBeVisible();
  await expect(panel.getByRole('button', { name: en('account.panel.cashback') })).toHaveCount(0);
  const centre = await openCentre(page);
  await expect(centre.getByRole('button', { name: en('memberCentre.pages.rewardCenter') })).toBeVisible();
  await expect(centre.getByRole('button', { name: en('memberCentre.pages.manualRebate') })).toHaveCount(0);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const answer = await request.get('/wps/member/cashback', { headers: { Merchant: 'demo2', Authorization: token ?? '' } });
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('MODULE_DISABLED');
});

test('staff add a physical item in the console; a member redeems it with an address and staff approve it', async ({ browser, page: player, request }) => {
  test.setTimeout(240_000);
  const c = consoleStrings('en');
  const name = `E2E cap ${unique()}`;
  const staff = await browser.newPage({ extraHTTPHeaders: consoleAddress() });
  await enrol(staff, openStaff('OPERATOR', 'e2eloyal'));
  await staff.goto('/console/loyalty');
  await staff.getByRole('tab', { name: c('loyalty.tabs.mall') }).click();
  await staff.getByRole('button', { name: c('loyalty.mall.add') }).first().click();
  const form = staff.getByRole('form');
  await form.getByLabel(c('loyalty.mall.form.category'), { exact: true }).selectOption('GOODS');
  await form.getByLabel(c('loyalty.nameIn', { language: 'English' }), { exact: true }).fill(name);
  await form.getByLabel(c('loyalty.mall.form.points'), { exact: true }).fill('10');
  await form.getByLabel(c('loyalty.mall.form.stock'), { exact: true }).fill('1');
  await form.getByRole('button', { name: c('loyalty.mall.form.save') }).click();
  await expect(staff.getByRole('row').filter({ hasText: name })).toContainText('10');

  // A member earns 24 points with one spin of 20.00 on the slot (1.20 a 1.00), then redeems the cap.
  const username = newPlayer('capper');
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, { amount: '50.00', requestId: `e2e-cap-${username}`, reason: 'e2e loyalty' });
  await loginNewMember(player, 'EN', username);
  const centre = await openCentre(player);
  await setUpWithdrawals(centre, en, 'Renewed123', 'Cap Player');
  await player.keyboard.press('Escape');
  await spin(player, '1.00');
  const token = await player.evaluate(() => sessionStorage.getItem('token'));
  await expect.poll(async () => {
    cli('job', 'loyalty.accrue_points');
    const answer = await request.get('/wps/points/balance', { headers: { Merchant: 'demo', Authorization: token ?? '' } });
    return ((await answer.json()) as { value: { current: number } }).value.current;
  }, { timeout: 120_000, intervals: [5_000] }).toBe(24);
  await player.goto('/pointMall');
  const mall = player.getByTestId('point-mall');
  await mall.getByTestId('mall-item').filter({ hasText: name }).getByRole('button', { name: en('loyalty.mall.redeem') }).click();
  const dialog = player.getByTestId('redeem-dialog');
  await dialog.getByLabel(en('loyalty.mall.address')).fill('1 Demo Street, Manila');
  await dialog.getByLabel(en('loyalty.mall.mobile')).fill('09171234567');
  await dialog.getByLabel(en('account.fields.paymentPassword')).fill('246810');
  await dialog.getByRole('button', { name: en('loyalty.mall.redeem') }).click();
  await expect(mall.getByTestId('mall-message')).toBeVisible();
  await expect(mall.getByTestId('points-current')).toContainText('14');
  // The last one: sold out now.
  await expect(mall.getByTestId('mall-item').filter({ hasText: name })).toContainText(en('loyalty.mall.status.SOLD_OUT'));

  // Staff approve it in the redeem queue; the member's history says so.
  await staff.getByRole('tab', { name: c('loyalty.tabs.redeems') }).click();
  const row = staff.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1 Demo Street, Manila');
  await row.getByRole('button', { name: c('loyalty.redeems.approve') }).click();
  await expect(staff.getByText(c('loyalty.redeems.approvedDone', { name: username, item: name }))).toBeVisible();
  await player.goto('/');
  const again = await openCentre(player);
  await page(again, 'redeemHistory');
  await expect(again.getByTestId('redeem-row').filter({ hasText: name })).toContainText(en('loyalty.redeems.status.APPROVED'));
  await staff.close();
  ledgerIsClean();
});
