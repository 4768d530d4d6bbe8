import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { test } from './test';
import { loginNewMember, openIn, strings } from './support';

// Contracts by kind (SPEC §4): agent1 registers a sub-agent and offers it a contract. The demo brand has both
// the daily and the hourly salary on; agent1 holds the merchant's daily contract (best 1.50 %) and no hourly
// one, so its hourly limit is 0 and an hourly offer is refused in words, while a daily one goes. The sub-agent,
// on its first login (a new password first), accepts it; both sides see its kind. Labels come from the
// translation files.
const t = strings('EN');
const DAILY = t('agentCentre.contracts.kinds.DAILY_SALARY');
const HOURLY = t('agentCentre.contracts.kinds.HOURLY_SALARY');

async function agentLogin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openIn(page, 'EN');
  const header = page.locator('.header-top');
  await header.getByPlaceholder(t('account.fields.username')).fill('agent1');
  await header.getByPlaceholder(t('account.fields.password')).fill('Demo1234');
  await header.getByRole('button', { name: t('account.login'), exact: true }).click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  return page;
}

// The agent centre, opened from the header on one of its pages.
async function openCentre(page: Page, name: string): Promise<Locator> {
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();
  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  await centre.getByRole('navigation', { name: t('agentCentre.menu') }).getByRole('button', { name: t(`agentCentre.pages.${name}`) }).click();
  await expect(centre.getByRole('heading', { name: t(`agentCentre.pages.${name}`) })).toBeVisible();
  return centre;
}

test('agent1 offers a sub-agent contracts by kind, within its own limits, and the sub-agent accepts', async ({ browser }) => {
  const page = await agentLogin(browser);
  const username = `sub${Date.now() % 1_000_000}`;
  const centre = await openCentre(page, 'agentRegister');
  const form = centre.getByTestId('agent-register');
  await form.getByLabel(t('account.fields.username')).fill(username);
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('Secret123');
  await form.getByLabel(t('account.fields.confirmPassword')).fill('Secret123');
  await form.getByLabel(t('agentCentre.register.type')).selectOption({ label: t('agentCentre.types.subAgent') });
  await form.getByRole('button', { name: t('agentCentre.register.submit') }).click();
  await expect(centre.getByTestId('agent-registered')).toContainText(t('agentCentre.register.done', { username }));

  await centre.getByRole('navigation', { name: t('agentCentre.menu') }).getByRole('button', { name: t('agentCentre.pages.agentContracts') }).click();
  const offer = centre.getByTestId('agent-offer');
  const kinds = offer.getByRole('group', { name: t('agentCentre.offer.kind') });
  const limit = offer.getByTestId('agent-offer-limit');
  await expect(kinds.getByRole('button', { name: DAILY })).toHaveAttribute('aria-pressed', 'true');
  await expect(limit).toHaveText(t('agentCentre.offer.limit', { kind: DAILY, rate: '1.50' }));

  // Hourly: agent1 has no hourly contract of its own, so its limit is 0 and the server refuses the offer.
  await kinds.getByRole('button', { name: HOURLY }).click();
  await expect(limit).toHaveText(t('agentCentre.offer.limitNone', { kind: HOURLY, rate: '0.00' }));
  // The sub-agent is listed by name (with its nickname, if any).
  const member = offer.getByLabel(t('agentCentre.offer.member'));
  await member.selectOption((await member.locator('option', { hasText: username }).getAttribute('value'))!);
  await offer.getByLabel(t('agentCentre.contracts.minValidBet')).fill('0');
  await offer.getByLabel(t('agentCentre.contracts.minActiveMembers')).fill('1');
  await offer.getByLabel(t('agentCentre.offer.rateBps')).fill('50');
  await offer.getByRole('button', { name: t('agentCentre.offer.submit') }).click();
  await expect(offer.getByRole('alert')).toHaveText(t('agentCentre.offer.errors.noOwnContract'));

  // Daily, at 1.00 %: within agent1's 1.50 %.
  await kinds.getByRole('button', { name: DAILY }).click();
  await expect(offer.getByRole('alert')).toHaveCount(0);
  await offer.getByLabel(t('agentCentre.offer.rateBps')).fill('100');
  await offer.getByRole('button', { name: t('agentCentre.offer.submit') }).click();
  await expect(offer.getByRole('status')).toHaveText(t('agentCentre.offer.done', { username }));
  const offered = centre.getByTestId('agent-contract').filter({ hasText: t('agentCentre.contracts.to', { party: username }) });
  await expect(offered).toHaveCount(1);
  await expect(offered).toContainText(`${DAILY} · #`);
  await expect(offered).toContainText(t('agentCentre.contracts.statuses.OFFERED'));

  // The sub-agent, in a browser of its own: a new password first, then the offer from agent1, accepted.
  const subPage = await (await browser.newContext()).newPage();
  await loginNewMember(subPage, 'EN', username, 'Secret123');
  const subCentre = await openCentre(subPage, 'agentContracts');
  const mine = subCentre.getByTestId('agent-contract').filter({ hasText: t('agentCentre.contracts.from', { party: 'agent1' }) });
  await expect(mine).toContainText(`${DAILY} · #`);
  await expect(mine.getByTestId('agent-tiers')).toContainText(t('agentCentre.contracts.percent', { rate: '1.00' }));
  await mine.getByRole('button', { name: t('agentCentre.contracts.accept') }).click();
  await expect(mine).toContainText(t('agentCentre.contracts.statuses.ACTIVE'));
  await expect(mine.getByTestId('agent-ending')).toHaveCount(0);
  await expect(subCentre.getByRole('alert')).toHaveCount(0);
  await subPage.context().close();

  // agent1 reads its contracts again: the offer is in force, still named by its kind.
  await centre.getByRole('navigation', { name: t('agentCentre.menu') }).getByRole('button', { name: t('agentCentre.pages.agentIncome') }).click();
  await centre.getByRole('navigation', { name: t('agentCentre.menu') }).getByRole('button', { name: t('agentCentre.pages.agentContracts') }).click();
  await expect(offered).toContainText(t('agentCentre.contracts.statuses.ACTIVE'));
  await expect(offered).toContainText(`${DAILY} · #`);
  await page.context().close();
});
