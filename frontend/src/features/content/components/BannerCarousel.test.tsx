import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PictureBanner } from '../api';
import { installPointerEvents, renderAt, setUp } from '../../../testing/portalTest';
import { ADVANCE_MS, BannerCarousel } from './BannerCarousel';

const banners: PictureBanner[] = [1, 2, 3].map((id) => ({
  id,
  title: `Banner ${id}`,
  imageUrl: `/img/${id}.png`,
  linkUrl: id === 1 ? '/promotions' : id === 2 ? 'https://partner.example/x' : null,
}));

beforeAll(async () => {
  installPointerEvents();
  await setUp();
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const current = () => document.querySelector('.banner-dot[aria-current="true"]')?.getAttribute('aria-label');
// One slide's wait at a time: the next timer is set by the render the previous one caused.
const advance = (ms: number) => {
  for (let left = ms; left > 0; left -= ADVANCE_MS) act(() => vi.advanceTimersByTime(Math.min(left, ADVANCE_MS)));
};

function show(list = banners) {
  renderAt('/', <BannerCarousel banners={list} />);
  return screen.getByTestId('banner-carousel');
}

describe('BannerCarousel', () => {
  it('moves to the next banner every 5 s and wraps round', () => {
    show();
    expect(current()).toBe('Show banner 1');
    advance(ADVANCE_MS - 10);
    expect(current()).toBe('Show banner 1');
    advance(10);
    expect(current()).toBe('Show banner 2');
    advance(ADVANCE_MS * 2);
    expect(current()).toBe('Show banner 1');
  });

  it('shows one slide to assistive technology, images sized, links inside or out', () => {
    show();
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['false', 'true', 'true']);
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images.map((i) => [i.getAttribute('width'), i.getAttribute('height')])).toEqual([
      ['1200', '400'], ['1200', '400'], ['1200', '400'],
    ]);
    expect(screen.getByAltText('Banner 1').closest('a')?.getAttribute('href')).toBe('/promotions');
    const outside = screen.getByAltText('Banner 2').closest('a');
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByAltText('Banner 3').closest('a')).toBeNull();
  });

  it('stands still while hovered or focused, and goes on after', () => {
    const carousel = show();
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    advance(ADVANCE_MS * 3);
    expect(current()).toBe('Show banner 1');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    advance(ADVANCE_MS);
    expect(current()).toBe('Show banner 2');
    fireEvent.focus(screen.getByRole('button', { name: 'Show banner 3' }));
    advance(ADVANCE_MS * 3);
    expect(current()).toBe('Show banner 2');
    fireEvent.blur(screen.getByRole('button', { name: 'Show banner 3' }));
    advance(ADVANCE_MS);
    expect(current()).toBe('Show banner 3');
  });

  it('follows the dots and touch swipes, and restarts its 5 s after a move', () => {
    const carousel = show();
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(current()).toBe('Show banner 3');
    fireEvent.pointerDown(carousel, { pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(carousel, { pointerType: 'touch', clientX: 200 });
    expect(current()).toBe('Show banner 1');
    fireEvent.pointerDown(carousel, { pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(carousel, { pointerType: 'touch', clientX: 300 });
    expect(current()).toBe('Show banner 3');
    // A short drag is a tap, not a swipe.
    fireEvent.pointerDown(carousel, { pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(carousel, { pointerType: 'touch', clientX: 220 });
    expect(current()).toBe('Show banner 3');
    advance(ADVANCE_MS - 1);
    expect(current()).toBe('Show banner 3');
  });

  it('does not move by itself for players who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const carousel = show();
    expect(carousel.dataset.paused).toBe('true');
    advance(ADVANCE_MS * 3);
    expect(current()).toBe('Show banner 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    expect(current()).toBe('Show banner 2');
  });

  it('shows a single banner without dots, and nothing without banners', () => {
    show(banners.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderAt('/', <BannerCarousel banners={[]} />);
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });
});
