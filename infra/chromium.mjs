// How the project's Node scripts start Debian's Chromium (no browser download): headless, and without the
// background connections that this machine's closed network refuses. frontend/playwright.config.ts passes
// the same flags to the browser tests.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
