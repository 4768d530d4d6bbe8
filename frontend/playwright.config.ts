import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (no browser download) against the real server on a fresh SQLite
// database with demo data.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
// Both overridable, so that two runs on one machine do not share a server or a database.
export const E2E_DATABASE = process.env.E2E_DATABASE ?? path.join(root, 'var', `e2e-${E2E_PORT}.db`);
export const E2E_CAPTCHA = 'E2EK';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: apt-get install chromium, or set CHROMIUM_PATH`);
}

export default defineConfig({
  testDir: './e2e',
  // The distributed set-up's specs run under playwright.cluster.config.ts, against their own servers.
  testIgnore: ['cluster/**'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `sh -c 'rm -f "${E2E_DATABASE}"* && exec "${root}/.venv/bin/python" -m server run'`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: `sqlite+aiosqlite:///${E2E_DATABASE}`,
      TRUSTED_PROXIES: '127.0.0.1/32',
      BRAND_CACHE_SECONDS: '0',
      LOG_LEVEL: 'WARNING',
      LOG_FORMAT: 'console',
      REDIS_URL: '',
      ENVIRONMENT: 'test',
      // The browser cannot read a captcha image; outside production the answer can be fixed.
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA,
      // Short baccarat rounds, so that a browser test sees a round open, close and settle.
      HOUSE_BACCARAT_PERIOD_SECONDS: '12',
    },
  },
});
