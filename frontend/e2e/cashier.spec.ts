import { expect, type Page, test } from '@playwright/test';

import { openIn, operatorCall, strings } from './support';

// Sandbox deposit -> the header balance moves without a reload -> withdrawal -> an operator approves and
// pays out through the API -> the member confirms receipt. In English and in Chinese.
const PEOPLE = { EN: ['player1', 'Player One'], CN: ['agent1', 'Agent One'] } as const;

for (const lang of ['EN', 'CN'] as const) {
  const t = strings(lang);
  const [username, realName] = PEOPLE[lang];

  test(`deposit, withdraw and confirm receipt in ${lang}`, async ({ page, request }) => {
    await openIn(page, lang);
    const header = page.locator('.header-top');
    await header.getByPlaceholder(t('account.fields.username')).fill(username);
    await header.getByPlaceholder(t('account.fields.password')).fill('Demo1234');
    await header.getByRole('button', { name: t('account.login'), exact: true }).click();
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText('P 0.00');

    // Deposit through the sandbox gateway, paid in its own window.
    await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.deposit') }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.getByRole('heading', { name: t('memberCentre.pages.depositv2'), level: 2 })).toBeVisible();
    await centre.getByRole('tab', { name: 'Sandbox pay' }).click();
    await centre.getByLabel(t('wallet.amount')).fill('500');
    const popup = page.waitForEvent('popup');
    await centre.getByRole('button', { name: t('wallet.deposit.pay') }).click();
    const gateway = await popup;
    await gateway.getByRole('button', { name: 'Pay' }).click();
    await expect(gateway.getByRole('heading', { name: 'Payment paid' })).toBeVisible();
    await gateway.close();
    await expect(balance).toHaveText('P 500.00'); // pushed over the socket: no reload
    await expect(centre.getByRole('cell', { name: t('wallet.status.COMPLETED') })).toBeVisible();

    // Withdrawal password and bank account, then the withdrawal.
    await centre.getByRole('button', { name: t('memberCentre.pages.securityCenter') }).click();
    await centre.getByLabel(t('account.fields.password'), { exact: true }).fill('Demo1234');
    await centre.getByLabel(t('account.fields.paymentPassword'), { exact: true }).fill('246810');
    await centre.getByLabel(t('memberCentre.security.confirmPaymentPassword')).fill('246810');
    await centre.getByRole('button', { name: t('common.submit') }).click();
    await expect(centre.getByText(t('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
    await centre.getByLabel(t('memberCentre.security.bankName')).fill('Demo Bank');
    await centre.getByLabel(t('memberCentre.security.accountName')).fill(realName);
    await centre.getByLabel(t('memberCentre.security.accountNumber')).fill('123456789');
    await centre.getByRole('button', { name: t('memberCentre.security.addBank') }).click();
    await expect(centre.getByText('*****6789')).toBeVisible();

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
