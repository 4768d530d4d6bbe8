// Largest Contentful Paint of the portal's home page on a throttled phone, measured in Chromium.
//
//   node infra/bench/lcp.mjs http://127.0.0.1:8951     (env LCP_ROUNDS, default 5; CHROMIUM_PATH)
//
// Each round is a fresh browser context with the cache disabled (a first visit), a 390x844 mobile viewport,
// 150 ms latency, 1.6 Mbit/s down and 750 kbit/s up, and a CPU slowed four times: roughly Lighthouse's
// "slow 4G, mid-range phone". LCP is read from a PerformanceObserver once the page has settled: after
// `load`, and no new candidate for a second. Prints one JSON line:
//   {"rounds_ms":[...],"median_ms":...,"min_ms":...,"max_ms":...,"element":"h1.x","js_kB_on_wire":...}
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromiumLaunchOptions } from '../chromium.mjs';

// playwright-core comes with the frontend's dev dependencies; nothing to install for the bench.
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'frontend', 'package.json'));
const { chromium } = require('playwright-core');

const base = (process.argv[2] ?? 'http://127.0.0.1:8951').replace(/\/$/, '');
const rounds = Number(process.env.LCP_ROUNDS ?? 5);
const SETTLE_MS = 1000; // no new LCP candidate for this long after load: the page is done painting
const ROUND_TIMEOUT_MS = 60_000;

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000, // bytes/s: 1.6 Mbit/s
  uploadThroughput: 93_750, // bytes/s: 750 kbit/s
};
const CPU_SLOWDOWN = 4;

// Runs in the page before any of its scripts: keeps the latest LCP candidate and when it came, and
// describes its element at once (the element may leave the DOM before we read it).
function observeLcp() {
  const state = { time: null, element: '', seenAt: performance.now() };
  window.__lcp = state;
  const describe = (el) => {
    if (!el) return '';
    const id = el.id ? `#${el.id}` : '';
    const classes = typeof el.className === 'string' && el.className.trim()
      ? `.${el.className.trim().split(/\s+/).join('.')}`
      : '';
    return `${el.tagName.toLowerCase()}${id}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.time = entry.startTime;
      state.element = describe(entry.element);
      state.seenAt = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLcp);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = new Set();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: ROUND_TIMEOUT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const deadline = Date.now() + ROUND_TIMEOUT_MS;
    for (;;) {
      const quiet = await page.evaluate(() => performance.now() - window.__lcp.seenAt);
      if (quiet >= SETTLE_MS || Date.now() > deadline) break;
      await page.waitForTimeout(SETTLE_MS - quiet);
    }
    const lcp = await page.evaluate(() => ({ time: window.__lcp.time, element: window.__lcp.element }));
    if (lcp.time === null) throw new Error('no largest-contentful-paint entry');
    return { ms: Math.round(lcp.time), element: lcp.element, jsKb: scriptBytes / 1024 };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const results = [];
  for (let i = 0; i < rounds; i += 1) results.push(await measure(browser));
  const times = results.map((r) => r.ms);
  const sorted = [...times].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
  const last = results.at(-1);
  console.log(
    JSON.stringify({
      rounds_ms: times,
      median_ms: median,
      min_ms: sorted[0],
      max_ms: sorted.at(-1),
      element: last.element,
      js_kB_on_wire: Math.round(last.jsKb * 10) / 10,
    }),
  );
} finally {
  await browser.close();
}
