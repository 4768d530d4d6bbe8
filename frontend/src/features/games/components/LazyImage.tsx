import { useEffect, useRef, useState } from 'react';

// The default game icon (SPEC §8: an image that fails falls back to it, once).
export const DEFAULT_GAME_ICON = '/game-default.svg';
// SPEC §9 "preload 1.3": start loading when the image is within 30% of a viewport of being seen.
export const PRELOAD_MARGIN = '30% 0px';
// SPEC §9 "image cache 200": addresses known to fail are remembered (the oldest forgotten first), so a
// card mounted again shows the default icon straight away instead of trying the broken address again.
const FAILED_LIMIT = 200;
const failed = new Set<string>();

function rememberFailure(src: string) {
  failed.add(src);
  if (failed.size > FAILED_LIMIT) failed.delete(failed.values().next().value as string);
}

export function forgetFailedImages(): void {
  failed.clear();
}

interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  // The picture's intrinsic size: the browser reserves its box before it loads, so nothing shifts.
  width?: number;
  height?: number;
}

export function LazyImage({ src, alt, className, width, height }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const broken = brokenSrc === src || failed.has(src);
  const shown = !near ? undefined : broken || !src ? DEFAULT_GAME_ICON : src;
  return (
    <img
      ref={ref}
      className={className}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      data-fallback={broken ? 'true' : undefined}
      decoding="async"
      onError={() => {
        // One attempt: the real address fails once, then the default icon; if even that fails, stop.
        if (broken) return;
        rememberFailure(src);
        setBrokenSrc(src);
      }}
    />
  );
}
