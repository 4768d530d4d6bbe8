import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { PictureBanner } from '../api';
import { BannerLink } from './BannerLink';

export const ADVANCE_MS = 5000;
// A horizontal drag this long (px) on a touch screen is a swipe to the next or previous banner.
export const SWIPE_PX = 40;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// The home page's banners: one at a time, the next every 5 s, a swipe on touch screens, previous and next
// buttons (and the arrow keys while focus is inside), a dot per banner.
// It stands still while the pointer is over it or focus is in it, and for players who ask for reduced
// motion. Each slide keeps the banners' 3:1 box, so nothing below moves when the images arrive.
export function BannerCarousel({ banners }: { banners: PictureBanner[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reduced] = useState(prefersReducedMotion);
  const swipeFrom = useRef<number | null>(null);
  const count = banners.length;
  const index = count ? current % count : 0;
  const paused = hovered || focused || reduced || count < 2;

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setCurrent((n) => (n + 1) % count), ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  if (count === 0) return null;
  const go = (to: number) => setCurrent(((to % count) + count) % count);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const moved = event.clientX - from;
    if (moved <= -SWIPE_PX) go(index + 1);
    else if (moved >= SWIPE_PX) go(index - 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    go(index + (event.key === 'ArrowRight' ? 1 : -1));
  };
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('notices.bannersLabel')}
      data-testid="banner-carousel"
      data-paused={paused ? 'true' : 'false'}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeFrom.current = null)}
      onKeyDown={onKeyDown}
    >
      <div className="banner-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className="banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('notices.slide', { n: i + 1, total: count })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <BannerLink banner={banner}>
              <img
                src={banner.imageUrl}
                alt={banner.title}
                width={1200}
                height={400}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banner-arrow banner-previous"
            aria-label={t('notices.previousSlide')}
            onClick={() => go(index - 1)}
          />
          <button
            type="button"
            className="banner-arrow banner-next"
            aria-label={t('notices.nextSlide')}
            onClick={() => go(index + 1)}
          />
        </>
      )}
      {count > 1 && (
        <div className="banner-dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={i === index ? 'banner-dot active' : 'banner-dot'}
              aria-label={t('notices.goToSlide', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
