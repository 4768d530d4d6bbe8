// Everything the portal says about itself is the brand's own content, and the demo's is true: on both demo
// brands the hero's chips state the catalogue's own counts (asked of the lobby's API), there is no jackpot,
// and each footer says its own brand's words; a Chinese visitor reads Chinese; an operator's edit of demo2's
// hero reaches the portal; an unknown path is the not-found page.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { consoleAddress, consoleStrings, enrol, openStaff, STAFF_PASSWORD } from './console-support';
import { openIn, operatorToken, strings } from './support';

const ORIGINS = { demo: `http://127.0.0.1:${E2E_PORT}`, demo2: `http://demo2.localhost:${E2E_PORT}` };

const HOME = '/wps/admin/content/home';
const c = consoleStrings('en');
const en = strings('en');

test.use({ extraHTTPHeaders: consoleAddress(), viewport: { width: 1366, height: 800 } });

// What the lobby lists: the total of the game list of these categories.
async function offered(request: APIRequestContext, merchant: string, ...categories: string[]): Promise<number> {
  let total = 0;
  for (const category of categories) {
    const answer = await request.get('/wps/relay/GCS_gameList', { headers: { Merchant: merchant }, params: { category, pageSize: 1 } });
    total += ((await answer.json()) as { value: { total: number } }).value.total;
  }
  return total;
}

async function chips(page: Page): Promise<string[]> {
  return page.getByTestId('hero-chips').getByRole('listitem').allTextContents();
}

test('both demo brands state the catalogue and sign their own footer', async ({ page, request }) => {
  const slots = await offered(request, 'demo', 'RNG');
  const live = await offered(request, 'demo', 'LIVE');
  const lotteries = await offered(request, 'demo', 'LOTT', 'ELOTT');
  await page.goto(`${ORIGINS.demo}/`);
  await expect(page.getByRole('heading', { name: 'Welcome to Demo Casino', level: 1 })).toBeVisible();
  expect(await chips(page)).toEqual([
    `${slots} slot machines`,
    `${live} live tables`,
    `${lotteries} lotteries, the fastest drawn every minute`,
  ]);
  // The footer and the notices come after the first paint: once both are there, the whole page is.
  await expect(page.getByTestId('footer-about')).toHaveText(/^Demo Casino is the demo brand of this portal\./);
  await expect(page.getByTestId('notice-marquee')).toBeVisible();
  await expect(page.getByTestId('jackpot')).toHaveCount(0);
  await expect(page.getByText(/WELCOME BONUS|cashback|best of Slot Games/i)).toHaveCount(0);

  const games = await offered(request, 'demo2', 'ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS');
  const slots2 = await offered(request, 'demo2', 'RNG');
  await page.goto(`${ORIGINS.demo2}/`);
  await expect(page.getByRole('heading', { name: 'Welcome to Second Brand', level: 1 })).toBeVisible();
  expect((await chips(page)).slice(0, 2)).toEqual([`${games} games`, `${slots2} slots`]);
  await expect(page.getByTestId('footer-about')).toHaveText(/^Second Brand is this portal's second demo brand/);
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await expect(page.getByTestId('jackpot')).toHaveCount(0);
});

test('a Chinese visitor reads the hero and the notices in Chinese', async ({ page, request }) => {
  const slots = await offered(request, 'demo', 'RNG');
  await openIn(page, 'CN', `${ORIGINS.demo}/`);
  await expect(page.getByRole('heading', { name: '欢迎来到 Demo Casino', level: 1 })).toBeVisible();
  expect((await chips(page))[0]).toBe(`${slots} 款老虎机`);
  await expect(page.getByTestId('notice-marquee').getByRole('button', { name: '注册前先试玩老虎机' }).first()).toBeVisible();
  await expect(page.getByTestId('footer-about')).toContainText('演示品牌');
});

test("an operator edits demo2's hero in the console and the portal shows it", async ({ page, request }) => {
  // The words as seeded, put back at the end so that the other specs meet demo2 as the seed left it.
  const token = await operatorToken(request, 'demo2');
  const headers = { Merchant: 'demo2', Authorization: token };
  const seeded = ((await (await request.get(HOME, { headers })).json()) as { value: { texts: object } }).value.texts;
  try {
    const username = openStaff('OPERATOR', 'words', 'demo2');
    await enrol(page, username, STAFF_PASSWORD, 'demo2');
    await page.getByRole('navigation', { name: c('shell.nav') }).getByRole('link', { name: c('content.nav') }).click();
    await page.getByRole('tab', { name: c('content.tabs.home') }).click();
    await page.getByLabel(c('content.home.heroTitle', { language: 'English' })).fill('Play at {brand}, {slots} slots');
    await page.getByRole('button', { name: c('content.home.save') }).click();
    await expect(page.getByText(c('content.home.saved'))).toBeVisible();

    const slots = await offered(request, 'demo2', 'RNG');
    await page.goto(`${ORIGINS.demo2}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Play at Second Brand, ${slots} slots`);
  } finally {
    const restored = await request.put(HOME, { headers, data: { texts: seeded } });
    expect(restored.ok()).toBe(true);
  }
});

test('an unknown path is the not-found page with a way home; VIP and the point mall are pages', async ({ page }) => {
  // VIP and the point mall came with issue 32: the header and the footer link to them.
  for (const [path, title] of [['/vip', 'loyalty.vip.title'], ['/pointMall', 'loyalty.mall.title']] as const) {
    await page.goto(`${ORIGINS.demo}${path}`);
    await expect(page.getByRole('heading', { name: en(title), level: 1 })).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.locator(`footer a[href="${path}"]`)).toHaveCount(1);
  }
  for (const path of ['/no-such-page']) {
    await page.goto(`${ORIGINS.demo}${path}`);
    await expect(page.getByRole('heading', { name: en('errors.notFound'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('not-found')).toContainText(en('pages.notFound.text', { path }));
  }
  await expect(page.getByText(en('pages.empty'))).toHaveCount(0);
  await page.getByRole('link', { name: en('pages.notFound.home') }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Demo Casino', level: 1 })).toBeVisible();
});
