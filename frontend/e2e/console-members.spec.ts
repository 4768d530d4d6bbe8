// The console's members section in a real browser against the real server: an operator finds a new player,
// reads the page and locks / unlocks the account; support notes on it without the operator's controls; the
// page in Chinese. The staff accounts and the player are opened with the command line, each with a new name.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { test } from './test';
import { consoleAddress, consoleStrings, enrol, openStaff, signIn, unique } from './console-support';
import { loginNewMember, newPlayer, operatorCall } from './support';

const t = consoleStrings('en');

// An address of this spec's own, new each run (as console.spec.ts picks its own).
test.use({ extraHTTPHeaders: consoleAddress() });

// One player for the whole spec, opened the first time a test needs it, with a bonus of 500.00 (its MAIN
// wallet and a first statement line).
let opened: Promise<string> | null = null;
function player(request: APIRequestContext): Promise<string> {
  opened ??= (async () => {
    const username = newPlayer('e2emem');
    await operatorCall(request, `/wps/admin/members/${username}/bonus`, {
      amount: '500.00',
      requestId: `e2e-members-${username}`,
      reason: 'e2e members',
    });
    return username;
  })();
  return opened;
}

// From the members search to the player's page: typed, Enter, the row clicked.
async function openPlayer(page: Page, username: string) {
  await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('sections.members') }).click();
  await expect(page).toHaveURL(/\/console\/members$/);
  await page.getByLabel(t('members.query')).fill(username);
  await page.getByLabel(t('members.query')).press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t('members.status.ACTIVE'));
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/console\/members\/\d+$/);
  await expect(page.getByRole('heading', { name: t('members.memberTitle', { username }) })).toBeVisible();
}

const block = (page: Page, key: string) => page.getByRole('region', { name: t(key) });

test.describe('the console members section', () => {
  test('an operator finds a new player, sees its wallet and records, locks and unlocks it, gives a temporary password', async ({ browser, page, request }) => {
    const username = await player(request);
    const operator = openStaff('OPERATOR', 'e2emop');
    await enrol(page, operator);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await openPlayer(page, username);

    const profile = block(page, 'members.profile');
    await expect(profile.getByText(username, { exact: true }).first()).toBeVisible();
    const main = block(page, 'members.wallets').getByRole('row').filter({ hasText: 'MAIN' });
    await expect(main).toHaveCount(1);
    await expect(main.getByRole('cell').last()).toHaveText('500.00');
    const lines = block(page, 'members.statement').getByRole('table').getByRole('row');
    await expect(lines).toHaveCount(2); // the header and the bonus
    await expect(lines.nth(1)).toContainText('500.00');
    await expect(block(page, 'members.sessions').getByRole('table')).toBeVisible();

    const status = profile.getByTestId('member-status');
    await expect(status).toHaveText(t('members.status.ACTIVE'));
    await profile.getByRole('button', { name: t('members.lock') }).click();
    await expect(profile).toContainText(t('members.confirmLock', { username }));
    await profile.getByRole('button', { name: t('members.confirm') }).click();
    await expect(status).toHaveText(t('members.status.LOCKED'));
    // Read back from the server, not only the answer to the change.
    await page.reload();
    await expect(block(page, 'members.profile').getByTestId('member-status')).toHaveText(t('members.status.LOCKED'));

    await block(page, 'members.profile').getByRole('button', { name: t('members.unlock') }).click();
    await block(page, 'members.profile').getByRole('button', { name: t('members.confirm') }).click();
    await expect(block(page, 'members.profile').getByTestId('member-status')).toHaveText(t('members.status.ACTIVE'));
    await expect(block(page, 'members.profile').getByRole('button', { name: t('members.lock') })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The account records as the player sees them: the bonus, under its type.
    const records = block(page, 'records.title');
    await expect(records.getByRole('table', { name: t('records.bets') })).toContainText(t('records.none'));
    await records.getByRole('tab', { name: t('records.transactions') }).click();
    const bonus = records.getByRole('table', { name: t('records.transactions') }).getByRole('row').nth(1);
    await expect(bonus).toContainText(t('records.types.BONUS'));
    await expect(bonus).toContainText('500.00');

    // A temporary password, shown once, opens the player's account, which then asks for a new password.
    const profile2 = block(page, 'members.profile');
    await profile2.getByRole('button', { name: t('members.resetPassword') }).click();
    await expect(profile2).toContainText(t('members.confirmReset', { username }));
    await profile2.getByRole('button', { name: t('members.confirm') }).click();
    const temporary = ((await profile2.getByTestId('temporary-password').textContent()) ?? '').trim();
    expect(temporary).toMatch(/^[A-Za-z0-9]{11}$/);
    const portal = await browser.newContext();
    try {
      await loginNewMember(await portal.newPage(), 'EN', username, temporary);
    } finally {
      await portal.close();
    }
  });

  test('support finds the same player and adds a note under its own name, without lock or log-out', async ({ page, request }) => {
    const username = await player(request);
    const support = openStaff('SUPPORT', 'e2emsup');
    await signIn(page, support);
    await expect(page).toHaveURL(/\/console\/members$/);
    await openPlayer(page, username);

    const profile = block(page, 'members.profile');
    await expect(profile.getByTestId('member-status')).toBeVisible();
    await expect(page.getByRole('button', { name: t('members.lock') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('members.unlock') })).toHaveCount(0);
    const sessions = block(page, 'members.sessions');
    await expect(sessions.getByRole('table')).toBeVisible();
    await expect(sessions.getByRole('button')).toHaveCount(0);
    await expect(sessions.getByRole('columnheader', { name: t('members.columns.actions') })).toHaveCount(0);

    const text = `Called about the deposit ${unique()}`;
    const form = page.getByRole('form', { name: t('members.addNote') });
    await form.getByLabel(t('members.noteText')).fill(text);
    await form.getByRole('button', { name: t('members.addNote') }).click();
    const first = page.getByTestId('notes').getByRole('listitem').first();
    await expect(first).toContainText(text);
    await expect(first).toContainText(support);
    await expect(form.getByLabel(t('members.noteText'))).toHaveValue('');
    // Kept by the server: there after a reload too.
    await page.reload();
    await expect(page.getByTestId('notes').getByRole('listitem').first()).toContainText(text);
  });

  test('the members page in Chinese', async ({ page }) => {
    const cn = consoleStrings('cn');
    const support = openStaff('SUPPORT', 'e2emcn');
    await signIn(page, support);
    await expect(page).toHaveURL(/\/console\/members$/);
    await page.getByLabel(t('app.language')).selectOption('CN');
    await expect(page.getByRole('heading', { name: cn('members.title') })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: cn('sections.members') })).toBeVisible();
    await expect(page.getByLabel(cn('members.query'))).toBeVisible();
  });
});
