import { createRequire } from 'node:module';

import { type Browser, expect, type Frame, type Locator, type Page, type TestInfo } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { cli, strings } from './support';

// Issue 18's "done when": both brands on a phone (390 x 844) and a desktop (1366 x 800). Each page is
// photographed (attached to the report), the header measured, the page's primary action checked to be
// uncovered (what the browser hits across it is the action itself), and axe-core finds no
// serious or critical accessibility violation.
const t = strings('EN');
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BRANDS = [
  { code: 'demo', origin: `http://127.0.0.1:${E2E_PORT}` },
  { code: 'demo2', origin: `http://demo2.localhost:${E2E_PORT}` },
] as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

// Kept as a file in the test's output folder (test-results/) and attached to the report.
async function photograph(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

// What the browser would hit at the centre of the element and halfway from it to each edge, if anything else
// (not the corners: a pill or round button's corners are its parent's).
async function coveredBy(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const points: [number, number][] = [
      [x, y],
      [x - box.width / 4, y],
      [x + box.width / 4, y],
      [x, y - box.height / 4],
      [x, y + box.height / 4],
    ];
    return points.flatMap(([px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit && (hit === element || element.contains(hit)) ? [] : [hit ? hit.outerHTML.slice(0, 120) : `nothing at ${px},${py}`];
    });
  });
}

async function expectReachable(action: Locator) {
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport({ ratio: 1 });
  // Polled: a sheet or drawer may still be sliding in.
  await expect.poll(() => coveredBy(action)).toEqual([]);
}

// axe-core over the document (and a game's frame): no serious or critical violation of WCAG 2.1 A/AA.
async function expectAccessible(target: Page | Frame, name: string) {
  await target.addScriptTag({ path: axeScript });
  const violations = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
  expect(violations, name).toEqual([]);
}

async function header(page: Page) {
  const box = await page.locator('header.header').boundingBox();
  if (!box) throw new Error('no header');
  return box;
}

// On a phone the header stays one row of at most 64 px, also scrolled; on a desktop each of its rows is one
// line, whatever the page.
async function expectHeaderFits(page: Page, phone: boolean) {
  if (phone) {
    await page.evaluate(() => window.scrollTo(0, 600));
    const box = await header(page);
    expect(box.height).toBeLessThanOrEqual(64);
    expect(box.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    return;
  }
  const tops = await page.locator('.header-bottom .nav-items > li').evaluateAll((items) =>
    items.map((item) => Math.round(item.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, 'the navigation is one line').toBe(1);
  expect((await header(page)).height).toBeLessThanOrEqual(110);
}

async function newMember(brand: string): Promise<string> {
  const username = `look${brand.replace('demo', 'd')}${Date.now() % 1_000_000}`;
  return cli('member', 'create', brand, username, '--password', 'Demo1234');
}

async function logIn(page: Page, phone: boolean, username: string) {
  // A phone logs in on the login sheet, a desktop in the header's form.
  const form = phone ? page.getByTestId('login-modal') : page.locator('.header-top');
  if (phone) await page.getByTestId('compact-login').click();
  // The sheet's fields have visible labels; the header's, placeholders.
  const field = (name: string) =>
    phone ? form.getByLabel(t(`account.fields.${name}`), { exact: true }) : form.getByPlaceholder(t(`account.fields.${name}`));
  await field('username').fill(username);
  await field('password').fill('Demo1234');
  await form.getByRole('button', { name: t('account.login'), exact: true }).click();
  const change = page.getByTestId('change-password-modal');
  await change.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('Renewed123');
  await change.getByLabel(t('account.fields.confirmNewPassword')).fill('Renewed123');
  await change.getByRole('button', { name: t('common.submit') }).click();
  await expect(change).toBeHidden();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

async function tour(browser: Browser, info: TestInfo, origin: string, brand: string, phone: boolean) {
  // axe-core is injected as a script, which the portal's Content-Security-Policy would refuse.
  const context = await browser.newContext({ viewport: phone ? PHONE : DESKTOP, baseURL: origin, bypassCSP: true });
  await context.addInitScript(() => window.localStorage.setItem('lang', 'EN'));
  const page = await context.newPage();
  const shot = (name: string) => photograph(page, info, `${brand}-${phone ? 'phone' : 'desktop'}-${name}`);

  await page.goto('/');
  await logIn(page, phone, await newMember(brand));

  // Home: the first category tile is its primary action.
  await expectHeaderFits(page, phone);
  await expectReachable(page.locator('.category-tile').first());
  await shot('home');
  await expectAccessible(page, 'home');

  // A lobby: its first game.
  await page.goto('/rng');
  const game = page.locator('[data-game-name="Golden Dragon"]').first();
  await expect(game).toBeVisible();
  await expectHeaderFits(page, phone);
  await expectReachable(game);
  await shot('lobby');
  await expectAccessible(page, 'lobby');

  // A game: the slot's spin button is on screen without scrolling, and nothing of the portal covers it.
  await game.click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = page.frameLocator('[data-testid="game-iframe"]');
  const spin = frame.getByTestId('slot-spin');
  await expect(spin).toBeVisible();
  await expect(spin).toBeInViewport({ ratio: 1 });
  await expect.poll(() => coveredBy(spin)).toEqual([]);
  // The frame is what the page shows at the spin button's place, within the screen (polled: the game lays
  // itself out as its configuration and pictures arrive).
  const viewport = phone ? PHONE : DESKTOP;
  await expect
    .poll(async () => {
      const box = await spin.boundingBox();
      if (!box || box.y + box.height > viewport.height) return `spin at ${JSON.stringify(box)}`;
      return page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('data-testid'),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
    })
    .toBe('game-iframe');
  await expectHeaderFits(page, phone);
  await shot('game');
  const houseFrame = page.frames().find((f) => f.url().includes('/house/'));
  if (!houseFrame) throw new Error('no house frame');
  await expectAccessible(houseFrame, 'game');

  // The member centre, at the deposit page: its pay button.
  await page.goto('/');
  if (phone) await page.getByTestId('tab-deposit').click();
  else await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await expect(centre.getByRole('heading', { name: t('memberCentre.pages.depositv2'), level: 2 })).toBeVisible();
  await centre.getByRole('tab', { name: 'Sandbox pay' }).click();
  await expectReachable(centre.getByRole('button', { name: t('wallet.deposit.pay') }));
  await shot('member-centre');
  await expectAccessible(page, 'member centre');
  await page.keyboard.press('Escape');

  // The lottery: its place-bet button.
  await page.goto('/lottery');
  const placeBet = page.getByTestId('lottery-place-bet');
  await expect(placeBet).toBeVisible();
  await expectHeaderFits(page, phone);
  await expectReachable(placeBet);
  await shot('lottery');
  await expectAccessible(page, 'lottery');
  await context.close();
}

for (const { code, origin } of BRANDS) {
  for (const phone of [true, false]) {
    test(`${code} on a ${phone ? 'phone' : 'desktop'}: home, lobby, game, member centre, lottery`, async ({ browser }, info) => {
      test.setTimeout(120_000);
      await tour(browser, info, origin, code, phone);
    });
  }
}

test("the two brands' colours differ", async ({ browser }) => {
  const palettes = [];
  for (const { origin } of BRANDS) {
    const page = await browser.newPage({ baseURL: origin });
    await page.goto('/');
    await expect(page.locator('header.header')).toBeVisible();
    palettes.push(
      await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        return ['--bg', '--accent', '--brand'].map((name) => style.getPropertyValue(name).trim());
      }),
    );
    await page.close();
  }
  const [demo, demo2] = palettes;
  expect(demo?.every(Boolean)).toBe(true);
  expect(demo2?.every(Boolean)).toBe(true);
  expect(demo2).not.toEqual(demo);
});

test('the phone menu opens as a drawer, keyboard first, and the bottom sheet keeps the login in reach', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => window.localStorage.setItem('lang', 'EN'));
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByTestId('menu-button');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const drawer = page.getByRole('dialog', { name: t('nav.menu') });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: t('nav.closeMenu') })).toBeFocused();
  await expect(drawer.getByRole('link', { name: t('nav.home') })).toBeVisible();
  // VIP and the point mall (issue 32) are in it, as in the full header.
  await expect(drawer.locator('a[href="/vip"]')).toHaveCount(1);
  await expect(drawer.locator('a[href="/pointMall"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // The tab bar's Games opens the same menu; a link in it closes it and goes there.
  await page.getByTestId('tab-bar').getByRole('button', { name: t('tabs.games') }).click();
  await drawer.getByRole('link', { name: t('categories.LIVE') }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(drawer).toBeHidden();

  // A visitor's deposit asks for the login, as a sheet along the bottom edge.
  await page.getByTestId('tab-deposit').click();
  const sheet = page.getByTestId('login-modal');
  await expect(sheet).toBeVisible();
  // Polled: the sheet slides up into place.
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && [Math.round(box.y + box.height), Math.round(box.width)];
    })
    .toEqual([PHONE.height, PHONE.width]);
  await expectReachable(sheet.getByRole('button', { name: t('account.login'), exact: true }));
  await context.close();
});

test('a keyboard alone logs in from the header, and reduced motion stills the menu', async ({ browser }) => {
  const username = await newMember('demo');
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  await context.addInitScript(() => window.localStorage.setItem('lang', 'EN'));
  const page = await context.newPage();
  await page.goto('/');
  const field = page.locator('.header-top').getByPlaceholder(t('account.fields.username'));
  await expect(field).toBeVisible();
  // Tab from the top of the page to the username field: it is among the first stops.
  let stops = 0;
  while (!(await field.evaluate((element) => element === document.activeElement)) && stops < 10) {
    await page.keyboard.press('Tab');
    stops += 1;
  }
  await expect(field).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');
  const change = page.getByTestId('change-password-modal');
  // The first login's password change opens with the focus inside it.
  await expect(change).toBeVisible();
  await change.getByLabel(t('account.fields.newPassword'), { exact: true }).focus();
  await page.keyboard.type('Renewed123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Renewed123');
  await page.keyboard.press('Enter');
  await expect(change).toBeHidden();
  await expect(page.getByTestId('header-balance')).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.getByTestId('menu-button').press('Enter');
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  await context.close();
});
