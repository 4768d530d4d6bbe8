// What the console's browser tests share: the console's own strings, staff accounts opened from the command
// line with a fresh name, the login form, an OPERATOR's or FINANCE's first login (two-factor enrolment read
// off the screen), and an address of the spec's own so that failed logins elsewhere ask it no captcha.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type APIResponse, expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

import { cli } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };
export type Strings = (key: string, values?: Record<string, string>) => string;

// The console's own strings (src/console/locales), as the screens must show them.
export function consoleStrings(lang: string): Strings {
  const file = path.join(here, '..', 'src', 'console', 'locales', `${lang.toLowerCase()}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  return (key, values = {}) => {
    let node: string | Tree = tree;
    for (const part of key.split('.')) {
      if (typeof node === 'string' || !(part in node)) throw new Error(`no ${lang} console string ${key}`);
      node = node[part]!;
    }
    if (typeof node !== 'string') throw new Error(`${key} is not a string`);
    return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
  };
}

const t = consoleStrings('en');
export const STAFF_PASSWORD = 'Console-e2e-2026';
export const DEMO_PASSWORD = 'Demo1234';

// For test.use({ extraHTTPHeaders }): an address new each run in 192.0.2.10-199 (support.ts's back office is
// .250), so that one spec's failed logins never make another's need a captcha.
export const consoleAddress = () => ({ 'X-Forwarded-For': `192.0.2.${10 + Math.floor(Math.random() * 190)}` });

export const unique = () => `${Date.now() % 100_000_000}${Math.floor(Math.random() * 90 + 10)}`;

export function openStaff(role: string, prefix: string, merchant = 'demo'): string {
  const username = `${prefix}${unique()}`;
  expect(cli('staff', 'create', merchant, username, '--role', role, '--password', STAFF_PASSWORD)).toBe(username);
  return username;
}

// What an account with two-factor sign-in sends beside its password: the app's code, or a recovery code.
export type SecondFactor = { code: string } | { recoveryCode: string };

// The login form, opened afresh (for another merchant than the tab's with `merchant`), filled in one go.
export async function signIn(
  page: Page,
  username: string,
  password = STAFF_PASSWORD,
  merchant?: string,
  second?: SecondFactor,
) {
  await page.goto(merchant ? `/console/login?merchant=${merchant}` : '/console/login');
  await page.getByLabel(t('login.username')).fill(username);
  await page.getByLabel(t('login.password')).fill(password);
  if (second && 'code' in second) await page.getByLabel(t('login.code')).fill(second.code);
  if (second && 'recoveryCode' in second) {
    await page.getByRole('button', { name: t('login.useRecovery') }).click();
    await page.getByLabel(t('login.recoveryCode')).fill(second.recoveryCode);
  }
  await page.getByRole('button', { name: t('login.submit') }).click();
}

// A first login of a role that needs the second factor: the enrolment screen and nothing else, the secret
// read off the screen, a first code, the ten recovery codes once. Answers the authenticator and the codes.
export async function enrol(page: Page, username: string, password = STAFF_PASSWORD, merchant?: string) {
  await signIn(page, username, password, merchant);
  await expect(page).toHaveURL(/\/console\/enrol$/);
  await expect(page.getByRole('heading', { name: t('enrol.title') })).toBeVisible();
  await expect(page.getByRole('img', { name: t('enrol.qrAlt') })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const secret = ((await page.getByTestId('otp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = new TOTP({ secret });
  await page.getByLabel(t('enrol.code')).fill(totp.generate());
  await page.getByRole('button', { name: t('enrol.confirm') }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: t('enrol.saved') }).click();
  return { totp, recoveryCodes };
}

// An action on a cashier desk row, with the reason the dialog asks for; answers the row.
export async function decide(page: Page, orderNo: string, action: string, reason: string) {
  const row = page.locator(`tr[data-order="${orderNo}"]`);
  const label = t(`cashier.actions.${action}`);
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('cashier.dialog.title', { action: label, orderNo }) });
  await dialog.getByLabel(t('cashier.dialog.reason')).fill(reason);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
  return row;
}

// The staff token the console signed in with, for calls to the API as that login.
export async function staffToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('console.token'));
  expect(token).toBeTruthy();
  return token!;
}

// A section's address that the login's role may not open: the refusal in its place.
export async function refusedAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('alert')).toHaveText(t('shell.noPermission'));
}

// The API's refusal of a call the role may not make.
export async function expectForbidden(answer: APIResponse, what = answer.url()) {
  expect(answer.status(), what).toBe(403);
  expect(((await answer.json()) as { errorCode: string }).errorCode, what).toBe('FORBIDDEN');
}

// The console's socket is up once the server has accepted it (Socket.IO's CONNECT answer, "40{...}"): from
// then on it is in its rooms. Call before the page opens the console.
export function socketAccepted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}
