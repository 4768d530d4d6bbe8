import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { cli, ledgerIsClean, loginNewMember, newPlayer, openIn, operatorCall, payBySandbox, setUpWithdrawals, strings } from './support';

// Sandbox deposit -> the header balance moves without a reload -> withdrawal -> an operator approves and
// pays out through the API -> the member confirms receipt. In English and in Chinese.
// A new player in English (the demo's player1 holds a VIP level, whose monthly bonus the scheduler pays, so it
// does not start at 0.00), the demo's agent1 in Chinese (agents earn no VIP bonuses).
const PEOPLE = { EN: [null, 'Player One'], CN: ['agent1', 'Agent One'] } as const;

for (const lang of ['EN', 'CN'] as const) {
  const t = strings(lang);
  const [demoAccount, realName] = PEOPLE[lang];

  test(`deposit, withdraw and confirm receipt in ${lang}`, async ({ page, request }) => {
    let password = 'Demo1234';
    if (demoAccount === null) {
      await loginNewMember(page, lang, newPlayer('cashier'));
      password = 'Renewed123';
    } else {
      await openIn(page, lang);
      const header = page.locator('.header-top');
      await header.getByPlaceholder(t('account.fields.username')).fill(demoAccount);
      await header.getByPlaceholder(t('account.fields.password')).fill(password);
      await header.getByRole('button', { name: t('account.login'), exact: true }).click();
    }
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText('P 0.00');

    // Deposit through the sandbox gateway, paid in its own window.
    await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.deposit') }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByRole('heading', { name: t('memberCentre.pages.depositv2'), level: 2 })).toBeVisible();
    await (await payBySandbox(page, centre, t, '500')).close();
    await expect(balance).toHaveText('P 500.00'); // pushed over the socket: no reload
    await expect(centre.getByRole('cell', { name: t('wallet.status.COMPLETED') })).toBeVisible();

    // Withdrawal password and bank account, then the withdrawal.
    await setUpWithdrawals(centre, t, password, realName);

    await centre.getByRole('button', { name: t('memberCentre.pages.withdraw') }).click();
    await centre.getByLabel(t('wallet.amount')).fill('200');
    await centre.getByLabel(t('account.fields.paymentPassword')).fill('246810');
    await centre.getByRole('button', { name: t('wallet.withdraw.submit'), exact: true }).click();
    const list = centre.getByTestId('withdrawal-list');
    await expect(list.getByText(t('wallet.status.PENDING'), { exact: true })).toBeVisible();
    await expect(balance).toHaveText('P 300.00');

    // The operator approves and pays it out through the back-office API.
    const orderNo = await list.locator('li').first().getAttribute('data-order');
    expect(orderNo).toBeTruthy();
    await operatorCall(request, `/wps/admin/withdrawals/${orderNo}/approve`);
    await operatorCall(request, `/wps/admin/withdrawals/${orderNo}/disburse`, { note: 'sent by e2e' });

    // The member confirms it arrived.
    await reopenWithdrawals(page, t);
    await expect(list.getByText(t('wallet.status.DISBURSED'), { exact: true })).toBeVisible();
    await list.getByRole('button', { name: t('wallet.withdraw.received'), exact: true }).click();
    await expect(list.getByText(t('wallet.status.RECEIVED'), { exact: true })).toBeVisible();
    await expect(balance).toHaveText('P 300.00');

    // The account record shows all of it.
    await centre.getByRole('button', { name: t('memberCentre.pages.transactionHistory') }).click();
    const records = centre.getByTestId('records');
    await expect(records.getByRole('row')).toHaveCount(3); // header, deposit, withdrawal hold
    await expect(records.getByRole('cell', { name: t('wallet.records.types.DEPOSIT'), exact: true })).toBeVisible();
  });
}

async function reopenWithdrawals(page: Page, t: (key: string) => string) {
  const centre = page.getByTestId('member-centre');
  await centre.getByRole('button', { name: t('memberCentre.pages.transferFund') }).click();
  await centre.getByRole('button', { name: t('memberCentre.pages.withdraw') }).click();
}

// Issue 10, the cashier's defects: the second brand (a wallet per game provider) can deposit, "My wallet"
// lists every wallet by name, a transfer starts on two different wallets, the withdrawal form shows its limits
// and confirms, and 123456 is never a withdrawal password.
const DEMO2 = `http://demo2.localhost:${E2E_PORT}`;
const en = strings('EN');

// A fresh player of that merchant, so that other tests' use of the demo members cannot matter.
function openAccount(merchant: string, prefix: string): string {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  cli('member', 'create', merchant, username, '--password', 'Demo1234');
  return username;
}

async function bonus(request: APIRequestContext, merchant: string, username: string, amount: string) {
  await operatorCall(
    request,
    `/wps/admin/members/${username}/bonus`,
    { amount, reason: 'e2e funds', requestId: `e2e-${username}-${amount}` },
    merchant,
  );
}

// Logs in at the header of that site, completing the password change an operator-opened account asks for.
async function signIn(page: Page, origin: string, username: string) {
  await openIn(page, 'EN', `${origin}/`);
  const header = page.locator('.header-top');
  await header.getByPlaceholder(en('account.fields.username')).fill(username);
  await header.getByPlaceholder(en('account.fields.password')).fill('Demo1234');
  await header.getByRole('button', { name: en('account.login'), exact: true }).click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  const modal = page.getByTestId('change-password-modal');
  await modal.getByLabel(en('account.fields.newPassword'), { exact: true }).fill('Renewed123');
  await modal.getByLabel(en('account.fields.confirmNewPassword')).fill('Renewed123');
  await modal.getByRole('button', { name: en('common.submit') }).click();
  await expect(modal).toBeHidden();
}

// The option a select shows.
function shown(select: Locator): Promise<string | undefined> {
  return select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text);
}

async function openCentre(page: Page, entry: string) {
  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await centre.getByRole('button', { name: en(`memberCentre.pages.${entry}`), exact: true }).click();
  await expect(centre.getByRole('heading', { name: en(`memberCentre.pages.${entry}`), level: 2 })).toBeVisible();
  return centre;
}

test.describe('cashier defects of issue 10', () => {
  test('a second-brand player sees the deposit channels and deposits', async ({ page }) => {
    const username = openAccount('demo2', 'wdep');
    await signIn(page, DEMO2, username);
    const centre = await openCentre(page, 'depositv2');
    await expect(centre.getByRole('tab', { name: 'Bank transfer' })).toBeVisible();
    const gateway = await payBySandbox(page, centre, en, '500');
    await expect(gateway.getByText('The merchant was notified.')).toBeVisible();
    await gateway.close();
    await expect(page.getByTestId('header-balance')).toHaveText('P 500.00');
    await expect(centre.getByRole('cell', { name: en('wallet.status.COMPLETED') })).toBeVisible();
    ledgerIsClean();
  });

  test('a brand with no deposit channel says so', async ({ page }) => {
    const code = `wal${Date.now() % 1_000_000}`;
    cli('merchant', 'create', code, '--domain', `${code}.localhost`);
    const username = openAccount(code, 'wnone');
    await signIn(page, `http://${code}.localhost:${E2E_PORT}`, username);
    const centre = await openCentre(page, 'depositv2');
    await expect(centre.getByText(en('wallet.deposit.noChannels'))).toBeVisible();
    await expect(centre.getByRole('tab')).toHaveCount(0);
  });

  test('My wallet lists every wallet by name, and a transfer starts on two different wallets', async ({ page, request }) => {
    const username = openAccount('demo2', 'wwal');
    await bonus(request, 'demo2', username, '80.00');
    await signIn(page, DEMO2, username);
    const centre = await openCentre(page, 'transferFund');
    const list = centre.getByRole('table');
    const row = (name: string) => list.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row(en('wallet.mainWallet'))).toContainText('P 80.00');
    await expect(row('House games')).toContainText('P 0.00'); // the game wallet by its provider's name
    await expect(row(en('wallet.total'))).toContainText('P 80.00');
    await expect(list.getByRole('row')).toHaveCount(3);
    await expect(list).not.toContainText('HOUSE');

    // From the main wallet into the game wallet unless the member picks otherwise.
    const from = centre.getByRole('combobox', { name: en('wallet.transfer.from'), exact: true });
    const to = centre.getByRole('combobox', { name: en('wallet.transfer.to'), exact: true });
    await expect.poll(() => shown(from)).toBe(en('wallet.mainWallet'));
    await expect.poll(() => shown(to)).toBe('House games');
    const choices = [en('wallet.mainWallet'), 'House games'];
    await expect(from.locator('option')).toHaveText(choices);
    await expect(to.locator('option')).toHaveText(choices);
    await centre.getByLabel(en('wallet.amount')).fill('30');
    await centre.getByRole('button', { name: en('wallet.transfer.submit'), exact: true }).click();
    const done = en('wallet.transfer.done', { amount: 'P 30.00', from: en('wallet.mainWallet'), to: 'House games' });
    await expect(centre.getByRole('status')).toHaveText(done);
    await expect(row(en('wallet.mainWallet'))).toContainText('P 50.00');
    await expect(row('House games')).toContainText('P 30.00');

    // Picking the other side's wallet swaps the sides: never one wallet on both.
    await from.selectOption({ label: 'House games' });
    await expect.poll(() => shown(to)).toBe(en('wallet.mainWallet'));
    await centre.getByLabel(en('wallet.amount')).fill('10');
    await centre.getByRole('button', { name: en('wallet.transfer.submit'), exact: true }).click();
    await expect(row('House games')).toContainText('P 20.00');
    await expect(row(en('wallet.mainWallet'))).toContainText('P 60.00');
    await expect(page.getByTestId('header-balance')).toHaveText('P 80.00');

    // The account record names the wallets of each transfer too.
    await centre.getByRole('button', { name: en('memberCentre.pages.transactionHistory'), exact: true }).click();
    const records = centre.getByTestId('records');
    await expect(records.getByRole('cell', { name: `${en('wallet.mainWallet')} → House games` })).toHaveCount(2);
    await expect(records.getByRole('cell', { name: `House games → ${en('wallet.mainWallet')}` })).toHaveCount(2);
    await expect(records).not.toContainText('HOUSE');
    ledgerIsClean();
  });

  test('the withdrawal password 123456 is refused', async ({ page }) => {
    const username = openAccount('demo', 'wpin');
    await signIn(page, 'http://127.0.0.1:' + String(E2E_PORT), username);
    const centre = await openCentre(page, 'securityCenter');
    const setPin = async (pin: string) => {
      await centre.getByLabel(en('account.fields.password'), { exact: true }).fill('Renewed123');
      await centre.getByLabel(en('account.fields.paymentPassword'), { exact: true }).fill(pin);
      await centre.getByLabel(en('memberCentre.security.confirmPaymentPassword')).fill(pin);
      await centre.getByRole('button', { name: en('common.submit') }).click();
    };
    await setPin('123456');
    await expect(centre.getByRole('alert')).toHaveText(en('errors.PAYMENT_PASSWORD_DEFAULT'));
    await expect(centre.getByText(en('memberCentre.security.paymentPasswordSaved'))).toBeHidden();
    await expect(centre.getByText(en('memberCentre.security.paymentPasswordMissing'))).toBeVisible();
    await setPin('246810');
    await expect(centre.getByText(en('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
  });

  test('the withdrawal form shows what may be withdrawn and confirms the request', async ({ page, request }) => {
    const username = openAccount('demo', 'wout');
    await bonus(request, 'demo', username, '500.00');
    await signIn(page, 'http://127.0.0.1:' + String(E2E_PORT), username);
    const centre = await openCentre(page, 'securityCenter');
    await centre.getByLabel(en('account.fields.password'), { exact: true }).fill('Renewed123');
    await centre.getByLabel(en('account.fields.paymentPassword'), { exact: true }).fill('246810');
    await centre.getByLabel(en('memberCentre.security.confirmPaymentPassword')).fill('246810');
    await centre.getByRole('button', { name: en('common.submit') }).click();
    await expect(centre.getByText(en('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
    await centre.getByLabel(en('memberCentre.security.bankName')).fill('Demo Bank');
    await centre.getByLabel(en('memberCentre.security.accountName')).fill('Walter Out');
    await centre.getByLabel(en('memberCentre.security.accountNumber')).fill('555566667777');
    await centre.getByRole('button', { name: en('memberCentre.security.addBank') }).click();
    await expect(centre.getByText('*****7777')).toBeVisible();

    await centre.getByRole('button', { name: en('memberCentre.pages.withdraw'), exact: true }).click();
    const facts = centre.getByTestId('withdraw-limits');
    await expect(facts).toContainText(`${en('wallet.withdraw.available')}P 500.00`);
    await expect(facts).toContainText(en('wallet.withdraw.range', { min: 'P 100.00', max: 'P 50,000.00' }));
    await expect(facts).toContainText(en('wallet.withdraw.todayCount', { used: '0', count: '5' }));

    // More than the available balance: refused before anything is sent.
    const submit = centre.getByRole('button', { name: en('wallet.withdraw.submit'), exact: true });
    await centre.getByLabel(en('wallet.amount')).fill('600');
    await centre.getByLabel(en('account.fields.paymentPassword')).fill('246810');
    await expect(centre.getByText(en('wallet.withdraw.overAvailable', { available: 'P 500.00' }))).toBeVisible();
    await expect(submit).toBeDisabled();

    await centre.getByLabel(en('wallet.amount')).fill('200');
    await expect(submit).toBeEnabled();
    await submit.click();
    const list = centre.getByTestId('withdrawal-list');
    const orderNo = await list.locator('li').first().getAttribute('data-order');
    expect(orderNo).toBeTruthy();
    const confirmation = en('wallet.withdraw.submitted', {
      orderNo: orderNo!,
      amount: 'P 200.00',
      status: en('wallet.status.PENDING'),
    });
    await expect(centre.getByTestId('withdraw-confirmation')).toHaveText(confirmation);
    await expect(facts).toContainText(`${en('wallet.withdraw.available')}P 300.00`);
    await expect(facts).toContainText(en('wallet.withdraw.todayCount', { used: '1', count: '5' }));
    await expect(page.getByTestId('header-balance')).toHaveText('P 300.00');
    ledgerIsClean();
  });
});
