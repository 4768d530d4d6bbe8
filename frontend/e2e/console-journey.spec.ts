// The back office as its first users meet it, in a real browser against the real server (issue 14's "done
// when"): admin1 signs in for the first time and enrols two-factor sign-in, finds a player and watches the
// statement move while the player deposits in another browser; the player asks for withdrawals, admin1
// approves and pays one out and rejects another from the cashier desk, and the player's header balance and
// records follow. support1 reads members but has no cashier desk, and the API refuses it the cashier's calls;
// finance1 has no brand settings, and the API refuses it their changes.
//
// This spec owns the demo operator admin1's enrolment (each run starts on a fresh database); the other specs
// open operators of their own. The player is new each run, so that no other spec's money can matter.
import { type Browser, expect, type Page } from '@playwright/test';

import { test } from './test';

import {
  consoleAddress,
  consoleStrings,
  decide,
  DEMO_PASSWORD,
  enrol,
  expectForbidden,
  refusedAt,
  signIn,
  socketAccepted,
  staffToken,
} from './console-support';
import { loginNewMember, newPlayer, payBySandbox, setUpWithdrawals, strings } from './support';

const t = consoleStrings('en');
const portal = strings('EN');

test.use({ extraHTTPHeaders: consoleAddress() });

// The player's own window: the portal, signed in, its member centre a click away.
async function playerWindow(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginNewMember(page, 'EN', username);
  return page;
}

async function openCentre(player: Page, section: string) {
  const centre = player.getByTestId('member-centre');
  if (!(await centre.isVisible())) {
    await player.getByTestId('logged-in-panel').getByRole('button', { name: portal('account.panel.deposit') }).click();
  }
  await centre.getByRole('button', { name: portal(`memberCentre.pages.${section}`), exact: true }).click();
  return centre;
}

async function sandboxDeposit(player: Page, amount: string) {
  const centre = await openCentre(player, 'depositv2');
  await (await payBySandbox(player, centre, portal, amount)).close();
}

// A withdrawal password and a bank account in the player's name (the login password is the one chosen at
// the first login, support.ts's loginNewMember).
async function readyToWithdraw(player: Page) {
  const centre = await openCentre(player, 'securityCenter');
  await setUpWithdrawals(centre, portal, 'Renewed123', 'Journey Player');
}

// Asks for a withdrawal and answers its order number, read off the player's list.
async function withdraw(player: Page, amount: string): Promise<string> {
  const centre = await openCentre(player, 'withdraw');
  await centre.getByLabel(portal('wallet.amount')).fill(amount);
  await centre.getByLabel(portal('account.fields.paymentPassword')).fill('246810');
  await centre.getByRole('button', { name: portal('wallet.withdraw.submit'), exact: true }).click();
  const newest = centre.getByTestId('withdrawal-list').locator('li').first();
  await expect(newest).toContainText(amount);
  await expect(newest.getByText(portal('wallet.status.PENDING'), { exact: true })).toBeVisible();
  const orderNo = await newest.getAttribute('data-order');
  expect(orderNo).toMatch(/^[A-Z0-9]+$/);
  return orderNo!;
}

test.describe('the back office, first day', () => {
  test('admin1 enrols, watches a player deposit live, and approves, pays out and rejects withdrawals the player sees', async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const username = newPlayer('e2ejrny');
    const accepted = socketAccepted(page);
    await enrol(page, 'admin1', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await accepted;

    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await nav.getByRole('link', { name: t('sections.members') }).click();
    await page.getByLabel(t('members.query')).fill(username);
    await page.getByLabel(t('members.query')).press('Enter');
    await page.getByRole('link', { name: username, exact: true }).click();
    await expect(page.getByRole('heading', { name: t('members.memberTitle', { username }) })).toBeVisible();
    const statement = page.getByRole('region', { name: t('members.statement') });
    await expect(statement).toContainText(t('members.noStatement'));

    // The player deposits in a browser of its own: the statement and the wallet move here, unreloaded.
    const player = await playerWindow(browser, username);
    const balance = player.getByTestId('header-balance');
    await sandboxDeposit(player, '500');
    await expect(balance).toHaveText('P 500.00');
    const deposit = statement.getByRole('row').filter({ hasText: 'DEPOSIT' });
    await expect(deposit).toHaveCount(1);
    await expect(deposit).toContainText('500.00');
    await expect(deposit).toHaveClass(/cs-fresh/);
    const main = page.getByRole('region', { name: t('members.wallets') }).getByRole('row').filter({ hasText: 'MAIN' });
    await expect(main.getByRole('cell').last()).toHaveText('500.00');

    // A withdrawal request: the desk's badge appears on the member page, and the hold shows in the statement.
    await readyToWithdraw(player);
    const paid = await withdraw(player, '200');
    await expect(balance).toHaveText('P 300.00');
    const desk = nav.getByRole('link', { name: t('cashier.nav') });
    await expect(nav.getByTestId('cashier-badge')).toContainText('1');
    await expect(statement.getByRole('row').filter({ hasText: t('records.kinds.WITHDRAW_HOLD') }).filter({ hasText: '-200.00' })).toHaveCount(1);

    await desk.click();
    await page.getByRole('tab', { name: t('cashier.tabs.withdrawals') }).click();
    const row = page.locator(`tr[data-order="${paid}"]`);
    await expect(row).toContainText(username);
    await decide(page, paid, 'approve', 'checked by the journey');
    await expect(row).toContainText(t('cashier.receipt.toPay'));
    await decide(page, paid, 'disburse', 'paid by the journey');
    await expect(row).toContainText(t('cashier.status.DISBURSED'));

    // The player's list says so; the money left when it was asked for, so the header stays.
    const centre = await openCentre(player, 'transferFund');
    await centre.getByRole('button', { name: portal('memberCentre.pages.withdraw') }).click();
    const paidItem = centre.locator(`li[data-order="${paid}"]`);
    await expect(paidItem.getByText(portal('wallet.status.DISBURSED'), { exact: true })).toBeVisible();
    await expect(balance).toHaveText('P 300.00');

    // A second request, rejected: the hold comes back to the player's header without a reload.
    const rejected = await withdraw(player, '150');
    await expect(balance).toHaveText('P 150.00');
    await page.getByRole('button', { name: t('cashier.apply') }).click();
    await decide(page, rejected, 'reject', 'rejected by the journey');
    await expect(balance).toHaveText('P 300.00');

    // The player's account records: the deposit, the two holds and the release.
    await openCentre(player, 'transactionHistory');
    const records = player.getByTestId('member-centre').getByTestId('records');
    await expect(records.getByRole('row')).toHaveCount(5);
    await expect(records.getByRole('cell', { name: portal('wallet.records.types.DEPOSIT'), exact: true })).toBeVisible();
    await player.context().close();
  });

  test('support1 reads members but has no cashier desk, and the API refuses it the cashier', async ({ page }) => {
    await signIn(page, 'support1', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console\/members$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link', { name: t('cashier.nav') })).toHaveCount(0);
    await page.getByLabel(t('members.query')).fill('player1');
    await page.getByLabel(t('members.query')).press('Enter');
    await page.getByRole('link', { name: 'player1', exact: true }).click();
    await expect(page.getByRole('region', { name: t('members.statement') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('members.lock') })).toHaveCount(0);
    await refusedAt(page, '/console/cashier');

    const headers = { Merchant: 'demo', Authorization: await staffToken(page) };
    const queue = await page.request.get('/wps/admin/withdrawals', { headers });
    expect(queue.status()).toBe(403);
    await expectForbidden(await page.request.post('/wps/admin/withdrawals/W1/approve', { headers, data: { note: 'no' } }));
  });

  test('finance1 enrols, has no brand settings, and the API refuses it their changes', async ({ page }) => {
    await enrol(page, 'finance1', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link', { name: t('cashier.nav') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('brand.nav') })).toHaveCount(0);
    await refusedAt(page, '/console/brand');

    const headers = { Merchant: 'demo', Authorization: await staffToken(page) };
    await expectForbidden(await page.request.put('/wps/admin/merchant/maintenance', { headers, data: { on: true } }));
    const read = await page.request.get('/wps/admin/brand', { headers });
    expect(read.status()).toBe(403);
  });
});
