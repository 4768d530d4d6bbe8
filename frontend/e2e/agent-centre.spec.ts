import { type Browser, expect, type Page } from '@playwright/test';

import { test } from './test';
import { scanQr } from './qr';
import { openIn, operatorCall, strings } from './support';

// The agent centre on a phone (SPEC §2.4): agent1 opens it from the header, reads the team overview, registers
// a player and finds it in team management; a player's header offers no entry. Labels come from the
// translation files, so a missing or untranslated string fails here.
const t = strings('EN');
const PHONE = { width: 390, height: 844 };

async function phoneLogin(browser: Browser, username: string, permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, permissions });
  const page = await context.newPage();
  await openIn(page, 'EN');
  // A phone logs in on the login sheet; its member panel is in the menu drawer.
  await page.getByTestId('compact-login').click();
  const sheet = page.getByTestId('login-modal');
  await sheet.getByLabel(t('account.fields.username'), { exact: true }).fill(username);
  await sheet.getByLabel(t('account.fields.password'), { exact: true }).fill('Demo1234');
  await sheet.getByRole('button', { name: t('account.login'), exact: true }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  return page;
}

test('agent1 registers a player from the agent centre on a phone and finds it in the team', async ({ browser }) => {
  const page = await phoneLogin(browser, 'agent1');
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();

  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  await expect(centre).toBeVisible();
  await expect(centre).toBeFocused();
  await expect(centre.getByRole('heading', { name: t('agentCentre.pages.agentTeamOverview') })).toBeVisible();

  // On a phone the menu is a row of tabs above the page, and the overlay fits the screen.
  const menu = centre.getByRole('navigation', { name: t('agentCentre.menu') });
  // The demo brand has the salaries and the dividend on: contracts, income and dividends are in the menu too.
  await expect(menu.getByRole('button')).toHaveCount(12);
  await expect(menu.getByRole('button').first()).toHaveText(t('agentCentre.pages.agentAnnouncement'));
  const [menuBox, pageBox, dialogBox] = await Promise.all([
    menu.boundingBox(),
    centre.getByTestId('agent-overview').boundingBox(),
    centre.boundingBox(),
  ]);
  expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(pageBox!.y + 1);
  expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(PHONE.width);

  // The overview: totals and the direct level (player1 and player2 are agent1's downline).
  const totals = centre.getByTestId('agent-totals');
  await expect(totals.getByText(t('agentCentre.figures.members'), { exact: true })).toBeVisible();
  await expect(centre.getByRole('rowheader', { name: t('agentCentre.overview.direct') })).toBeVisible();
  await centre.getByRole('button', { name: t('agentCentre.periods.THIS_MONTH') }).click();
  await expect(centre.getByRole('button', { name: t('agentCentre.periods.THIS_MONTH') })).toHaveAttribute('aria-pressed', 'true');
  await expect(totals).toBeVisible();

  // Register a player.
  const username = `agt${Date.now() % 1_000_000}`;
  await menu.getByRole('button', { name: t('agentCentre.pages.agentRegister') }).click();
  const form = centre.getByTestId('agent-register');
  await form.getByLabel(t('account.fields.username')).fill(username);
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('Secret123');
  await form.getByLabel(t('account.fields.confirmPassword')).fill('Secret123');
  await expect(form.getByLabel(t('agentCentre.register.type'))).toHaveValue('0');
  await form.getByRole('button', { name: t('agentCentre.register.submit') }).click();
  const done = centre.getByTestId('agent-registered');
  await expect(done).toContainText(t('agentCentre.register.done', { username }));
  await expect(done).toContainText(t('agentCentre.register.firstLogin'));

  // The same name again is refused beside the field.
  await done.getByRole('button', { name: t('agentCentre.register.another') }).click();
  await form.getByLabel(t('account.fields.username')).fill(username);
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('Secret123');
  await form.getByLabel(t('account.fields.confirmPassword')).fill('Secret123');
  await form.getByRole('button', { name: t('agentCentre.register.submit') }).click();
  await expect(form.getByText(t('errors.USERNAME_TAKEN'))).toBeVisible();

  // Find it in team management: a direct player of agent1.
  await menu.getByRole('button', { name: t('agentCentre.pages.agentTeamManagement') }).click();
  const team = centre.getByTestId('agent-team');
  await team.getByLabel(t('agentCentre.team.search')).fill(username);
  await team.getByRole('button', { name: t('agentCentre.team.searchButton') }).click();
  const row = team.locator(`tr[data-member="${username}"]`);
  await expect(row).toBeVisible();
  await expect(team.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText(t('agentCentre.types.player'));
  await expect(row).toContainText('agent1');
  await expect(row).toContainText(t('agentCentre.statuses.ACTIVE'));

  // Its Pay button opens the pay page on that member.
  await row.getByRole('button', { name: t('agentCentre.team.payMember', { username }) }).click();
  await expect(centre.getByRole('heading', { name: t('agentCentre.pages.agentPayDownline') })).toBeVisible();
  await expect(centre.getByTestId('agent-payee')).toContainText(username);

  await page.keyboard.press('Escape');
  await expect(centre).toBeHidden();
  await page.context().close();
});

test("agent1 reads its team's reports, its income and its contract with the merchant on a phone", async ({ browser }) => {
  const page = await phoneLogin(browser, 'agent1');
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();
  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  const menu = centre.getByRole('navigation', { name: t('agentCentre.menu') });
  const open = async (name: string, testId: string) => {
    await menu.getByRole('button', { name: t(`agentCentre.pages.${name}`) }).click();
    await expect(centre.getByRole('heading', { name: t(`agentCentre.pages.${name}`) })).toBeVisible();
    const shown = centre.getByTestId(testId);
    await expect(shown).toBeVisible();
    await expect(shown.getByText(t('agentCentre.loading'))).toHaveCount(0);
    await expect(centre.getByRole('alert')).toHaveCount(0);
    return shown;
  };

  // Team betting: the last week by default, filters labelled; the rounds or the empty line.
  const bets = await open('agentTeamBets', 'agent-bets');
  await expect(bets.getByLabel(t('agentCentre.reports.member'))).toBeVisible();
  await expect(bets.getByLabel(t('records.category'))).toBeVisible();
  await expect(bets.getByTestId('agent-bet-table').or(bets.getByText(t('records.empty')))).toBeVisible();
  // A member outside the team is refused in words.
  await bets.getByLabel(t('agentCentre.reports.member')).fill('nosuchmember');
  await bets.getByRole('button', { name: t('agentCentre.team.searchButton') }).click();
  await expect(bets.getByRole('alert')).toHaveText(t('errors.AGENT_DOWNLINE_NOT_FOUND'));

  const profit = await open('agentUserProfit', 'agent-profit');
  await expect(profit.getByTestId('agent-profit-table').or(profit.getByText(t('records.empty')))).toBeVisible();

  const records = await open('agentDownlineTransactions', 'agent-transactions');
  await expect(records.getByLabel(t('wallet.records.type')).locator('option[value="SALARY"]'))
    .toHaveText(t('wallet.records.types.SALARY'));
  await expect(records.getByTestId('agent-record-table').or(records.getByText(t('agentCentre.reports.noRecords')))).toBeVisible();

  const income = await open('agentIncome', 'agent-income');
  await expect(income.getByTestId('agent-income-total')).toContainText(t('agentCentre.income.totalPaid'));

  // Contracts: the merchant's, active, 1.00 % and 1.50 %.
  const contracts = await open('agentContracts', 'agent-contracts');
  const mine = contracts.getByTestId('agent-contract').filter({
    hasText: t('agentCentre.contracts.from', { party: t('agentCentre.contracts.merchant') }),
  });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(t('agentCentre.contracts.statuses.ACTIVE'));
  await expect(mine.getByTestId('agent-tiers')).toContainText(t('agentCentre.contracts.percent', { rate: '1.00' }));
  await expect(mine.getByTestId('agent-tiers')).toContainText(t('agentCentre.contracts.percent', { rate: '1.50' }));
  await expect(mine.getByRole('button', { name: t('agentCentre.contracts.askToEnd') })).toBeVisible();
  await expect(contracts.getByText(t('agentCentre.offer.title'), { exact: true })).toBeVisible();

  // The page fits the phone: only the tables scroll sideways, inside their box.
  const width = await page.evaluate(() => document.querySelector('.ac-content')!.scrollWidth);
  const box = await centre.locator('.ac-content').boundingBox();
  expect(width).toBeLessThanOrEqual(Math.ceil(box!.width) + 1);

  await page.keyboard.press('Escape');
  await page.context().close();
});

test('a player has no agent-centre entry, and still has the member centre', async ({ browser }) => {
  const page = await phoneLogin(browser, 'player1');
  const panel = page.getByTestId('logged-in-panel');
  await expect(panel.getByRole('button', { name: t('account.signOut') })).toBeVisible();
  await expect(panel.getByRole('button', { name: t('agentCentre.entry') })).toHaveCount(0);
  await expect(page.getByTestId('agent-centre-entry')).toHaveCount(0);

  // The member centre now comes in the same session-time chunk as the agent centre's wiring.
  await panel.getByRole('button', { name: 'Player One' }).click();
  const memberCentre = page.getByTestId('member-centre');
  await expect(memberCentre.getByRole('heading', { name: t('memberCentre.pages.securityCenter'), level: 2 })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(memberCentre).toBeHidden();
  await expect(page.getByTestId('agent-centre')).toHaveCount(0);
  await page.context().close();
});

test('agent1 reads the announcements written for agents, and only those', async ({ browser, request }) => {
  const stamp = Date.now() % 1_000_000;
  const notice = (title: string, audience: string, content: string) => ({
    kind: 'ANNOUNCEMENT', audience, published: true, texts: { EN: { title, content } },
  });
  await operatorCall(request, '/wps/admin/content/notices',
    notice(`Agents ${stamp}`, 'AGENTS', '<p>Commission <b>doubles</b> this week.</p><script>window.pwned = 1</script>'));
  await operatorCall(request, '/wps/admin/content/notices', notice(`Everyone ${stamp}`, 'ALL', '<p>For all.</p>'));

  const page = await phoneLogin(browser, 'agent1');
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();
  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  await centre.getByRole('navigation', { name: t('agentCentre.menu') })
    .getByRole('button', { name: t('agentCentre.pages.agentAnnouncement') }).click();
  const list = centre.getByTestId('agent-announcements');
  const mine = list.getByTestId('agent-announcement').filter({ hasText: `Agents ${stamp}` });
  await expect(mine).toHaveCount(1);
  await expect(list.getByText(`Everyone ${stamp}`)).toHaveCount(0);
  await expect(mine.locator('time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT/);
  await mine.getByRole('button').click();
  const body = mine.getByTestId('agent-announcement-content');
  await expect(body).toHaveText('Commission doubles this week.');
  await expect(body.locator('b')).toHaveText('doubles');
  await expect(body.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await page.context().close();
});

test("agent1's own link: copied, its QR code scans to it, and a visitor who follows it joins agent1's team", async ({ browser }) => {
  const page = await phoneLogin(browser, 'agent1', ['clipboard-read', 'clipboard-write']);
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();
  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  const menu = centre.getByRole('navigation', { name: t('agentCentre.menu') });
  await menu.getByRole('button', { name: t('agentCentre.pages.agentAffiliate') }).click();
  const mine = centre.getByTestId('agent-affiliate');
  await expect(mine.getByTestId('agent-affiliate-code')).toHaveText('AGENT1');
  // The demo brand has development names only (no public domain): the link is the address this browser
  // reached the site on, which a visitor can open too.
  const field = mine.getByLabel(t('agentCentre.affiliate.link'));
  await expect(field).toHaveValue(`${new URL(page.url()).origin}/register?affiliateCode=AGENT1`);
  const link = await field.inputValue();

  await mine.getByRole('button', { name: t('agentCentre.affiliate.copy') }).click();
  await expect(mine.getByRole('button', { name: t('agentCentre.affiliate.copied') })).toBeVisible();
  await expect(mine.getByRole('status')).toHaveText(t('agentCentre.affiliate.copiedNote'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code on the screen, read as a phone camera would, is the link shown above it.
  const qr = mine.getByRole('img', { name: t('agentCentre.affiliate.qr') });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  expect(await scanQr(qr)).toBe(link);

  // A visitor opens the link (here on this server's address): the registration opens with the code checked
  // and its field hidden. The home page with the code does the same.
  const visitor = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${10 + Math.floor(Math.random() * 190)}` },
  });
  const guest = await visitor.newPage();
  const { pathname, search } = new URL(link);
  await openIn(guest, 'EN', `${pathname}${search}`);
  const modal = guest.getByTestId('register-modal');
  await expect(modal.getByLabel(t('account.fields.username'))).toBeVisible();
  await expect(modal.getByLabel(t('account.fields.affiliateCode'))).toHaveCount(0);
  await guest.goto(`/?affiliateCode=AGENT1`);
  await expect(modal.getByLabel(t('account.fields.username'))).toBeVisible();
  await expect(modal.getByLabel(t('account.fields.affiliateCode'))).toHaveCount(0);
  const username = `inv${Date.now() % 1_000_000}`;
  await modal.getByLabel(t('account.fields.username')).fill(username);
  await modal.getByLabel(t('account.fields.password'), { exact: true }).fill('Secret123');
  await modal.getByLabel(t('account.fields.confirmPassword')).fill('Secret123');
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: t('account.register'), exact: true }).click();
  await guest.getByTestId('menu-button').click();
  await expect(guest.getByTestId('logged-in-panel').getByRole('button', { name: username })).toBeVisible();
  await visitor.close();

  // agent1 finds the new player in its team, a direct one.
  await menu.getByRole('button', { name: t('agentCentre.pages.agentTeamManagement') }).click();
  const team = centre.getByTestId('agent-team');
  await team.getByLabel(t('agentCentre.team.search')).fill(username);
  await team.getByRole('button', { name: t('agentCentre.team.searchButton') }).click();
  const row = team.locator(`tr[data-member="${username}"]`);
  await expect(row).toContainText('agent1');
  await expect(row).toContainText(t('agentCentre.types.player'));
  await page.context().close();
});
