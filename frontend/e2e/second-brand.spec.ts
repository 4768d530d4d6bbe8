import { expect, type Page } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { cents, cli, headerAmount, ledgerIsClean, loginNewMember, openIn, payBySandbox, strings } from './support';

// Issue 29: the second brand works and launching a game is what a player expects. Both brands' home banners
// load as pictures on a phone; a new demo2 player (a wallet per vendor, automatic transfer) deposits, plays
// a house slot from the deposit with no transfer by hand, and on leaving the game the money is back in the
// main wallet; a visitor tapping a game may log in or play free, and free play says it is play money.
const en = strings('EN');
const DEMO = `http://127.0.0.1:${E2E_PORT}`;
const DEMO2 = `http://demo2.localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };

// Each banner's picture as the page loads it: its natural width (0 when what came back is not an image).
async function bannerWidths(page: Page): Promise<number[]> {
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel.locator('img').first()).toBeVisible();
  return carousel.locator('img').evaluateAll((images: HTMLImageElement[]) =>
    Promise.all(
      images.map(
        (shown) =>
          new Promise<number>((resolve) => {
            const probe = new Image();
            probe.onload = () => resolve(probe.naturalWidth);
            probe.onerror = () => resolve(0);
            probe.src = shown.src;
          }),
      ),
    ),
  );
}

test('both brands show their home banners as pictures on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const origin of [DEMO2, DEMO]) {
    await openIn(page, 'EN', `${origin}/`);
    const widths = await bannerWidths(page);
    expect(widths.length).toBeGreaterThan(0);
    expect(widths.every((width) => width > 0)).toBe(true);
    // The slide on screen is drawn too (not its alt text).
    const shown = page.getByTestId('banner-carousel').locator('.banner-slide[aria-hidden="false"] img');
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  }
});

test('a demo2 deposit plays a slot with no transfer by hand, and leaving the game brings the money back', async ({ page }) => {
  const username = cli('member', 'create', 'demo2', `auto${Date.now() % 1_000_000}`, '--password', 'Demo1234');
  await loginNewMember(page, 'EN', username, 'Demo1234', `${DEMO2}/`);
  const balance = page.getByTestId('header-balance');

  // Deposit 500.00 through the sandbox gateway.
  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  const centre = page.getByTestId('member-centre');
  await (await payBySandbox(page, centre, en, '500')).close();
  await expect(balance).toHaveText('P 500.00');
  await page.keyboard.press('Escape');
  await expect(centre).toBeHidden();

  // The slot opens with the deposit in it: the launch moved it into the game's wallet.
  await page.getByTestId('nav-RNG').click();
  await page.locator('[data-game-name="Golden Dragon"]').first().click();
  await expect(page).toHaveURL(/\/game$/);
  const game = page.frameLocator('[data-testid="game-iframe"]');
  await expect(game.getByTestId('house-balance')).toHaveAttribute('data-amount', '500.00');
  const stake = cents(await game.getByTestId('slot-total').getAttribute('data-amount'));
  await game.getByTestId('slot-spin').click();
  const win = game.getByTestId('slot-win');
  await expect(win).toHaveAttribute('data-state', 'settled');
  const expected = 500_00 - stake + cents(await win.getAttribute('data-amount'));
  await expect(game.getByTestId('house-balance')).toHaveText(headerAmount(expected).replace('P ', ''));

  // Leaving the game (another page of the portal) moves it all back to the main wallet.
  await page.locator('.header-bottom').getByRole('link', { name: en('nav.home'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/game$/);
  await expect(balance).toHaveText(headerAmount(expected));
  await page.getByTestId('logged-in-panel').getByRole('button', { name: en('account.panel.deposit') }).click();
  await centre.getByRole('button', { name: en('memberCentre.pages.transferFund'), exact: true }).click();
  const wallets = centre.getByTestId('wallet-list');
  const row = (name: string) => wallets.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row(en('wallet.mainWallet'))).toContainText(headerAmount(expected));
  await expect(row('House games')).toContainText('P 0.00');
  ledgerIsClean();
});

test('a visitor tapping a game may log in or play free, and free play is marked as play money', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openIn(page, 'EN', `${DEMO}/rng`);
  await page.locator('[data-game-name="Golden Dragon"]').first().click();
  const choice = page.getByTestId('play-choice');
  await expect(choice.getByRole('button', { name: en('account.login'), exact: true })).toBeVisible();
  await choice.getByRole('button', { name: en('account.freePlay'), exact: true }).click();

  // The game opens for the trial account, with play money.
  await expect(page).toHaveURL(/\/game$/);
  const game = page.frameLocator('[data-testid="game-iframe"]');
  await expect(game.getByTestId('house-balance')).toHaveAttribute('data-amount', '10000.00');
  const header = page.getByTestId('header-compact');
  await expect(header.getByTestId('play-money')).toHaveText(en('wallet.playMoney'));
  await expect(header.getByTestId('header-balance')).toHaveText('P 10,000.00');
  await expect(page.getByTestId('tab-deposit')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  const panel = page.getByTestId('menu-drawer').getByTestId('logged-in-panel');
  await expect(panel.getByTestId('play-money')).toBeVisible();
  await expect(panel.getByRole('button', { name: en('account.panel.deposit') })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: en('account.panel.withdraw') })).toHaveCount(0);
});
