// The staff console (/console) in a real browser against the real server: two-factor enrolment, staff
// accounts, the audit log, what each role sees, the languages and a tablet's width.
//
// The demo operator admin1 enrols in console-journey.spec.ts (each run starts on a fresh database); here an
// operator of the spec's own enrols the same way. Staff accounts are opened with the command line
// (`python -m server staff create`), each with a new name.
import { expect } from '@playwright/test';

import { test } from './test';
import { E2E_CAPTCHA } from '../playwright.config';
import {
  consoleAddress,
  consoleStrings,
  DEMO_PASSWORD,
  enrol,
  openStaff,
  refusedAt,
  signIn,
  STAFF_PASSWORD,
  unique,
} from './console-support';

const t = consoleStrings('en');

// The console's own address, new each run: its failed logins (the captcha case) must not make other specs'
// logins need a captcha, nor theirs or an earlier run's ours.
test.use({ extraHTTPHeaders: consoleAddress() });

test.describe('the staff console', () => {
  test('a new operator enrols two-factor sign-in, opens a staff account, changes its role and finds both in the audit log', async ({
    page,
  }) => {
    const operator = openStaff('OPERATOR', 'e2eop');
    // The console's address without a session is its login.
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/login$/);
    const { totp, recoveryCodes } = await enrol(page, operator);

    // An operator lands on the dashboard; the staff accounts are a section away.
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link', { name: t('sections.audit') })).toBeVisible();
    await nav.getByRole('link', { name: t('sections.staff') }).click();
    await expect(page).toHaveURL(/\/console\/staff$/);
    await expect(page.getByTestId('signed-in')).toContainText(t('roles.OPERATOR'));
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeTruthy();
    // Its own row says two-factor sign-in is on now.
    const own = page.getByRole('row').filter({ has: page.getByText(operator, { exact: true }) });
    await expect(own).toContainText(t('staff.otpOn'));

    const name = `e2eaudit${unique()}`;
    const form = page.getByRole('form', { name: t('staff.create.title') });
    await form.getByLabel(t('staff.create.username')).fill(name);
    await form.getByLabel(t('staff.create.nickname')).fill('E2E Auditor');
    await form.getByLabel(t('staff.create.password')).fill(STAFF_PASSWORD);
    await form.getByLabel(t('staff.create.role')).selectOption('AUDITOR');
    await form.getByRole('button', { name: t('staff.create.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(t('staff.create.created', { username: name }));
    const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    await expect(row).toContainText('E2E Auditor');
    await expect(row).toContainText(t('staff.active'));
    await expect(row).toContainText(t('staff.otpOff'));
    const role = row.getByLabel(t('staff.roleOf', { username: name }));
    await expect(role).toHaveValue('AUDITOR');

    // The same name again: the server's answer, at the field.
    await form.getByLabel(t('staff.create.username')).fill(name);
    await form.getByLabel(t('staff.create.password')).fill(STAFF_PASSWORD);
    await form.getByRole('button', { name: t('staff.create.submit') }).click();
    await expect(form.getByText(t('errors.USERNAME_TAKEN'))).toBeVisible();

    await role.selectOption('SUPPORT');
    await expect(role).toHaveValue('SUPPORT');
    await expect(row.getByRole('alert')).toHaveCount(0);

    await nav.getByRole('link', { name: t('sections.audit') }).click();
    await expect(page).toHaveURL(/\/console\/audit$/);
    await page.getByLabel(t('audit.target')).fill(name);
    await page.getByRole('button', { name: t('audit.apply') }).click();
    const entries = page.getByRole('table').getByRole('row');
    const created = entries.filter({ hasText: 'staff.create' });
    const reRoled = entries.filter({ hasText: 'staff.role' });
    await expect(created).toHaveCount(1);
    await expect(reRoled).toHaveCount(1);
    await expect(created).toContainText(operator);
    // The detail as labelled fields, the roles by name (not the JSON of the entry).
    await expect(created).toContainText(`${t('audit.keys.role')}${t('roles.AUDITOR')}`);
    await expect(reRoled).toContainText(`${t('audit.keys.from')}${t('roles.AUDITOR')}${t('audit.keys.to')}${t('roles.SUPPORT')}`);
    await expect(reRoled).toContainText(t('audit.actions.staff_role'));
    await expect(entries).toHaveCount(3); // the header and the two entries
    // The action prefix narrows it further.
    await page.getByLabel(t('audit.action')).fill('staff.role');
    await page.getByRole('button', { name: t('audit.apply') }).click();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toContainText('staff.role');

    // Enrolled now: the password alone is refused as a wrong one is (nothing tells it was right); with the
    // code (the next time step's: this one's was used) it signs in, and a recovery code works instead once.
    await page.getByRole('button', { name: t('shell.logout') }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeNull();
    await signIn(page, operator);
    await expect(page.getByRole('alert')).toHaveText(t('login.failed'));
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.getByLabel(t('login.code')).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByLabel(t('login.captcha')).fill(E2E_CAPTCHA);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await expect(page).toHaveURL(/\/console\/dashboard$/);

    await page.getByRole('button', { name: t('shell.logout') }).click();
    await signIn(page, operator, STAFF_PASSWORD, undefined, { recoveryCode: recoveryCodes[0]! });
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(page.getByRole('heading', { name: t('dashboard.title'), level: 1 })).toBeVisible();
  });

  test('support sees members, the support desk, content, player protection and the feedback desk, and no way into staff or audit', async ({ page }) => {
    await signIn(page, 'support1', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console\/members$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    // The support desk's link carries a badge of the conversations waiting, when there are.
    const desk = new RegExp(`^${t('support.nav')}\\s*\\d*`);
    // Player protection read-only: support answers players about their limits, breaks and documents.
    await expect(nav.getByRole('link')).toHaveText([
      t('sections.members'),
      desk,
      t('content.nav'),
      t('protection.nav'),
      t('feedback.nav'),
    ]);
    await expect(page.getByTestId('signed-in')).toContainText('Support One');

    await refusedAt(page, '/console/staff');
    await expect(page.getByRole('table')).toHaveCount(0);
    await refusedAt(page, '/console/audit');
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('an auditor reads the staff table without any way to change it, and the audit log', async ({ page }) => {
    await signIn(page, 'auditor1', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('sections.staff') }).click();
    await expect(page).toHaveURL(/\/console\/staff$/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'admin1' })).toContainText(t('roles.OPERATOR'));
    await expect(table.getByRole('row').filter({ hasText: 'auditor1' })).toContainText(t('staff.you'));
    await expect(page.getByText(t('staff.readOnly'))).toBeVisible();
    await expect(page.getByRole('form', { name: t('staff.create.title') })).toHaveCount(0);
    await expect(table.getByRole('button')).toHaveCount(0);
    await expect(table.getByRole('combobox')).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: t('staff.columns.actions') })).toHaveCount(0);

    await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('sections.audit') }).click();
    await expect(page.getByRole('heading', { name: t('audit.title') })).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader', { name: t('audit.columns.action') })).toBeVisible();
    await page.getByLabel(t('audit.action')).fill('no.such.action.');
    await page.getByRole('button', { name: t('audit.apply') }).click();
    await expect(page.getByRole('table')).toContainText(t('audit.empty'));
  });

  test('the login screen in Chinese, remembered', async ({ page }) => {
    const cn = consoleStrings('cn');
    await page.goto('/console/login');
    await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
    await page.getByLabel(t('app.language')).selectOption('CN');
    await expect(page.getByRole('heading', { name: cn('login.title') })).toBeVisible();
    await expect(page.getByLabel(cn('login.username'))).toBeVisible();
    await expect(page.getByLabel(cn('login.password'))).toBeVisible();
    await expect(page.getByRole('button', { name: cn('login.submit') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => [localStorage.getItem('console.lang'), localStorage.getItem('lang')])).toEqual([
      'CN',
      null,
    ]);
    await page.reload();
    await expect(page.getByRole('heading', { name: cn('login.title') })).toBeVisible();
    // An error in Chinese too.
    await page.getByRole('button', { name: cn('login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(cn('login.required'));
  });

  test('after a wrong password the login shows the captcha the server asks for', async ({ page }) => {
    const username = openStaff('SUPPORT', 'e2ecap');
    await signIn(page, username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(t('login.failed'));
    await expect(page.getByRole('img', { name: t('security.captchaAlt') })).toBeVisible();
    await page.getByLabel(t('login.password')).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(t('login.captchaRequired'));
    await page.getByLabel(t('login.captcha')).fill(E2E_CAPTCHA);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await expect(page).toHaveURL(/\/console\/members$/);
  });
});

test.describe('the staff console on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('the navigation and the staff table with its controls fit the screen', async ({ page }) => {
    const operator = openStaff('OPERATOR', 'e2etab');
    await enrol(page, operator);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await nav.getByRole('link', { name: t('sections.staff') }).click();
    await expect(page).toHaveURL(/\/console\/staff$/);
    await expect(nav.getByRole('link', { name: t('sections.staff') })).toBeInViewport();
    await expect(nav.getByRole('link', { name: t('sections.audit') })).toBeInViewport();

    const row = page.getByRole('row').filter({ hasText: 'support1' });
    await expect(row.getByLabel(t('staff.roleOf', { username: 'support1' }))).toBeInViewport();
    await expect(row.getByRole('button', { name: t('staff.disable') })).toBeInViewport();
    await expect(row.getByRole('button', { name: t('staff.resetOtp') })).toBeInViewport();
    // Nothing wider than the screen: no sideways scrolling of the page or of the table.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    const wrap = page.locator('.cs-table-wrap');
    expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

    // A disable asks first, and can be called off.
    await row.getByRole('button', { name: t('staff.disable') }).click();
    await expect(row).toContainText(t('staff.confirmDisable', { username: 'support1' }));
    await row.getByRole('button', { name: t('staff.cancel') }).click();
    await expect(row).toContainText(t('staff.active'));

    await nav.getByRole('link', { name: t('sections.audit') }).click();
    await expect(page.getByRole('heading', { name: t('audit.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('audit.apply') })).toBeInViewport();
  });
});
