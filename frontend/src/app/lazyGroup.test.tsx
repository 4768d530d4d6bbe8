import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
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

  it('resolve to the route component when the chunk arrives in time, fetched once', async () => {
    const Page = () => null;
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const pages = group(load);
    expect(load).not.toHaveBeenCalled();
    expect((await pages.load()).default).toBe(Page);
    expect((await pages.load()).default).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('pass a failed chunk load on to the route error screen', async () => {
    await expect(group(() => Promise.reject(new TypeError('chunk failed'))).load()).rejects.toThrow('chunk failed');
  });
});

describe('lazy pages', () => {
  afterEach(cleanup);

  it('render at once when their chunk was preloaded, without showing the fallback', async () => {
    const pages = group(() => Promise.resolve({ default: () => <p>home page</p> }));
    await pages.load();
    render(
      <Suspense fallback={<p>pending</p>}>
        <pages.Page />
      </Suspense>,
    );
    // No await: the first commit already holds the page (React.lazy would show the fallback first).
    expect(screen.getByText('home page')).toBeTruthy();
    expect(screen.queryByText('pending')).toBeNull();
  });

  it('suspend while their chunk is on its way, then show the page', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const pages = group(() => new Promise((resolve) => (arrive = resolve)));
    await act(async () => {
      render(
        <Suspense fallback={<p>pending</p>}>
          <pages.Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('pending')).toBeTruthy();
    await act(async () => arrive({ default: () => <p>vip page</p> }));
    expect(await screen.findByText('vip page')).toBeTruthy();
  });
});
