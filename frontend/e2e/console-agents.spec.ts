// The console's Agents page in a real browser against the real server: a new operator finds agent1
// with the contract the demo seeds (1.00 % a day with an active member, 1.50 % from 1,000.00 with two), reads
// its chain, members and contracts, offers a contract and withdraws it, and the page on a phone's width.
//
// The operator is one of this spec's own (openStaff): admin1's first login, its enrolment, belongs to
// console-journey.spec.ts, which runs on the same server afterwards.
import { expect, type Page } from '@playwright/test';

import { test } from './test';
import { consoleAddress, consoleStrings, enrol, openStaff } from './console-support';

const t = consoleStrings('en');
const rate = (value: string) => t('agents.rate', { rate: value });

// An address of this spec's own, new each run (as console.spec.ts picks its own).
test.use({ extraHTTPHeaders: consoleAddress() });

const table = (page: Page, key: string) => page.getByRole('table', { name: t(key), exact: true });

// The contracts table's rows the merchant offered, in a status (a cell, not the header's "Offered" / "Ended"
// columns). agent1's own offers to its sub-agents, made by the portal's specs on the same database, are
// left out.
const inStatus = (page: Page, status: string) =>
  table(page, 'agents.contracts')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: t(`agents.contractStatus.${status}`), exact: true }) })
    .filter({ has: page.getByRole('cell', { name: t('agents.merchant'), exact: true }) });

test('an operator opens Agents, finds agent1 with its seeded contract and player1 among its members, offers and withdraws a contract', async ({
  page,
}) => {
  await enrol(page, openStaff('OPERATOR', 'e2eagents'));
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('agents.nav') }).click();
  await expect(page).toHaveURL(/\/console\/agents$/);
  await expect(page.getByRole('heading', { name: t('agents.title'), level: 1 })).toBeVisible();

  // The list: agent1 under the merchant, its contract in force summed up as its best rate and two tiers.
  const row = table(page, 'agents.title').getByRole('row').filter({ has: page.getByRole('link', { name: 'agent1', exact: true }) });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(t('agents.merchant'));
  await expect(cells.nth(4)).toHaveText(rate('1.50'));
  await expect(cells.nth(5)).toHaveText('2');
  await expect(cells.nth(6)).toHaveText(t('members.status.ACTIVE'));

  await row.getByRole('link', { name: 'agent1', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/agents\?agent=\d+$/);
  await expect(page.getByRole('heading', { name: t('agents.agentTitle', { username: 'agent1' }) })).toBeVisible();
  await expect(page.getByTestId('agent-chain').getByRole('listitem')).toHaveText([t('agents.merchant'), 'agent1']);

  // The seeded contract: the merchant's, active, with both tiers.
  const seeded = inStatus(page, 'ACTIVE');
  await expect(seeded).toHaveCount(1);
  await expect(seeded.getByRole('cell').nth(3)).toHaveText(t('agents.merchant'));
  await expect(seeded.getByRole('listitem')).toHaveText([
    t('agents.tierLine', { bet: '0.00', members: '1', rate: rate('1.00') }),
    t('agents.tierLine', { bet: '1000.00', members: '2', rate: rate('1.50') }),
  ]);

  // player1 is one of its direct members, its page a click away.
  const members = page.getByRole('region', { name: /^Direct members/ }).getByRole('table');
  const player1 = members.getByRole('row').filter({ has: page.getByRole('link', { name: 'player1', exact: true }) });
  await expect(player1).toHaveCount(1);
  await expect(player1).toContainText(t('agents.memberTypes.player'));

  // An offer through the real server: the form's body is what it takes; the offer then waits for agent1.
  const form = page.getByRole('form', { name: t('agents.offer.title') });
  const tier = form.getByRole('group', { name: t('agents.offer.tier', { n: '1' }) });
  await tier.getByLabel(t('agents.offer.minValidBet')).fill('0');
  await tier.getByLabel(t('agents.offer.minActiveMembers')).fill('1');
  await tier.getByLabel(t('agents.offer.rateBps')).fill('120');
  await expect(tier.getByTestId('tier-percent')).toHaveText(t('agents.offer.percent', { rate: rate('1.20') }));
  await form.getByRole('button', { name: t('agents.offer.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(t('agents.offer.done', { username: 'agent1' }));
  const offered = inStatus(page, 'OFFERED');
  await expect(offered).toHaveCount(1);
  await expect(offered.getByRole('listitem')).toHaveText([t('agents.tierLine', { bet: '0.00', members: '1', rate: rate('1.20') })]);

  // A second offer while that one waits: the server's refusal in words.
  await tier.getByLabel(t('agents.offer.rateBps')).fill('130');
  await form.getByRole('button', { name: t('agents.offer.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(t('agents.errors.AGENT_CONTRACT_PENDING'));

  // Withdrawn, asked twice; the seeded contract stays in force.
  await offered.getByRole('button', { name: /^Terminate contract/ }).click();
  await offered.getByRole('button', { name: t('confirm.yes') }).click();
  await expect(offered).toHaveCount(0);
  await expect(inStatus(page, 'TERMINATED')).toHaveCount(1);
  await expect(seeded).toHaveCount(1);

  // A phone's width: the page itself does not scroll sideways; the wide tables scroll inside their boxes.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(seeded).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
    tables: [...document.querySelectorAll('.cs-agents-detail .cs-table-wrap')].map((box) => box.scrollWidth > box.clientWidth),
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  expect(widths.tables).toContain(true);
});
