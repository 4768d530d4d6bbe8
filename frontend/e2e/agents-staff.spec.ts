import { type APIRequestContext, expect } from '@playwright/test';

import { test } from './test';
import { agentCentre } from './agents';
import { cli, openIn, operatorCall, operatorToken, strings } from './support';

// Issue 29, in Chromium: an agent pays a member of its team from the team list, by user name (no member id
// typed or shown), and the member's wallet gains exactly what the agent's lost; the agent's invitation link is
// on the address this browser reached the site on (the demo brand has no public domain). The agent and its
// member are this test's own: the demo's agent1 keeps the zero balance and unset withdrawal password other
// specs start from.
const t = strings('EN');
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };

interface StatementLine {
  kind: string;
  amount: string;
  balance: string;
}

// The member's ledger lines as the back office reads them (newest first), found by user name.
async function statement(request: APIRequestContext, username: string): Promise<StatementLine[]> {
  const headers = { Merchant: 'demo', Authorization: await operatorToken(request), ...BACK_OFFICE };
  const found = await request.get('/wps/admin/members', { headers, params: { q: username } });
  const id = ((await found.json()) as { value: { id: number; username: string }[] }).value.find((m) => m.username === username)!.id;
  const lines = await request.get(`/wps/admin/members/${id}/statement`, { headers });
  return ((await lines.json()) as { value: StatementLine[] }).value;
}

test('an agent pays a member chosen on its team list by user name, and its link is on the serving address', async ({ browser, request }) => {
  const suffix = Date.now() % 1_000_000;
  const agent = `agt${suffix}`;
  const member = `pay${suffix}`;
  cli('member', 'create', 'demo', agent, '--password', 'Demo1234', '--agent');
  cli('member', 'create', 'demo', member, '--password', 'Demo1234', '--upline', agent);
  await operatorCall(request, `/wps/admin/members/${agent}/bonus`, { amount: '5.00', requestId: `e2e-pay-${agent}`, reason: 'e2e agents' });

  const page = await (await browser.newContext()).newPage();
  await openIn(page, 'EN');
  const header = page.locator('.header-top');
  await header.getByPlaceholder(t('account.fields.username')).fill(agent);
  await header.getByPlaceholder(t('account.fields.password')).fill('Demo1234');
  await header.getByRole('button', { name: t('account.login'), exact: true }).click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  // An account the back office opened asks for a password of the member's own first.
  const modal = page.getByTestId('change-password-modal');
  await modal.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('Renewed123');
  await modal.getByLabel(t('account.fields.confirmNewPassword')).fill('Renewed123');
  await modal.getByRole('button', { name: t('common.submit') }).click();
  await expect(modal).toBeHidden();

  // The withdrawal password a payment needs, set in the member centre.
  await page.getByTestId('logged-in-panel').getByRole('button', { name: t('account.panel.personalCenter') }).click();
  const memberCentre = page.getByTestId('member-centre');
  await memberCentre.getByRole('button', { name: t('memberCentre.pages.securityCenter') }).click();
  await memberCentre.getByLabel(t('account.fields.password'), { exact: true }).fill('Renewed123');
  await memberCentre.getByLabel(t('account.fields.paymentPassword'), { exact: true }).fill('246810');
  await memberCentre.getByLabel(t('memberCentre.security.confirmPaymentPassword')).fill('246810');
  await memberCentre.getByRole('button', { name: t('common.submit') }).click();
  await expect(memberCentre.getByText(t('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
  await page.keyboard.press('Escape');

  // Team management: the member's row, its Pay button; the form opens on that member, by user name.
  const { centre, open } = await agentCentre(page);
  const team = await open('agentTeamManagement', 'agent-team');
  await team.getByLabel(t('agentCentre.team.search')).fill(member);
  await team.getByRole('button', { name: t('agentCentre.team.searchButton') }).click();
  await team.locator(`tr[data-member="${member}"]`).getByRole('button', { name: t('agentCentre.team.payMember', { username: member }) }).click();
  const pay = centre.getByTestId('agent-pay');
  await expect(pay.getByLabel(t('agentCentre.pay.member'))).toHaveValue(member);
  await expect(pay.getByTestId('agent-payee')).toContainText(t('agentCentre.pay.payee', { username: member, level: '1' }));
  await pay.getByLabel(t('wallet.amount')).fill('1.00');
  await pay.getByLabel(t('account.fields.paymentPassword')).fill('246810');
  await pay.getByRole('button', { name: t('agentCentre.pay.submit') }).click();
  await expect(pay.getByRole('status')).toHaveText(t('agentCentre.pay.done', { amount: 'P 1.00', member }));

  // The ledger: the member's main wallet rose by exactly 1.00, the agent's fell by as much, one payment each.
  const [paid] = await statement(request, member);
  expect(paid).toMatchObject({ kind: 'DOWNLINE_TRANSFER', amount: '1.00', balance: '1.00' });
  const [spent] = await statement(request, agent);
  expect(spent).toMatchObject({ kind: 'DOWNLINE_TRANSFER', amount: '-1.00', balance: '4.00' });

  // The agent's invitation link: the address this browser is on, not the demo brand's development name.
  const link = await open('agentAffiliate', 'agent-affiliate');
  const served = test.info().project.use.baseURL!;
  await expect(link.getByTestId('agent-affiliate-link')).toHaveValue(new RegExp(`^${served.replace(/\./g, '\\.')}/register\\?affiliateCode=[A-Z0-9]+$`));
  expect(served).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await page.context().close();
});
