// Issue 31, the player's side of promotions in Chromium: the demo brand's promotions for a visitor in English
// and Chinese; a new member deposits, claims the first-deposit bonus in the reward centre, is refused a
// withdrawal with the turnover still owed, sees the wagering progress, and checks in for the day. The ledger
// stays clean.
import { expect, type Page } from '@playwright/test';

import { consoleAddress, consoleStrings, enrol, openStaff, unique } from './console-support';
import { test } from './test';
import { headerAmount, ledgerIsClean, loginNewMember, newPlayer, openIn, operatorCall, payBySandbox, setUpWithdrawals, strings } from './support';

const en = strings('EN');
const cn = strings('CN');

async function cardOf(page: Page, title: string) {
  const card = page.getByTestId('promo-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  return card;
}

test('a visitor reads the promotions in English and Chinese, and joining asks them to log in', async ({ page }) => {
  await openIn(page, 'EN', '/promotions');
  await expect(page.getByRole('heading', { name: en('promotions.title'), level: 1 })).toBeVisible();
  const welcome = await cardOf(page, '100% first-deposit bonus');
  await expect(await cardOf(page, 'Daily check-in')).toBeVisible();
  // The tabs filter by category.
  await page.getByRole('tab', { name: en('promotions.categories.DAILY') }).click();
  await expect(page.getByTestId('promo-card')).toHaveCount(1);
  await page.getByRole('tab', { name: en('promotions.all') }).click();
  await welcome.getByRole('button', { name: en('promotions.actions.LOGIN') }).click();
  await expect(page.getByPlaceholder(en('account.fields.username')).first()).toBeVisible();

  await openIn(page, 'CN', '/promotions');
  const chinese = await cardOf(page, '首存100%红利');
  await chinese.getByRole('link').first().click();
  const detail = page.getByTestId('promo-detail');
  await expect(detail.getByText('首次存款100.00或以上')).toBeVisible();
  await expect(detail.getByTestId('promo-terms')).toContainText('100%');
  await expect(detail.getByRole('button', { name: cn('promotions.actions.LOGIN') })).toBeVisible();
});

test('a new member deposits, claims the bonus, is held to its turnover and checks in', async ({ page }) => {
  const username = newPlayer('promo');
  await loginNewMember(page, 'EN', username, 'Demo1234', '/promotions');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(headerAmount(0));
  // The login lands on the home page; the header's Promotions leads back.
  await page.locator('.header-bottom').getByRole('link', { name: en('nav.promotions') }).click();
  await expect(page.getByRole('heading', { name: en('promotions.title'), level: 1 })).toBeVisible();

  // Deposit now opens the cashier; the sandbox pays 500.00.
  const welcome = await cardOf(page, '100% first-deposit bonus');
  await welcome.getByRole('button', { name: en('promotions.actions.DEPOSIT') }).click();
  const centre = page.getByTestId('member-centre');
  await expect(centre.getByRole('heading', { name: en('memberCentre.pages.depositv2'), level: 2 })).toBeVisible();
  await (await payBySandbox(page, centre, en, '500')).close();
  await expect(balance).toHaveText(headerAmount(500_00));

  // The reward centre offers the bonus: 100 % of 500.00.
  await centre.getByRole('button', { name: en('memberCentre.pages.rewardCenter') }).click();
  const reward = centre.getByTestId('reward-row').filter({ hasText: '100% first-deposit bonus' });
  await expect(reward).toContainText(en('promotions.rewardStatus.CLAIMABLE'));
  await reward.getByRole('button', { name: en('promotions.actions.CLAIM') }).click();
  await expect(reward).toContainText(en('promotions.rewardStatus.CLAIMED'));
  await expect(balance).toHaveText(headerAmount(1_000_00));

  // A withdrawal is refused while the bonus's turnover (10 x 500.00) is owed, and says how much.
  await setUpWithdrawals(centre, en, 'Renewed123', 'Promo Player');
  await centre.getByRole('button', { name: en('memberCentre.pages.withdraw') }).click();
  await centre.getByLabel(en('wallet.amount')).fill('200');
  await centre.getByLabel(en('account.fields.paymentPassword')).fill('246810');
  await centre.getByRole('button', { name: en('wallet.withdraw.submit'), exact: true }).click();
  await expect(centre.getByTestId('withdraw-error')).toContainText(en('wallet.turnover.required', { outstanding: 'P 5,000.00' }));
  await expect(balance).toHaveText(headerAmount(1_000_00));

  // The bonus page shows the progress.
  await centre.getByRole('button', { name: en('wallet.turnover.see') }).click();
  await expect(centre.getByTestId('wager-outstanding')).toContainText('5,000.00');
  await expect(centre.getByTestId('wager-lock')).toContainText(en('wallet.wagering.status.OPEN'));
  await page.keyboard.press('Escape');

  // Today's check-in pays day 1 of the streak.
  await page.goto('/promotions');
  const checkIn = await cardOf(page, 'Daily check-in');
  await checkIn.getByRole('button', { name: en('promotions.actions.CHECKIN') }).click();
  await expect(checkIn.getByTestId('promo-status')).toHaveText(en('promotions.status.SIGNED'));
  await expect(balance).toHaveText(headerAmount(1_001_00));
  ledgerIsClean();
});

test('staff create a first-deposit bonus in the console; a player joins it in Chinese and is paid with the deposit', async ({
  browser,
  page,
}) => {
  const c = consoleStrings('en');
  const name = `E2E welcome ${unique()}`;
  const staff = await browser.newPage({ extraHTTPHeaders: consoleAddress() });
  await enrol(staff, openStaff('OPERATOR', 'e2epromo'));
  await staff.goto('/console/promotions');
  await staff.getByRole('button', { name: c('promotions.list.add') }).first().click();
  const form = staff.getByRole('form');
  await form.getByLabel(c('promotions.form.kind')).selectOption('FIRST_DEPOSIT');
  await form.getByLabel(c('promotions.form.category')).selectOption('DEPOSIT');
  const yesterday = new Date(Date.now() - 86_400_000);
  const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel(c('promotions.form.start')).fill(local);
  await form.getByLabel(c('promotions.form.percent')).fill('50');
  await form.getByLabel(c('promotions.form.cap')).fill('300');
  await form.getByLabel(c('promotions.form.minDeposit')).fill('50');
  await form.getByLabel(c('promotions.form.claimMode')).selectOption('BEFORE');
  await form.getByLabel(c('promotions.form.wagerMultiple')).fill('2');
  // The expected cost shows as the form is filled: at most 300.00 a member.
  await expect(form.getByTestId('promotion-cost')).toContainText('300.00');
  await form.getByLabel(c('content.texts.title', { language: 'English' })).fill(name);
  await form.getByLabel(c('content.texts.content', { language: 'English' })).fill('<p>Half again on your first deposit.</p>');
  await form.getByRole('tab', { name: '中文' }).click();
  await form.getByLabel(c('content.texts.title', { language: '中文' })).fill(`${name} 首存`);
  await form.getByLabel(c('content.texts.content', { language: '中文' })).fill('<p>首存加赠50%。</p>');
  await form.getByRole('button', { name: c('promotions.form.save') }).click();
  const row = staff.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(c('promotions.states.RUNNING'));
  await expect(row.getByTestId('promotion-cost-cell')).toContainText('300.00');

  // The player reads it in Chinese, joins, and the deposit pays the bonus with it.
  const username = newPlayer('promojoin');
  await loginNewMember(page, 'CN', username, 'Demo1234');
  await page.goto('/promotions');
  const promotion = await cardOf(page, `${name} 首存`);
  await promotion.getByRole('button', { name: cn('promotions.actions.JOIN') }).click();
  await expect(promotion.getByTestId('promo-status')).toHaveText(cn('promotions.status.JOINED'));
  await promotion.getByRole('button', { name: cn('promotions.actions.DEPOSIT') }).click();
  const centre = page.getByTestId('member-centre');
  await (await payBySandbox(page, centre, cn, '200')).close();
  // 200.00 deposited and 50 % of it, 100.00, paid with it.
  await expect(page.getByTestId('header-balance')).toHaveText(headerAmount(300_00));
  await page.keyboard.press('Escape');
  await page.reload();
  await expect((await cardOf(page, `${name} 首存`)).getByTestId('promo-status')).toHaveText(cn('promotions.status.ISSUED'));

  // The console counts the payment.
  await staff.reload();
  await expect(staff.getByRole('row').filter({ hasText: name })).toContainText('100.00');
  ledgerIsClean();
});

test('a weekly turnover reward shows a member its tiers and their progress', async ({ page, request }) => {
  const name = `E2E turnover ${unique()}`;
  const starts = new Date(Date.now() - 86_400_000).toISOString();
  const tiers = [
    { turnover: '10.00', reward: '1.00' },
    { turnover: '1000.00', reward: '20.00' },
  ];
  await operatorCall(request, '/wps/admin/promotions', {
    kind: 'TURNOVER_TIERS',
    category: 'CASINO',
    startsAt: starts,
    texts: { EN: { title: name, content: '<p>Play more, earn more.</p>' } },
    params: { period: 'WEEKLY', tiers },
  });
  const username = newPlayer('promotier');
  await loginNewMember(page, 'EN', username, 'Demo1234', '/promotions');
  await page.goto('/promotions');
  const card = await cardOf(page, name);
  await expect(card.getByTestId('promo-status')).toHaveText(en('promotions.status.PROCESS'));
  await card.getByRole('link').first().click();
  const detail = page.getByTestId('promo-detail');
  await expect(detail.getByTestId('promo-tiers')).toContainText('1,000.00');
  const progress = detail.getByTestId('promo-progress');
  await expect(progress).toContainText(en('promotions.progress.turnover'));
  await expect(progress).toContainText(en('promotions.progress.toNextTier', { more: 'P 10.00', turnover: 'P 10.00', reward: 'P 1.00' }));
});
