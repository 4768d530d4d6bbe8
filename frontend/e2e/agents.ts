// What the agent specs share: the agent centre opened from the header and its pages, registering a downline,
// accepting the offer waiting, a new member's first login in a browser of its own, a slot spin, the operator's
// id of an agent, and the instant a settlement run closes today's business day.
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';

import { cents, loginNewMember, operatorToken, strings } from './support';

const t = strings('EN');
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };

export async function agentCentre(page: Page) {
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('agentCentre.entry') }).click();
  const centre = page.getByRole('dialog', { name: t('agentCentre.title') });
  const menu = centre.getByRole('navigation', { name: t('agentCentre.menu') });
  const open = async (name: string, testId: string) => {
    await menu.getByRole('button', { name: t(`agentCentre.pages.${name}`) }).click();
    const shown = centre.getByTestId(testId);
    await expect(shown).toBeVisible();
    await expect(shown.getByText(t('agentCentre.loading'))).toHaveCount(0);
    return shown;
  };
  return { centre, open };
}

export type OpenPage = Awaited<ReturnType<typeof agentCentre>>['open'];

export async function register(open: OpenPage, username: string, type: 'player' | 'subAgent') {
  const form = await open('agentRegister', 'agent-register');
  await form.getByLabel(t('account.fields.username')).fill(username);
  await form.getByLabel(t('account.fields.password'), { exact: true }).fill('Demo1234');
  await form.getByLabel(t('account.fields.confirmPassword')).fill('Demo1234');
  await form.getByLabel(t('agentCentre.register.type')).selectOption({ label: t(`agentCentre.types.${type}`) });
  await form.getByRole('button', { name: t('agentCentre.register.submit') }).click();
  const done = form.page().getByTestId('agent-registered');
  await expect(done).toContainText(t('agentCentre.register.done', { username }));
  await done.getByRole('button', { name: t('agentCentre.register.another') }).click();
}

export async function acceptOffer(open: OpenPage) {
  const contracts = await open('agentContracts', 'agent-contracts');
  const offered = contracts.getByTestId('agent-contract').filter({ hasText: t('agentCentre.contracts.statuses.OFFERED') });
  // Found by its number: once accepted it no longer reads "Offered".
  const offer = contracts.locator(`[data-contract="${await offered.getAttribute('data-contract')}"]`);
  await offer.getByRole('button', { name: t('agentCentre.contracts.accept') }).click();
  await expect(offer.getByText(t('agentCentre.contracts.statuses.ACTIVE'), { exact: true })).toBeVisible();
}

// Offers the sub-agent the first tier typed in the offer form (the kind already chosen), and waits for it.
export async function offerFirstTier(form: Locator, sub: string, rateBps: string) {
  const chooser = form.getByLabel(t('agentCentre.offer.member'));
  await chooser.selectOption((await chooser.locator('option', { hasText: sub }).getAttribute('value'))!);
  const tier = form.getByTestId('agent-tier').first();
  await tier.getByLabel(t('agentCentre.contracts.minValidBet')).fill('0.00');
  await tier.getByLabel(t('agentCentre.contracts.minActiveMembers')).fill('1');
  await tier.getByLabel(t('agentCentre.offer.rateBps')).fill(rateBps);
  await form.getByRole('button', { name: t('agentCentre.offer.submit') }).click();
  await expect(form.getByRole('status')).toContainText(t('agentCentre.offer.done', { username: sub }));
}

export async function newLogin(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginNewMember(page, 'EN', username);
  return page;
}

// One spin of Golden Dragon at a line bet of 1.00: the stake it took and what it paid, in minor units.
export async function spin(page: Page, lineBet = '1.00'): Promise<{ stake: number; win: number }> {
  const game = page.frameLocator('[data-testid="game-iframe"]');
  if (!(await page.getByTestId('game-iframe').isVisible())) {
    await page.getByTestId('nav-RNG').click();
    await page.locator('[data-game-name="Golden Dragon"]').first().click();
  }
  const choice = game.getByTestId(`slot-linebet-${lineBet}`);
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  const stake = cents(await game.getByTestId('slot-total').getAttribute('data-amount'));
  const before = await game.getByTestId('slot-win').getAttribute('data-round-id');
  await game.getByTestId('slot-spin').click();
  const win = game.getByTestId('slot-win');
  // The round's number arrives with the answer; the reels then stop.
  if (before === null) await expect(win).toHaveAttribute('data-round-id', /\d+/);
  else await expect(win).not.toHaveAttribute('data-round-id', before);
  await expect(win).toHaveAttribute('data-state', 'settled');
  return { stake, win: cents(await win.getAttribute('data-amount')) };
}

export async function agentId(request: APIRequestContext, username: string): Promise<number> {
  const token = await operatorToken(request);
  const listed = await request.get('/wps/admin/agents', {
    headers: { Merchant: 'demo', Authorization: token, ...BACK_OFFICE }, params: { search: username },
  });
  const rows = ((await listed.json()) as { value: { list: { id: number; username: string }[] } }).value.list;
  return rows.find((a) => a.username === username)!.id;
}

// The first minute of tomorrow in the business zone (Asia/Manila, UTC+8, no daylight saving): run as of then,
// a settlement closes today.
export function tomorrowInManila(): string {
  const manila = new Date(Date.now() + 8 * 3_600_000);
  const next = new Date(Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate() + 1));
  return `${next.toISOString().slice(0, 10)}T00:01:00+08:00`;
}
