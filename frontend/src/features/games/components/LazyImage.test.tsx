import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_GAME_ICON, forgetFailedImages, LazyImage, PRELOAD_MARGIN } from './LazyImage';

// jsdom has no IntersectionObserver: a fake that lets the test say when the image comes near the viewport.
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  enter() {
    act(() => {
      this.callback(
        this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        this as unknown as IntersectionObserver,
      );
    });
  }
}

beforeEach(() => {
  FakeObserver.instances = [];
  forgetFailedImages();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LazyImage', () => {
  it('loads only when near the viewport, with a 30% margin', () => {
    render(<LazyImage src="/thumbs/a.png" alt="A" />);
    const img = screen.getByAltText('A');
    expect(img.getAttribute('src')).toBeNull();
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options?.rootMargin).toBe(PRELOAD_MARGIN);
    observer.enter();
    expect(img.getAttribute('src')).toBe('/thumbs/a.png');
    expect(observer.disconnected).toBe(true);
  });

  it('falls back to the default icon once and never retries', () => {
    render(<LazyImage src="/thumbs/broken.png" alt="B" />);
    FakeObserver.instances.at(-1)!.enter();
    const img = screen.getByAltText('B');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_GAME_ICON);
    expect(img.getAttribute('data-fallback')).toBe('true');
    // The default icon failing too changes nothing: no loop between the two addresses.
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });

  it('remembers a broken address, so a card mounted again does not try it again', () => {
    const first = render(<LazyImage src="/thumbs/broken.png" alt="C" />);
    FakeObserver.instances.at(-1)!.enter();
    fireEvent.error(screen.getByAltText('C'));
    first.unmount();
    render(<LazyImage src="/thumbs/broken.png" alt="D" />);
    FakeObserver.instances.at(-1)!.enter();
    expect(screen.getByAltText('D').getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });

  it('shows the default icon for a game without a picture', () => {
    render(<LazyImage src="" alt="E" />);
    FakeObserver.instances.at(-1)!.enter();
    expect(screen.getByAltText('E').getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });

  it('reserves its box before it loads: the width and height are on the element from the start', () => {
    render(<LazyImage src="/house/thumb/a.svg?lang=cn" alt="金龙" width={320} height={240} />);
    const img = screen.getByAltText('金龙');
    expect(img.getAttribute('src')).toBeNull();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '240']);
  });
});
