// The console's dashboard in a real browser against the real server: an auditor lands on it, reads today's
// tiles and the chart (a canvas); a player's bank deposit, confirmed by the operator, raises today's deposits
// after a reload; support has neither the section nor the API; the page in Japanese; a tablet's width.
// The staff accounts and the player are opened with the command line, each with a new name.
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

import { test } from './test';
import { consoleAddress, consoleStrings, expectForbidden, openStaff, refusedAt, signIn, staffToken } from './console-support';
import { cents, loginNewMember, newPlayer, operatorCall } from './support';

const t = consoleStrings('en');
const TILES = ['deposits', 'withdrawals', 'stakes', 'wins', 'ggr', 'new-members', 'players-online'];

// An address of this spec's own, new each run (as console.spec.ts picks its own).
test.use({ extraHTTPHeaders: consoleAddress() });

const tileValue = (page: Page, id: string) => page.getByTestId(`tile-${id}`).locator('.cs-dash-value');
const todayUtc = () => new Date().toISOString().slice(0, 10);

// A new player signs in at the portal (in a window of its own), asks for a bank deposit through the API with
// the portal's token, and the operator confirms it through the back-office API.
async function confirmedDeposit(browser: Browser, request: APIRequestContext, amount: string) {
  const context = await browser.newContext();
  try {
    const player = await context.newPage();
    const username = newPlayer('e2edash');
    await loginNewMember(player, 'EN', username);
    const token = await player.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    const asked = await request.post('/wps/cashier/deposits', {
      headers: { Merchant: 'demo', Authorization: token! },
      data: { channel: 'BANK', amount, requestId: `e2e-dash-${username}`, payerReference: 'e2e dashboard' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const order = ((await asked.json()) as { value: { orderNo: string; status: string } }).value;
    expect(order.status).toBe('PENDING');
    const confirmed = (await operatorCall(request, `/wps/admin/deposits/${order.orderNo}/confirm`)) as {
      value: { status: string };
    };
    expect(confirmed.value.status).toBe('COMPLETED');
  } finally {
    await context.close();
  }
}

test.describe('the console dashboard', () => {
  test('an auditor lands on it, reads today and the chart, and a confirmed deposit raises today’s deposits', async ({
    page,
    browser,
    request,
  }) => {
    const auditor = openStaff('AUDITOR', 'e2edau');
    await signIn(page, auditor);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link').first()).toHaveText(t('dashboard.nav'));
    await expect(page.getByRole('heading', { name: t('dashboard.title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('dashboard.today', { day: todayUtc() }) })).toBeVisible();
    for (const id of TILES) await expect(page.getByTestId(`tile-${id}`)).toBeVisible();
    await expect(page.getByTestId('tile-players-online')).toContainText(t('dashboard.live'));
    // Amounts as the server writes them.
    for (const id of ['deposits', 'withdrawals', 'stakes', 'wins']) await expect(tileValue(page, id)).toHaveText(/^\d+\.\d{2}$/);
    await expect(tileValue(page, 'ggr')).toHaveText(/^-?\d+\.\d{2}$/);
    await expect(page.getByTestId('dashboard-updated')).toContainText(t('dashboard.updated', { time: '' }).trim());

    const chart = page.getByTestId('dashboard-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    for (const key of ['dashboard.ggr', 'dashboard.deposits', 'dashboard.withdrawals']) await expect(chart).toContainText(t(key));
    await expect(page.getByRole('alert')).toHaveCount(0);

    const before = cents(await tileValue(page, 'deposits').textContent());
    await confirmedDeposit(browser, request, '123.45');
    await page.reload();
    await expect(page.getByTestId('tile-deposits')).toBeVisible();
    expect(cents(await tileValue(page, 'deposits').textContent())).toBe(before + 12_345);
    // The player who just signed in is online.
    expect(Number(await tileValue(page, 'players-online').textContent())).toBeGreaterThanOrEqual(1);

    // A month: 30 days in the table, today first and as the tile says.
    const periods = page.getByRole('group', { name: t('dashboard.period') });
    await periods.getByRole('button', { name: t('dashboard.lastDays', { n: '30' }) }).click();
    await expect(page).toHaveURL(/\/console\/dashboard\?days=30$/);
    await expect(page.getByRole('heading', { name: t('dashboard.chartTitle', { n: '30' }) })).toBeVisible();
    await page.locator('summary', { hasText: t('dashboard.daily') }).click();
    const rows = page.getByRole('table', { name: t('dashboard.daily') }).getByRole('row');
    await expect(rows).toHaveCount(31);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText(todayUtc());
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText((await tileValue(page, 'deposits').textContent())!);
    await expect(chart.locator('canvas')).toBeVisible();
  });

  test('support has no dashboard in its navigation, the page says so, and the API refuses it', async ({ page, request }) => {
    const support = openStaff('SUPPORT', 'e2edsup');
    await signIn(page, support);
    await expect(page).toHaveURL(/\/console\/members$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link', { name: t('sections.members') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('dashboard.nav') })).toHaveCount(0);

    await refusedAt(page, '/console/dashboard');
    await expect(page.getByTestId('tile-deposits')).toHaveCount(0);

    const token = await staffToken(page);
    await expectForbidden(await request.get('/wps/admin/dashboard', { headers: { Merchant: 'demo', Authorization: token } }));
  });

  test('the dashboard in Japanese, the chart’s legend included', async ({ page }) => {
    const ja = consoleStrings('ja');
    const auditor = openStaff('AUDITOR', 'e2edja');
    await signIn(page, auditor);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
    await page.getByLabel(t('app.language')).selectOption('JA');
    await expect(page.getByRole('heading', { name: ja('dashboard.title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: ja('dashboard.today', { day: todayUtc() }) })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: ja('dashboard.nav') })).toBeVisible();
    await expect(page.getByTestId('tile-deposits')).toContainText(ja('dashboard.deposits'));
    await expect(page.getByTestId('tile-players-online')).toContainText(ja('dashboard.playersOnline'));
    await expect(page.getByRole('group', { name: ja('dashboard.period') })).toBeVisible();
    const chart = page.getByTestId('dashboard-chart');
    await expect(chart).toContainText(ja('dashboard.withdrawals'));
    await expect(chart).not.toContainText(t('dashboard.withdrawals'));
    await expect(chart.locator('canvas')).toHaveCount(1);
  });
});

test.describe('the console dashboard on a tablet', () => {
  test('the tiles fit and the chart follows the width of the screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const auditor = openStaff('AUDITOR', 'e2edtab');
    await signIn(page, auditor);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const canvas = page.getByTestId('dashboard-chart').locator('canvas');
    await expect(canvas).toBeVisible();
    const wide = (await canvas.boundingBox())!.width;

    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(wide);
    const box = (await canvas.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(820);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    for (const id of TILES) await expect(page.getByTestId(`tile-${id}`)).toBeInViewport();
    await expect(
      page.getByRole('group', { name: t('dashboard.period') }).getByRole('button', { name: t('dashboard.lastDays', { n: '30' }) }),
    ).toBeInViewport();
  });
});
