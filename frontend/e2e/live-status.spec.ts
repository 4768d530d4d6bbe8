import { type APIRequestContext, expect, type Locator } from '@playwright/test';

import { test } from './test';
import { headerAmount, loginNewMember, newPlayer, operatorCall, operatorToken, strings } from './support';

// Issue 29: what a player waits for arrives without a reload. Staff decisions on withdrawals move the open
// Withdraw panel's rows, buttons and the header balance; a notice published in the console shows on an open
// home page, dated at its publication.
const t = strings('EN');
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };
test.use({ timezoneId: 'UTC' }); // notice dates are shown in the browser's zone

// The staff console's notice calls (operatorCall posts; a change is a PUT, a removal a DELETE).
async function notices(request: APIRequestContext, method: 'PUT' | 'DELETE', path: string, data?: object) {
  const headers = { Merchant: 'demo', Authorization: await operatorToken(request), ...BACK_OFFICE };
  const answer = await request.fetch(`/wps/admin/content/notices${path}`, { method, headers, data });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { value: { publishedAt: string } | null }).value;
}

// "2026-12-06 09:30:15", as the home page writes a date in UTC.
const shownAt = (iso: string) => iso.slice(0, 19).replace('T', ' ');

function row(list: Locator, orderNo: string) {
  return list.locator(`li[data-order="${orderNo}"]`);
}

test('staff decisions and a published notice reach open pages without a reload', async ({ page, request, browser }) => {
  const username = newPlayer('live');
  await loginNewMember(page, 'EN', username);
  const balance = page.getByTestId('header-balance');
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');

  // Money in by bank transfer: the cashier confirms it, and the open deposit list follows.
  await centre.getByRole('tab', { name: 'Bank transfer' }).click();
  await centre.getByLabel(t('wallet.amount')).fill('1000');
  await centre.getByRole('button', { name: t('wallet.deposit.submit') }).click();
  const deposit = centre.locator('table.mc-table tbody tr').first();
  await expect(deposit.getByText(t('wallet.status.PENDING'), { exact: true })).toBeVisible();
  await operatorCall(request, `/wps/admin/deposits/${await deposit.locator('td').first().textContent()}/confirm`);
  await expect(deposit.getByText(t('wallet.status.COMPLETED'), { exact: true })).toBeVisible();
  await expect(balance).toHaveText(headerAmount(1000_00));

  // A withdrawal password and a bank account, then two withdrawals.
  await centre.getByRole('button', { name: t('memberCentre.pages.securityCenter') }).click();
  await centre.getByLabel(t('account.fields.password'), { exact: true }).fill('Renewed123');
  await centre.getByLabel(t('account.fields.paymentPassword'), { exact: true }).fill('246810');
  await centre.getByLabel(t('memberCentre.security.confirmPaymentPassword')).fill('246810');
  await centre.getByRole('button', { name: t('common.submit') }).click();
  await expect(centre.getByText(t('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
  await centre.getByLabel(t('memberCentre.security.bankName')).fill('Demo Bank');
  await centre.getByLabel(t('memberCentre.security.accountName')).fill('Live Tester');
  await centre.getByLabel(t('memberCentre.security.accountNumber')).fill('123456789');
  await centre.getByRole('button', { name: t('memberCentre.security.addBank') }).click();
  await expect(centre.getByText('*****6789')).toBeVisible();
  await centre.getByRole('button', { name: t('memberCentre.pages.withdraw') }).click();
  const list = centre.getByTestId('withdrawal-list');
  for (const count of [1, 2]) {
    await centre.getByLabel(t('wallet.amount')).fill('200');
    await centre.getByLabel(t('account.fields.paymentPassword')).fill('246810');
    await centre.getByRole('button', { name: t('wallet.withdraw.submit'), exact: true }).click();
    await expect(list.locator('li')).toHaveCount(count);
  }
  await expect(balance).toHaveText(headerAmount(600_00));
  const [paid, refused] = await list.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-order')!));
  const cancel = { name: t('wallet.withdraw.cancel'), exact: true };
  await expect(row(list, paid!).getByRole('button', cancel)).toBeVisible();

  // The operator approves and pays one, and rejects the other: the panel stays open and follows.
  await operatorCall(request, `/wps/admin/withdrawals/${paid}/approve`);
  await expect(row(list, paid!).getByText(t('wallet.status.APPROVED'), { exact: true })).toBeVisible();
  await expect(row(list, paid!).getByRole('button', cancel)).toHaveCount(0);
  await operatorCall(request, `/wps/admin/withdrawals/${paid}/disburse`, { note: 'sent' });
  await expect(row(list, paid!).getByText(t('wallet.status.DISBURSED'), { exact: true })).toBeVisible();
  await expect(row(list, paid!).getByRole('button', { name: t('wallet.withdraw.received'), exact: true })).toBeVisible();
  await operatorCall(request, `/wps/admin/withdrawals/${refused}/reject`, { note: 'no' });
  await expect(row(list, refused!).getByText(t('wallet.status.REJECTED'), { exact: true })).toBeVisible();
  await expect(row(list, refused!).getByRole('button', cancel)).toHaveCount(0);
  await expect(balance).toHaveText(headerAmount(800_00)); // the rejection gave the 200.00 back

  // A visitor's open home page; the console drafts a notice, then publishes it a moment later.
  const visitor = await browser.newContext({ timezoneId: 'UTC' });
  const home = await visitor.newPage();
  await home.goto('/');
  await expect(home.getByTestId('home-notices')).toBeAttached();
  const title = `Live notice ${Date.now() % 1_000_000}`;
  const draft = (await operatorCall(request, '/wps/admin/content/notices', {
    kind: 'PLAYER', published: false, texts: { EN: { title, content: `<p>${title}</p>` } },
  })) as { value: { id: number; updatedAt: string } };
  await home.waitForTimeout(1100); // so that the creation and the publication fall in different seconds
  const published = await notices(request, 'PUT', `/${draft.value.id}`, {
    kind: 'PLAYER', published: true, texts: { EN: { title, content: `<p>${title}</p>` } },
  });
  const shown = home.locator('.player-notices').getByRole('button', { name: new RegExp(title) });
  await expect(shown).toBeVisible();
  await expect(shown.locator('.notice-date')).toHaveText(shownAt(published!.publishedAt));
  expect(shownAt(published!.publishedAt)).not.toBe(shownAt(draft.value.updatedAt));
  await notices(request, 'DELETE', `/${draft.value.id}`); // withdrawn: it leaves the open page too
  await expect(shown).toHaveCount(0);
  await visitor.close();
});
