import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred } from './deferred';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

// A chunk that arrives when the test says so.
function pendingChunk() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const chunk = new Promise<typeof Greeting>((resolve, reject) => {
    arrive = () => resolve(Greeting);
    fail = reject;
  });
  return { chunk, arrive: () => act(async () => arrive()), fail: (error: Error) => act(async () => fail(error)) };
}

afterEach(cleanup);

describe('deferred', () => {
  it('shows the fallback until the code arrives, then the component with its props', async () => {
    const { chunk, arrive } = pendingChunk();
    const load = vi.fn(() => chunk);
    const Lazy = deferred(load, <p>waiting</p>);
    render(<Lazy.Component name="Ann" />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await arrive();
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the fallback, when preloaded', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = deferred(load, <p>waiting</p>);
    await Lazy.preload();
    render(<Lazy.Component name="Bo" />);
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the fallback when the chunk fails, and the next mount tries again', async () => {
    const first = pendingChunk();
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockReturnValueOnce(first.chunk)
      .mockResolvedValueOnce(Greeting);
    const Lazy = deferred(load, <p>waiting</p>);
    const { unmount } = render(<Lazy.Component name="Cy" />);
    await first.fail(new Error('offline'));
    expect(screen.getByText('waiting')).toBeTruthy();
    unmount();
    render(<Lazy.Component name="Cy" />);
    await act(async () => undefined);
    expect(screen.getByText('Hello Cy')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the component when its code arrives between the render and its effect', async () => {
    // A chunk that is there as soon as it is asked for, asked for by a sibling rendered after the component.
    const load = () => ({ then: (arrive: (c: typeof Greeting) => unknown) => Promise.resolve(arrive(Greeting)) });
    const Lazy = deferred(load as unknown as () => Promise<typeof Greeting>, <p>waiting</p>);
    function Sibling() {
      void Lazy.preload();
      return null;
    }
    render(
      <>
        <Lazy.Component name="Di" />
        <Sibling />
      </>,
    );
    await act(async () => undefined);
    expect(screen.getByText('Hello Di')).toBeTruthy();
  });
});
