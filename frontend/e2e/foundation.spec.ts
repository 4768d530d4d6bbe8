import { expect } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import { cli } from './support';

const demo2 = `http://demo2.localhost:${E2E_PORT}`;

test.describe('the shell', () => {
  test('home renders in English with header, navigation and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Demo Casino' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Slots' })).toBeVisible();
    // The footer's words are the brand's own (issue 29), not a tagline every brand shared.
    await expect(page.getByText('Demo Casino is the demo brand of this portal.', { exact: false })).toBeVisible();
    for (const link of ['About Company', 'Contact Us', 'General Terms and Conditions', 'Responsible Gaming',
      'Privacy Policy', 'Affiliates', 'Refund Policy']) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name: link })).toBeVisible();
    }
    // The side bar's entries are behind its one floating button.
    await page.getByRole('button', { name: 'Help and contact' }).click();
    await expect(page.getByRole('button', { name: 'Live chat' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('merchantCode'))).toBe('demo');
  });

  test('home renders in Chinese, and the choice is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Language').selectOption('CN');
    await expect(page.getByRole('heading', { name: '欢迎来到 Demo Casino' })).toBeVisible();
    await expect(page.getByText('Demo Casino 是本平台的演示品牌', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
      'CN',
      'EN',
    ]);
    await page.reload();
    await expect(page.getByRole('heading', { name: '欢迎来到 Demo Casino' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('a deep link loads directly, and the nav marks where we are', async ({ page }) => {
    const response = await page.goto('/live');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Live Casino' }))
      .toHaveClass(/active/);
  });

  test('a footer link opens its help category, and the older hash link still does', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL(/\/help\?cat=REFUND$/);
    await expect(page.locator('#refund')).toBeInViewport();
    await page.goto('/help#refund');
    await expect(page.locator('#refund')).toBeInViewport();
    await expect(page.locator('#refund').getByRole('heading', { level: 2 })).not.toBeEmpty();
  });

  test('a page group that fails to load shows the error screen, with the layout still there', async ({ page }) => {
    await page.goto('/');
    await page.route(/HelpPage-.*\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help centre' }).click();
    await expect(page.getByRole('alert')).toContainText('The page failed to load');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('the second brand gets its own configuration', async ({ page }) => {
    await page.goto(`${demo2}/`);
    await expect(page.getByRole('heading', { name: 'Welcome to Second Brand' })).toBeVisible();
    // demo2 offers English and Tagalog only.
    await expect(page.getByLabel('Language').locator('option')).toHaveText(['English', 'Tagalog']);
  });

  test('an unknown domain is refused with the domain message', async ({ page }) => {
    await page.goto(`http://unknown.localhost:${E2E_PORT}/`);
    await expect(page.getByTestId('boot-error')).toContainText('Invalid URL or domain check failed');
  });
});

test.describe('blocking pages', () => {
  test('status 1 shows the maintenance page, in English and in Tagalog', async ({ page }) => {
    cli('merchant', 'maintenance', 'demo2', 'on');
    try {
      await page.goto(`${demo2}/`);
      const card = page.getByTestId('maintenance-page');
      await expect(card.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
      await expect(card).toContainText('RESTRICTION OF VISIT');
      await expect(card).toContainText('Dear valued Customer: We are currently performing a system maintenance');
      await expect(card.getByRole('button', { name: 'Contact Us' })).toBeVisible();
      await page.getByLabel('Language').selectOption('TY');
      await expect(card.getByRole('heading', { name: 'Pagpapanatili ng Sistema' })).toBeVisible();
    } finally {
      cli('merchant', 'maintenance', 'demo2', 'off');
    }
  });

  test('an open page switches to maintenance and back without a reload', async ({ page }) => {
    await page.goto(`${demo2}/`);
    await expect(page.getByRole('heading', { name: 'Welcome to Second Brand' })).toBeVisible();
    cli('merchant', 'maintenance', 'demo2', 'on');
    try {
      // The announcing job runs every 15 s and pushes system:status over the socket.
      await expect(page.getByTestId('maintenance-page')).toBeVisible({ timeout: 25_000 });
    } finally {
      cli('merchant', 'maintenance', 'demo2', 'off');
    }
    await expect(page.getByRole('heading', { name: 'Welcome to Second Brand' })).toBeVisible({ timeout: 25_000 });
  });

  test('status 2 shows the IP restriction page with the visitor address and country', async ({ browser }) => {
    cli('merchant', 'region', 'demo', 'block', '--country', 'US');
    const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '8.8.8.8' } });
    try {
      const page = await visitor.newPage();
      await page.goto('/');
      const card = page.getByTestId('region-page');
      await expect(card.getByRole('heading', { name: 'IP Restriction' })).toBeVisible();
      await expect(page.getByTestId('visitor-ip')).toHaveText('8.8.8.8');
      await expect(page.getByTestId('visitor-country')).toHaveText('US');
      await expect(card).toContainText('Access is not allowed due to your location or IP address.');
      // Someone elsewhere still gets the site.
      const other = await browser.newPage();
      await other.goto('/');
      await expect(other.getByRole('heading', { name: 'Welcome to Demo Casino' })).toBeVisible();
      await other.close();
    } finally {
      await visitor.close();
      cli('merchant', 'region', 'demo', '--clear');
    }
  });
});
