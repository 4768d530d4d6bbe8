import { afterEach, describe, expect, it, vi } from 'vitest';

import { GROUP_LOAD_TIMEOUT_MS, group, LoadTimeout, withTimeout } from './lazyGroup';

describe('lazy route groups', () => {
  afterEach(() => vi.useRealTimers());

  it('give up after 120 seconds with LoadTimeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withTimeout(never);
    const assertion = expect(loading).rejects.toBeInstanceOf(LoadTimeout);
    await vi.advanceTimersByTimeAsync(GROUP_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(GROUP_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolve to the route component when the chunk arrives in time', async () => {
    const Page = () => null;
    const route = await group(() => Promise.resolve({ default: Page }))();
    expect(route.Component).toBe(Page);
  });

  it('pass a failed chunk load on to the route error screen', async () => {
    await expect(group(() => Promise.reject(new TypeError('chunk failed')))()).rejects.toThrow('chunk failed');
  });
});
