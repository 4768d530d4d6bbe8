import { expect, type Page } from '@playwright/test';

import { test } from './test';
import { cents, headerAmount, loginNewMember, newPlayer, openIn, operatorCall, strings } from './support';

// The house lottery in the portal: a member bets on Fast VN 1' (a draw every minute, betting closes 10 s
// before it), sees the stake leave the header balance, the draw roll in live, and the bet settle with its
// win credited, all without reloading; and a visitor sees the screen in Chinese.

const GAME = 'vn-fast-1m';

// Waits for an issue that still takes bets for at least `seconds`.
async function waitForOpenWindow(page: Page, seconds: number) {
  const countdown = page.getByTestId('lottery-countdown');
  await expect
    .poll(
      async () =>
        (await countdown.getAttribute('data-phase')) === 'open' &&
        Number(await countdown.getAttribute('data-seconds')) >= seconds,
      { timeout: 75_000, intervals: [500] },
    )
    .toBe(true);
}

test('a lottery bet leaves the balance, the draw arrives live and the bet settles with its win', async ({
  page,
  request,
}) => {
  test.setTimeout(200_000);
  const username = newPlayer('lot');
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, {
    amount: '500.00',
    requestId: `e2e-lot-${username}`,
    reason: 'e2e lottery',
  });
  await loginNewMember(page, 'EN', username);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('P 500.00');

  await page.goto(`/lottery?gameCode=${GAME}`);
  await expect(page.getByTestId(`lottery-game-${GAME}`)).toHaveAttribute('aria-current', 'true');
  await expect(balance).toHaveText('P 500.00');
  await waitForOpenWindow(page, 15);

  await page.getByTestId('lottery-playtype-LO').click();
  await page.getByTestId('lottery-number-07').click();
  await page.getByTestId('lottery-number-42').click();
  await page.getByTestId('lottery-stake').fill('1.00');
  await expect(page.getByTestId('lottery-total')).toHaveAttribute('data-amount', '2.00');
  const issueNo = (await page.getByTestId('lottery-issue').getAttribute('data-issue')) ?? '';
  expect(issueNo).toMatch(/^\d{8}-\d{4}$/);
  await page.getByTestId('lottery-place-bet').click();
  await expect(page.getByTestId('lottery-placed')).toBeVisible();

  const row = page.locator('[data-testid^="lottery-bet-"][data-status]').first();
  await expect(row).toHaveAttribute('data-issue', issueNo);
  await expect(row).toHaveAttribute('data-status', 'OPEN');
  await expect(row).toHaveAttribute('data-total', '2.00');
  await expect(balance).toHaveText('P 498.00');

  // Every last digit of the special prize on the same issue: a bet that wins for sure.
  await page.getByTestId('lottery-playtype-TAIL').click();
  for (let digit = 0; digit < 10; digit += 1) await page.getByTestId(`lottery-number-${digit}`).click();
  await page.getByTestId('lottery-stake').fill('1.00');
  await page.getByTestId('lottery-place-bet').click();
  const tail = page.locator('[data-testid^="lottery-bet-"][data-status]').first();
  await expect(tail).toHaveAttribute('data-total', '10.00');
  await expect(balance).toHaveText('P 488.00');
  const lo = page.locator('[data-testid^="lottery-bet-"][data-status]').nth(1);

  // The draw of that issue, pushed on lottery:opened, without a reload.
  await expect(page.getByTestId('lottery-result')).toHaveAttribute('data-issue', issueNo, { timeout: 90_000 });
  await expect(lo).toHaveAttribute('data-status', /^(WON|LOST)$/, { timeout: 20_000 });
  await expect(tail).toHaveAttribute('data-status', 'WON', { timeout: 20_000 });
  const win = (await lo.getAttribute('data-win')) ?? '';
  expect(win).toMatch(/^\d+\.\d\d$/);
  if ((await lo.getAttribute('data-status')) === 'LOST') expect(win).toBe('0.00');
  else expect(cents(win)).toBeGreaterThan(0);
  const tailWin = (await tail.getAttribute('data-win')) ?? '';
  expect(cents(tailWin)).toBeGreaterThan(0);
  await expect(balance).toHaveText(headerAmount(cents('488.00') + cents(win) + cents(tailWin)));

  // The latest result shows the whole sheet by prize tier (a lô pays on any of its 27 numbers), and marks
  // where the member won: the special prize for the tail bet.
  const sheet = page.getByTestId('lottery-result').getByTestId(`lottery-sheet-${issueNo}`);
  await expect(sheet.locator('tr')).toHaveCount(8);
  await expect(sheet.locator('.lot-sheet-number')).toHaveCount(27);
  const special = sheet.locator('tr').first().locator('.lot-sheet-number').first();
  await expect(special).toHaveAttribute('data-won', 'true');
  await expect(special).toHaveAttribute('title', strings('EN')('lottery.result.yourWin'));
  // So does the newest row of the draw history, open with its sheet.
  const history = page.getByTestId(`lottery-history-${issueNo}`);
  await expect(history.locator('.lot-sheet-number')).toHaveCount(27);
  await expect(history.locator('.lot-sheet-number[data-won="true"]').first()).toBeVisible();
  // The next issue takes bets.
  await expect(page.getByTestId('lottery-issue')).not.toHaveAttribute('data-issue', issueNo);
});

test('a visitor sees the lottery in Chinese and is asked to log in to bet (CN)', async ({ page }) => {
  const t = strings('CN');
  // The home page lists the popular lottery games; one click opens the game's lottery page.
  await openIn(page, 'CN', '/');
  const popular = page.getByTestId('lottery-popular');
  await expect(popular).toContainText(t('home.popularLottery'));
  await popular.getByTestId(`lottery-popular-${GAME}`).click();
  await expect(page).toHaveURL(new RegExp(`/lottery\\?gameCode=${GAME}$`));
  await expect(page.getByTestId(`lottery-game-${GAME}`)).toHaveAttribute('aria-current', 'true');

  await page.goto(`/lottery?gameCode=${GAME}&playType=DE`);
  await expect(page.locator('h1.page-title')).toHaveText(t('pages.lottery.title'));
  const menu = page.getByTestId('lottery-menu');
  await expect(menu.getByTestId('lottery-area-FAST')).toContainText(t('lottery.areas.FAST'));
  // Game names come translated from the server.
  await expect(menu.getByTestId(`lottery-game-${GAME}`)).toContainText('越南极速 1 分');
  // Every game of the catalogue is on the home page: nine, each with its last draw named.
  await openIn(page, 'CN', '/');
  await expect(popular.locator('.lot-popular-card')).toHaveCount(9);
  await page.goto(`/lottery?gameCode=${GAME}&playType=DE`);
  await expect(page.getByTestId('lottery-playtype-DE')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('lottery-playtype-LO')).toContainText(t('lottery.playTypes.LO'));
  await expect(page.getByTestId('lottery-issue')).toContainText('期');
  await expect(page.getByTestId('lottery-history')).toContainText(t('lottery.history.title'));
  await expect(page.getByTestId('lottery-mybets')).toContainText(t('lottery.bets.loginFirst'));

  await waitForOpenWindow(page, 3);
  await page.getByTestId('lottery-number-07').click();
  await expect(page.getByTestId('lottery-place-bet')).toHaveText(t('lottery.slip.place'));
  await page.getByTestId('lottery-place-bet').click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toContainText(t('errors.UNAUTHORIZED'));
  await dialog.getByRole('button', { name: t('account.login') }).click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});


test('lottery game names and the copyright line are translated (JA, TH, PT, TY)', async ({ page }) => {
  const names: Record<string, string> = {
    JA: 'ベトナム北部',
    TH: 'หวยเวียดนามเหนือ',
    PT: 'Vietnã do Norte',
    TY: 'Hilagang Vietnam',
  };
  for (const [lang, north] of Object.entries(names)) {
    await openIn(page, lang, '/lottery?gameCode=vn-north');
    await expect(page.getByTestId('lottery-menu').getByTestId('lottery-game-vn-north')).toContainText(north);
  }
  await openIn(page, 'JA', '/');
  await expect(page.locator('footer')).toContainText('無断転載を禁じます');
  await expect(page.locator('footer')).not.toContainText('All rights reserved');
});
