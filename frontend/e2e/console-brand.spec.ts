// The console's brand settings in a real browser against the real server: an operator switches a module off
// and the portal's status follows; maintenance with the operator's words, on the SECOND merchant (demo2) so
// that no other spec meets a closed demo, switched off again before the test ends; a window typed in the
// browser's zone is stored as UTC; an auditor reads the settings without a control, and FINANCE gets no
// section and a refusal from the API.
//
// Each staff account here is new (the command line opens it) and enrols its second factor through the
// screens, as a newcomer would.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { test } from './test';
import { E2E_PORT } from '../playwright.config';
import {
  consoleAddress,
  consoleStrings,
  enrol,
  expectForbidden,
  openStaff,
  refusedAt,
  signIn,
  STAFF_PASSWORD,
  staffToken,
} from './console-support';

const demo2 = `http://demo2.localhost:${E2E_PORT}`;

const t = consoleStrings('en');
// A leaf the demo merchant has on and no other spec looks at.
const MODULE = 'HOURLYSALARY3';

// The console's own address, new each run: its logins must not make other specs' need a captcha. And a
// browser zone of UTC+8 without summer time, so that a window's conversion is known.
test.use({ extraHTTPHeaders: consoleAddress(), timezoneId: 'Asia/Manila' });

// A new account of a role that signs in with a second factor: its first login enrols it.
async function enrolled(page: Page, merchant: string, role: string, prefix: string): Promise<string> {
  const username = openStaff(role, prefix, merchant);
  await enrol(page, username, STAFF_PASSWORD, merchant);
  await expect(page.getByRole('navigation', { name: t('shell.nav') })).toBeVisible();
  return username;
}

async function openBrand(page: Page) {
  await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('brand.nav') }).click();
  await expect(page).toHaveURL(/\/console\/brand$/);
  await expect(page.getByRole('heading', { name: t('brand.title'), level: 1 })).toBeVisible();
}

interface SettingNode {
  modId: string;
  enabled: string;
  childrenNodes: SettingNode[];
}

function findNode(nodes: SettingNode[], modId: string): SettingNode | undefined {
  for (const node of nodes) {
    if (node.modId === modId) return node;
    const found = findNode(node.childrenNodes, modId);
    if (found) return found;
  }
  return undefined;
}

// The portal's view: what GET /wps/system/status says of a module ("1" on, "0" off).
async function portalSwitch(request: APIRequestContext, modId: string): Promise<string | undefined> {
  const answer = await request.get('/wps/system/status', { headers: { Merchant: 'demo' } });
  const value = ((await answer.json()) as { value: { info: { whitelabel: SettingNode[] } } }).value;
  return findNode(value.info.whitelabel, modId)?.enabled;
}

async function adminCall(request: APIRequestContext, token: string, merchant: string, method: string, url: string, data?: object) {
  return request.fetch(url, { method, headers: { Merchant: merchant, Authorization: token }, data });
}

test.describe('the brand settings', () => {
  test('an operator switches a module off and the portal follows within the brand cache window', async ({ page }) => {
    await enrolled(page, 'demo', 'OPERATOR', 'e2ebrand');
    const token = await staffToken(page);
    await openBrand(page);
    const tree = page.getByRole('region', { name: t('brand.switches.title') });
    // The toggle is named by the module's name; its code is shown small beside it.
    const toggle = tree.getByRole('switch', { name: t(`brand.switches.names.${MODULE}`), exact: true });
    await expect(toggle).toBeChecked();
    expect(await portalSwitch(page.request, MODULE)).toBe('1');
    try {
      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect(tree.locator(`li[data-mod="${MODULE}"] > .cs-switch-row`)).toContainText(t('brand.switches.off'));
      // The portal's brand cache may hold the old tree for its window: ask until it has let go.
      await expect.poll(() => portalSwitch(page.request, MODULE), { timeout: 30_000 }).toBe('0');
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect.poll(() => portalSwitch(page.request, MODULE), { timeout: 30_000 }).toBe('1');
    } finally {
      await adminCall(page.request, token, 'demo', 'PUT', `/wps/admin/brand/switches/${MODULE}`, { enabled: true });
    }
    // Each change is in the audit log, newest first (the last one is the clean-up's).
    const audit = await adminCall(page.request, token, 'demo', 'GET', `/wps/admin/audit?action=brand.switch&target=${MODULE}`);
    const entries = ((await audit.json()) as { value: { detail: { enabled: boolean; effectiveBefore: boolean } }[] }).value;
    expect(entries.map((entry) => [entry.detail.enabled, entry.detail.effectiveBefore])).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  test("maintenance with the operator's words reaches demo2's maintenance page, and a window is stored in UTC", async ({
    page,
    browser,
  }) => {
    await enrolled(page, 'demo2', 'OPERATOR', 'e2ebrand2');
    const token = await staffToken(page);
    await openBrand(page);
    const panel = page.getByRole('region', { name: t('brand.maintenance.title') });
    const save = panel.getByRole('button', { name: t('brand.maintenance.save') });
    const state = panel.getByTestId('maintenance-state');
    const words = 'Back at 10:00 UTC.\n<b>Thank you</b> for waiting';
    await expect(state).toHaveText(t('brand.maintenance.stateOff'));
    const visitor = await browser.newContext();
    try {
      await panel.getByRole('radio', { name: t('brand.maintenance.modes.now') }).check();
      await panel.getByLabel(t('brand.maintenance.message')).fill(words);
      await save.click();
      await expect(state).toHaveText(t('brand.maintenance.stateOn'));

      const portal = await visitor.newPage();
      await portal.goto(`${demo2}/`);
      const card = portal.getByTestId('maintenance-page');
      await expect(card).toBeVisible();
      await expect(card.getByTestId('maintenance-note')).toHaveText(words, { useInnerText: true });
      await expect(card.locator('b')).toHaveCount(0); // the operator's text, not markup

      // A window typed in Manila time (UTC+8) is stored as the UTC instants it stands for.
      await panel.getByRole('radio', { name: t('brand.maintenance.modes.schedule') }).check();
      await panel.getByLabel(t('brand.maintenance.start')).fill('2030-01-01T10:00');
      await panel.getByLabel(t('brand.maintenance.end')).fill('2030-01-01T12:30');
      await save.click();
      await expect(state).toHaveText(
        t('brand.maintenance.stateWindow', { start: '2030-01-01 10:00:00 GMT+8', end: '2030-01-01 12:30:00 GMT+8' }),
      );
      const stored = (await (await adminCall(page.request, token, 'demo2', 'GET', '/wps/admin/brand')).json()) as {
        value: { maintenance: boolean; maintenanceStart: string; maintenanceEnd: string; maintenanceMessage: string };
      };
      expect(Date.parse(stored.value.maintenanceStart)).toBe(Date.parse('2030-01-01T02:00:00Z'));
      expect(Date.parse(stored.value.maintenanceEnd)).toBe(Date.parse('2030-01-01T04:30:00Z'));
      expect([stored.value.maintenance, stored.value.maintenanceMessage]).toEqual([false, words]);
      // Not open yet: the portal is back, and its status carries no words.
      await portal.reload();
      await expect(portal.getByTestId('maintenance-page')).toHaveCount(0);
      await expect(portal.getByRole('heading', { name: 'Welcome to Second Brand' })).toBeVisible();

      await panel.getByRole('radio', { name: t('brand.maintenance.modes.off') }).check();
      await panel.getByLabel(t('brand.maintenance.message')).fill('');
      await save.click();
      await expect(state).toHaveText(t('brand.maintenance.stateOff'));
    } finally {
      await adminCall(page.request, token, 'demo2', 'PUT', '/wps/admin/merchant/maintenance', { on: false });
      await visitor.close();
    }
  });

  test('an auditor reads the brand settings without a single control', async ({ page }) => {
    const username = openStaff('AUDITOR', 'e2ebrandaud');
    await signIn(page, username, STAFF_PASSWORD, 'demo');
    await openBrand(page);
    const content = page.locator('section.cs-brand-page');
    await expect(content.getByText(t('brand.readOnly'))).toBeVisible();
    await expect(content.getByRole('region', { name: t('brand.switches.title') })).toContainText(MODULE);
    await expect(content.getByRole('region', { name: t('brand.resources.title') })).toContainText('https://facebook.com/');
    for (const role of ['button', 'switch', 'checkbox', 'radio', 'textbox', 'combobox', 'spinbutton'] as const) {
      await expect(content.getByRole(role)).toHaveCount(0);
    }
  });

  test('FINANCE sees no brand section and the API refuses its reads and writes', async ({ page }) => {
    await enrolled(page, 'demo', 'FINANCE', 'e2ebrandfin');
    const token = await staffToken(page);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav.getByRole('link').first()).toBeVisible();
    await expect(nav.getByRole('link', { name: t('brand.nav') })).toHaveCount(0);
    await refusedAt(page, '/console/brand');
    await expect(page.getByRole('switch')).toHaveCount(0);
    for (const [method, url, data] of [
      ['GET', '/wps/admin/brand', undefined],
      ['PUT', `/wps/admin/brand/switches/${MODULE}`, { enabled: false }],
      ['PUT', '/wps/admin/merchant/maintenance', { on: true, message: 'no' }],
      ['POST', '/wps/admin/brand/resources', { resourceType: 'IOS', url: '/down#ios' }],
    ] as const) {
      await expectForbidden(await adminCall(page.request, token, 'demo', method, url, data), `${method} ${url}`);
    }
    expect(await portalSwitch(page.request, MODULE)).toBe('1');
  });
});
