import { expect } from '@playwright/test';

import { test } from './test';
import { acceptOffer, agentCentre, agentId, newLogin, register, spin } from './agents';
import { cli, headerAmount, operatorCall, strings } from './support';

// The real-time salary (issue 17), in Chromium: a new first-level agent accepts the merchant's real-time salary
// (2 % of every stake, 1 % of what members lose on a bet and 1 % of what they win), offers a sub-agent one in
// its agent centre with the three rates, and its player spins; the five minutes settle (run as of seven minutes
// on), and the agent's income and wallet hold what this test works out from the spins. Slot stakes and wins
// are whole units, so these rates leave no fraction of a minor unit in any five minutes: the total does not
// depend on how the spins fell into them.
const t = strings('EN');
const REALTIME = t('agentCentre.contracts.kinds.REALTIME_SALARY');

test('the real-time salary pays the agent its three rates on what its team played', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1_000_000;
  const [top, sub, player] = ['rtt', 'rts', 'rtp'].map((prefix) => `${prefix}${stamp}`) as [string, string, string];
  cli('member', 'create', 'demo', top, '--password', 'Demo1234', '--agent');
  await operatorCall(request, `/wps/admin/agents/${await agentId(request, top)}/contracts`, {
    kind: 'REALTIME_SALARY', tiers: [{ minValidBet: '0.00', minActiveMembers: 0, rateBps: 200, lossRateBps: 100, profitRateBps: 100 }],
  });

  const topPage = await newLogin(browser, top);
  const centre = await agentCentre(topPage);
  await acceptOffer(centre.open);
  const held = centre.centre.getByTestId('agent-contract').filter({ hasText: REALTIME }).first();
  const percent = (rate: string) => t('agentCentre.contracts.percent', { rate });
  await expect(held.getByTestId('agent-tiers').getByRole('row').nth(1).getByRole('cell'))
    .toHaveText(['P 0.00', '0', percent('2.00'), percent('1.00'), percent('1.00')]);
  await register(centre.open, sub, 'subAgent');
  await register(centre.open, player, 'player');

  // The offer to the sub-agent: one tier, the three rates, no more tiers to add.
  const contracts = await centre.open('agentContracts', 'agent-contracts');
  const form = contracts.getByTestId('agent-offer');
  await form.getByRole('group', { name: t('agentCentre.offer.kind') }).getByRole('button', { name: REALTIME }).click();
  await expect(form.getByText(t('agentCentre.offer.realtimeHint'))).toBeVisible();
  await expect(form.getByRole('button', { name: t('agentCentre.offer.addTier') })).toHaveCount(0);
  const chooser = form.getByLabel(t('agentCentre.offer.member'));
  await chooser.selectOption((await chooser.locator('option', { hasText: sub }).getAttribute('value'))!);
  await form.getByLabel(t('agentCentre.contracts.minValidBet')).fill('0');
  await form.getByLabel(t('agentCentre.contracts.minActiveMembers')).fill('0');
  await form.getByLabel(t('agentCentre.offer.rateBps')).fill('150');
  await form.getByLabel(t('agentCentre.offer.lossRateBps')).fill('100');
  await form.getByLabel(t('agentCentre.offer.profitRateBps')).fill('101'); // above the agent's own 1.00 %
  await form.getByRole('button', { name: t('agentCentre.offer.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(t('agentCentre.offer.errors.ratesAboveUpline', { rate: '2.00', loss: '1.00', profit: '1.00' }));
  await form.getByLabel(t('agentCentre.offer.profitRateBps')).fill('50');
  await form.getByRole('button', { name: t('agentCentre.offer.submit') }).click();
  await expect(form.getByRole('status')).toContainText(t('agentCentre.offer.done', { username: sub }));

  await operatorCall(request, `/wps/admin/members/${player}/bonus`, { amount: '300.00', requestId: `e2e-rt-${player}`, reason: 'e2e real-time' });
  const playerPage = await newLogin(browser, player);
  let owed = 0;
  for (let n = 0; n < 3; n += 1) {
    const { stake, win } = await spin(playerPage);
    owed += (stake * 200 + Math.max(0, stake - win) * 100 + Math.max(0, win - stake) * 100) / 10_000;
  }
  expect(Number.isInteger(owed)).toBe(true);

  const at = new Date(Date.now() + 7 * 60_000).toISOString();
  const runs = cli('agents', 'settle', '--kind', 'REALTIME_SALARY', '--agent', top, '--at', at);
  expect(JSON.parse(runs.split('\n').at(-1)!)).toMatchObject({ kind: 'REALTIME_SALARY' });

  const income = await centre.open('agentIncome', 'agent-income');
  await expect(income.getByTestId('agent-income-total')).toContainText(headerAmount(owed).slice(2));
  await expect(income.getByTestId('agent-income-row').filter({ hasText: REALTIME }).first()).toBeVisible();
  await topPage.reload();
  await expect(topPage.getByTestId('header-balance')).toHaveText(headerAmount(owed));
});
