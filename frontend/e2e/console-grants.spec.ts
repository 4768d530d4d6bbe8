// Bonus grants an operator cannot abuse (issue 29), in a real browser against the real server: a grant above
// the brand's ceiling is refused with the limit shown; one above the four-eyes threshold waits, nothing paid,
// and a second operator (opened with the command line, enrolled on screen) hears of it live, approves it on
// the cashier desk, and the member's balance rises once. The demo brand's limits: 20000.00 a grant, a second
// approval above 5000.00.
import { expect, type Page } from '@playwright/test';

import { test } from './test';
import { consoleAddress, consoleStrings, decide, enrol, openStaff, socketAccepted, staffToken } from './console-support';
import { newPlayer } from './support';

const t = consoleStrings('en');

test.use({ extraHTTPHeaders: consoleAddress() });

// The member's page, found through the search call as the signed-in staff member.
async function openMember(page: Page, username: string) {
  const answer = await page.request.get('/wps/admin/members', {
    headers: { Merchant: 'demo', Authorization: await staffToken(page) },
    params: { q: username },
  });
  const rows = ((await answer.json()) as { value: { id: number; username: string }[] }).value;
  const id = rows.find((row) => row.username === username)!.id;
  await page.goto(`/console/members/${id}`);
  await expect(page.getByRole('heading', { name: t('members.memberTitle', { username }) })).toBeVisible();
}

test('a grant above the threshold waits for a second operator, who pays it once; one above the ceiling is refused', async ({
  browser,
  page,
}) => {
  const player = newPlayer('e2egrant');
  const approver = await browser.newPage({ extraHTTPHeaders: consoleAddress() });
  const live = socketAccepted(approver);
  await enrol(approver, openStaff('OPERATOR', 'e2egrb'));
  await live;
  await enrol(page, openStaff('OPERATOR', 'e2egra'));
  await openMember(page, player);

  const grant = page.getByRole('region', { name: t('grants.form.title') });
  const outcome = grant.getByTestId('bonus-outcome');
  await grant.getByLabel(t('grants.form.amount')).fill('25000.00');
  await grant.getByLabel(t('grants.form.reason')).fill('e2e too much');
  await grant.getByRole('button', { name: t('grants.form.submit') }).click();
  await expect(grant.getByRole('alert')).toHaveText(t('errors.BONUS_GRANT_LIMIT', { limit: '20000.00' }));

  await grant.getByLabel(t('grants.form.amount')).fill('6000.00');
  await grant.getByLabel(t('grants.form.reason')).fill('e2e vip weekend');
  await grant.getByRole('button', { name: t('grants.form.submit') }).click();
  await expect(outcome).toContainText(/\bB\d{8}[0-9A-F]{10}\b/);
  const orderNo = /\b(B\d{8}[0-9A-F]{10})\b/.exec((await outcome.textContent()) ?? '')![1]!;
  await expect(outcome).toHaveText(t('grants.form.waiting', { amount: '6000.00', orderNo }));
  const wallets = page.getByRole('region', { name: t('members.wallets') });
  await expect(wallets).not.toContainText('6000.00'); // nothing paid while it waits

  // The second operator's console hears of it at once.
  const nav = approver.getByRole('navigation', { name: t('shell.nav') });
  await expect(approver.getByTestId('cashier-badge')).toHaveText(new RegExp(`^1${t('cashier.badge', { n: '1' })}$`));
  await nav.getByRole('link', { name: new RegExp(t('cashier.nav')) }).click();
  await approver.getByRole('tab', { name: t('cashier.tabs.grants') }).click();
  const row = await decide(approver, orderNo, 'approve', 'e2e checked the campaign');
  await expect(row).toContainText(t('cashier.status.PAID'));
  await expect(approver.getByText(t('grants.done.approve', { orderNo }))).toBeVisible();
  // A second approval of the same grant is refused: it is paid once.
  const again = await approver.request.post(`/wps/admin/bonus-grants/${orderNo}/approve`, {
    headers: { Merchant: 'demo', Authorization: await staffToken(approver) },
    data: { note: 'again' },
  });
  expect(again.status()).toBe(409);

  // The member's page, open all along, follows the payment: the main wallet and one statement line.
  const main = wallets.getByRole('row').filter({ hasText: 'MAIN' });
  await expect(main.getByRole('cell').last()).toHaveText('6000.00');
  await page.reload();
  await expect(main.getByRole('cell').last()).toHaveText('6000.00');
  const lines = page.getByRole('region', { name: t('members.statement') }).getByRole('table').getByRole('row');
  await expect(lines).toHaveCount(2); // the header and the one bonus
  await expect(lines.nth(1)).toContainText('6000.00');
  await approver.close();
});
