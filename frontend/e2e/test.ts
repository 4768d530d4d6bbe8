// Every spec's `test`: Playwright's, with the browser contexts a test opens itself (browser.newContext())
// closed when it ends. Playwright closes only the context of its own `page` fixture: a context left open
// kept its pages running (sockets, polls, countdowns, animations) through every later test of the worker,
// and the renderers of such pages took most of the run's CPU.
import { test as base } from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
