// The newcomer's first look, in Chromium: `/` renders its header, and player1 logs in at the header form,
// which sends the real encrypted login (POST /wps/session/login, an RSA-OAEP-wrapped AES-GCM body).
// Usage: node browser.mjs <base URL> <frontend folder whose node_modules holds playwright-core>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { chromiumLaunchOptions } from '../chromium.mjs';

const [baseURL, frontend] = process.argv.slice(2);
if (!baseURL || !frontend) throw new Error('usage: node browser.mjs <base URL> <frontend folder>');

const { chromium } = createRequire(path.join(frontend, 'package.json'))('playwright-core');
const en = JSON.parse(readFileSync(path.join(frontend, 'src', 'i18n', 'locales', 'en.json'), 'utf8'));
const USERNAME = 'player1';
const PASSWORD = 'Demo1234';

const browser = await chromium.launch(chromiumLaunchOptions);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

try {
  const page = await browser.newPage({ baseURL });
  page.setDefaultTimeout(20_000);
  const crashes = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await page.addInitScript(() => window.localStorage.setItem('lang', 'EN'));

  await page.goto('/');
  const header = page.locator('.header-top');
  const loginButton = header.getByRole('button', { name: en.account.login, exact: true });
  await loginButton.waitFor();
  console.log(`  ${baseURL}/ rendered its header`);

  await header.getByPlaceholder(en.account.fields.username).fill(USERNAME);
  await header.getByPlaceholder(en.account.fields.password).fill(PASSWORD);
  const login = page.waitForResponse(
    (answer) => answer.url().endsWith('/wps/session/login') && answer.request().method() === 'POST',
  );
  await loginButton.click();
  const answer = await login;
  const sent = answer.request().postData() ?? '';
  check(!sent.includes(PASSWORD), 'the login body carried the password in clear');
  check(JSON.parse(sent).enc === 'v1', `the login body was not encrypted: ${sent.slice(0, 200)}`);
  check(answer.status() === 200, `POST /wps/session/login answered ${answer.status()}: ${await answer.text()}`);
  await page.getByTestId('logged-in-panel').waitFor();
  check(crashes.length === 0, `the page threw: ${crashes.join('; ')}`);
  console.log(`  ${USERNAME} logged in through the encrypted login; the logged-in panel shows`);
} finally {
  await browser.close();
}
