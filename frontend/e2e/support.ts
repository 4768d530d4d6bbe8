// Helpers for browser tests: the translations the screens must show, and the back office's view of
// what the development outboxes sent.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

import { E2E_DATABASE } from '../playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

type Tree = { [key: string]: string | Tree };

export function strings(lang: string): (key: string, values?: Record<string, string>) => string {
  const tree = JSON.parse(readFileSync(path.join(here, '..', 'src', 'i18n', 'locales', `${lang.toLowerCase()}.json`), 'utf8')) as Tree;
  return (key, values = {}) => {
    let node: string | Tree = tree;
    for (const part of key.split('.')) {
      if (typeof node === 'string' || !(part in node)) throw new Error(`no ${lang} string ${key}`);
      node = node[part]!;
    }
    if (typeof node !== 'string') throw new Error(`${key} is not a string`);
    return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
  };
}

export async function openIn(page: Page, lang: string, url = '/') {
  await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang);
  await page.goto(url);
}

export function cli(...args: string[]): string {
  return execFileSync(path.join(root, '.venv', 'bin', 'python'), ['-m', 'server', ...args], {
    cwd: root,
    // The cluster's config names its Postgres database; the single server's is a SQLite file.
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite+aiosqlite:///${E2E_DATABASE}`, LOG_LEVEL: 'WARNING' },
    encoding: 'utf8',
  }).trim();
}

// The back office's own address: a spec that tries wrong passwords from another one must not make the
// operator's logins here need a captcha.
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };
const OPERATOR = 'e2eops';
const OPERATOR_PASSWORD = 'E2e-operator-password';
const operatorTokens = new Map<string, Promise<string>>();

async function staffPost<T>(request: APIRequestContext, merchant: string, path: string, data: object, token?: string) {
  const headers: Record<string, string> = { Merchant: merchant, ...BACK_OFFICE };
  if (token) headers.Authorization = token;
  const answer = await request.post(path, { headers, data });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { value: T }).value;
}

// An operator of the specs' own (the demo operators stay as a newcomer finds them, second factor not yet
// enrolled): opened from the command line and enrolled through the API the first time, its TOTP secret kept
// beside the database (which each run starts afresh); one login per merchant per test process.
async function signInOperator(request: APIRequestContext, merchant: string): Promise<string> {
  const kept = `${E2E_DATABASE}.operator-${merchant}.json`;
  if (existsSync(kept)) {
    const { secret } = JSON.parse(readFileSync(kept, 'utf8')) as { secret: string };
    // The step after this one: the enrolment (or another process) may have spent this step's code.
    const otp = new TOTP({ secret }).generate({ timestamp: Date.now() + 30_000 });
    const login = { username: OPERATOR, password: OPERATOR_PASSWORD, otp };
    return (await staffPost<{ token: string }>(request, merchant, '/wps/admin/session/login', login)).token;
  }
  cli('staff', 'create', merchant, OPERATOR, '--role', 'OPERATOR', '--password', OPERATOR_PASSWORD);
  const login = { username: OPERATOR, password: OPERATOR_PASSWORD };
  const { token } = await staffPost<{ token: string }>(request, merchant, '/wps/admin/session/login', login);
  const { secret } = await staffPost<{ secret: string }>(request, merchant, '/wps/admin/session/2fa/enrol', {}, token);
  const code = new TOTP({ secret }).generate();
  await staffPost(request, merchant, '/wps/admin/session/2fa/confirm', { code }, token);
  writeFileSync(kept, JSON.stringify({ secret }));
  return token; // enrolled now: the same login opens every operator call
}

export function operatorToken(request: APIRequestContext, merchant = 'demo'): Promise<string> {
  if (!operatorTokens.has(merchant)) operatorTokens.set(merchant, signInOperator(request, merchant));
  return operatorTokens.get(merchant)!;
}

// The newest SMS code sent to this number (E.164), read the way support staff read the outbox.
export async function smsCode(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  const token = await operatorToken(request);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const answer = await request.get('/wps/admin/outbox/sms', {
      headers: { Merchant: 'demo', Authorization: token, ...BACK_OFFICE },
      params: { phone },
    });
    const sent = ((await answer.json()) as { value: { purpose: string; text: string }[] }).value;
    const match = sent.find((sms) => sms.purpose === purpose)?.text.match(/\b(\d{6})\b/);
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${purpose} code for ${phone}`);
}

export async function operatorCall(request: APIRequestContext, path: string, data: object = {}, merchant = 'demo') {
  const token = await operatorToken(request, merchant);
  const answer = await request.post(path, { headers: { Merchant: merchant, Authorization: token, ...BACK_OFFICE }, data });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

// Logs in at the header as a member the operator opened (or gave a temporary password), completing the
// password change such a first login asks.
export async function loginNewMember(page: Page, lang: string, username: string, password = 'Demo1234', url = '/') {
  const t = strings(lang);
  await openIn(page, lang, url);
  const header = page.locator('.header-top');
  const compact = page.getByTestId('compact-login');
  // A desktop logs in on the header's form (placeholders), a phone on the login sheet (labels).
  await expect(header.getByPlaceholder(t('account.fields.username')).or(compact)).toBeVisible();
  if (await compact.isVisible()) {
    await compact.click();
    const sheet = page.getByTestId('login-modal');
    await sheet.getByLabel(t('account.fields.username'), { exact: true }).fill(username);
    await sheet.getByLabel(t('account.fields.password'), { exact: true }).fill(password);
    await sheet.getByRole('button', { name: t('account.login'), exact: true }).click();
    await expect(sheet).toBeHidden();
  } else {
    await header.getByPlaceholder(t('account.fields.username')).fill(username);
    await header.getByPlaceholder(t('account.fields.password')).fill(password);
    await header.getByRole('button', { name: t('account.login'), exact: true }).click();
    await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  }
  const modal = page.getByTestId('change-password-modal');
  await modal.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('Renewed123');
  await modal.getByLabel(t('account.fields.confirmNewPassword')).fill('Renewed123');
  await modal.getByRole('button', { name: t('common.submit') }).click();
  await expect(modal).toBeHidden();
}

// The ledger's invariants (every transfer sums to zero, balances equal their postings, nothing negative
// that may not be), checked on the test server's database after money moved.
const LEDGER_CHECK = `
import asyncio, os
from server.db.session import Database
from server.wallet.reconcile import check_ledger

async def main():
    db = Database.from_url(os.environ["DATABASE_URL"])
    try:
        async with db.read_session() as session:
            found = await check_ledger(session)
    finally:
        await db.dispose()
    print("clean" if found.clean else found)

asyncio.run(main())
`;

export function ledgerIsClean() {
  const found = execFileSync(path.join(root, '.venv', 'bin', 'python'), ['-c', LEDGER_CHECK], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `sqlite+aiosqlite:///${E2E_DATABASE}`, LOG_LEVEL: 'WARNING' },
    encoding: 'utf8',
  }).trim();
  expect(found).toBe('clean');
}

// Each test opens its own accounts, so that what other tests do to the demo members cannot matter.
export function newPlayer(prefix: string, ...options: string[]): string {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  return cli('member', 'create', 'demo', username, '--password', 'Demo1234', ...options);
}

// An amount as shown ("P 1,234.50", "12.50") in minor units, without floats.
export function cents(text: string | null): number {
  const [whole = '0', fraction = ''] = (text ?? '').replace(/[^0-9.]/g, '').split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

// Minor units as the header shows them: "P 1,234.50".
export function headerAmount(amountCents: number): string {
  const whole = Math.trunc(amountCents / 100).toLocaleString('en-US');
  return `P ${whole}.${String(amountCents % 100).padStart(2, '0')}`;
}

type Strings = (key: string, values?: Record<string, string>) => string;

// On the member centre's deposit page: pays `amount` through the sandbox gateway, in its own window.
export async function payBySandbox(page: Page, centre: Locator, t: Strings, amount: string) {
  await centre.getByRole('tab', { name: 'Sandbox pay' }).click();
  await centre.getByLabel(t('wallet.amount')).fill(amount);
  const popup = page.waitForEvent('popup');
  await centre.getByRole('button', { name: t('wallet.deposit.pay') }).click();
  const gateway = await popup;
  await gateway.getByRole('button', { name: 'Pay' }).click();
  await expect(gateway.getByRole('heading', { name: 'Payment paid' })).toBeVisible();
  return gateway;
}

// From the member centre: the withdrawal password 246810 and a bank account ending 6789 in `realName`.
export async function setUpWithdrawals(centre: Locator, t: Strings, loginPassword: string, realName: string) {
  await centre.getByRole('button', { name: t('memberCentre.pages.securityCenter') }).click();
  await centre.getByLabel(t('account.fields.password'), { exact: true }).fill(loginPassword);
  await centre.getByLabel(t('account.fields.paymentPassword'), { exact: true }).fill('246810');
  await centre.getByLabel(t('memberCentre.security.confirmPaymentPassword')).fill('246810');
  await centre.getByRole('button', { name: t('common.submit') }).click();
  await expect(centre.getByText(t('memberCentre.security.paymentPasswordSaved'))).toBeVisible();
  await centre.getByLabel(t('memberCentre.security.bankName')).fill('Demo Bank');
  await centre.getByLabel(t('memberCentre.security.accountName')).fill(realName);
  await centre.getByLabel(t('memberCentre.security.accountNumber')).fill('123456789');
  await centre.getByRole('button', { name: t('memberCentre.security.addBank') }).click();
  await expect(centre.getByText('*****6789')).toBeVisible();
}
