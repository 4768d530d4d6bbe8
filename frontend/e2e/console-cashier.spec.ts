// The console's cashier desk in a real browser against the real server: a FINANCE login (second factor
// enrolled on screen) sees a player's withdrawal arrive live, approves and pays it out with reasons, and
// refunds what the player reports missing; a second approval is refused (409); an auditor reads the desk
// without actions; support has no desk at all. The player works through the API in a context of its own,
// as the portal's client does: a solved challenge and encrypted bodies for the calls that want them.
import { createHash, webcrypto } from 'node:crypto';

import { type APIRequestContext, expect } from '@playwright/test';

import { test } from './test';

import {
  consoleAddress,
  consoleStrings,
  decide,
  DEMO_PASSWORD,
  enrol,
  openStaff,
  expectForbidden,
  refusedAt,
  signIn,
  socketAccepted,
  staffToken,
} from './console-support';
import { newPlayer, operatorCall, operatorToken } from './support';

const t = consoleStrings('en');
const BACK_OFFICE = { 'X-Forwarded-For': '192.0.2.250' };
// The player's own address: its logins and challenges count apart from the console's.
const PLAYER_ADDRESS = { 'X-Forwarded-For': `198.51.100.${10 + Math.floor(Math.random() * 190)}` };

test.use({ extraHTTPHeaders: consoleAddress() });

// --- The player, through the API ---

const b64 = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64');
const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' };

// As src/api/encryption.ts seals a body: AES-256-GCM over {ts, body}, the key wrapped with RSA-OAEP-256.
async function sealed(request: APIRequestContext, body: object) {
  const answer = await request.get('/wps/system/publicKey', { headers: { Merchant: 'demo', ...PLAYER_ADDRESS } });
  const { kid, publicKey } = ((await answer.json()) as { value: { kid: string; publicKey: string } }).value;
  const subtle = webcrypto.subtle;
  const rsa = await subtle.importKey('spki', Buffer.from(publicKey, 'base64'), RSA_OAEP, false, ['encrypt']);
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const plaintext = Buffer.from(JSON.stringify({ ts: Date.now(), body }));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plaintext);
  const key = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  return { enc: 'v1', kid, key: b64(key), iv: b64(iv), data: b64(data) };
}

// The human-verification challenge: the first nonce whose SHA-256 of "salt:nonce" starts with enough zero bits.
function solve(salt: string, difficulty: number): number {
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${salt}:${nonce}`).digest();
    let zeros = 0;
    for (const byte of digest) {
      if (byte === 0) {
        zeros += 8;
        continue;
      }
      zeros += Math.clz32(byte) - 24;
      break;
    }
    if (zeros >= difficulty) return nonce;
  }
}

class Player {
  token = '';
  constructor(
    readonly request: APIRequestContext,
    readonly username: string,
  ) {}

  headers(): Record<string, string> {
    return { Merchant: 'demo', ...PLAYER_ADDRESS, ...(this.token ? { Authorization: this.token } : {}) };
  }

  async call<T>(path: string, body: object, encrypted = false): Promise<T> {
    const data = encrypted ? await sealed(this.request, body) : body;
    const answer = await this.request.post(path, { headers: this.headers(), data });
    expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return ((await answer.json()) as { value: T }).value;
  }

  async login() {
    const issued = await this.request.get('/wps/verification/challenge', { headers: this.headers() });
    type Challenge = { challengeId: string; salt: string; difficulty: number };
    const { challengeId, salt, difficulty } = ((await issued.json()) as { value: Challenge }).value;
    const challenge = { challengeId, nonce: solve(salt, difficulty) };
    const body = { type: 'username', username: this.username, password: 'Demo1234', challenge };
    this.token = (await this.call<{ token: string }>('/wps/session/login', body, true)).token;
    // An account the operator opened changes its password first.
    const renewed = { oldPassword: 'Demo1234', newPassword: 'Renewed123', confirmNewPassword: 'Renewed123' };
    await this.call('/wps/member/password', renewed, true);
  }

  // A withdrawal password, a bank account in the player's name, and a withdrawal of `amount`.
  async withdraw(amount: string): Promise<string> {
    const pin = { loginPassword: 'Renewed123', paymentPassword: '246810', confirmPaymentPassword: '246810' };
    await this.call('/wps/member/paymentPassword', pin, true);
    const bank = await this.call<{ id: number }>('/wps/member/bankAccounts', {
      bankName: 'Demo Bank',
      accountName: 'Cash Desk Tester',
      accountNumber: '987654321',
    });
    const ask = { bankAccountId: bank.id, amount, paymentPassword: '246810', requestId: `e2e-desk-${this.username}` };
    return (await this.call<{ orderNo: string }>('/wps/cashier/withdrawals', ask, true)).orderNo;
  }

  async confirm(orderNo: string, form: Record<string, string>) {
    const path = `/wps/cashier/withdrawals/${orderNo}/confirm`;
    const answer = await this.request.post(path, { headers: this.headers(), multipart: form });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

async function fundedPlayer(request: APIRequestContext): Promise<Player> {
  const username = newPlayer('e2edesk');
  await operatorCall(request, `/wps/admin/members/${username}/bonus`, {
    amount: '1000.00',
    reason: 'e2e cashier desk',
    requestId: `e2e-desk-${username}`,
  });
  const player = new Player(request, username);
  await player.login();
  return player;
}

test.describe('the cashier desk', () => {
  test('finance sees a withdrawal arrive live, approves and pays it out, and refunds what did not arrive', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const finance = openStaff('FINANCE', 'e2efin');
    const accepted = socketAccepted(page);
    await enrol(page, finance);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    const desk = nav.getByRole('link', { name: t('cashier.nav') });
    await expect(desk).toBeVisible();
    await expect(page).not.toHaveURL(/\/cashier$/); // another section first: the badge counts there
    await accepted;

    // The player, in a context of its own, asks for 300.00: the badge appears without a reload.
    const context = await playwright.request.newContext({ baseURL });
    const player = await fundedPlayer(context);
    const orderNo = await player.withdraw('300.00');
    const badge = nav.getByTestId('cashier-badge');
    await expect(badge).toContainText('1');

    await desk.click();
    await expect(page).toHaveURL(/\/console\/cashier$/);
    await expect(badge).toHaveCount(0);
    await page.getByRole('tab', { name: t('cashier.tabs.withdrawals') }).click();
    const row = page.locator(`tr[data-order="${orderNo}"]`);
    await expect(row).toContainText(player.username);
    await expect(row).toContainText('300.00');
    await expect(row).toContainText(t('cashier.status.PENDING'));

    await decide(page, orderNo, 'approve', 'KYC checked by e2e');
    await expect(page.getByRole('status').filter({ hasText: t('cashier.done.approve', { orderNo }) })).toBeVisible();
    await expect(row).toContainText(t('cashier.receipt.toPay'));

    // Someone else (the API) approves it again: refused, the order has moved on.
    const token = await operatorToken(context);
    const again = await context.post(`/wps/admin/withdrawals/${orderNo}/approve`, {
      headers: { Merchant: 'demo', Authorization: token, ...BACK_OFFICE },
      data: { note: 'twice' },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { errorCode: string }).errorCode).toBe('WITHDRAWAL_STATE');

    await decide(page, orderNo, 'disburse', 'paid from the e2e bank');
    await expect(row).toContainText(t('cashier.status.DISBURSED'));
    await expect(row).toContainText(t('cashier.receipt.awaiting'));
    await expect(row.getByRole('button')).toHaveCount(0);

    // The player got 200.00 of it; the desk shows the receipt and refunds the rest.
    await player.confirm(orderNo, { outcome: 'partial', receivedAmount: '200.00', remainingAmount: '100.00' });
    await page.getByLabel(t('cashier.statusFilter')).selectOption('PARTIAL');
    await page.getByRole('button', { name: t('cashier.apply') }).click();
    await expect(row).toContainText(t('cashier.receipt.partial', { received: '200.00', remaining: '100.00' }));
    await decide(page, orderNo, 'refund', 'the missing 100.00 goes back');
    await expect(row).toContainText(t('cashier.receipt.refunded', { amount: '100.00' }));

    // Every decision is in the audit log with its reason.
    const audit = await context.get('/wps/admin/audit', {
      headers: { Merchant: 'demo', Authorization: token, ...BACK_OFFICE },
      params: { target: orderNo },
    });
    const entries = ((await audit.json()) as { value: { action: string; staff: string; detail: { note: string } }[] }).value;
    expect(entries.map((entry) => [entry.action, entry.staff, entry.detail.note])).toEqual([
      ['withdrawal.refund', finance, 'the missing 100.00 goes back'],
      ['withdrawal.disburse', finance, 'paid from the e2e bank'],
      ['withdrawal.approve', finance, 'KYC checked by e2e'],
    ]);
    await context.dispose();
  });

  test('an auditor reads the desk without any action', async ({ page }) => {
    await signIn(page, 'auditor1', DEMO_PASSWORD);
    await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('cashier.nav') }).click();
    await expect(page.getByText(t('cashier.readOnly'))).toBeVisible();
    await page.getByRole('tab', { name: t('cashier.tabs.withdrawals') }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: t('cashier.columns.actions') })).toHaveCount(0);
  });

  test('support has no cashier desk, and the API refuses it', async ({ page, request }) => {
    const support = openStaff('SUPPORT', 'e2esup');
    await signIn(page, support);
    const nav = page.getByRole('navigation', { name: t('shell.nav') });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: t('cashier.nav') })).toHaveCount(0);
    await refusedAt(page, '/console/cashier');
    await expect(page.getByRole('table')).toHaveCount(0);

    const token = await staffToken(page);
    for (const queue of ['/wps/admin/withdrawals', '/wps/admin/deposits']) {
      await expectForbidden(await request.get(queue, { headers: { Merchant: 'demo', Authorization: token } }));
    }
  });
});
