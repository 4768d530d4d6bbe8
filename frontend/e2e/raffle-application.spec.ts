// Issue 31's raffle and application activity in Chromium. A member earns raffle tickets by depositing, the
// raffle draws when it ends (the embedded scheduler's job), the winner claims the prize, and the browser checks
// the published seed against the commitment published before the draw and repeats the draw. A member applies
// with a remark and a picture; staff approve it in the console's queue and the bonus is paid. The ledger stays
// clean.
import { expect, type Page } from '@playwright/test';

import { consoleAddress, consoleStrings, enrol, openStaff, unique } from './console-support';
import { test } from './test';
import { headerAmount, ledgerIsClean, loginNewMember, newPlayer, operatorCall, payBySandbox, strings } from './support';

const en = strings('EN');
// A 1 x 1 PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function detailOf(page: Page, id: number) {
  await page.goto(`/promoDetail?id=${id}`);
  const detail = page.getByTestId('promo-detail');
  await expect(detail).toBeVisible();
  return detail;
}

test('a member earns raffle tickets, wins the draw, claims the prize and verifies the draw', async ({ page, request }) => {
  test.setTimeout(240_000);
  const name = `E2E raffle ${unique()}`;
  // Only this test's deposits count: the raffle starts now and draws in half a minute.
  const created = ((await operatorCall(request, '/wps/admin/promotions', {
    kind: 'RAFFLE',
    category: 'OTHER',
    startsAt: new Date(Date.now() - 2_000).toISOString(),
    endsAt: new Date(Date.now() + 30_000).toISOString(),
    texts: { EN: { title: name, content: '<p>A ticket for every 100.00.</p>' } },
    params: { ticketBy: 'DEPOSIT', ticketEvery: '100.00', prizes: ['10.00'], wagerMultiple: 0 },
  })) as { value: { id: number } }).value;
  const username = newPlayer('raffle');
  await loginNewMember(page, 'EN', username);
  let detail = await detailOf(page, created.id);
  const commitment = await detail.getByTestId('raffle-commitment').textContent();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(detail.getByTestId('raffle-seed')).toHaveCount(0);

  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await (await payBySandbox(page, centre, en, '250')).close();
  await expect(page.getByTestId('header-balance')).toHaveText(headerAmount(250_00));
  await page.keyboard.press('Escape');
  detail = await detailOf(page, created.id);
  await expect(detail.getByTestId('raffle-mine')).toHaveText('2');

  // The draw: within a minute of the end (the job runs every minute).
  await expect(async () => {
    detail = await detailOf(page, created.id);
    await expect(detail.getByTestId('raffle-seed')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  await expect(detail.getByTestId('raffle-commitment')).toHaveText(commitment ?? '');
  await expect(detail.getByTestId('raffle-winner')).toHaveCount(1);
  await expect(detail.getByTestId('raffle-winner')).toContainText(`${username.slice(0, 2)}***${username.slice(-1)}`);

  // Anyone can check it: the seed's SHA-256 is the commitment, and the draw repeated gives the same winner.
  await detail.getByRole('button', { name: en('promotions.raffle.verify') }).click();
  await expect(detail.getByTestId('raffle-verdict-commitment')).toHaveAttribute('data-ok', 'true');
  await expect(detail.getByTestId('raffle-verdict-winners')).toHaveAttribute('data-ok', 'true');

  // The winner claims the prize.
  await detail.getByRole('button', { name: en('promotions.actions.CLAIM') }).first().click();
  await expect(page.getByTestId('header-balance')).toHaveText(headerAmount(260_00));
  ledgerIsClean();
});

test('a member applies with a remark and a picture; staff approve it in the console and the bonus is paid', async ({
  browser,
  page,
  request,
}) => {
  const name = `E2E story ${unique()}`;
  const created = ((await operatorCall(request, '/wps/admin/promotions', {
    kind: 'APPLICATION',
    category: 'OTHER',
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    texts: { EN: { title: name, content: '<p>Share your big win.</p>' } },
    params: { amount: '8.00', wagerMultiple: 0 },
  })) as { value: { id: number } }).value;
  const username = newPlayer('apply');
  await loginNewMember(page, 'EN', username);
  const detail = await detailOf(page, created.id);
  await detail.getByRole('button', { name: en('promotions.actions.APPLY') }).click();
  const form = page.getByTestId('promo-application-form');
  const remark = form.getByLabel(en('promotions.application.remark'));
  await remark.fill('x'.repeat(141));
  await expect(form.getByRole('button', { name: en('promotions.application.send') })).toBeDisabled();
  await remark.fill('My biggest win this week');
  await form.getByTestId('application-files').setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: PIXEL });
  await form.getByRole('button', { name: en('promotions.application.send') }).click();
  const mine = page.getByTestId('promo-application');
  await expect(mine).toContainText(en('promotions.application.waiting'));

  const c = consoleStrings('en');
  const staff = await browser.newPage({ extraHTTPHeaders: consoleAddress() });
  await enrol(staff, openStaff('OPERATOR', 'e2eapply'));
  await staff.goto('/console/promotions?tab=applications');
  const queue = staff.getByTestId('promotion-applications');
  const row = queue.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('My biggest win this week');
  await expect(row.getByRole('img')).toHaveCount(1);
  await row.getByRole('button', { name: c('promotions.applications.approve') }).click();
  await expect(queue.getByTestId('application-said')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('promo-application')).toContainText(
    en('promotions.application.approved', { amount: 'P 8.00' }),
  );
  await expect(page.getByTestId('header-balance')).toHaveText(headerAmount(8_00));
  ledgerIsClean();
});
