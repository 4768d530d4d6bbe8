import { expect, type Page } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { cli, loginNewMember, newPlayer, openIn, operatorCall, strings } from './support';

// What a newcomer met on a first visit: every customer-service entry leads somewhere real, times say
// their zone, and free play does not ask for member-only lists.

const t = strings('EN');

async function expectServicePage(popup: Page) {
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe('/service');
  await expect(popup.getByTestId('service-page')).toBeVisible();
  await expect(popup.getByRole('heading', { name: t('service.title') })).toBeVisible();
  await expect(popup.getByTestId('contact-channels').getByRole('link').first()).toBeVisible();
  await expect(popup.getByText(t('errors.notFound'))).toHaveCount(0);
}

async function expectChatPage(popup: Page) {
  await popup.waitForLoadState();
  await expect.poll(() => new URL(popup.url()).pathname).toBe('/chat');
  await expect(popup.getByTestId('chat-page')).toBeVisible();
  await expect(popup.getByText(t('errors.notFound'))).toHaveCount(0);
}

for (const origin of [`http://127.0.0.1:${E2E_PORT}`, `http://demo2.localhost:${E2E_PORT}`]) {
  test(`the side bar's customer service opens the chat (${new URL(origin).hostname})`, async ({ page }) => {
    await openIn(page, 'EN', `${origin}/`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('side-toggle').click();
    await page.getByRole('complementary').getByRole('button', { name: t('sidebar.customerService') }).click();
    await expectChatPage(await popupOpened);
  });
}

test('a member above rank 4 gets the VIP service, which opens the chat', async ({ page }) => {
  const username = newPlayer('vip', '--rank', '6');
  await loginNewMember(page, 'EN', username);
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('side-toggle').click();
  await page.getByRole('complementary').getByRole('button', { name: t('sidebar.vipService') }).click();
  await expectChatPage(await popupOpened);
});

test('the help centre and the maintenance page lead to the service page too', async ({ page }) => {
  await openIn(page, 'EN', '/help#contact');
  await expect(page.locator('#contact').getByTestId('contact-channels')).toBeVisible();
  cli('merchant', 'maintenance', 'demo', 'on');
  try {
    await page.goto('/');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: t('blocking.contactUs') }).click();
    // Reachable while the rest of the site is closed.
    await expectServicePage(await popupOpened);
  } finally {
    cli('merchant', 'maintenance', 'demo', 'off');
  }
});

test('times are shown in the viewer zone, naming the zone', async ({ browser, request }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Manila' });
  const page = await context.newPage();
  const username = newPlayer('zone');
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, {
    amount: '25.00',
    requestId: `e2e-zone-${username}`,
    reason: 'e2e zone',
  });
  await loginNewMember(page, 'EN', username);
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.personalCenter') }).click();
  const centre = page.getByTestId('member-centre');
  await centre.getByRole('button', { name: t('memberCentre.pages.transactionHistory') }).click();
  const cell = centre.getByTestId('records').getByRole('cell', { name: /GMT/ }).first();
  await expect(cell).toBeVisible();
  const shown = (await cell.textContent()) ?? '';
  // Manila is UTC+8 all year: the hour shown is the UTC hour plus eight.
  const manila = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 13).replace('T', ' ');
  expect(shown).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+8$/);
  expect(shown.slice(0, 13)).toBe(manila);
  await context.close();
});

test('free play opens every lobby without asking for member-only lists', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && /^\/(wps|lgw|lotto)\//.test(url.pathname)) {
      refused.push(`${response.status()} ${url.pathname}`);
    }
  });
  await openIn(page, 'EN');
  await page.locator('.header-top').getByRole('button', { name: t('account.freePlay') }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('P 10,000.00');
  for (const path of ['/rng', '/live', '/fish', '/pvp', '/sports', '/esports', '/elott', '/lottery']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
});
