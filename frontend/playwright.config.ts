import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (no browser download) against the real server on a fresh SQLite
// database with demo data: one server and one database per worker (E2E_WORKERS), so that two specs running at
// once never share an account, a balance or a setting. A worker runs its spec files one after another against
// its own server; the specs of one file stay in one worker (fullyParallel: false). Two workers by default, one
// per core of CI's two: with the contexts a test opens closed after it (e2e/test.ts), two workers took 11.3
// min against one worker's 15.4 on one machine, and 15.4 min on a slower one, every test passing
// (docs/architecture.md, "Test speed"). E2E_WORKERS=1 runs one at a time.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8123);
// Worker processes (and the config they load) know their slot, 0 to workers - 1: it picks the server. The
// runner process, which starts the servers, has none.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// Both overridable, so that two runs on one machine do not share a server or a database.
function databaseFor(port: number): string {
  const named = process.env.E2E_DATABASE;
  if (!named) return path.join(root, 'var', `e2e-${port}.db`);
  return port === FIRST_PORT ? named : `${named}-${port}`;
}
export const E2E_PORT = FIRST_PORT + slot;
export const E2E_DATABASE = databaseFor(E2E_PORT);
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
  workers: E2E_WORKERS,
  retries: 0,
  // A whole journey (a day of agent salaries, a console session) takes up to a minute on two busy cores; each
  // step still fails after expect's 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // No trace: recording one (DOM snapshots of every step, sent to the runner) cost CPU on every test, and
    // CI keeps only its printed output. A failing spec is replayed locally with --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => server(FIRST_PORT + index)),
});

// A slot's server: its own port, and its own SQLite file, removed first so that every run starts afresh.
function server(port: number) {
  const database = databaseFor(port);
  return {
    command: `sh -c 'rm -f "${database}"* && exec "${root}/.venv/bin/python" -m server run'`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      DATABASE_URL: `sqlite+aiosqlite:///${database}`,
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
  };
}
